package mbg

import (
	"fmt"
	"github.com/shapan/shapan/internal/longtest"
	"math/rand"
	"reflect"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
)

// forkExact is Fork drawing on from the game's own generator: a copy
// that must play on exactly as the game.
func forkExact(t *testing.T, g *Game) *Game {
	t.Helper()
	f, err := g.Fork(0)
	if err != nil {
		t.Fatal(err)
	}
	seed, draws := g.g.src.Position()
	f.g.src = engine.SourceAt(seed, draws)
	f.g.rng = rand.New(f.g.src)
	return f
}

// playOn plays g to its end with wasteful random players and sums up how
// it ended.
func playOn(t *testing.T, g *Game, seed int64) string {
	t.Helper()
	p := &RandomPlayer{Rand: rand.New(rand.NewSource(seed)), Wasteful: 0.2}
	if err := engine.PlayOut(g, engine.Seats[*Game](p, g.NumRoles()), engine.PlayOptions{MaxDecisions: 200_000}); err != nil {
		t.Fatal(err)
	}
	res, _ := g.Winner()
	return fmt.Sprintf("result %d, turn %d, moneys %v", res, g.Turn(), g.g.moneys())
}

// TestForkPlaysOnAsTheGame: a copy made at any decision after the first
// sel_role_action — within an action too: a card's target, a battle, an
// allocation — and given the same answers ends as the game does.
func TestForkPlaysOnAsTheGame(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for seed := int64(0); seed < 3; seed++ {
		g, err := New(Setup{Scenario: sc, Seed: seed, MaxTurn: 6}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(seed))
		p := &RandomPlayer{Rand: rand.New(rand.NewSource(seed + 100)), Wasteful: 0.2}
		first := true
		for n := 0; g.Pending() != nil; n++ {
			d := g.Pending()
			if first && d.Kind == KindSelRoleAction {
				first = false
				f, err := g.Fork(1) // turns the checkpoints on
				if err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
			if !first && r.Intn(10) == 0 {
				kinds[d.Kind]++
				f := forkExact(t, g)
				if fd := f.Pending(); !reflect.DeepEqual(fd.Args, d.Args) || fd.Player != d.Player || fd.Kind != d.Kind {
					t.Fatalf("seed %d decision %d: the copy asks %s %+v, the game %s %+v", seed, n, fd.Kind, fd.Args, d.Kind, d.Args)
				}
				snap, err := g.Snapshot()
				if err != nil {
					t.Fatal(err)
				}
				ref, err := Resume(snap, Options{})
				if err != nil {
					t.Fatal(err)
				}
				if a, b := playOn(t, f, int64(n)), playOn(t, ref, int64(n)); a != b {
					t.Fatalf("seed %d decision %d (%s): the copy ended %s, the game %s", seed, n, d.Kind, a, b)
				}
			}
			if err := g.Answer(d.Player, p.Answer(g, d)); err != nil {
				t.Fatal(err)
			}
		}
		g.Close()
	}
	if len(kinds) < 4 {
		t.Errorf("copies were made at too few kinds of decision: %v", kinds)
	}
	t.Log(kinds)
}

// TestSearchPlaysOnlyLegalAnswers: at random decisions of random games
// (after a role's first sel_role_action, where copies begin) that have
// more than one legal answer, the search player's answer passes the
// rules' check, and the same seed gives the same answer.
func TestSearchPlaysOnlyLegalAnswers(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(4))
	searched := 0
	positions := longtest.Sized(10, 5, 10) // under -race 5, each searched
	for pos := 0; pos < positions; pos++ {
		g, err := New(Setup{Scenario: sc, Seed: int64(pos), MaxTurn: 20}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := SearchModel(g.NumRoles())
		o := search.Options{Playouts: 3, Seed: int64(pos), Horizon: 40}
		p := NewRandomPlayer(int64(pos))
		for k := r.Intn(80); g.Pending() != nil; k-- {
			d := g.Pending()
			if l, listed := engine.LegalOf(d); k <= 0 && !(listed && l.N == 1) { // a single answer is not searched
				sp := search.New(m, o)
				a := sp.Answer(g, d)
				if st := sp.Stats(); st.Failed > 0 || st.Playouts == 0 {
					t.Fatalf("%s: %d playouts, %d failed", d.Kind, st.Playouts, st.Failed)
				}
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
	if searched < positions*6/10 {
		t.Fatalf("only %d positions searched", searched)
	}
}

// TestAGameKeepingNoAnswersIsCopiedFromItsNextAction: a simulation's game
// keeps no answers, so a copy asked for before any role's action cannot
// replay them; it fails, and every copy from the next sel_role_action
// on is made from the checkpoint it turned on — even when no copy is
// asked for at a sel_role_action (a search seat holding no card answers
// it without searching: its only answer is to throw the dice).
func TestAGameKeepingNoAnswersIsCopiedFromItsNextAction(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Setup{Scenario: sc, Seed: 3, MaxTurn: 4}, Options{Machine: engine.Options{DropEvents: true, DropAnswers: true}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	ai := NewAI(3)
	for d := g.Pending(); d != nil && d.Kind == KindSelRoleAction && g.g.acting != -1; d = g.Pending() {
		if err := g.Answer(d.Player, ai.Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	if g.Pending() == nil {
		t.Skip("the game ended before a decision outside sel_role_action")
	}
	if _, err := g.Fork(1); err == nil {
		t.Fatalf("a copy at %s of a game keeping no answers was made", g.Pending().Kind)
	}
	copied, action := 0, false
	for n := 0; n < 400 && g.Pending() != nil; n++ {
		d := g.Pending()
		if action && d.Kind != KindSelRoleAction {
			f, err := g.Fork(int64(n))
			if err != nil {
				t.Fatalf("decision %d (%s), after a sel_role_action: %v", n, d.Kind, err)
			}
			f.Close()
			copied++
		}
		action = action || d.Kind == KindSelRoleAction
		if err := g.Answer(d.Player, ai.Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	if copied == 0 {
		t.Fatal("no sel_role_action came")
	}
}

// TestTheDecisiveQuestionsAreProposedBothWays: playing 赤壁 with AIs,
// the search's lead proposes at an occupation, an attack and a hire the
// AI's own answer first and the other course second, both legal, and at
// every other question the AI's answer alone (which the search gives
// without a playout).
func TestTheDecisiveQuestionsAreProposedBothWays(t *testing.T) {
	sc, err := LoadScenario("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Setup{Scenario: sc, Seed: 1, MaxTurn: 30}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	lead := DecisiveModel(3).Lead(5)
	ai := NewAI(5)
	both := map[string]int{}
	for n := 0; g.Pending() != nil && n < 20_000; n++ {
		d := g.Pending()
		props := lead.Propose(g, d)
		own := ai.Answer(g, d)
		if len(props) == 0 || string(props[0]) != string(own) {
			t.Fatalf("decision %d (%s): the lead proposes %s first, the AI answers %s", n, d.Kind, props, own)
		}
		if len(props) > 1 {
			if !Decisive(d.Kind) || len(props) != 2 || string(props[1]) == string(own) || d.Check(props[1]) != nil {
				t.Fatalf("decision %d (%s): the lead proposes %s", n, d.Kind, props)
			}
			both[d.Kind]++
		}
		if err := g.Answer(d.Player, own); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{KindIsOccuCity, KindIsAttackCity, KindSaloonSelPeople} {
		if both[k] == 0 {
			t.Errorf("no %s proposed both ways in the game (%v)", k, both)
		}
	}
	if Decisive(KindSelRoleAction) || Decisive(KindSelStudy) || !Decisive(KindBattleWithRole) {
		t.Error("Decisive: the choice of action and studying are not decisive, a battle with a role met is")
	}
}

// TestDecisiveSearchIsReproduciblePerSeed: search-decisive, one of three
// seats of a short game of 赤壁, searches its decisive questions only
// (the AI answers the rest) and plays the same game for the same seed.
func TestDecisiveSearchIsReproduciblePerSeed(t *testing.T) {
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
		sp := search.New(DecisiveModel(3), search.Options{Playouts: 4, Seed: seed})
		ai := NewAI(9)
		for d := g.Pending(); d != nil; d = g.Pending() {
			var a engine.Answer
			if d.Player == 0 {
				a = sp.Answer(g, d)
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
	if st.Decisions == 0 || st.Failed > 0 || st.Playouts != 4*st.Decisions {
		t.Errorf("%d decisions searched, %d playouts (%d failed): want 4 a decision, none failed", st.Decisions, st.Playouts, st.Failed)
	}
}

// TestScreenedSearchIsReproduciblePerSeed: search-screened, one of three
// seats of a short game of 赤壁, gives only legal answers, plays the same
// game for the same seed, and ends some decisive questions before their
// budget of 64 playouts (the other course plainly no better, or plainly
// better, after 16 rounds).
func TestScreenedSearchIsReproduciblePerSeed(t *testing.T) {
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
		sp := search.New(ScreenedModel(3), search.Options{Playouts: 64, Seed: seed})
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
	if st.Decisions == 0 || st.Failed > 0 || st.Playouts >= 64*st.Decisions || st.Playouts < 32*st.Decisions {
		t.Errorf("%d decisions searched, %d playouts (%d failed): want 32 to 64 a decision, fewer than 64 on the whole, none failed",
			st.Decisions, st.Playouts, st.Failed)
	}
}
