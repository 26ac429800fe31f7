package planets

import (
	"encoding/json"
	"math/rand"
	"os"
	"reflect"
	"testing"

	"github.com/shapan/shapan/engine"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/shared"
)

// statePlayer is a random player whose draws depend only on the game's
// state (seed, round, player), so that a resumed game is answered the
// same way as the original.
type statePlayer struct{ seed int64 }

func (p statePlayer) Answer(g *Game, d *engine.Decision) engine.Answer {
	r := rand.New(rand.NewSource(p.seed*1_000_003 + g.Round()*31 + int64(d.Player)))
	return (&RandomPlayer{Rand: r}).Answer(g, d)
}

// TestSaveAndResume: a game saved at a random decision, written as JSON
// and resumed continues exactly as the original: the same pending
// decision, then the same events and the same result.
func TestSaveAndResume(t *testing.T) {
	maps := map[string]*pfmt.Map{"九州": sampleMap(t)}
	if _, ok := shared.Find(); ok || os.Getenv("SHAPAN_REQUIRE_SHARED") != "" {
		for _, name := range legacyMaps {
			maps[name] = legacyMap(t, name)
		}
	}
	for i, name := range sortedKeys(maps) {
		m := maps[name]
		// under -race two of the four: one plain, one shuffled with the
		// no-response rule
		for _, k := range longtest.Sized([]int{0, 1, 2, 3}, []int{0, 3}, []int{0, 1, 2, 3}) {
			seed := int64(10*i + k)
			rng := rand.New(rand.NewSource(seed))
			setup := Setup{Map: m, Seed: seed, Shuffle: k%2 == 1, MaxRounds: 150, NoResponse: k == 3}
			g, err := New(setup, Options{})
			if err != nil {
				t.Fatal(err)
			}
			players := make([]Player, g.NumPlayers())
			for p := range players {
				if p%2 == 0 {
					players[p] = NewAI()
				} else {
					players[p] = statePlayer{seed}
				}
			}
			stop := 1 + rng.Intn(60)
			for n := 0; n < stop && g.Pending() != nil; n++ {
				d := g.Pending()
				if err := g.Answer(d.Player, players[d.Player].Answer(g, d)); err != nil {
					t.Fatal(err)
				}
			}
			snap, err := g.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(snap)
			if err != nil {
				t.Fatal(err)
			}
			var back engine.Snapshot
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			h, err := Resume(&back, Options{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !reflect.DeepEqual(g.View(), h.View()) || !reflect.DeepEqual(g.Pending() == nil, h.Pending() == nil) {
				t.Fatalf("%s: the resumed game differs", name)
			}
			if d := g.Pending(); d != nil && (!reflect.DeepEqual(d.Args, h.Pending().Args) || d.Player != h.Pending().Player) {
				t.Fatalf("%s: the resumed game asks something else", name)
			}
			from := len(g.Events())
			r1, err1 := PlayOut(g, players, 0)
			r2, err2 := PlayOut(h, players, 0)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			e1, _ := json.Marshal(g.Events()[from:])
			e2, _ := json.Marshal(h.Events()[from:])
			if string(e1) != string(e2) || !reflect.DeepEqual(r1, r2) {
				t.Fatalf("%s (seed %d, saved after %d answers): the resumed game continued differently", name, seed, stop)
			}
		}
	}
}
