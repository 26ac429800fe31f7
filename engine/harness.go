package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
)

// Game is what the harness drives: a family's game on the decision
// machine. *Machine is one, and so is every family's Game, which embeds
// it.
type Game interface {
	Pending() *Decision
	Answer(player int, a Answer) error
	Err() error
}

// Player answers the decisions of the seats it plays in games of type G.
type Player[G any] interface {
	// Answer returns an answer to d, a decision pending in g.
	Answer(g G, d *Decision) Answer
}

// PlayerFunc is a function used as a Player.
type PlayerFunc[G any] func(g G, d *Decision) Answer

// Answer implements Player.
func (f PlayerFunc[G]) Answer(g G, d *Decision) Answer { return f(g, d) }

// Seats returns n seats, all played by p.
func Seats[G any](p Player[G], n int) []Player[G] {
	out := make([]Player[G], n)
	for i := range out {
		out[i] = p
	}
	return out
}

// ErrStalled is returned by PlayOut when a game needs more decisions than
// allowed (a player keeps giving answers the rules re-ask).
var ErrStalled = errors.New("engine: the game stalled")

// PlayOptions adjust PlayOut. The zero value plays to the end.
type PlayOptions struct {
	// MaxDecisions stops a game that needs more decisions than this with
	// ErrStalled (0: no limit).
	MaxDecisions int
	// Context, when set, stops the game with its error once cancelled
	// (checked every 256 decisions).
	Context context.Context
	// Where describes the game's progress in errors ("turn 12"); nil
	// names the number of decisions answered.
	Where func() string
}

// PlayOut answers every pending decision of g with the player of the
// asked seat (players[d.Player]) until the game ends. It fails if a seat
// has no player, if an answer is refused, if the rules fail, or as
// PlayOptions say. Simultaneous rounds are played seat after seat, each
// seat seeing the round as posed (no seat sees another's answer).
func PlayOut[G Game](g G, players []Player[G], o PlayOptions) error {
	n := 0
	where := o.Where
	if where == nil {
		where = func() string { return fmt.Sprintf("decision %d", n+1) }
	}
	for ; ; n++ {
		d := g.Pending()
		if d == nil {
			break
		}
		if o.Context != nil && n%256 == 0 {
			if err := o.Context.Err(); err != nil {
				return err
			}
		}
		if o.MaxDecisions > 0 && n >= o.MaxDecisions {
			return fmt.Errorf("%w after %d decisions (%s, %s to player %d)", ErrStalled, n, where(), d.Kind, d.Player)
		}
		if d.Player < 0 || d.Player >= len(players) || players[d.Player] == nil {
			return fmt.Errorf("engine: no player for seat %d (%s)", d.Player, d.Kind)
		}
		a := players[d.Player].Answer(g, d)
		if err := g.Answer(d.Player, a); err != nil {
			return fmt.Errorf("%s, player %d's answer %s: %w", where(), d.Player, a, err)
		}
	}
	return g.Err()
}

// RandomPlayer answers every decision with one of the legal answers it
// lists (Decision.Legal), drawn uniformly: one random player for every
// family. A decision that lists no answer is answered null, which its
// Check normally refuses.
type RandomPlayer[G any] struct {
	Rand *rand.Rand
}

// NewRandomPlayer returns a random player with its own generator.
func NewRandomPlayer[G any](seed int64) *RandomPlayer[G] {
	return &RandomPlayer[G]{Rand: rand.New(rand.NewSource(seed))}
}

// Answer implements Player.
func (p *RandomPlayer[G]) Answer(_ G, d *Decision) Answer {
	l, ok := LegalOf(d)
	if !ok {
		return Answer("null")
	}
	return l.Random(p.Rand)
}

// Traced returns seats that ask players and write every decision with its
// answer to t before the answer reaches the game (so the events it causes
// follow it in the trace).
func Traced[G any](players []Player[G], t *TraceWriter) []Player[G] {
	out := make([]Player[G], len(players))
	for i, p := range players {
		if p == nil {
			continue
		}
		out[i] = PlayerFunc[G](func(g G, d *Decision) Answer {
			a := p.Answer(g, d)
			t.Decision(d, a)
			return a
		})
	}
	return out
}
