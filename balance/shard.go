package balance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
)

// A sharded search: N processes run the same search (same document,
// options and seed), each with its Shard K/N and one shared folder. The
// search is deterministic, so every shard asks for the same games of the
// same candidates in the same order; each plays its K-th slice of every
// batch, writes the winners to the folder and reads the other slices
// there. Every shard then holds the results of the whole batch — the
// games one process would have played — and so reaches the same
// proposals as an unsharded run, byte for byte.

// DefaultShardWait is how long a shard waits for another shard's slice
// of a batch before it gives up (Options.ShardWait 0).
const DefaultShardWait = time.Hour

// shardPoll is how often a shard looks for the other shards' slices.
const shardPoll = 20 * time.Millisecond

// slice is the file a shard writes for its slice of a batch.
type slice struct {
	First   int   `json:"first"`
	Winners []int `json:"winners"`
}

// playShared plays games first … first+n−1 of st (a multiple of the
// unit from a unit's start) in a sharded search: of every unit this
// shard plays its slice and gathers the others' from Options.ShardDir.
func (s *search) playShared(ctx context.Context, c *candidate, st *stream, first, n int) ([]int, error) {
	var out []int
	for u := first; u < first+n; u += s.unit {
		w, err := s.playUnit(ctx, c, st, u)
		if err != nil {
			return nil, err
		}
		out = append(out, w...)
	}
	return out, nil
}

// playUnit plays the unit of st that starts at game first: its own
// slice, then the other shards' slices read from the folder.
func (s *search) playUnit(ctx context.Context, c *candidate, st *stream, first int) ([]int, error) {
	n := s.opts.Shard.Count
	total := first + s.unit
	o := sim.Options{Games: total, Seed: st.seed, Jobs: s.opts.Jobs}
	// Slice j of the unit is shard (first/unit)·n + j of total games cut
	// in (first/unit + 1)·n slices.
	base := first / s.unit * n
	count := (first/s.unit + 1) * n
	mine := sim.Shard{Index: base + s.opts.Shard.Index, Count: count}
	var own []int
	if from, games := mine.Games(total); games > 0 && s.opts.winner != nil {
		for i := from; i < from+games; i++ {
			own = append(own, s.opts.winner(c.point, i, sim.GameSeed(st.seed, i)))
		}
		s.ownGames += len(own)
	} else if games > 0 {
		part, err := sim.RunShard(ctx, c.fam, o, mine)
		if err != nil {
			return nil, err
		}
		own = partWinners(part)
		s.ownGames += len(own)
	}
	if err := s.writeSlice(c, st, mine, total, own); err != nil {
		return nil, err
	}
	var out []int
	for j := range n {
		w, err := s.readSlice(ctx, c, st, sim.Shard{Index: base + j, Count: count}, total)
		if err != nil {
			return nil, err
		}
		out = append(out, w...)
	}
	return out, nil
}

func partWinners(p *sim.Part) []int {
	out := make([]int, 0, len(p.Results))
	for _, r := range p.Results {
		w := r.Winner
		if r.Error != "" {
			w = failed
		}
		out = append(out, w)
	}
	return out
}

// slicePath names the file of a slice: a hash of what decides its games
// (the document, the knobs and their values, the seed of its games, the
// games' options),
// then its first game and the number of shards.
func (s *search) slicePath(c *candidate, st *stream, sh sim.Shard, total int) string {
	h := sha256.New()
	opts, _ := json.Marshal(s.opts.Sim)
	first, _ := sh.Games(total)
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\x00%s\x00", s.base, key(c.point), st.seed, total, opts)
	for _, k := range s.knobs {
		fmt.Fprintf(h, "%s\x00", k.ID)
	}
	name := fmt.Sprintf("%s-g%d-of%d.json", hex.EncodeToString(h.Sum(nil))[:24], first, s.opts.Shard.Count)
	return filepath.Join(s.opts.ShardDir, name)
}

func (s *search) writeSlice(c *candidate, st *stream, sh sim.Shard, total int, winners []int) error {
	first, _ := sh.Games(total)
	b, err := json.Marshal(slice{First: first, Winners: append([]int{}, winners...)})
	if err != nil {
		return err
	}
	if err := formats.WriteFileAtomic(s.slicePath(c, st, sh, total), b); err != nil {
		return fmt.Errorf("balance: shard %d/%d: %w", s.opts.Shard.Index, s.opts.Shard.Count, err)
	}
	return nil
}

// readSlice waits for the file of a slice (written by its shard) and
// returns its winners.
func (s *search) readSlice(ctx context.Context, c *candidate, st *stream, sh sim.Shard, total int) ([]int, error) {
	p := s.slicePath(c, st, sh, total)
	first, games := sh.Games(total)
	wait := s.opts.ShardWait
	if wait <= 0 {
		wait = DefaultShardWait
	}
	deadline := time.Now().Add(wait)
	for {
		data, err := os.ReadFile(p)
		if err == nil {
			var sl slice
			if err := json.Unmarshal(data, &sl); err != nil || sl.First != first || len(sl.Winners) != games {
				return nil, fmt.Errorf("balance: %s is not the slice of games %d to %d it is named for", p, first, first+games-1)
			}
			return sl.Winners, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("balance: reading another shard's games: %w", err)
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("balance: shard %d/%d: no shard wrote games %d to %d of a candidate in %v (%s): are all %d shards running, with the same document, options and seed, on the same --shard-dir?",
				s.opts.Shard.Index, s.opts.Shard.Count, first, first+games-1, wait, p, s.opts.Shard.Count)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(shardPoll):
		}
	}
}
