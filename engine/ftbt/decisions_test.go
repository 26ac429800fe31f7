package ftbt

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// refused checks that answer a is refused with a reason containing want
// and that nothing changed.
func refused(t *testing.T, g *Game, player int, a, want string) {
	t.Helper()
	before, events, answers := g.Pending(), len(g.Events()), len(g.Answers())
	err := g.Answer(player, engine.Answer(a))
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("answer %s: got %v, want a refusal containing %q", a, err, want)
	}
	if g.Pending() != before || len(g.Events()) != events || len(g.Answers()) != answers {
		t.Fatalf("answer %s: a refused answer changed the game", a)
	}
}

// TestRefusedAnswers: the answers that crash the original, or have the
// wrong shape, are refused with a reason and change nothing.
func TestRefusedAnswers(t *testing.T) {
	hit := ftbtfmt.Tech{Name: "击", Class: ftbtfmt.ClassPeople, Range: adjacent, Value: 1}
	g := newGame(t, Setup{Rules: testRules(hit), Level: testLevel(4, 3, pawn(0, 0, 0, 0), pawn(1, 3, 2))})
	refused(t, g, 1, "5", "is for player 0")
	refused(t, g, 0, "-3", "must be -1, -2 or a cell from 0 to 11, not -3")
	refused(t, g, 0, "12", "not 12")
	refused(t, g, 0, `"quit"`, "must be an integer")
	refused(t, g, 0, "1.5", "must be an integer")
	refused(t, g, 0, "null", "must be an integer")
	refused(t, g, 0, "{", "not a JSON value")
	answer(t, g, KindSelPeople, 0)
	refused(t, g, 0, "-2", "must be -1 or a cell")
	refused(t, g, 0, "12", "not 12")
	answer(t, g, KindSelMoveObj, 0)
	refused(t, g, 0, "1", "tech index from 0 to 0, not 1")
	refused(t, g, 0, "-2", "not -2")
	answer(t, g, KindSelTech, 0)
	refused(t, g, 0, "-5", "must be -1 or a cell")
	refused(t, g, 0, "true", "must be an integer")
	answer(t, g, KindSelTechObj, -1)
	answer(t, g, KindSelTech, -1)
	answer(t, g, KindSelPeople, AnswerQuit) // side 1's turn now
	refused(t, g, 0, "true", "is for player 1")
	refused(t, g, 1, "1", "true or false")
}

// TestIgnoredAnswersAreAskedAgain: answers the original ignores or
// re-asks are legal and asked again, exactly as it does.
func TestIgnoredAnswersAreAskedAgain(t *testing.T) {
	hit := ftbtfmt.Tech{Name: "击", Class: ftbtfmt.ClassPeople, Range: adjacent, Value: 1}
	l := testLevel(4, 3, pawn(0, 0, 0, 0), pawn(0, 1, 0), pawn(1, 3, 2))
	g := newGame(t, Setup{Rules: testRules(hit), Level: l, Seed: 3})
	answer(t, g, KindSelPeople, 5)  // an empty cell
	answer(t, g, KindSelPeople, 11) // an enemy
	if len(g.Events()) != 1 {
		t.Fatalf("ignored selections emitted %s", eventsJSON(g, 0))
	}
	answer(t, g, KindSelPeople, 0)
	args := g.Pending().Args.(SelMoveArgs)
	if args.P != 0 || args.From != 0 || !inList(args.Valid, 1) || inList(args.Dests, 1) || !inList(args.Dests, 0) {
		t.Fatalf("move args %+v: the friend's cell is in the range but not a destination", args)
	}
	answer(t, g, KindSelMoveObj, 1)  // the friend's cell: asked again
	answer(t, g, KindSelMoveObj, 11) // out of range: asked again
	answer(t, g, KindSelMoveObj, -1) // cancel: back to the selection, still to act
	if a := g.Pending().Args.(SelPeopleArgs); len(a.People) != 2 || a.People[0] != 0 {
		t.Fatalf("after a cancel: %+v", a)
	}
	answer(t, g, KindSelPeople, 0)
	answer(t, g, KindSelMoveObj, 4) // (0,1)
	answer(t, g, KindSelTech, 0)
	ta := g.Pending().Args.(SelTechObjArgs)
	if ta.Loc != 4 || ta.Tech != 0 || len(ta.Targets) != 0 || len(ta.Range) != 3 {
		t.Fatalf("target args %+v", ta)
	}
	answer(t, g, KindSelTechObj, 5) // an empty cell for a damage tech: rejected
	if ta := g.Pending().Args.(SelTechObjArgs); ta.Rejected != 1 {
		t.Fatalf("after a rejected use: %+v", ta)
	}
	answer(t, g, KindSelTechObj, 11) // out of range: rejected
	answer(t, g, KindSelTechObj, -1) // give the tech up: the tech is asked again
	if a := g.Pending().Args.(SelTechArgs); a.Retry != 1 {
		t.Fatalf("after giving up: %+v", a)
	}
	answer(t, g, KindSelTech, -1)
	answer(t, g, KindSelPeople, 4) // already acted: accepted, nothing happens
	if d := g.Pending(); d.Kind != KindSelPeople || d.Player != 0 {
		t.Fatalf("selecting a finished person: %s to %d", d.Kind, d.Player)
	}
	answer(t, g, KindSelPeople, 1)
	answer(t, g, KindSelMoveObj, 1)
	answer(t, g, KindSelTech, -1)
	if d := g.Pending(); d.Player != 1 {
		t.Fatal("side 0's turn did not end when everyone had acted")
	}
	for _, e := range g.Events() {
		if _, ok := e.(DoTech); ok {
			t.Fatalf("a rejected use emitted %s", eventsJSON(g, 0))
		}
	}
}
