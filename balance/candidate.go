package balance

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
)

// Game outcomes besides a side's index in candidate.winners.
const (
	draw   = -1
	failed = -2
)

// candidate is the document with the knobs at point, and the games it
// has played in its round of the search: game i, with
// sim.GameSeed(seed, i), ended as winners[i].
type candidate struct {
	point []float64
	doc   *formats.Document
	fam   sim.Family
	round int
	seed  int64
	// freshSeed, when not 0, is the base seed of the candidate's fresh
	// games (game index MaxGames on) in place of seed.
	freshSeed int64
	freshFrom int
	winners   []int
	// dropped says why the candidate stopped playing ("" while it may
	// play on); fair is set when it played MaxGames without being
	// dropped and was within the tolerance on as many fresh games too;
	// cursed when it was within the tolerance on its MaxGames games but
	// not on the fresh ones.
	dropped string
	fair    bool
	cursed  bool
	// reference marks the first incumbent of a later round that failed on
	// fresh games in the round before: it plays the round's games as the
	// reference its moves are compared with, and is not judged again.
	reference bool
}

// seedOf returns the base seed of c's game i.
func (c *candidate) seedOf(i int) int64 {
	if c.freshSeed != 0 && i >= c.freshFrom {
		return c.freshSeed
	}
	return c.seed
}

// key identifies a point of the knob space.
func key(point []float64) string {
	parts := make([]string, len(point))
	for i, x := range point {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// counts returns the wins of every side, the draws and the games with a
// result among games from to to (exclusive) that c played.
func (c *candidate) counts(sides int, from, to int) (wins []int, draws, games int) {
	wins = make([]int, sides)
	to = min(to, len(c.winners))
	for _, w := range c.winners[min(from, to):to] {
		switch {
		case w == draw:
			draws++
		case w >= 0:
			wins[w]++
		default:
			continue
		}
		games++
	}
	return wins, draws, games
}

// measure sums up the first n games of c against the target.
func (s *search) measure(c *candidate, n int) Measure { return s.measureRange(c, 0, n) }

// measureRange sums up games from to to (exclusive) of c against the
// target.
func (s *search) measureRange(c *candidate, from, to int) Measure {
	wins, draws, games := c.counts(len(s.sides), from, to)
	played := max(0, min(to, len(c.winners))-from)
	m := Measure{Games: games, Failed: played - games, Draws: sim.NewProportion(draws, games)}
	// The targets are shares of the games that have a winner; when no
	// game has one they are those of decided games, so that a document
	// where every game is a draw (an ftbt person moved where the sides
	// never meet) is unfair, not "every side wins its 0 %".
	decisive := 1.0
	if games > draws {
		decisive = float64(games-draws) / float64(games)
	}
	targets := s.opts.Target.of(s.sides, decisive)
	m.Confirmed = games > 0
	for i, side := range s.sides {
		p := sim.NewProportion(wins[i], games)
		st := SideMeasure{Name: side.Name, Absent: side.Absent, Wins: p, Target: round4(targets[i])}
		if !side.Absent && games > 0 {
			rate := float64(wins[i]) / float64(games)
			m.Loss += (rate - targets[i]) * (rate - targets[i])
			worst := math.Max(math.Abs(p.Low-targets[i]), math.Abs(p.High-targets[i]))
			m.Risk += worst * worst
			lo, hi := targets[i]-s.tol-1e-9, targets[i]+s.tol+1e-9
			st.Outside = p.High < lo || p.Low > hi
			st.Inside = p.Low >= lo && p.High <= hi
		}
		m.Confirmed = m.Confirmed && (side.Absent || st.Inside)
		m.Sides = append(m.Sides, st)
	}
	m.Loss, m.Risk = round4(m.Loss), round4(m.Risk)
	return m
}

// unfairSide returns the first side whose 95 % interval over the first n
// games lies outside its target band, with the reason ("" when none).
func (s *search) unfairSide(c *candidate, n int) string {
	m := s.measure(c, n)
	for _, st := range m.Sides {
		if st.Outside {
			return fmt.Sprintf("%s wins %.1f%% (95%% %.1f%%–%.1f%%) of %d games, outside %.1f%% ± %.1f",
				st.Name, st.Wins.Rate*100, st.Wins.Low*100, st.Wins.High*100, m.Games, st.Target*100, s.tol*100)
		}
	}
	return ""
}

// play plays c's games up to game n (exclusive; at most s.games(c):
// the race's games, then the fresh games of its confirmation), in units
// of s.unit games, within the budget. It reports false when the budget
// stopped it first.
func (s *search) play(ctx context.Context, c *candidate, n int) (bool, error) {
	total := s.games(c)
	n = min(n, total)
	for len(c.winners) < n {
		if s.spent+s.unit > s.opts.Budget {
			return false, nil
		}
		k := len(c.winners) / s.unit
		winners, err := s.playBatch(ctx, c, k, total)
		if err != nil {
			return false, err
		}
		c.winners = append(c.winners, winners...)
		s.spent += len(winners)
		if s.opts.Progress != nil {
			s.opts.Progress(s.spent, s.opts.Budget)
		}
	}
	return true, nil
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
