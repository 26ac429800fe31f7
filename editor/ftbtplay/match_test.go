package ftbtplay

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/editor/play/playtest"
	"github.com/shapan/shapan/engine"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/ftbttest"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/imagetest"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/samples"
)

var tap = playtest.Tap

// ftbtOpen opens a copy of the sample level 长坂坡 with its rules.
func ftbtOpen(t *testing.T) (*editor.Studio, *editor.Session) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	dir := t.TempDir()
	for _, name := range []string{"ftbt/长坂坡.yaml", "ftbt/兵法.yaml"} {
		src, err := samples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := st.Open(filepath.Join(dir, "长坂坡.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return st, s
}

// ftbtOpenGame starts a game of the sample with side 0 played by a
// person (when human) and the computer on side 1.
func ftbtOpenGame(t *testing.T, human bool, seed int64) (*play.Window, *ftbtMatch) {
	t.Helper()
	return ftbtOpenEdited(t, nil, human, seed)
}

// ftbtOpenEdited is ftbtOpenGame on the sample changed by edit (one
// undoable edit in the editor, not saved).
func ftbtOpenEdited(t *testing.T, edit func(l *ftbtfmt.Level), human bool, seed int64) (*play.Window, *ftbtMatch) {
	t.Helper()
	return ftbtOpenWith(t, edit, human, play.Options{Seed: seed})
}

// ftbtOpenWith is ftbtOpenEdited with the game's options.
func ftbtOpenWith(t *testing.T, edit func(l *ftbtfmt.Level), human bool, o play.Options) (*play.Window, *ftbtMatch) {
	t.Helper()
	st, s := ftbtOpen(t)
	if edit != nil {
		s.Edit("change the level", func() { edit(s.Model().(*ftbtfmt.Level)) })
	}
	seats, err := ftbtSeats(s.Document())
	if err != nil {
		t.Fatal(err)
	}
	seats[0].Human = human
	w, err := play.OpenWith(st, s, seats, o)
	if err != nil {
		t.Fatal(err)
	}
	w.Speed = 0
	return w, w.Match().(*ftbtMatch)
}

// ftbtClick taps cell (x, y) of the board.
func ftbtClick(m *ftbtMatch, x, y int) {
	guitest.Tap(m.grid, m.grid.CellCentre(x, y))
}

// ftbtQuestionText is every label of the question panel.
func ftbtQuestionText(w *play.Window) string {
	var out []string
	for _, o := range test.LaidOutObjects(w.Question()) {
		if l, ok := o.(*widget.Label); ok && l.Text != "" {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}

// ftbtExpect checks the pending decision's kind.
func ftbtExpect(t *testing.T, w *play.Window, m *ftbtMatch, kind string) {
	t.Helper()
	d := m.g.Pending()
	if d == nil || d.Kind != kind || d.Player != 0 || !w.Asking() {
		t.Fatalf("want the person asked %s, got %+v (asking %v, status %q)", kind, d, w.Asking(), w.Status())
	}
}

// ftbtRefused clicks (x, y), which must be refused with a message containing
// want and leave the game as it was.
func ftbtRefused(t *testing.T, w *play.Window, m *ftbtMatch, x, y int, want string) {
	t.Helper()
	kind, answers := m.g.Pending().Kind, len(m.g.Answers())
	before := m.g.People()
	ftbtClick(m, x, y)
	if got := ftbtQuestionText(w); !strings.Contains(got, want) {
		t.Errorf("a click on (%d, %d) at %s: want a message with %q, the question says:\n%s", x, y, kind, want, got)
	}
	if m.g.Pending().Kind != kind || len(m.g.Answers()) != answers {
		t.Errorf("a refused click on (%d, %d) reached the game", x, y)
	}
	for i, p := range m.g.People() {
		if p != before[i] {
			t.Errorf("a refused click changed %s: %+v → %+v", p.Name, before[i], p)
		}
	}
}

// TestFTBTPlayAsHuman plays side 0 of 长坂坡 with clicks on the board and
// the question panel against the computer: moves, a tech, refusals,
// ending the turn, the computer's turn, and quitting.
func TestFTBTPlayAsHuman(t *testing.T) {
	w, m := ftbtOpenGame(t, true, 1)
	ftbtExpect(t, w, m, ftbteng.KindSelPeople)
	if len(m.q.pick) != 5 {
		t.Errorf("the board marks %d people who may act, want side 0's 5", len(m.q.pick))
	}
	ftbtRefused(t, w, m, 10, 3, "Nobody stands on (10, 3)")
	ftbtRefused(t, w, m, 27, 9, "曹纯 is the enemy's")

	// 赵云 (3, 10) goes to (6, 10) and uses no tech.
	ftbtClick(m, 3, 10)
	ftbtExpect(t, w, m, ftbteng.KindSelMoveObj)
	if len(m.q.dests) == 0 || !slices.Contains(m.q.dests, 10*32+6) {
		t.Fatalf("the movement range marked on the board lacks (6, 10): %v", m.q.dests)
	}
	ftbtRefused(t, w, m, 20, 10, "赵云 cannot reach (20, 10)")
	ftbtRefused(t, w, m, 2, 6, "(2, 6) is taken by 刘备")
	ftbtClick(m, 6, 10)
	ftbtExpect(t, w, m, ftbteng.KindSelTech)
	if got := m.g.People()[0].Loc; got != 10*32+6 {
		t.Fatalf("赵云 is on cell %d after the click on (6, 10)", got)
	}
	if m.pos[0] != 10*32+6 {
		t.Errorf("the board shows 赵云 on cell %d", m.pos[0])
	}
	tap(t, w, "No tech")
	ftbtExpect(t, w, m, ftbteng.KindSelPeople)
	ftbtRefused(t, w, m, 6, 10, "赵云 has already acted")

	// 刘备 (2, 6) stays and uses 鼓舞 on his own cell.
	ftbtClick(m, 2, 6)
	ftbtExpect(t, w, m, ftbteng.KindSelMoveObj)
	tap(t, w, "Stay here")
	ftbtExpect(t, w, m, ftbteng.KindSelTech)
	tap(t, w, "鼓舞")
	ftbtExpect(t, w, m, ftbteng.KindSelTechObj)
	if len(m.q.rng) == 0 || m.q.tech < 0 {
		t.Fatal("the tech's range is not marked on the board")
	}
	ftbtRefused(t, w, m, 10, 6, "(10, 6) is out of 鼓舞's range")
	ftbtClick(m, 2, 6)
	ftbtExpect(t, w, m, ftbteng.KindSelPeople)
	if e := m.aux[0][6*32+2][ftbteng.EffectAbi]; e.Val <= 0 || e.Dur != 3 {
		t.Errorf("the board does not show 鼓舞's attack buff on (2, 6): %+v", e)
	}

	// 张飞 starts to move, cancels; 简雍 picks 弓射 without an enemy in
	// range, gives it up and ends the action.
	ftbtClick(m, 12, 10)
	ftbtExpect(t, w, m, ftbteng.KindSelMoveObj)
	tap(t, w, "Cancel")
	ftbtExpect(t, w, m, ftbteng.KindSelPeople)
	if len(m.q.pick) != 3 {
		t.Errorf("after a cancelled action %d people may act, want 3", len(m.q.pick))
	}
	ftbtClick(m, 1, 14)
	tap(t, w, "Stay here")
	tap(t, w, "弓射")
	ftbtExpect(t, w, m, ftbteng.KindSelTechObj)
	ftbtRefused(t, w, m, 1, 12, "弓射 needs an enemy")
	tap(t, w, "Choose another tech")
	ftbtExpect(t, w, m, ftbteng.KindSelTech)
	tap(t, w, "No tech")

	// End the turn: No, then Yes; the computer plays side 1.
	tap(t, w, "End turn")
	ftbtExpect(t, w, m, ftbteng.KindConfirm)
	if !strings.Contains(ftbtQuestionText(w), "2 of your people have not acted") {
		t.Errorf("the confirmation does not say who has not acted:\n%s", ftbtQuestionText(w))
	}
	tap(t, w, "No")
	ftbtExpect(t, w, m, ftbteng.KindSelPeople)
	tap(t, w, "End turn")
	tap(t, w, "Yes, end the turn")
	ftbtExpect(t, w, m, ftbteng.KindSelPeople)
	if m.g.Turn() != 2 {
		t.Fatalf("round %d after ending the turn, want 2", m.g.Turn())
	}
	log := strings.Join(w.Lines(), "\n")
	for _, want := range []string{"— Round 1: Side 0 (red)'s turn", "赵云 moves (3, 10) → (6, 10)", "刘备 uses 鼓舞 on (2, 6): attack +7 (+4 within 1), 3 rounds",
		"— Round 1: Side 1 (blue)'s turn", "曹纯 moves", "— Round 2: Side 0 (red)'s turn"} {
		if !strings.Contains(log, want) {
			t.Errorf("the event log lacks %q:\n%s", want, log)
		}
	}
	for i, p := range m.g.People() {
		if m.pos[i] != p.Loc || m.hp[i] != p.HP {
			t.Errorf("the board shows %s on %d with hp %d, the game has %d and %d", p.Name, m.pos[i], m.hp[i], p.Loc, p.HP)
		}
	}

	// Quit: the game ends without a winner.
	tap(t, w, "Quit the game")
	ftbtExpect(t, w, m, ftbteng.KindConfirm)
	tap(t, w, "Yes, quit")
	if !w.Finished() || !strings.Contains(w.Status(), "Side 0 (red) quit in round 2") {
		t.Errorf("after quitting: finished %v, status %q", w.Finished(), w.Status())
	}
}

// ftbtFaceToFace puts 曹纯 two cells right of 赵云.
func ftbtFaceToFace(l *ftbtfmt.Level) { l.People[5].X, l.People[5].Y = 5, 10 }

// TestFTBTHumanAttacks has 赵云 step up to 曹纯 and strike him with 刀击,
// picked from the list of techs, after a click on an empty target is
// refused.
func TestFTBTHumanAttacks(t *testing.T) {
	w, m := ftbtOpenEdited(t, ftbtFaceToFace, true, 1)
	ftbtClick(m, 3, 10)
	ftbtClick(m, 4, 10)
	ftbtExpect(t, w, m, ftbteng.KindSelTech)
	if !strings.Contains(ftbtQuestionText(w)+ftbtButtons(w), "刀击 · damage 14 — 1 enemy in range") {
		t.Errorf("the tech list does not say 刀击 reaches 曹纯:\n%s", ftbtButtons(w))
	}
	tap(t, w, "刀击")
	ftbtExpect(t, w, m, ftbteng.KindSelTechObj)
	if len(m.q.targets) != 1 || m.q.targets[0] != 10*32+5 {
		t.Errorf("the board marks the targets %v, want 曹纯's cell", m.q.targets)
	}
	ftbtRefused(t, w, m, 4, 9, "刀击 needs an enemy on the target: (4, 9) holds none")
	ftbtRefused(t, w, m, 7, 10, "(7, 10) is out of 刀击's range")
	ftbtClick(m, 5, 10)
	ftbtExpect(t, w, m, ftbteng.KindSelPeople)
	hp := m.g.People()[5].HP
	// abi 24 - def 16 + value 14 = 22, plus up to 15% at random.
	if hp > 110-22 || hp < 110-25 {
		t.Errorf("曹纯 has %d hp after 刀击, want 85 to 88", hp)
	}
	if m.hp[5] != hp {
		t.Errorf("the board shows 曹纯 with %d hp, the game %d", m.hp[5], hp)
	}
	log := strings.Join(w.Lines(), "\n")
	for _, want := range []string{"赵云 moves (3, 10) → (4, 10)", "赵云 uses 刀击 on 曹纯 (5, 10)", fmt.Sprintf("曹纯 loses %d hp (110 → %d)", 110-hp, hp)} {
		if !strings.Contains(log, want) {
			t.Errorf("the event log lacks %q:\n%s", want, log)
		}
	}
}

// TestFTBTEngineRefusalShown answers a question whose game refuses the
// answer: the reason is shown and the board keeps the question's marks.
func TestFTBTEngineRefusalShown(t *testing.T) {
	w, m := ftbtOpenGame(t, true, 1)
	d := &engine.Decision{Player: 0, Kind: ftbteng.KindSelMoveObj,
		Args: ftbteng.SelMoveArgs{P: 0, From: 10*32 + 3, Valid: []int{10*32 + 3, 10*32 + 4}, Dests: []int{10*32 + 3, 10*32 + 4}}}
	var got string
	form := m.Ask(d, func(a engine.Answer) error {
		got = string(a)
		return errors.New("the game is elsewhere")
	})
	w.Question().RemoveAll()
	w.Question().Add(form)
	ftbtClick(m, 4, 10)
	if got != "324" {
		t.Errorf("a click on (4, 10) answered %q, want cell 324", got)
	}
	if text := ftbtQuestionText(w); !strings.Contains(text, "Refused: the game is elsewhere") {
		t.Errorf("the refusal is not shown:\n%s", text)
	}
	if len(m.q.dests) != 2 || m.q.onCell == nil {
		t.Error("a refused answer took the question's marks off the board")
	}
}

// ftbtButtons is the text of every button of the question panel.
func ftbtButtons(w *play.Window) string {
	var out []string
	for _, o := range test.LaidOutObjects(w.Question()) {
		if b, ok := o.(*widget.Button); ok {
			out = append(out, b.Text)
		}
	}
	return strings.Join(out, "\n")
}

// TestFTBTComputerGame runs whole computer games in the window: the
// sample, whose armies meet at the bridge, to a win; the sample with a
// cautious side 1 (defence weighed most, no goal), whose sides never meet,
// to a turn cap of 10 rounds (100, the default, with SHAPAN_LONG=1); and an
// edited level with one weak enemy beside 赵云 to side 0's win in the
// first round.
func TestFTBTComputerGame(t *testing.T) {
	start := time.Now()
	w, m := ftbtOpenGame(t, false, 3)
	if !w.Finished() {
		t.Fatalf("a computer game did not run to its end: %s", w.Status())
	}
	// The level's intro (长坂坡.intro) was shown as the game started.
	if l := m.level; l.Intro == nil || w.Intro() == "" || w.Intro() != strings.TrimSpace(*l.Intro) {
		t.Errorf("the game started without its intro (%q)", w.Intro())
	}
	// Return presses the intro's only button, as in the studio's dialogs.
	c := w.Window().Canvas()
	if c.Overlays().Top() == nil {
		t.Fatal("the intro is not shown over the play window")
	}
	if typed := c.OnTypedKey(); typed != nil {
		typed(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	if c.Overlays().Top() != nil {
		t.Error("Return does not close the intro")
	}
	t.Logf("to a win: %d rounds in %v", m.g.Rounds(), time.Since(start))
	if m.g.Capped() || !strings.Contains(w.Status(), "wins in round") {
		t.Errorf("status %q (capped %v)", w.Status(), m.g.Capped())
	}
	if m.cap != ftbtTurnCap {
		t.Errorf("a game started with no turn cap has a cap of %d rounds, not %d", m.cap, ftbtTurnCap)
	}
	log := strings.Join(w.Lines(), "\n")
	for _, want := range []string{"— Round 2: Side 1 (blue)'s turn", "赵云 moves", "虎豹骑甲 moves", "leaves the field"} {
		if !strings.Contains(log, want) {
			t.Errorf("the event log lacks %q", want)
		}
	}

	start = time.Now()
	turnCap := longtest.Pick(10, ftbtTurnCap)
	w, m = ftbtOpenWith(t, func(l *ftbtfmt.Level) {
		for i := range l.People {
			if l.People[i].Side == 1 {
				l.People[i].AI = &ftbtfmt.PersonAI{Attack: 30, Defence: 50, Move: 20, GoalX: -1, GoalY: -1}
			}
		}
	}, false, play.Options{Seed: 3, TurnCap: turnCap})
	if !w.Finished() {
		t.Fatalf("a computer game did not run to its end: %s", w.Status())
	}
	t.Logf("to the cap: %d rounds in %v", m.g.Rounds(), time.Since(start))
	if want := fmt.Sprintf("Game over: no winner: the turn cap of %d rounds was reached with 5 against 6 people", turnCap); !m.g.Capped() || !strings.Contains(w.Status(), want) {
		t.Errorf("status %q (capped %v), want %q", w.Status(), m.g.Capped(), want)
	}
	log = strings.Join(w.Lines(), "\n")
	if want := fmt.Sprintf("— Round %d: Side 1 (blue)'s turn", turnCap); !strings.Contains(log, want) {
		t.Errorf("the event log lacks %q", want)
	}
	if unwanted := fmt.Sprintf("— Round %d:", turnCap+1); strings.Contains(log, unwanted) {
		t.Errorf("the event log has %q, after the cap", unwanted)
	}

	w, m = ftbtOpenEdited(t, func(l *ftbtfmt.Level) {
		l.People = l.People[:6]
		l.People[5].X, l.People[5].Y, l.People[5].HP = 4, 10, 5
	}, false, 1)
	if !w.Finished() || !strings.Contains(w.Status(), "Side 0 (red) wins in round 1 with 5 people left") {
		t.Fatalf("status %q", w.Status())
	}
	log = strings.Join(w.Lines(), "\n")
	for _, want := range []string{"on 曹纯 (4, 10)", "曹纯 loses", "曹纯 falls at (4, 10) and leaves the field"} {
		if !strings.Contains(log, want) {
			t.Errorf("the event log lacks %q:\n%s", want, log)
		}
	}
	if m.pos[5] != -1 {
		t.Error("the board still shows 曹纯")
	}
}

// ftbtBoardAlone starts a game of doc with side 0 a person's and shows
// its board alone in a test window of the given size: the person's
// questions are answered through the match's own forms, the events shown
// as the play window shows them (the board only, so that its golden
// images do not depend on the play window around it).
func ftbtBoardAlone(t *testing.T, s *editor.Session, size fyne.Size) (*ftbtMatch, fyne.Window) {
	t.Helper()
	seats, _ := ftbtSeats(s.Document())
	seats[0].Human = true
	mt, err := newFTBTMatch(play.Snapshot(s), seats, play.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := mt.(*ftbtMatch)
	t.Cleanup(m.Close)
	win := test.NewWindow(m.Board())
	t.Cleanup(win.Close)
	win.SetPadded(false)
	win.Resize(size)
	shown := 0
	var ask func()
	ask = func() {
		for ; shown < len(m.g.Events()); shown++ {
			m.Event(m.g.Events()[shown])
		}
		d := m.g.Pending()
		m.Ask(d, func(a engine.Answer) error {
			if err := m.g.Answer(d.Player, a); err != nil {
				return err
			}
			ask()
			return nil
		})
	}
	ask()
	return m, win
}

// TestFTBTBoardImages compares the board with its golden images: 赵云's
// movement range marked, and 刀击's range and target.
func TestFTBTBoardImages(t *testing.T) {
	size := fyne.NewSize(820, 560)
	_, s := ftbtOpen(t)
	m, win := ftbtBoardAlone(t, s, size)
	ftbtClick(m, 3, 10)
	if len(m.q.dests) == 0 {
		t.Fatal("no movement range marked")
	}
	imagetest.Compare(t, "ftbt-board-move", win.Canvas().Capture())

	_, s = ftbtOpen(t)
	s.Edit("face to face", func() { ftbtFaceToFace(s.Model().(*ftbtfmt.Level)) })
	m, win = ftbtBoardAlone(t, s, size)
	ftbtClick(m, 3, 10)
	ftbtClick(m, 4, 10)
	// 刀击 is the first tech of 赵云.
	if d := m.g.Pending(); d.Kind != ftbteng.KindSelTech {
		t.Fatalf("pending %s, want sel_tech", d.Kind)
	}
	if err := m.g.Answer(0, engine.Encode(0)); err != nil {
		t.Fatal(err)
	}
	m.Ask(m.g.Pending(), func(engine.Answer) error { return nil })
	if len(m.q.targets) != 1 {
		t.Fatalf("targets %v, want 曹纯's cell", m.q.targets)
	}
	imagetest.Compare(t, "ftbt-board-target", win.Canvas().Capture())
}

// TestFTBTSeats checks the seats and that a level without rules is
// refused with a reason.
func TestFTBTSeats(t *testing.T) {
	_, s := ftbtOpen(t)
	seats, err := ftbtSeats(s.Document())
	if err != nil || len(seats) != 2 || seats[0].Name != "Side 0 (red)" || seats[1].Name != "Side 1 (blue)" {
		t.Errorf("seats %v, %v", seats, err)
	}
	doc := *s.Document()
	doc.Rules = nil
	if _, err := ftbtSeats(&doc); err == nil || !strings.Contains(err.Error(), "rules") {
		t.Errorf("a level without rules: %v", err)
	}
}

// TestFTBTNoticeSaysWhyNobodyMoves: a level whose sides a river keeps
// apart says so above the board (nobody comes to fight); the sample,
// where everybody can reach an enemy, says nothing.
func TestFTBTNoticeSaysWhyNobodyMoves(t *testing.T) {
	st, s := ftbtOpen(t)
	s.Edit("a river", func() {
		if !ftbttest.River(s.Model().(*ftbtfmt.Level), s.Document().Rules.(*ftbtfmt.Rules)) {
			t.Fatal("the sample has a person on its middle column")
		}
	})
	seats, err := ftbtSeats(s.Document())
	if err != nil {
		t.Fatal(err)
	}
	seats[0].Human = true
	w, err := play.Open(st, s, seats, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Notice(), "Nobody can reach an enemy") || !strings.Contains(w.Notice(), "FTB033") {
		t.Errorf("the play window says %q", w.Notice())
	}
	w, _ = ftbtOpenGame(t, true, 1)
	if w.Notice() != "" {
		t.Errorf("the sample's play window says %q", w.Notice())
	}
}
