package planets

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/shapan/shapan/engine"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/longtest"
)

// decayYAML is a map whose middle planet loses units every round (res
// below 1, cos below 0): a garrison left there falls to nothing, and the
// planet falls neutral in the production phase.
const decayYAML = `name: decay
max_round: 80
max_player: 2
starts: [A, B]
map: |
  A.C.B
planets:
  A: {def: 2, res: 1.1, cos: 8, max: 200}
  B: {def: 1.5, res: 1.05, cos: 6, max: 250}
  C: {def: 0.5, res: 0.5, cos: -4, max: 400}
routes:
  - [A, C, 1]
  - [B, C, 2]
  - [A, B, 3]
`

// optionMaps are the maps of the options' tests.
func optionMaps(t *testing.T) map[string]*pfmt.Map {
	decay, _, err := pfmt.ReadLegacy("decay.yml", []byte(decayYAML))
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*pfmt.Map{"decay": decay, "tiny": tinyMap(t), "九州": sampleMap(t)}
}

// playedGame is what a game showed: every decision's Args and answer, its
// events and its result.
type playedGame struct {
	args, answers []string
	events        []engine.Event
	result        Result
}

// playWith plays a game of m with seed, the seeded AI in even seats and
// the random player in odd ones, with options opts.
func playWith(t *testing.T, setup Setup, opts Options) playedGame {
	t.Helper()
	var out playedGame
	opts.Machine.DropEvents = true
	opts.Machine.OnEvent = func(e engine.Event) { out.events = append(out.events, e) }
	g, err := New(setup, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	players := make([]Player, g.NumPlayers())
	for p := range players {
		players[p] = NewSeededAI(SeatSeed(setup.Seed, p))
		if p%2 == 1 {
			players[p] = NewRandomPlayer(setup.Seed + int64(p))
		}
	}
	for d := g.Pending(); d != nil; d = g.Pending() {
		args, err := json.Marshal(d.Args)
		if err != nil {
			t.Fatal(err)
		}
		a := players[d.Player].Answer(g, d)
		out.args, out.answers = append(out.args, string(args)), append(out.answers, string(a))
		if err := g.Answer(d.Player, a); err != nil {
			t.Fatal(err)
		}
	}
	out.result, _ = g.Outcome()
	return out
}

// TestSimulationOptionsPlayTheSameGames: a game started on a shared Board
// with ReuseArgs, Events and OwnerProduction shows at every decision the
// Args and gets the answers of the same game with none of them, the
// events named (the productions that change an owner only), and the same
// result.
func TestSimulationOptionsPlayTheSameGames(t *testing.T) {
	only := []string{"battle", "production", "round", "tactic"}
	ownerProductions := 0
	for name, m := range optionMaps(t) {
		board, err := NewBoard(m)
		if err != nil {
			t.Fatal(err)
		}
		for i := range longtest.Sized[int64](6, 2, 6) {
			seed := i + 1
			setup := Setup{Map: m, Seed: seed, Shuffle: true, MaxRounds: 150}
			want := playWith(t, setup, Options{})
			setup.Board = board
			got := playWith(t, setup, Options{ReuseArgs: true, Events: only, OwnerProduction: true})
			where := fmt.Sprintf("%s, seed %d", name, seed)
			if !slices.Equal(got.args, want.args) || !slices.Equal(got.answers, want.answers) {
				t.Fatalf("%s: the decisions differ", where)
			}
			if !reflect.DeepEqual(got.result, want.result) {
				t.Fatalf("%s: result %+v, want %+v", where, got.result, want.result)
			}
			var kept []engine.Event
			for _, e := range want.events {
				p, isProduction := e.(Production)
				if slices.Contains(only, e.EventName()) && (!isProduction || p.Before.Owner != p.After.Owner) {
					kept = append(kept, e)
					if isProduction {
						ownerProductions++
					}
				}
			}
			if !reflect.DeepEqual(got.events, kept) {
				t.Fatalf("%s: %d events, want %d of %d", where, len(got.events), len(kept), len(want.events))
			}
		}
	}
	if ownerProductions == 0 {
		t.Fatal("no production changed an owner: OwnerProduction was not tested")
	}
}

// TestGamesShareABoard: games of one Board played at once (go test -race)
// play as games that read the map each.
func TestGamesShareABoard(t *testing.T) {
	m := sampleMap(t)
	board, err := NewBoard(m)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]Result, 8)
	for i := range want {
		if want[i], err = PlayGame(Setup{Map: m, Seed: int64(i), Shuffle: true, MaxRounds: 100}, SeededSeats(int64(i), 4), 0); err != nil {
			t.Fatal(err)
		}
	}
	got := make([]Result, len(want))
	errs := make([]error, len(want))
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = PlayGame(Setup{Map: m, Board: board, Seed: int64(i), Shuffle: true, MaxRounds: 100}, SeededSeats(int64(i), 4), 0)
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil || !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("game %d on the shared board: %+v (%v), want %+v", i, got[i], errs[i], want[i])
		}
	}
	if _, err := New(Setup{Map: tinyMap(t), Board: board}, Options{}); err == nil || !strings.Contains(err.Error(), "another map") {
		t.Fatalf("a board of another map: %v", err)
	}
	if _, err := New(Setup{Map: m}, Options{Events: []string{"battle", "fight"}}); err == nil || !strings.Contains(err.Error(), `"fight"`) {
		t.Fatalf("an unknown event name: %v", err)
	}
}
