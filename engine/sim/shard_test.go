package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/shapan/shapan/engine/sim"
	battlesim "github.com/shapan/shapan/engine/sim/battle"
	"github.com/shapan/shapan/internal/longtest"
	"strings"
	"testing"
)

// shardsOf plays every shard of a simulation of games in n shards and
// returns the parts as a program reading them from files would have them.
func shardsOf(t *testing.T, f sim.Family, games, n int, seed int64) []*sim.Part {
	t.Helper()
	var parts []*sim.Part
	for k := range n {
		p, err := sim.RunShard(context.Background(), f, sim.Options{Games: games, Seed: seed, Jobs: 2}, sim.Shard{k, n})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var back sim.Part
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, &back)
	}
	return parts
}

// TestShardsMergeIntoTheReport: for every family, the shards of a
// simulation merged give byte for byte the report of the simulation
// played at once, however many shards (one, several, one per game, more
// than games), given in any order.
func TestShardsMergeIntoTheReport(t *testing.T) {
	families := map[string]func(t testing.TB) sim.Family{
		"mbg":  func(t testing.TB) sim.Family { return sampleFamily(t, 25) },
		"ftbt": func(t testing.TB) sim.Family { return docFamily(t, sampleDoc(t, changban), 25) },
		"fake": func(testing.TB) sim.Family { return &fakeFamily{} },
		"battle": func(t testing.TB) sim.Family {
			f, err := battlesim.New(xiaopei(t.(*testing.T)), battlesim.Options{Players: [2]string{"greedy", "random"}, RoundCap: 60})
			if err != nil {
				t.Fatal(err)
			}
			return f
		},
		"九州":    planetsFamilies["九州"],
		"fight": planetsFamilies["fight_here"],
	}
	for name, newFamily := range families {
		t.Run(name, func(t *testing.T) {
			f := newFamily(t)
			// under -race 4 games: 3 shards of 2, 1 and 1 games, 6 with two empty
			games, seed := longtest.Sized(7, 4, 7), int64(11)
			whole, err := sim.Run(context.Background(), f, sim.Options{Games: games, Seed: seed, Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			want, _ := whole.JSON()
			// under -race an uneven split with shards of one game, and shards of none
			for _, n := range longtest.Sized([]int{1, 2, 3, games, games + 2}, []int{3, games + 2}, []int{1, 2, 3, games, games + 2}) {
				parts := shardsOf(t, f, games, n, seed)
				for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
					parts[i], parts[j] = parts[j], parts[i]
				}
				r, err := sim.Merge(f, parts)
				if err != nil {
					t.Fatalf("%d shards: %v", n, err)
				}
				got, _ := r.JSON()
				if !bytes.Equal(got, want) {
					t.Fatalf("%d shards merged:\n%s\nat once:\n%s", n, got, want)
				}
			}
		})
	}
}

// TestMergeRefusesWhatIsNotOneSimulation: a missing, repeated, foreign,
// interrupted, newer or tampered part is an error that names it.
func TestMergeRefusesWhatIsNotOneSimulation(t *testing.T) {
	f := sampleFamily(t, 20)
	parts := shardsOf(t, f, 5, 3, 1)
	other := shardsOf(t, f, 5, 3, 2)
	edit := func(k int, change func(p *sim.Part)) []*sim.Part {
		c := *parts[k]
		c.Results = append([]sim.PartResult(nil), parts[k].Results...)
		change(&c)
		out := append([]*sim.Part(nil), parts...)
		out[k] = &c
		return out
	}
	for _, c := range []struct {
		name  string
		parts []*sim.Part
		want  string
	}{
		{"missing", parts[:2], "shard 2/3 is missing"},
		{"twice", []*sim.Part{parts[0], parts[1], parts[1]}, "shard 1/3 is given twice"},
		{"another seed", []*sim.Part{parts[0], other[1], parts[2]}, "of another simulation"},
		{"stopped", edit(1, func(p *sim.Part) { p.Stopped = true }), "shard 1/3 was interrupted"},
		{"newer", edit(0, func(p *sim.Part) { p.Version = sim.PartVersion + 1 }), "version 2"},
		{"another family", edit(0, func(p *sim.Part) { p.Family = "ftbt" }), "a simulation of ftbt, not mbg"},
		{"a game short", edit(2, func(p *sim.Part) { p.Results = p.Results[:1] }), "shard 2/3 has 1 games from game 3"},
		{"a game moved", edit(2, func(p *sim.Part) { p.Results[0].Game = 4 }), "result 0 is of game 4, not 3"},
		{"no such side", edit(0, func(p *sim.Part) { p.Results[0].Winner = 9 }), "the winner 9 is not a side"},
		{"facts of another map", edit(0, func(p *sim.Part) { p.Results[0].Facts = json.RawMessage(`{"bankrupt":[0]}`) }), "roles"},
	} {
		if _, err := sim.Merge(f, c.parts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// TestShardGamesCoverTheSimulation: the shards' games are consecutive,
// disjoint and cover every game, for any number of games and shards.
func TestShardGamesCoverTheSimulation(t *testing.T) {
	for games := 1; games < 40; games++ {
		for n := 1; n < 12; n++ {
			next := 0
			for k := range n {
				first, c := sim.Shard{k, n}.Games(games)
				if first != next || c < 0 {
					t.Fatalf("%d games, shard %d/%d: from %d, %d games; expected from %d", games, k, n, first, c, next)
				}
				next += c
			}
			if next != games {
				t.Fatalf("%d games in %d shards cover %d", games, n, next)
			}
		}
	}
	if _, n := (sim.Shard{999_999, 1_000_000}).Games(1_000_000_000); n != 1000 {
		t.Fatalf("a billion games in a million shards: %d in the last", n)
	}
	for _, s := range []string{"3/2", "-1/2", "1/0", "1", "a/b", "1/2x"} {
		if _, err := sim.ParseShard(s); err == nil {
			t.Errorf("ParseShard(%q) accepted", s)
		}
	}
	if s, err := sim.ParseShard("2/8"); err != nil || s != (sim.Shard{2, 8}) {
		t.Errorf("ParseShard(2/8) = %v, %v", s, err)
	}
}
