package all_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/samples"
)

// quiet are the events each family tells with no words (a single step of
// a move, the rounds of an mbg battle, the view's set-up): the page and
// the play window list every other event in words.
var quiet = map[string][]string{
	"mbg": {"init_map", "show_city", "show_institute", "show_training_room", "show_map", "oi_start_game",
		"note_role_move_one_step", "battle_turn_start", "battle_attack", "start_allocate"},
	"ftbt":    {"people_step", "loc_buf", "loc_fly", "loc_disable_long"},
	"planets": {"production"},
}

// TestEveryEventIsToldInWords plays computer games of every playable
// sample, with a few seeds, and tells each event of them with the family's
// Describe, as the server's page and the studio's play window do: no event
// may come out raw (engine.RawWords, the fallback for an event a family
// has no words for), and only the family's quiet events may come out
// empty. The mbg games must tell their incomes with the cities' Chinese
// names.
func TestEveryEventIsToldInWords(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	seen := map[string]map[string]bool{}
	for _, name := range samples.YAML() {
		doc, err := formats.Read(filepath.Join("..", "..", "samples", filepath.FromSlash(name)), formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// under -race one game a sample: every family's kinds of events
		// and the mbg incomes and battles still come up
		for seed := int64(1); seed <= longtest.Sized[int64](3, 1, 3); seed++ {
			g, err := family.StartGame(doc, family.GameOptions{Seed: seed, TurnCap: 60})
			if err != nil {
				t.Logf("%s: not played: %v", name, err)
				break
			}
			fam := strings.SplitN(name, "/", 2)[0]
			if g.Describe == nil {
				t.Fatalf("%s: the %s family tells no event in words", name, fam)
			}
			playOut(t, name, g)
			if seen[fam] == nil {
				seen[fam] = map[string]bool{}
			}
			for _, e := range g.Events() {
				seen[fam][e.EventName()] = true
				checkWords(t, name, fam, g.Describe(e), e)
			}
			g.Close()
		}
	}
	for _, fam := range []string{"mbg", "ftbt", "planets", "battle"} {
		kinds := make([]string, 0, len(seen[fam]))
		for k := range seen[fam] {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		t.Logf("%s: %d kinds of events told: %s", fam, len(kinds), strings.Join(kinds, " "))
		if len(kinds) < 5 {
			t.Errorf("%s: the sample games had only %d kinds of events", fam, len(kinds))
		}
	}
	if !seen["mbg"]["note_city_earn"] || !seen["mbg"]["battle_start"] {
		t.Errorf("the mbg games had no income or no battle: %v", seen["mbg"])
	}
}

// checkWords checks the words of one event.
func checkWords(t *testing.T, name, fam, words string, e engine.Event) {
	t.Helper()
	kind := e.EventName()
	switch {
	case words == engine.RawWords(e):
		t.Errorf("%s: %s is told raw: %s", name, kind, words)
	case words == "" && !contains(quiet[fam], kind):
		t.Errorf("%s: %s is told with no words", name, kind)
	case words != "" && contains(quiet[fam], kind):
		t.Errorf("%s: the quiet %s is told as %q", name, kind, words)
	case strings.Contains(words, "#"):
		t.Errorf("%s: %s names something by number: %q", name, kind, words)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// playOut plays every seat of g with the family's computer player to the
// end.
func playOut(t *testing.T, name string, g *family.Game) {
	t.Helper()
	for n := 0; !g.Over(); n++ {
		if n > 200_000 {
			t.Fatalf("%s: the game does not end", name)
		}
		ds := g.PendingAll()
		if len(ds) == 0 {
			t.Fatalf("%s: no decision pending and the game is not over: %v", name, g.Err())
		}
		d := ds[0]
		if err := g.Answer(d.Player, g.Computer(d.Player)(d)); err != nil {
			t.Fatalf("%s: the computer's answer to %s: %v", name, d.Kind, err)
		}
	}
}
