// Package sim plays many computer-against-computer games of one scenario
// in parallel and sums them up in a balance report: the win rate of every
// side with its 95 % Wilson interval, draws, games stopped at the turn
// cap, failed games, the length of the games, and facts particular to the
// game family — for mbg when roles go bankrupt, who owns each city at the
// end, where battles happen and which cities change hands; for ftbt the
// survivors and hp left of each side, the damage and kills of every
// person and the fights on every cell of the grid; for planets the
// planets every start holds at the end and the battles, captures and
// changes of owner of every planet.
//
// The runner knows nothing of the rules and names no family: a game
// family plugs in through the Family interface, with its adapter and its
// facts (Facts, RegisterFacts) in a sub-package of its own
// (engine/sim/mbg, engine/sim/ftbt, engine/sim/planets,
// engine/sim/battle); the family registry, package family, picks the
// adapter of an open document. Run derives every game's seed from the
// base seed and the game's index and sums the results up in index order,
// so the same seed gives the same report — to the byte, as JSON — whatever
// the number of workers.
//
// A simulation too big for one machine is played in shards (shard.go):
// RunShard plays one slice of the games and returns a Part, the partial
// result `shapan sim --shard K/N` writes (a versioned JSON format, see
// Part and docs/sim-at-scale.md); Merge turns the parts of every shard
// into the report Run would have given.
package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/pprof"
	"sort"
	"sync"
	"time"
)

// DefaultMaxDecisions is the number of decisions after which a game
// counts as stalled (a failed game) when no other limit is given.
const DefaultMaxDecisions = 1_000_000

// Family plays games of one scenario of a game family. Play is called
// from several goroutines at once; everything else from one.
type Family interface {
	// Name is the family's name ("mbg", "ftbt", "planets").
	Name() string
	// Sides are the players whose wins are counted (mbg roles, ftbt
	// sides, planets start planets), in their index order;
	// GameResult.Winner indexes this list.
	Sides() []Side
	// Play plays game number game (0-based) with the given seed, every
	// side played by the computer. Its result must depend on seed only.
	// It returns ctx's error, promptly, when ctx is cancelled.
	Play(ctx context.Context, game int, seed int64) (GameResult, error)
	// Facts sums up the family's own facts (GameResult.Facts) of the
	// games that finished, given in index order: the report's Facts with
	// the family's section set.
	Facts(games []GameResult) Facts
	// DecodeFacts reads the facts of one of its games (GameResult.Facts)
	// back from their JSON form, for the games of shards merged into one
	// report (Merge). It refuses facts that do not fit the scenario.
	DecodeFacts(data []byte) (any, error)
}

// Side is one player of a scenario as the report names it.
type Side struct {
	Name string
	// Absent sides do not take part (an mbg role that starts nowhere):
	// they never win and are left out of the charts.
	Absent bool
}

// GameResult is how one game ended.
type GameResult struct {
	// Winner is the index of the winning side, or -1 for a draw (no
	// winner).
	Winner int
	// Turns is the number of turns played.
	Turns int
	// Capped reports a game stopped at the turn cap (its winner is
	// decided by the family's rule for that case, e.g. mbg's richest
	// role).
	Capped bool
	// Seats, when the sides were played by different computer players,
	// names the player of every side (in side order); the report then
	// counts every player's wins (Report.Players).
	Seats []string
	// Facts is the family's record of the game, for Family.Facts.
	Facts any
}

// Options adjust Run.
type Options struct {
	// Games is the number of games to play (at least 1).
	Games int
	// Seed is the base seed; game i is played with GameSeed(Seed, i).
	Seed int64
	// Jobs is the number of games played at once (≤ 0: one per CPU).
	// It changes how fast the report comes, never what it says.
	Jobs int
	// Progress, when set, is called after every game with the number of
	// games done (finished or failed) and the number asked for. Calls
	// come one at a time, from the goroutine that called Run.
	Progress func(done, total int)
	// Timing, when set, receives how the run used its workers.
	Timing *Timing
}

// Timing is how a run used its workers: Busy is the time they spent
// playing games, Wall the run's duration, Jobs their number. A worker is
// idle while it waits for a game or for its result to be taken, and after
// the last game; what the run does besides (summing the games up) is in
// Wall only. The workers run under the CPU profile label shapan=game, so
// a profile tells their time from the rest of the process's.
type Timing struct {
	Wall, Busy time.Duration
	Jobs       int
}

// Utilization is Busy over Jobs × Wall: 1 when the workers never wait.
func (t Timing) Utilization() float64 {
	if t.Wall <= 0 || t.Jobs == 0 {
		return 0
	}
	return t.Busy.Seconds() / (float64(t.Jobs) * t.Wall.Seconds())
}

// PerGame is the workers' busy time per game played.
func (t Timing) PerGame(games int) time.Duration {
	if games == 0 {
		return 0
	}
	return t.Busy / time.Duration(games)
}

// GameSeed returns the seed of game index of a simulation with base seed
// seed: a splitmix64 hash of both, reduced to 0 ≤ seed < 2³¹-1 (math/rand
// sources seeded alike modulo 2³¹-1 give the same numbers, and a short
// seed is easy to type: `shapan play --seed S` replays an mbg game).
func GameSeed(seed int64, index int) int64 {
	z := uint64(seed) + uint64(index+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int64(z % (1<<31 - 1))
}

// played is a game Run finished or that failed (not cancelled): its
// index, and its result or its failure.
type played struct {
	index int
	res   GameResult
	err   error
}

// inOrder collects the games as they end, in the order of their indexes
// (so that the report does not depend on --jobs), holding back only those
// that end before an earlier one: nothing is allocated for the games not
// played yet, so asking for a billion games costs nothing up front.
type inOrder struct {
	next    int
	early   map[int]played
	ordered []played
}

func (o *inOrder) add(p played) {
	o.early[p.index] = p
	for {
		q, ok := o.early[o.next]
		if !ok {
			return
		}
		delete(o.early, o.next)
		o.ordered = append(o.ordered, q)
		o.next++
	}
}

var errCancelled = errors.New("sim: cancelled")

// result returns the games in index order, without the cancelled ones.
func (o *inOrder) result() []played {
	out := o.ordered[:0]
	for _, p := range o.ordered {
		if p.err != errCancelled {
			out = append(out, p)
		}
	}
	for _, p := range o.early { // behind a game that never ended
		if p.err != errCancelled {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].index < out[j].index })
	return out
}

// Run plays o.Games games of f on o.Jobs workers and returns their report.
// A game that fails is counted and listed in the report, not dropped. If
// ctx is cancelled, Run stops starting games, waits for the running ones
// and returns the report of the games played so far (Stopped set) with
// ctx's error.
func Run(ctx context.Context, f Family, o Options) (*Report, error) {
	if o.Games < 1 {
		return nil, errors.New("sim: the number of games must be at least 1")
	}
	games, err := playGames(ctx, f, o, 0, o.Games)
	r := summarize(f, o.Seed, o.Games, games)
	if err != nil {
		r.Stopped = true
		return r, err
	}
	return r, nil
}

// playGames plays the n games from game first of a simulation of f on
// o.Jobs workers and returns those that ended (finished or failed, not
// cancelled) in game order. When ctx is cancelled before every game was
// played it returns ctx's error too.
func playGames(ctx context.Context, f Family, o Options, first, n int) ([]played, error) {
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = max(min(jobs, n), 1)
	start := time.Now()
	nSides := len(f.Sides())
	next := make(chan int)
	ended := make(chan played, jobs)
	busy := make([]time.Duration, jobs)
	var wg sync.WaitGroup
	for w := range jobs {
		wg.Add(1)
		go pprof.Do(ctx, pprof.Labels("shapan", "game"), func(ctx context.Context) {
			defer wg.Done()
			for i := range next {
				t := time.Now()
				res, err := playOne(ctx, f, nSides, i, GameSeed(o.Seed, i))
				busy[w] += time.Since(t)
				if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
					err = errCancelled // cancelled, not failed
				}
				ended <- played{index: i, res: res, err: err}
			}
		})
	}
	go func() {
		defer close(next)
		for i := first; i < first+n; i++ {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(ended)
	}()
	games := &inOrder{next: first, early: map[int]played{}}
	done := 0
	for p := range ended {
		games.add(p)
		if p.err == errCancelled {
			continue
		}
		done++
		if o.Progress != nil {
			o.Progress(done, n)
		}
	}
	if o.Timing != nil {
		*o.Timing = Timing{Wall: time.Since(start), Jobs: jobs}
		for _, b := range busy {
			o.Timing.Busy += b
		}
	}
	if err := ctx.Err(); err != nil && done < n {
		return games.result(), err
	}
	return games.result(), nil
}

// playOne plays one game, turning a panic of the family's code into the
// game's error.
func playOne(ctx context.Context, f Family, nSides, i int, seed int64) (res GameResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	res, err = f.Play(ctx, i, seed)
	if err == nil && (res.Winner < -1 || res.Winner >= nSides) {
		err = fmt.Errorf("the winner %d is not a side", res.Winner)
	}
	return res, err
}
