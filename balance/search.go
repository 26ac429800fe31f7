package balance

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/validate"
)

// Defaults of Options.
const (
	DefaultBudget    = 2000
	DefaultMaxGames  = 400
	DefaultBatch     = 8
	DefaultProposals = 3
	// maxSteps is the most steps of a round, maxRounds the most rounds
	// of a search.
	maxSteps  = 40
	maxRounds = 8
)

// Options adjust a search. The zero value is the default: a fair target
// within ±3 points, 2000 games, the family's default knobs, seed 0.
type Options struct {
	// Target is the wanted win rates; Tolerance (0: DefaultTolerance) how
	// far from them a side may be.
	Target    Target
	Tolerance float64
	// Budget is the most games the search plays, the baseline's included
	// (0: DefaultBudget).
	Budget int
	// MaxGames is the number of games a candidate plays, at most, to be
	// called fair (0: DefaultMaxGames, or a quarter of the budget when
	// that is less). It is rounded up to a whole number of batches.
	MaxGames int
	// Batch is the number of games of a race's first round (0:
	// DefaultBatch); the rounds double it.
	Batch int
	// Knobs selects the knobs (see Knobs; "": the family's default set).
	Knobs string
	// Proposals is how many proposals to return (0: DefaultProposals).
	Proposals int
	// Seed is the base seed: game i of every candidate is played with
	// sim.GameSeed(Seed, i). Jobs is the number of games played at once
	// (0: one per CPU); it changes how fast, never what.
	Seed int64
	Jobs int
	// Sim adjusts the games (turn cap, players) as for `shapan sim`.
	Sim family.SimOptions
	// Scenario names the document in the result (a file name).
	Scenario string
	// Shard, when its Count is more than 1, makes this run one of the
	// Count processes of a sharded search: each plays its slice of every
	// batch of games and reads the others' from ShardDir, a folder all of
	// them share; all of them find the same proposals as one process
	// would. ShardWait is how long to wait for another shard's slice (0:
	// DefaultShardWait).
	Shard     sim.Shard
	ShardDir  string
	ShardWait time.Duration
	// Progress, when set, is called after every batch with the games
	// spent and the budget.
	Progress func(spent, budget int)

	// plain, for the benchmark, plays every candidate of a step to
	// MaxGames without racing: what the search would cost without
	// sequential dropping.
	plain bool
	// oneRound, for the tests, stops the search after its first round:
	// the search as it was before it had rounds.
	oneRound bool
}

// search is the state of one Run.
type search struct {
	opts           Options
	tol            float64
	unit, maxGames int
	doc            *formats.Document
	base           []byte // the document's YAML
	knobs          []Knob
	sides          []sim.Side
	steps          []float64
	active         []int                 // the knobs the round turns (indexes of knobs)
	rounds         int                   // the rounds before this one
	roundGames     []int                 // the games each of them played
	judged         int                   // the candidates of later rounds judged on fresh games
	seed           int64                 // the base seed of the round's games
	seen           map[string]*candidate // the round's candidates by point
	order          []*candidate          // every candidate simulated, in order
	warnings       map[string]int
	spent, refused int
	ownGames       int  // the games this process played (its shard's, when sharded)
	out            bool // the budget ran out
}

// Run searches edits of doc that bring its sides' win rates to the
// target. A document with check errors is refused (with them, as a
// diag.List). When ctx is cancelled it returns what it found so far with
// ctx's error.
func Run(ctx context.Context, doc *formats.Document, opts Options) (*Result, error) {
	s, err := newSearch(doc, opts)
	if err != nil {
		return nil, err
	}
	outcome, err := s.run(ctx)
	return s.result(outcome), err
}

func newSearch(doc *formats.Document, opts Options) (*search, error) {
	if opts.Tolerance <= 0 {
		opts.Tolerance = DefaultTolerance
	}
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Batch <= 0 {
		opts.Batch = DefaultBatch
	}
	if opts.MaxGames <= 0 {
		opts.MaxGames = min(DefaultMaxGames, opts.Budget/4)
	}
	if opts.Proposals <= 0 {
		opts.Proposals = DefaultProposals
	}
	if sh := opts.Shard; sh.Count > 1 && (sh.Index < 0 || sh.Index >= sh.Count || opts.ShardDir == "") {
		return nil, fmt.Errorf("balance: shard %d of %d needs 0 ≤ %d < %d and a folder the shards share", sh.Index, sh.Count, sh.Index, sh.Count)
	}
	knobs, err := Knobs(doc, opts.Knobs)
	if err != nil {
		return nil, err
	}
	if problems := validate.Check(doc); problems.HasErrors() {
		problems.Sort()
		return nil, problems
	}
	base, err := formats.Encode(doc, formats.YAML)
	if err != nil {
		return nil, fmt.Errorf("balance: writing the document as YAML: %w", err)
	}
	unit := opts.Batch
	s := &search{opts: opts, tol: opts.Tolerance, unit: unit, maxGames: (max(opts.MaxGames, unit) + unit - 1) / unit * unit,
		doc: doc, base: base, knobs: knobs, seen: map[string]*candidate{}, warnings: warningCounts(validate.Check(doc))}
	for i, k := range knobs {
		s.steps = append(s.steps, k.Step)
		s.active = append(s.active, i)
	}
	s.seed = opts.Seed
	return s, nil
}

// run is the search: rounds of pattern search (see round), each on its
// own games, until a candidate is fair, the budget is spent, or
// maxRounds rounds have run. It returns how it ended.
func (s *search) run(ctx context.Context) (string, error) {
	start := make([]float64, len(s.knobs))
	for i, k := range s.knobs {
		start[i] = k.Get(s.doc.Value)
	}
	inc, err := s.candidate(start)
	if err != nil || inc == nil {
		return "", fmt.Errorf("balance: the document cannot be simulated: %w", err)
	}
	s.sides = inc.fam.Sides()
	if err := s.opts.Target.check(s.sides); err != nil {
		return "", err
	}
	for {
		outcome, next, err := s.round(ctx, inc)
		if err != nil || outcome != "" {
			return outcome, err
		}
		if s.rounds+1 >= s.maxRounds() {
			return fmt.Sprintf("stopped after %d rounds", s.rounds+1), nil
		}
		if inc, err = s.nextRound(next); err != nil || inc == nil {
			return "no edit of the knobs makes it fairer", err
		}
	}
}

// maxRounds is the most rounds a search runs.
func (s *search) maxRounds() int {
	if s.opts.oneRound {
		return 1
	}
	return maxRounds
}

// round is one round of pattern search from inc on the round's games. It
// returns how the search ended ("" when it goes on with another round)
// and, when it goes on, the candidate the next round starts from: a move
// that was within the tolerance on the round's games but not on its fresh
// ones (the round's games flatter the candidates chosen on them: the
// round has found what its games can show), or the incumbent when the
// round ran out of moves that help. The round's first incumbent is not
// judged so: when it fails on fresh games the round searches around it
// (a new round from it would only replay it on other games, a new chance
// for a point that is borderline to pass by luck).
func (s *search) round(ctx context.Context, inc *candidate) (string, *candidate, error) {
	if err := s.race(ctx, []*candidate{inc}); err != nil {
		return "stopped", nil, err
	}
	for step := 0; ; step++ {
		switch {
		case inc.fair && step == 0 && s.rounds == 0:
			return "the document is fair already", nil, nil
		case inc.fair:
			return "found a fair document", nil, nil
		case s.out:
			return "the budget is spent", nil, nil
		case step == maxSteps:
			return "", inc, nil
		}
		moves, err := s.moves(inc)
		if err != nil {
			return "", nil, err
		}
		if len(moves) == 0 {
			if !s.shrink() {
				return "", inc, nil
			}
			continue
		}
		if err := s.race(ctx, moves); err != nil {
			return "stopped", nil, err
		}
		if s.fairest(moves) != nil {
			return "found a fair document", nil, nil
		}
		best := s.best(moves)
		if cursed := s.mostFair(moves...); cursed != nil && !s.out {
			return "", cursed, nil
		}
		switch {
		case best != nil && s.beats(best, inc):
			s.expandMoved(inc, best)
			inc = best
		case best != nil && s.ties(best, inc) && s.expand():
			// a plateau (every move as unfair as the incumbent): look further
		case !s.shrink():
			return "", inc, nil
		}
	}
}

// fairest returns the fair candidate with the least loss over all its
// games (nil when none is fair).
func (s *search) fairest(cands []*candidate) *candidate {
	var out *candidate
	for _, c := range cands {
		if c.fair && (out == nil || s.measure(c, len(c.winners)).Loss < s.measure(out, len(out.winners)).Loss) {
			out = c
		}
	}
	return out
}

// mostFair returns, of the candidates within the tolerance on the
// round's games but not on their fresh games, the one with the least loss
// over all its games (nil when there is none).
func (s *search) mostFair(cands ...*candidate) *candidate {
	var out *candidate
	for _, c := range cands {
		if c.cursed && (out == nil || s.measure(c, len(c.winners)).Loss < s.measure(out, len(out.winners)).Loss) {
			out = c
		}
	}
	return out
}

// nextRound starts a round from the point of from: new games (a seed
// derived from the search's seed and the round's number); the knobs that
// favour a side outside the band on from's fresh games and can move the
// way that helps it (else those of the side farthest from its target
// that can, else all of the round's knobs); the first steps the knobs
// have at that point. It returns the round's first incumbent (nil when
// check refuses it).
func (s *search) nextRound(from *candidate) (*candidate, error) {
	m := s.unbiased(from)
	if active := s.helping(from, m, s.outside(from, m)); len(active) > 0 {
		s.active = active
	} else {
		for _, side := range s.byDistance(m) {
			if active := s.helping(from, m, []int{side}); len(active) > 0 {
				s.active = active
				break
			}
		}
	}
	firstSteps := map[string]float64{}
	if knobs, err := Knobs(from.doc, s.opts.Knobs); err == nil {
		for _, k := range knobs {
			firstSteps[k.ID] = k.Step
		}
	}
	for _, i := range s.active {
		k := s.knobs[i]
		if step, ok := firstSteps[k.ID]; ok {
			s.steps[i] = math.Min(math.Max(step, k.MinStep), k.Max-k.Min)
		} else {
			s.steps[i] = k.Step
		}
	}
	s.rounds++
	s.roundGames = append(s.roundGames, s.spent-sum(s.roundGames))
	s.seed = roundSeed(s.opts.Seed, s.rounds)
	s.seen = map[string]*candidate{}
	// The round starts where the model of every game played so far
	// predicts the target (surrogate.go), when it predicts a point fairer
	// than from and check takes it; that start is judged like any move.
	if point := s.surrogatePoint(from); point != nil {
		if c, err := s.candidate(point); err != nil || c != nil {
			return c, err
		}
	}
	c, err := s.candidate(append([]float64(nil), from.point...))
	if c != nil {
		c.reference = from.cursed
	}
	return c, err
}

// helping returns the round's knobs that favour one of sides and can
// move the way that brings it toward its target in m.
func (s *search) helping(from *candidate, m Measure, sides []int) []int {
	var out []int
	for _, i := range s.active {
		k := s.knobs[i]
		if slices.Contains(sides, k.Side) && s.canHelp(k, from.point[i], m.Sides[k.Side]) {
			out = append(out, i)
		}
	}
	return out
}

// outside returns the sides of c whose rate in m (its fresh games) is
// outside the band its last check asked for.
func (s *search) outside(c *candidate, m Measure) []int {
	h := s.holdOuts(c)
	margin := 0.0
	if len(c.winners) >= h[len(h)-1].games {
		margin = h[len(h)-1].margin
	}
	var out []int
	for i, st := range m.Sides {
		if !st.Absent && math.Abs(st.Wins.Rate-st.Target) > s.band(st.Target, m.Games, margin)+1e-9 {
			out = append(out, i)
		}
	}
	return out
}

// canHelp reports whether knob k, now at x, can move the way that brings
// st, the side it favours, toward its target.
func (s *search) canHelp(k Knob, x float64, st SideMeasure) bool {
	if st.Wins.Rate > st.Target {
		return k.clamp(x-k.MinStep) < x
	}
	return k.clamp(x+k.MinStep) > x
}

// unbiased measures c on its fresh games when it played them (they did
// not choose it), else on all its games.
func (s *search) unbiased(c *candidate) Measure {
	if len(c.winners) > s.maxGames {
		return s.measureRange(c, s.maxGames, len(c.winners))
	}
	return s.measure(c, len(c.winners))
}

// byDistance returns the sides that take part, farthest from their
// target in m first.
func (s *search) byDistance(m Measure) []int {
	var out []int
	for i, st := range m.Sides {
		if !st.Absent {
			out = append(out, i)
		}
	}
	dist := func(i int) float64 { return math.Abs(m.Sides[i].Wins.Rate - m.Sides[i].Target) }
	sort.SliceStable(out, func(a, b int) bool { return dist(out[a]) > dist(out[b]) })
	return out
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// roundSeed is the base seed of round r's games: the search's seed for
// the first round, then a seed derived from it and r, so that a round's
// candidates are not chosen on the luck of the games of the rounds
// before.
func roundSeed(seed int64, r int) int64 {
	if r == 0 {
		return seed
	}
	return sim.GameSeed(seed, math.MinInt32+r)
}

// candidate returns the document with the knobs at point, ready to play,
// or nil when check refuses it (counted in s.refused).
func (s *search) candidate(point []float64) (*candidate, error) {
	doc, err := formats.ReadBytes(s.doc.Path, s.base, formats.Options{From: formats.YAML, RulesPath: s.doc.RulesFile, Rules: s.doc.Rules})
	if err != nil {
		return nil, fmt.Errorf("balance: reading the document back: %w", err)
	}
	doc.Path, doc.Rules, doc.RulesFile = s.doc.Path, s.doc.Rules, s.doc.RulesFile
	for i, k := range s.knobs {
		if k.Get(doc.Value) != point[i] {
			k.Set(doc.Value, point[i])
		}
	}
	if !s.acceptable(validate.Check(doc)) {
		s.refused++
		return nil, nil
	}
	fam, err := family.Simulate(doc, s.opts.Sim)
	if err != nil {
		s.refused++
		return nil, nil
	}
	c := &candidate{point: point, doc: doc, fam: fam, round: s.rounds, seed: s.seed}
	s.seen[key(point)] = c
	s.order = append(s.order, c)
	return c, nil
}

// acceptable reports whether a candidate's diagnostics hold no error
// and no warning the document does not have.
func (s *search) acceptable(l diag.List) bool {
	if l.HasErrors() {
		return false
	}
	for code, n := range warningCounts(l) {
		if n > s.warnings[code] {
			return false
		}
	}
	return true
}

func warningCounts(l diag.List) map[string]int {
	out := map[string]int{}
	for _, d := range l {
		out[d.Code]++
	}
	return out
}

// moves returns the new candidates one step from inc: every knob moved
// by its step, only the way that helps when it favours a side, when
// several knobs favour sides all of those moved at once (the push that
// helps every side at the same time), and, when one side wins every game,
// every pair of knobs moved together.
func (s *search) moves(inc *candidate) ([]*candidate, error) {
	var points [][]float64
	push := append([]float64(nil), inc.point...)
	pushed := 0
	for _, i := range s.active {
		k := s.knobs[i]
		dirs := s.directions(inc, k)
		for _, d := range dirs {
			p := append([]float64(nil), inc.point...)
			p[i] = k.clamp(p[i] + d*s.steps[i])
			points = append(points, p)
		}
		if len(dirs) == 1 {
			if push[i] = k.clamp(push[i] + dirs[0]*s.steps[i]); push[i] != inc.point[i] {
				pushed++
			}
		}
	}
	if pushed > 1 {
		points = append(points, push)
	}
	if s.sweeping(inc) {
		points = append(points, s.pairs(inc)...)
	}
	var out []*candidate
	for _, p := range points {
		if key(p) == key(inc.point) || s.seen[key(p)] != nil {
			continue
		}
		c, err := s.candidate(p)
		if err != nil {
			return nil, err
		}
		if c != nil {
			out = append(out, c)
		}
	}
	return out, nil
}

// maxPairKnobs is the most knobs whose pairs a step tries (pairs grow
// as the square of the knobs).
const maxPairKnobs = 12

// sweeping reports whether one side of inc wins every game it played
// with a winner: there a move of one knob often changes no game (the
// side still wins them all), and the push moves knobs that hurt, so the
// step also tries the knobs two by two.
func (s *search) sweeping(inc *candidate) bool {
	if len(s.active) < 2 || len(s.active) > maxPairKnobs {
		return false
	}
	m := s.measure(inc, len(inc.winners))
	for _, st := range m.Sides {
		if !st.Absent && m.Games > 0 && st.Wins.Rate == 1 {
			return true
		}
	}
	return false
}

// pairs returns the points with two knobs moved by their steps, each in
// a direction that may help.
func (s *search) pairs(inc *candidate) [][]float64 {
	var out [][]float64
	for a, i := range s.active {
		ki := s.knobs[i]
		for _, j := range s.active[a+1:] {
			for _, di := range s.directions(inc, ki) {
				for _, dj := range s.directions(inc, s.knobs[j]) {
					p := append([]float64(nil), inc.point...)
					p[i] = ki.clamp(p[i] + di*s.steps[i])
					p[j] = s.knobs[j].clamp(p[j] + dj*s.steps[j])
					if p[i] != inc.point[i] && p[j] != inc.point[j] {
						out = append(out, p)
					}
				}
			}
		}
	}
	return out
}

// directions are the ways a knob may move from inc: down for a knob that
// favours a side above its target, up for one below, both for a knob
// that favours no side.
func (s *search) directions(inc *candidate, k Knob) []float64 {
	if k.Side < 0 || k.Side >= len(s.sides) {
		return []float64{-1, 1}
	}
	st := s.measure(inc, len(inc.winners)).Sides[k.Side]
	if st.Wins.Rate > st.Target {
		return []float64{-1}
	}
	return []float64{1}
}

// expandMoved doubles the steps of the knobs that differ between from
// and to (a move that worked is worth a longer stride), up to the knob's
// range.
func (s *search) expandMoved(from, to *candidate) {
	for i, k := range s.knobs {
		if from.point[i] != to.point[i] {
			s.steps[i] = s.longer(k, s.steps[i])
		}
	}
}

// expand doubles every step, up to its knob's range; it reports false
// when none could grow.
func (s *search) expand() bool {
	grown := false
	for _, i := range s.active {
		k := s.knobs[i]
		if next := s.longer(k, s.steps[i]); next > s.steps[i] {
			s.steps[i], grown = next, true
		}
	}
	return grown
}

func (s *search) longer(k Knob, step float64) float64 {
	next := math.Min(2*step, k.Max-k.Min)
	if k.Integer {
		next = math.Round(next)
	}
	return math.Max(next, step)
}

// shrink halves every step (not below the knob's smallest); it reports
// false when no step could shrink.
func (s *search) shrink() bool {
	shrunk := false
	for _, i := range s.active {
		k := s.knobs[i]
		next := math.Max(k.MinStep, s.steps[i]/2)
		if k.Integer {
			next = math.Max(k.MinStep, math.Round(next))
		}
		if next < s.steps[i] {
			s.steps[i], shrunk = next, true
		}
	}
	return shrunk
}

// race plays the candidates in rounds of doubling length on the same
// games, dropping after every round those a side's interval shows unfair,
// those whose games failed, and the worse half by loss, until the
// survivors have played MaxGames (they are fair) or none is left.
func (s *search) race(ctx context.Context, live []*candidate) error {
	first := s.unit
	if s.opts.plain {
		first = s.maxGames
	}
	for n := first; len(live) > 0; n = min(2*n, s.maxGames) {
		for _, c := range live {
			ok, err := s.play(ctx, c, n)
			if err != nil {
				return err
			}
			if !ok {
				s.out = true
				return nil
			}
		}
		live = s.dropUnfair(live, n)
		if n >= s.maxGames {
			return s.judge(ctx, live)
		}
		live = s.dropWorseHalf(live, n)
	}
	return nil
}

func (s *search) dropUnfair(live []*candidate, n int) []*candidate {
	var keep []*candidate
	for _, c := range live {
		if m := s.measure(c, n); m.Failed > 0 {
			c.dropped = fmt.Sprintf("%d of its %d games failed", m.Failed, n)
		} else if why := s.unfairSide(c, n); why != "" {
			c.dropped = why
		} else {
			keep = append(keep, c)
		}
	}
	return keep
}

// judge calls fair the candidates whose every side's win rate is within
// the tolerance of its target over their MaxGames games and again over
// MaxGames fresh games (the next game indexes, seeds no candidate was
// chosen on: picking the best of many candidates on the same games
// flatters it, the fresh games do not), and drops the others. In a later
// round a candidate that passes plays as many fresh games again and must
// be within the tolerance less a standard error over all of them (see
// holdOuts).
func (s *search) judge(ctx context.Context, live []*candidate) error {
	for _, c := range live {
		if why := s.offTarget(s.measure(c, s.maxGames), "its", 0); why != "" {
			c.dropped = why
			continue
		}
		if c.reference {
			// judging it again would give a point that failed one more
			// chance to pass on luck
			c.dropped = "the round's reference: it failed on fresh games in the round before"
			continue
		}
		if c.round > 0 {
			// a later round's candidate has fresh games of its own: no
			// other candidate of the round was judged on them
			s.judged++
			c.freshSeed, c.freshFrom = sim.GameSeed(c.seed, -1-s.judged), s.maxGames
		}
		for _, h := range s.holdOuts(c) {
			ok, err := s.play(ctx, c, h.games)
			if err != nil {
				return err
			}
			if !ok {
				c.dropped = "the budget ran out before its confirmation on fresh games"
				s.out = true
				return nil
			}
			if why := s.offTarget(s.measureRange(c, s.maxGames, h.games), "the fresh", h.margin); why != "" {
				c.dropped, c.cursed = why, true
				break
			}
		}
		c.fair = c.dropped == ""
	}
	return nil
}

// holdOut is a check of a candidate on its fresh games: up to game
// index games, every side within the tolerance less margin standard
// errors.
type holdOut struct {
	games  int
	margin float64
}

// holdOuts returns the checks of c on its fresh games: MaxGames of them
// within the tolerance; in a later round, moreover, twice as many within
// the tolerance less one standard error. A later round exists because a
// candidate passed its round's games and failed fresh ones: the search
// is near the band's edge, where one hold-out passes a point just outside
// it one time in two, and every round is one more draw. The second
// check passes a side at the band's edge one time in six, and one a
// standard error inside it one time in two, so what a later round calls
// fair lies inside the band.
func (s *search) holdOuts(c *candidate) []holdOut {
	first := holdOut{games: 2 * s.maxGames}
	if c.round == 0 {
		return []holdOut{first}
	}
	return []holdOut{first, {games: 3 * s.maxGames, margin: 1}}
}

// games returns the most games c plays: MaxGames, then its fresh games.
func (s *search) games(c *candidate) int {
	h := s.holdOuts(c)
	return h[len(h)-1].games
}

// band is how far a side whose target is target may be from it over n
// games, less margin standard errors of n games (at most half the
// tolerance).
func (s *search) band(target float64, n int, margin float64) float64 {
	if margin <= 0 || n <= 0 {
		return s.tol
	}
	return s.tol - math.Min(margin*math.Sqrt(target*(1-target)/float64(n)), s.tol/2)
}

// offTarget names a side whose win rate in m is farther from its target
// than the band (the tolerance less margin standard errors), "" when
// none is.
func (s *search) offTarget(m Measure, which string, margin float64) string {
	for _, st := range m.Sides {
		band := s.band(st.Target, m.Games, margin)
		if !st.Absent && math.Abs(st.Wins.Rate-st.Target) > band+1e-9 {
			what := fmt.Sprintf("%.1f points", s.tol*100)
			if band < s.tol {
				what = fmt.Sprintf("%.1f points (the tolerance less a standard error)", band*100)
			}
			return fmt.Sprintf("%s wins %.1f%% of %s %d games, more than %s from %.1f%%", st.Name, st.Wins.Rate*100, which, m.Games, what, st.Target*100)
		}
	}
	return ""
}

func (s *search) dropWorseHalf(live []*candidate, n int) []*candidate {
	if len(live) < 2 {
		return live
	}
	sort.SliceStable(live, func(i, j int) bool { return s.measure(live[i], n).Loss < s.measure(live[j], n).Loss })
	half := (len(live) + 1) / 2
	for _, c := range live[half:] {
		c.dropped = fmt.Sprintf("fell behind the others after %d games", n)
	}
	return live[:half]
}

// best returns the candidate of a step that played the most games, the
// one with the least loss among equals.
func (s *search) best(cands []*candidate) *candidate {
	var best *candidate
	for _, c := range cands {
		if len(c.winners) == 0 {
			continue
		}
		if best == nil || len(c.winners) > len(best.winners) ||
			len(c.winners) == len(best.winners) && s.measure(c, len(c.winners)).Loss < s.measure(best, len(best.winners)).Loss {
			best = c
		}
	}
	return best
}

// ties reports whether c is exactly as fair as inc on the games both
// played.
func (s *search) ties(c, inc *candidate) bool {
	n := min(len(c.winners), len(inc.winners))
	return s.measure(c, n).Loss == s.measure(inc, n).Loss
}

// beats reports whether c is fairer than inc on the games both played
// (the same games: common random numbers make this a paired comparison).
func (s *search) beats(c, inc *candidate) bool {
	n := min(len(c.winners), len(inc.winners))
	if m := s.measure(c, n); m.Failed > 0 {
		return false
	}
	return c.fair || s.measure(c, n).Loss < s.measure(inc, n).Loss
}
