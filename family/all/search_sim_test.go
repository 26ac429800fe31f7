package all_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/samples"
)

// TestSearchSimulationsAreReproduciblePerSeed: in every family that
// simulates, on its first sample, a simulation that seats the search
// player (with a playout budget) against the family's best player gives
// the same report for the same seed, whether its games are played one at
// a time or two at once. (SHAPAN_CHECK_SENSITIVE=1 also checks that the
// report would change with another player in the search's seat, so that
// the comparison says something.)
func TestSearchSimulationsAreReproduciblePerSeed(t *testing.T) {
	done := map[string]bool{}
	for _, name := range samples.YAML() {
		src, err := samples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f, k := family.Of(doc.Kind)
		if k == nil || !k.Sim || f.Sim == nil || len(f.Sim.Players) == 0 || done[doc.Kind] {
			continue
		}
		done[doc.Kind] = true
		// rounds or turns: enough for the search's answers to show in the
		// report (under -race half as many, ftbt 3 of 8: enough still,
		// as SHAPAN_CHECK_SENSITIVE=1 shows)
		turns := longtest.Sized(20, 10, 20)
		if f.Name == "ftbt" {
			turns = longtest.Sized(8, 3, 8) // an ftbt round asks every person of both sides
		}
		t.Run(name, func(t *testing.T) {
			run := func(players string, jobs int) string {
				a, err := family.Simulate(doc, family.SimOptions{TurnCap: turns, Players: players})
				if err != nil {
					t.Fatal(err)
				}
				r, err := sim.Run(context.Background(), a, sim.Options{Games: 2, Seed: 11, Jobs: jobs})
				if err != nil {
					t.Fatal(err)
				}
				if r.Games != 2 || r.Failed != 0 {
					t.Fatalf("%d games finished, %d failed", r.Games, r.Failed)
				}
				b, err := r.JSON()
				if err != nil {
					t.Fatal(err)
				}
				var m map[string]any
				if err := json.Unmarshal(b, &m); err != nil {
					t.Fatal(err)
				}
				delete(m, "players") // names the players
				b, _ = json.Marshal(m)
				return string(b)
			}
			players := "search:2," + f.Sim.Players[0]
			a, b := run(players, 1), run(players, 2)
			if a != b {
				t.Fatalf("the same seed gave two reports:\n%s\n%s", a, b)
			}
			if os.Getenv("SHAPAN_CHECK_SENSITIVE") != "" && a == run("random,"+f.Sim.Players[0], 1) {
				t.Fatal("random in the search's seat gives the same report: the test compares nothing the search does")
			}
		})
	}
	if len(done) < 4 {
		t.Fatalf("the samples cover %d families that simulate, not 4", len(done))
	}
}
