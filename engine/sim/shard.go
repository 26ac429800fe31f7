package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

// Shard is one slice of a simulation: the Index-th (from 0) of Count
// slices of its games. Shard k of n plays the games from k·G/n to
// (k+1)·G/n − 1 of a simulation of G games, each with the seed it has in
// the whole simulation (GameSeed of the base seed and its index), so the
// slices of one experiment, played anywhere and merged (Merge), give the
// report one machine gives.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// ParseShard reads "K/N" (0 ≤ K < N).
func ParseShard(s string) (Shard, error) {
	var sh Shard
	var rest string
	if n, _ := fmt.Sscanf(s, "%d/%d%s", &sh.Index, &sh.Count, &rest); n != 2 || sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
		return Shard{}, fmt.Errorf("a shard is K/N with 0 ≤ K < N (the K-th of N slices, from 0), not %q", s)
	}
	return sh, nil
}

// Games returns the first game of the shard and how many it plays, out
// of games.
func (s Shard) Games(games int) (first, n int) {
	first = int(int64(s.Index) * int64(games) / int64(s.Count))
	end := int(int64(s.Index+1) * int64(games) / int64(s.Count))
	return first, end - first
}

// PartFormat and PartVersion name the format of a Part. A change that
// an older reader would misread gets a new version; Merge refuses
// versions it does not know.
const (
	PartFormat  = "shapan-sim-part"
	PartVersion = 1
)

// Part is the partial result of one shard of a simulation, as `shapan
// sim --shard K/N` writes it (JSON, one object) and `shapan sim merge`
// reads it: what was simulated, how, and every game of the shard.
//
//	{"format": "shapan-sim-part", "version": 1,
//	 "family": "ftbt", "scenario": "长坂坡.yaml", "seed": 1, "games": 1000,
//	 "shard": {"index": 0, "count": 4}, "first": 0,
//	 "setup": {...},
//	 "results": [{"game": 0, "winner": 1, "turns": 100, "capped": true, "facts": {...}},
//	             {"game": 7, "error": "round 12: ..."}, ...]}
//
// Setup is what the games were played from, for the program that merges
// the parts (shapan keeps the scenario's files and options there: see
// PartSetup); results are in game order, every game of the shard once;
// facts are the family's record of the game (GameResult.Facts as JSON,
// read back by Family.DecodeFacts). A part of a run that was interrupted
// has Stopped set and cannot be merged.
type Part struct {
	Format   string       `json:"format"`
	Version  int          `json:"version"`
	Family   string       `json:"family"`
	Scenario string       `json:"scenario"`
	Seed     int64        `json:"seed"`
	Games    int          `json:"games"`
	Shard    Shard        `json:"shard"`
	First    int          `json:"first"`
	Stopped  bool         `json:"stopped,omitempty"`
	Setup    *PartSetup   `json:"setup,omitempty"`
	Results  []PartResult `json:"results"`
}

// PartSetup is what a part's games were played from: the scenario's files
// (Files[0] is the scenario itself; the others, such as the rules of an
// ftbt level, are named by their path relative to its folder) and the
// options that change the games.
type PartSetup struct {
	Files []PartFile `json:"files"`
	// Rules is the --rules file (an entry of Files), "" for none.
	Rules string `json:"rules,omitempty"`
	// From is the --from form, "" when it was detected; Encoding the
	// --encoding of the files ("" for UTF-8).
	From     string `json:"from,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	// TurnCap is the --turns cap, 0 for the family's default; Players
	// the --players choice of computer players, "" for the default.
	TurnCap int    `json:"turn_cap,omitempty"`
	Players string `json:"players,omitempty"`
}

// PartFile is a file of a PartSetup: its path (slash-separated) and its
// bytes (base64 in JSON).
type PartFile struct {
	Path string `json:"path"`
	Data []byte `json:"data"`
}

// PartResult is one game of a part: its index, and its result or its
// error.
type PartResult struct {
	Game   int             `json:"game"`
	Winner int             `json:"winner"`
	Turns  int             `json:"turns"`
	Capped bool            `json:"capped,omitempty"`
	Seats  []string        `json:"seats,omitempty"`
	Facts  json.RawMessage `json:"facts,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// RunShard plays the games of shard s of a simulation of o.Games games
// (o.Progress counts the shard's games) and returns them as a Part with
// the family, seed and shard set. Like Run, it returns the part of the
// games played so far with ctx's error when ctx is cancelled.
func RunShard(ctx context.Context, f Family, o Options, s Shard) (*Part, error) {
	if o.Games < 1 {
		return nil, errors.New("sim: the number of games must be at least 1")
	}
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return nil, fmt.Errorf("sim: shard %d of %d does not exist", s.Index, s.Count)
	}
	first, n := s.Games(o.Games)
	p := &Part{Format: PartFormat, Version: PartVersion, Family: f.Name(), Seed: o.Seed, Games: o.Games, Shard: s, First: first,
		Results: []PartResult{}}
	games, err := playGames(ctx, f, o, first, n)
	p.Stopped = len(games) < n
	for _, g := range games {
		r := PartResult{Game: g.index, Winner: g.res.Winner, Turns: g.res.Turns, Capped: g.res.Capped, Seats: g.res.Seats}
		if g.err != nil {
			r = PartResult{Game: g.index, Error: g.err.Error()}
		} else if g.res.Facts != nil {
			b, merr := json.Marshal(g.res.Facts)
			if merr != nil {
				return nil, fmt.Errorf("sim: game %d: recording its facts: %w", g.index, merr)
			}
			r.Facts = b
		}
		p.Results = append(p.Results, r)
	}
	return p, err
}

// Merge returns the report of the simulation the parts are the shards
// of: byte for byte the one Run gives when it plays all the games on one
// machine. f must be the family the parts were played with (the same
// scenario and options). Every shard must be there once, complete, of
// the same simulation.
func Merge(f Family, parts []*Part) (*Report, error) {
	if len(parts) == 0 {
		return nil, errors.New("sim: no parts to merge")
	}
	first := parts[0]
	if err := checkPart(first, f); err != nil {
		return nil, err
	}
	seen := make([]bool, first.Shard.Count)
	for _, p := range parts {
		if err := checkPart(p, f); err != nil {
			return nil, err
		}
		if p.Seed != first.Seed || p.Games != first.Games || p.Shard.Count != first.Shard.Count || p.Scenario != first.Scenario {
			return nil, fmt.Errorf("sim: shard %d/%d is of another simulation (%s, seed %d, %d games in %d shards) than shard %d/%d (%s, seed %d, %d games in %d shards)",
				p.Shard.Index, p.Shard.Count, p.Scenario, p.Seed, p.Games, p.Shard.Count,
				first.Shard.Index, first.Shard.Count, first.Scenario, first.Seed, first.Games, first.Shard.Count)
		}
		if seen[p.Shard.Index] {
			return nil, fmt.Errorf("sim: shard %d/%d is given twice", p.Shard.Index, p.Shard.Count)
		}
		seen[p.Shard.Index] = true
	}
	for k, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("sim: shard %d/%d is missing", k, first.Shard.Count)
		}
	}
	sorted := append([]*Part(nil), parts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Shard.Index < sorted[j].Shard.Index })
	var games []played
	for _, p := range sorted {
		var err error
		if games, err = appendPart(games, f, p); err != nil {
			return nil, err
		}
	}
	return summarize(f, first.Seed, first.Games, games), nil
}

// checkPart checks one part on its own.
func checkPart(p *Part, f Family) error {
	where := fmt.Sprintf("shard %d/%d", p.Shard.Index, p.Shard.Count)
	switch {
	case p.Format != PartFormat:
		return fmt.Errorf("sim: %s: the format is %q, not %q", where, p.Format, PartFormat)
	case p.Version != PartVersion:
		return fmt.Errorf("sim: %s: a part of version %d; this program reads version %d", where, p.Version, PartVersion)
	case p.Family != f.Name():
		return fmt.Errorf("sim: %s: a simulation of %s, not %s", where, p.Family, f.Name())
	case p.Shard.Count < 1 || p.Shard.Index < 0 || p.Shard.Index >= p.Shard.Count:
		return fmt.Errorf("sim: %s does not exist", where)
	case p.Stopped:
		return fmt.Errorf("sim: %s was interrupted before all its games were played; run it again", where)
	case p.Games < 1:
		return fmt.Errorf("sim: %s: a simulation of %d games", where, p.Games)
	}
	return nil
}

// appendPart appends the games of p, which must be exactly those of its
// shard in game order, to games.
func appendPart(games []played, f Family, p *Part) ([]played, error) {
	first, n := p.Shard.Games(p.Games)
	where := fmt.Sprintf("shard %d/%d", p.Shard.Index, p.Shard.Count)
	if p.First != first || len(p.Results) != n {
		return nil, fmt.Errorf("sim: %s has %d games from game %d; the shard is %d games from game %d", where, len(p.Results), p.First, n, first)
	}
	nSides := len(f.Sides())
	for k, r := range p.Results {
		if r.Game != first+k {
			return nil, fmt.Errorf("sim: %s: result %d is of game %d, not %d", where, k, r.Game, first+k)
		}
		if r.Error != "" {
			games = append(games, played{index: r.Game, err: errors.New(r.Error)})
			continue
		}
		if r.Winner < -1 || r.Winner >= nSides {
			return nil, fmt.Errorf("sim: %s: game %d: the winner %d is not a side", where, r.Game, r.Winner)
		}
		res := GameResult{Winner: r.Winner, Turns: r.Turns, Capped: r.Capped, Seats: r.Seats}
		if len(r.Facts) > 0 {
			facts, err := f.DecodeFacts(r.Facts)
			if err != nil {
				return nil, fmt.Errorf("sim: %s: game %d: %w", where, r.Game, err)
			}
			res.Facts = facts
		}
		games = append(games, played{index: r.Game, res: res})
	}
	return games, nil
}
