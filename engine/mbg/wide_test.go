package mbg

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// TestTheWideLeadProposesEveryCourse: playing 赤壁 with AIs, the lead of
// search-wide proposes the AI's own answer first; then, at an
// occupation, an attack, a fight, a hire, a training and a garrison,
// every other legal answer once (when there are at most wideCourses);
// at the choice of action and at an institute only none, when the AI
// plays a card or studies; and at every other question nothing more.
func TestTheWideLeadProposesEveryCourse(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Setup{Scenario: sc, Seed: 1, MaxTurn: 30}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	lead := WideModel(3).Lead(5)
	ai := NewAI(5)
	many := map[string]int{}
	for n := 0; g.Pending() != nil && n < 20_000; n++ {
		d := g.Pending()
		props := lead.Propose(g, d)
		own := ai.Answer(g, d)
		if len(props) == 0 || string(props[0]) != string(own) {
			t.Fatalf("decision %d (%s): the lead proposes %s first, the AI answers %s", n, d.Kind, props, own)
		}
		// every listed answer, and the AI's own (an attack at scale 4 is
		// legal but not listed)
		l, _ := engine.LegalOf(d)
		courses := map[string]bool{string(own): true}
		for i := int64(0); i < l.N && l.N <= wideCourses; i++ {
			courses[string(l.At(i))] = true
		}
		want := len(courses)
		switch {
		case !WideKinds[d.Kind]:
			want = 1
		case d.Kind == KindSelRoleAction && string(own) == "-1", d.Kind == KindSelStudy && string(own) == "[-1,-1]":
			want = 1
		case d.Kind == KindSelRoleAction, d.Kind == KindSelStudy:
			want = 2
		}
		if len(props) != want {
			t.Fatalf("decision %d (%s): the lead proposes %s, want %d courses", n, d.Kind, props, want)
		}
		seen := map[string]bool{}
		for _, a := range props {
			if seen[string(a)] || d.Check(a) != nil {
				t.Fatalf("decision %d (%s): the lead proposes %s", n, d.Kind, props)
			}
			seen[string(a)] = true
		}
		if len(props) > 1 {
			many[d.Kind]++
		}
		if err := g.Answer(d.Player, own); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{KindIsAttackCity, KindSaloonSelPeople, KindSelRoleAction, KindSelCityMos} {
		if many[k] == 0 {
			t.Errorf("no %s with more than one course proposed in the game (%v)", k, many)
		}
	}
}

// TestWideSearchPlaysOnlyLegalAnswers: at random positions of games of
// 赤壁 played by random players, search-wide answers legally, and the
// same seed gives the same answer.
func TestWideSearchPlaysOnlyLegalAnswers(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(7))
	searched := 0
	for pos := 0; pos < 6; pos++ {
		g, err := New(Setup{Scenario: sc, Seed: int64(pos), MaxTurn: 12}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := WideModel(g.NumRoles())
		o := search.Options{Playouts: 8, Seed: int64(pos)}
		p := NewRandomPlayer(int64(pos))
		for k := r.Intn(150); g.Pending() != nil; k-- {
			d := g.Pending()
			if k <= 0 && WideKinds[d.Kind] {
				a := search.New(m, o).Answer(g, d)
				if err := d.Check(a); err != nil {
					t.Fatalf("%s: the search answered %s: %v", d.Kind, a, err)
				}
				if b := search.New(m, o).Answer(g, d); string(b) != string(a) {
					t.Fatalf("%s: the same seed answered %s and %s", d.Kind, a, b)
				}
				searched++
				break
			}
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		g.Close()
	}
	if searched < 3 {
		t.Fatalf("only %d positions searched", searched)
	}
}

// TestWideSearchIsReproduciblePerSeed: search-wide, one of three seats
// of a short game of 赤壁, gives only legal answers and plays the same
// game for the same seed.
func TestWideSearchIsReproduciblePerSeed(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	play := func(seed int64) (string, search.Stats) {
		g, err := New(Setup{Scenario: sc, Seed: 2, MaxTurn: 12}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		sp := search.New(WideModel(3), search.Options{Playouts: 16, Seed: seed})
		ai := NewAI(9)
		for d := g.Pending(); d != nil; d = g.Pending() {
			var a engine.Answer
			if d.Player == 0 {
				a = sp.Answer(g, d)
				if err := d.Check(a); err != nil {
					t.Fatalf("%s: answered %s: %v", d.Kind, a, err)
				}
			} else {
				a = ai.Answer(g, d)
			}
			if err := g.Answer(d.Player, a); err != nil {
				t.Fatal(err)
			}
		}
		res, _ := g.Winner()
		return fmt.Sprintf("result %d, turn %d, moneys %v", res, g.Turn(), g.g.moneys()), sp.Stats()
	}
	a, st := play(1)
	if b, _ := play(1); a != b {
		t.Errorf("the same seed played %s, then %s", a, b)
	}
	if st.Decisions == 0 || st.Failed > 0 {
		t.Errorf("%d decisions searched, %d failed", st.Decisions, st.Failed)
	}
}
