package search

import (
	"time"

	"github.com/shapan/shapan/engine"
)

// Game is what the search plays on: a family's game on the decision
// machine (*engine.Machine, or a family's Game embedding one).
type Game interface {
	Pending() *engine.Decision
	PendingAll() []*engine.Decision
	Answer(player int, a engine.Answer) error
	Over() bool
	Err() error
	Close()
	// Answered is the number of answers the game accepted so far.
	Answered() int
}

// Model is what the search needs to know of a family's games beyond the
// machine. Fork and Value are required.
type Model struct {
	// Seats is the number of seats (the decisions' Player runs from 0 to
	// Seats-1).
	Seats int
	// Fork returns a copy of g that the search plays on without changing
	// g: at the start of g's current step, with no answer of the step
	// given yet (a seat of a simultaneous step must not learn what
	// another answered in it), and with every random draw of the rules
	// from there on drawn from seed, so that the search does not know the
	// dice. Its events need not be kept. The search closes it.
	Fork func(g Game, seed int64) (Game, error)
	// Value returns every seat's value of g, each in [0, 1]: once g is
	// over its result (1 for a win, 0 for a loss, a share for a draw);
	// while it runs an estimate of it, used where a playout stops.
	Value func(g Game) []float64
	// Step, when set, returns the decisions of g's current step when the
	// game poses them one after the other without showing their answers
	// (every player's orders of a round, resolved together): the pending
	// one first, then those still to come. Nil: the decisions pending
	// together (PendingAll).
	Step func(g Game) []*engine.Decision
	// Policy, when set, returns the family's own computer player for one
	// playout (seeded by seed), whose answers the search tries first at
	// every node and plays below the tree. Nil: random legal answers.
	Policy func(seed int64) Policy
	// Trust, when positive, is how sure the search must be to answer
	// otherwise than the family's own player (the policy's first
	// proposal): the answer tried most is given instead only when its
	// mean value exceeds the proposal's by Trust standard errors of the
	// difference. For a family whose player is strong and whose answers
	// are many (a battle round's orders), a search of few playouts
	// otherwise overrules it on noise; where the family's player is weak
	// the search does better trusting its own statistics (0).
	Trust float64
	// Horizon is the number of decisions a playout plays below the tree
	// before Value estimates the position (0: to the end of the game,
	// at most MaxPlayout decisions).
	Horizon int
	// Lead, when set, returns the family's player that advises the
	// search's own seat (its proposals are the root's first arms; see
	// Player); nil: Policy. A family may make it propose more answers
	// than the playouts' policy proposes for every seat.
	Lead func(seed int64) Policy
	// Opening, when set, reports whether d, pending in g, is an opening:
	// a decision whose answer holds for the whole game (a battle side's
	// team), which no playout of Horizon decisions can judge. An opening
	// is searched otherwise: every playout goes on to the end of the game
	// with OpeningPolicy, the answer is the one tried most (no Trust),
	// and its budget is OpeningCPU of CPU time (when the player thinks
	// in CPU time and has less) or at most OpeningPlayouts playouts.
	Opening func(g Game, d *engine.Decision) bool
	// OpeningPolicy returns the policy of an opening's playouts (nil:
	// Policy).
	OpeningPolicy func(seed int64) Policy
	// OpeningCPU and OpeningPlayouts are an opening's budget (see
	// Opening; 0: the player's own).
	OpeningCPU      time.Duration
	OpeningPlayouts int
	// Paired, when set, searches an opening of a single seat among the
	// lead's proposals only, by rounds of whole games: each round plays
	// every proposal on a copy made with the same seed, played on by the
	// same policy, and the answer is the proposal whose difference from
	// the lead's own, round by round, is largest — when it exceeds
	// PairedTrust standard errors of it (0: when it is positive); else
	// the lead's own. Common dice tell apart courses whose effect is
	// small beside a whole game's chance.
	Paired      bool
	PairedTrust float64
	// PairedScreen, when > 0, ends a paired opening early: after
	// PairedScreen rounds, and again at every doubling of them, when no
	// other proposal is ahead of the lead's own (the lead's answer is
	// given), or when one is ahead by twice PairedTrust standard errors
	// (it is). A question whose other courses are plainly worse, or
	// plainly better, costs a few rounds; the budget goes to the close
	// ones.
	PairedScreen int
	// Narrow, when set, reports whether the candidates of decision d are
	// the family player's proposals only: no answer is drawn from d's
	// legal list while a proposal is left, and where the lead proposes a
	// single answer to the search's own seat it is given without a
	// search. A family whose turn is a chain of questions (an ftbt
	// person's destination, then its tech, then its target) searches
	// the chain as one answer this way: the destination among the
	// player's best few, the rest as the player follows it up.
	Narrow func(d *engine.Decision) bool
}

// SureTrust is a Trust of one-sided 95 % confidence.
const SureTrust = 1.645

// MaxPlayout is the most decisions a playout plays: a game that does not
// end by then is scored as it stands.
const MaxPlayout = 100_000

// Policy is a family's computer player as the search uses it.
type Policy interface {
	// Propose returns answers worth trying at d, a decision of g (pending,
	// or of g's current step), best first; none is fine.
	Propose(g Game, d *engine.Decision) []engine.Answer
	// Answer answers d, the pending decision of g, in a playout.
	Answer(g Game, d *engine.Decision) engine.Answer
}

// PolicyFunc is a Policy whose proposal at d is its own answer.
type PolicyFunc func(g Game, d *engine.Decision) engine.Answer

// Propose implements Policy.
func (f PolicyFunc) Propose(g Game, d *engine.Decision) []engine.Answer {
	return []engine.Answer{f(g, d)}
}

// Answer implements Policy.
func (f PolicyFunc) Answer(g Game, d *engine.Decision) engine.Answer { return f(g, d) }

// Winner returns the values of a finished game of seats seats won by
// winner: 1 for the winner, 0 for the others; a winner outside the seats
// (a draw, a quit) gives every seat an equal share.
func Winner(seats, winner int) []float64 {
	v := make([]float64, seats)
	if winner >= 0 && winner < seats {
		v[winner] = 1
		return v
	}
	for i := range v {
		v[i] = 1 / float64(max(seats, 1))
	}
	return v
}

// Shares turns every seat's score (larger is better) into values in
// [0, 1]: a seat's value is the logistic of its lead over the mean of the
// others, in units of scale. Two seats with equal scores get 0.5 each.
func Shares(scores []float64, scale float64) []float64 {
	v := make([]float64, len(scores))
	if len(scores) < 2 {
		for i := range v {
			v[i] = 0.5
		}
		return v
	}
	sum := 0.0
	for _, s := range scores {
		sum += s
	}
	for i, s := range scores {
		others := (sum - s) / float64(len(scores)-1)
		v[i] = logistic((s - others) / scale)
	}
	return v
}
