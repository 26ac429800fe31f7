package mbgplay

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/editor/play/playtest"
	"github.com/shapan/shapan/engine"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/longtest"
)

var (
	openSample = playtest.OpenSample
	tap        = playtest.Tap
)

// TestPlayAFewTurnsAsAHuman plays the sample as its first role against
// the computer: a person answers every question through the question
// panel (the first choice offered, or "No"/"Leave"), the computer plays
// the others, until turn 4 is over.
func TestPlayAFewTurnsAsAHuman(t *testing.T) {
	st, s := openSample(t, "mbg/赤壁.yaml")
	seats, _ := mbgSeats(s.Document())
	seats[0].Human = true
	w, err := play.Open(st, s, seats, 11)
	if err != nil {
		t.Fatal(err)
	}
	w.Speed = 0
	m := w.Match().(*mbgMatch)
	answered := 0
	for m.g.Turn() <= 4 && !w.Finished() {
		if !w.Asking() {
			t.Fatalf("the game waits without asking (turn %d): %s", m.g.Turn(), w.Status())
		}
		d := m.g.Pending()
		if d.Player != 0 {
			t.Fatalf("a question for the computer's seat %d was shown to the person", d.Player)
		}
		switch d.Kind {
		case mbgeng.KindSelRoleAction:
			tap(t, w, "Roll the dice")
		case mbgeng.KindIsOccuCity:
			tap(t, w, "Yes")
		case mbgeng.KindSelCityMos, mbgeng.KindExchangeCityPeople:
			// Tick the first officer offered, then confirm.
			for _, o := range test.LaidOutObjects(w.Question()) {
				if cg, ok := o.(*widget.CheckGroup); ok && len(cg.Options) > 0 {
					cg.SetSelected(cg.Options[:1])
					break
				}
			}
			if d.Kind == mbgeng.KindSelCityMos {
				tap(t, w, "Garrison")
			} else {
				tap(t, w, "Done")
			}
		case mbgeng.KindSelAllocObj:
			tap(t, w, "Finish")
		case mbgeng.KindSelGeneral:
			tap(t, w, "Fight")
		case mbgeng.KindSaloonSelPeople:
			tap(t, w, "Leave")
		case mbgeng.KindSelMayor, mbgeng.KindSelTreasurer, mbgeng.KindSelTrain:
			tap(t, w, "Keep as it is")
		default:
			tap(t, w, "No")
		}
		answered++
	}
	if answered == 0 {
		t.Fatal("the person was never asked")
	}
	log := strings.Join(w.Lines(), "\n")
	for _, want := range []string{"— 魏's turn", "魏 rolls", "— 蜀's turn", "End of turn 1"} {
		if !strings.Contains(log, want) {
			t.Errorf("the event log lacks %q:\n%s", want, log)
		}
	}
	// Restarting replays the same game: the same dice for the same moves.
	first := append([]string(nil), w.Lines()[:3]...)
	w.Restart()
	tap(t, w, "Roll the dice")
	if got := w.Lines(); len(got) < 3 || strings.Join(got[:3], "|") != strings.Join(first, "|") {
		t.Errorf("restart with the same seed began differently:\n%v\n%v", first, got)
	}
	// Back to editing: the document is as it was edited, untouched by play.
	w.BackToEditing()
	if s.Dirty() || s.Model().(*mbg.Scenario).Roles[0].Money != 14000 {
		t.Error("playing changed the document")
	}
}

// TestComputerGamePausesStepsAndEnds runs a whole computer game, pausing
// and stepping on the way. The game ends at a turn limit of 12 turns (the
// default 100 with SHAPAN_LONG=1), where the richest role wins.
func TestComputerGamePausesStepsAndEnds(t *testing.T) {
	st, s := openSample(t, "mbg/赤壁.yaml")
	seats, _ := mbgSeats(s.Document())
	// Playing starts from the document as edited, unsaved edits included.
	s.Edit("richer", func() { s.Model().(*mbg.Scenario).Roles[2].Money = 30000 })
	limit := longtest.Pick(12, mbgTurnLimit)
	w, err := play.OpenWith(st, s, seats, play.Options{Seed: 5, TurnCap: limit})
	if err != nil {
		t.Fatal(err)
	}
	if !w.Finished() {
		t.Fatal("a computer game in synchronous mode did not run to its end")
	}
	if !strings.Contains(w.Status(), "Game over") {
		t.Fatalf("status %q", w.Status())
	}
	m := w.Match().(*mbgMatch)
	t.Logf("turn %d: %s", m.g.Turn(), w.Status())
	if m.g.Turn() > limit+1 { // the turn after the last one played
		t.Errorf("the game went on to turn %d, past its limit of %d", m.g.Turn(), limit)
	}
	if !strings.Contains(strings.Join(w.Lines(), "\n"), "money 30000") {
		t.Error("the game did not start from the edited document")
	}
	// The latest event is shown in full below the log, or the one selected.
	lines := w.Lines()
	if w.Detail() != lines[len(lines)-1] {
		t.Errorf("the full line shows %q, not the latest %q", w.Detail(), lines[len(lines)-1])
	}
	w.Log().Select(1)
	if w.Detail() != lines[1] {
		t.Errorf("the full line shows %q, not the selected %q", w.Detail(), lines[1])
	}
	w.Log().UnselectAll()
	if w.Detail() != lines[len(lines)-1] {
		t.Errorf("after unselecting, the full line shows %q", w.Detail())
	}
	// Paused, Step advances one decision at a time.
	w.TogglePause()
	w.Restart()
	before := len(w.Match().Machine().Answers())
	w.Step()
	w.Step()
	if got := len(w.Match().Machine().Answers()); got != before+2 {
		t.Fatalf("two steps answered %d decisions", got-before)
	}
}

// TestClickASquareForACard answers a card's square question by clicking
// the board.
func TestClickASquareForACard(t *testing.T) {
	st, s := openSample(t, "mbg/赤壁.yaml")
	seats, _ := mbgSeats(s.Document())
	seats[0].Human = true // the game waits at role 0's first question
	w, err := play.Open(st, s, seats, 3)
	if err != nil {
		t.Fatal(err)
	}
	m := w.Match().(*mbgMatch)
	var got string
	m.Ask(&engine.Decision{Player: 0, Kind: mbgeng.KindSelCardObjLoc, Args: mbgeng.CardArgs{Card: 0}}, func(a engine.Answer) error {
		got = string(a)
		return nil
	})
	guitest.Tap(m.board.Grid, m.board.CellCentre(7))
	if got != "7" {
		t.Errorf("a click on square 7 answered %q", got)
	}
}

// TestOpenPositionInTheEditor: at a person's move the game opens in the
// studio as a new, unsaved save document, which checks clean, has the
// game's turn and money, and plays on in the engine; at another question
// the window says when a position can be opened.
func TestOpenPositionInTheEditor(t *testing.T) {
	st, s := openSample(t, "mbg/赤壁.yaml")
	seats, _ := mbgSeats(s.Document())
	seats[0].Human = true
	w, err := play.Open(st, s, seats, 11)
	if err != nil {
		t.Fatal(err)
	}
	m := w.Match().(*mbgMatch)
	if d := m.g.Pending(); d == nil || d.Kind != mbgeng.KindSelRoleAction {
		t.Fatalf("the game does not wait for the person's move: %+v", d)
	}
	before := len(st.Sessions())
	pos, err := w.OpenPosition()
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Sessions()) != before+1 || pos.Kind() != mbg.KindSave || !pos.Dirty() || pos.Path != "" {
		t.Fatalf("the position did not open as a new unsaved save (%d tabs, kind %s, dirty %v)", len(st.Sessions()), pos.Kind(), pos.Dirty())
	}
	for _, d := range pos.Problems() {
		t.Errorf("the saved position has a problem: %s", d)
	}
	sv := pos.Model().(*mbg.Save)
	if sv.Turn != m.g.Turn() || sv.Roles[1].Money != m.g.Money(1) {
		t.Errorf("the save has turn %d and money %v, the game turn %d and %v", sv.Turn, sv.Roles[1].Money, m.g.Turn(), m.g.Money(1))
	}
	g, err := mbgeng.New(mbgeng.Setup{Save: sv, Seed: 1, MaxTurn: sv.Turn + 3}, mbgeng.Options{})
	if err != nil {
		t.Fatalf("the engine does not load the saved position: %v", err)
	}
	defer g.Close()
	ai := mbgeng.NewAI(1)
	for d := g.Pending(); d != nil; d = g.Pending() {
		if err := g.Answer(d.Player, ai.Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || g.Err() != nil {
		t.Fatalf("the game from the position did not play to its end: %v", g.Err())
	}

	// Roll the dice until the person is asked something else than its
	// move: then no position can be opened.
	for i := 0; i < 30 && m.g.Pending() != nil && m.g.Pending().Kind == mbgeng.KindSelRoleAction; i++ {
		tap(t, w, "Roll the dice")
	}
	d := m.g.Pending()
	if d == nil || d.Kind == mbgeng.KindSelRoleAction {
		t.Fatal("the person was never asked anything but its move")
	}
	if _, err := w.OpenPosition(); err == nil || !strings.Contains(w.Status(), "when a role is asked for its move") {
		t.Errorf("a position opened at %s (status %q)", d.Kind, w.Status())
	}
}
