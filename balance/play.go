package balance

import (
	"context"
	"runtime"
	"sync"

	"github.com/shapan/shapan/engine/sim"
)

// play plays st, a stream of c, up to n games (rounded up to whole
// units), within the budget. It reports false when the budget stopped it
// first (the games that fit are played).
func (s *search) play(ctx context.Context, c *candidate, st *stream, n int) (bool, error) {
	n = s.units(n)
	for len(st.winners) < n {
		room := (s.opts.Budget - s.spent) / s.unit * s.unit
		if room <= 0 {
			s.out = true
			return false, nil
		}
		// a few batches at a time, so that the progress moves
		k := min(n-len(st.winners), room, 4*s.unit*max(1, s.opts.Jobs))
		var winners []int
		var err error
		if s.opts.Shard.Count > 1 {
			winners, err = s.playShared(ctx, c, st, len(st.winners), k)
		} else {
			winners, err = s.playGames(ctx, c, st, len(st.winners), k)
		}
		if err != nil {
			return false, err
		}
		st.winners = append(st.winners, winners...)
		s.spent += len(winners)
		s.ownGames += len(winners) * btoi(s.opts.Shard.Count <= 1)
		s.report()
	}
	return true, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// units rounds n up to whole units of games.
func (s *search) units(n int) int { return (n + s.unit - 1) / s.unit * s.unit }

// playGames plays games first … first+n−1 of st on Options.Jobs workers
// and returns their winners in order (failed for a game that failed).
func (s *search) playGames(ctx context.Context, c *candidate, st *stream, first, n int) ([]int, error) {
	jobs := s.opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = max(1, min(jobs, n))
	out := make([]int, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if s.opts.winner != nil {
					out[i-first] = s.opts.winner(c.point, i, sim.GameSeed(st.seed, i))
					continue
				}
				out[i-first] = playOne(ctx, c.fam, i, sim.GameSeed(st.seed, i))
			}
		}()
	}
	for i := first; i < first+n; i++ {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// playOne plays one game and returns its winner: a side, draw, or
// failed when the game failed (a panic of the family's code included).
func playOne(ctx context.Context, f sim.Family, i int, seed int64) (w int) {
	defer func() {
		if recover() != nil {
			w = failed
		}
	}()
	res, err := f.Play(ctx, i, seed)
	switch {
	case err != nil:
		return failed
	case res.Winner < draw || res.Winner >= len(f.Sides()):
		return failed
	}
	return res.Winner
}
