package ftbt

import (
	"testing"

	"github.com/shapan/shapan/engine"
)

// TestExplainMatchesTheDecision: the scores Explain exposes lead to the
// decision the AI then plays.
func TestExplainMatchesTheDecision(t *testing.T) {
	setup := legacySetup(t, "m1.map")
	ai, err := goldenPlayer(setup)
	if err != nil {
		t.Fatal(err)
	}
	var made []AIDecision
	ai.OnDecision = func(d AIDecision) { made = append(made, d) }
	g := newGame(t, setup)
	sc, err := ai.Explain(g, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.ValidLoc) == 0 || len(sc.LocScore) != len(sc.ValidLoc) || sc.NRP != 5 || sc.GoalPerson == -1 {
		t.Fatalf("scores %+v", sc)
	}
	for g.Pending().Kind != KindSelTech {
		d := g.Pending()
		if err := g.Answer(d.Player, ai.Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	want := AIDecision{Turn: 1, Side: 0, P: 0, Move: sc.Decision.Move, ITech: sc.Decision.ITech, Target: sc.Decision.Target}
	if len(made) != 1 || made[0] != want {
		t.Fatalf("decisions %+v, explained %+v", made, want)
	}
	if _, err := ai.Explain(g, 3); err == nil {
		t.Fatal("explaining a person of the side not to move")
	}
}

// TestAIWithoutControlledPeopleEndsItsTurn: people with factors -1 get no
// decision; the AI ends the turn instead of looping (spec §8).
func TestAIWithoutControlledPeopleEndsItsTurn(t *testing.T) {
	setup := legacySetup(t, "m2.map")
	setup.TurnCap = 3
	settings, err := LevelAI(setup.Level) // side 0 is not AI-controlled
	if err != nil {
		t.Fatal(err)
	}
	ai, err := NewAI(setup, settings)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, setup)
	if _, err := PlayOut(g, [2]Player{ai, ai}, 1000); err != nil {
		t.Fatal(err)
	}
	for i, p := range g.People() {
		if p.Side == 0 && p.Loc != setup.Level.People[i].Y*setup.Level.W+setup.Level.People[i].X {
			t.Fatalf("side-0 person %d moved", i)
		}
	}
	if !g.Capped() || g.Rounds() != 3 {
		t.Fatalf("capped %v after %d rounds", g.Capped(), g.Rounds())
	}
}

// TestAIGivesUpRefusedTargets: were a target ever refused, the AI would
// give the tech up rather than offer it again.
func TestAIGivesUpRefusedTargets(t *testing.T) {
	setup := legacySetup(t, "m1.map")
	ai, _ := goldenPlayer(setup)
	g := newGame(t, setup)
	for _, args := range []any{SelTechArgs{P: 0, From: 813, Loc: 813, Retry: 1}, SelTechObjArgs{P: 0, From: 813, Loc: 813, Rejected: 1}} {
		if a := ai.Answer(g, &engine.Decision{Args: args}); string(a) != "-1" {
			t.Fatalf("%T: answer %s", args, a)
		}
	}
}

// TestAIOfAnotherLevelNeverPanics: an AI asked about a game of another
// level controls nobody it has no settings for.
func TestAIOfAnotherLevelNeverPanics(t *testing.T) {
	m2 := legacySetup(t, "m2.map")
	ai, err := goldenPlayer(legacySetup(t, "m1.map")) // 10 people; m2 has 8
	if err != nil {
		t.Fatal(err)
	}
	m2.TurnCap = 2
	g := newGame(t, m2)
	if _, err := PlayOut(g, [2]Player{ai, ai}, 1000); err != nil {
		t.Fatal(err)
	}
	if _, err := ai.Explain(newGame(t, m2), 0); err == nil {
		t.Fatal("Explain on a game of another level")
	}
}
