package battleplay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/play"
	battle "github.com/shapan/shapan/engine/battle"
	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

// openFile opens a battle map document in a synchronous studio: a
// game's computer turns are played before a tap returns.
func openFile(t *testing.T, name string, src []byte) (*editor.Studio, *editor.Session) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return st, s
}

// openSample opens a copy of a battle sample.
func openSample(t *testing.T, name string) (*editor.Studio, *editor.Session) {
	t.Helper()
	src, err := samples.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	return openFile(t, filepath.Base(name), src)
}

// skirmish is a small map where the sides meet within a few rounds: the
// bases at (1,2) and (9,2), the flag zone between them and a level-1 city
// in the top left corner.
func skirmish() *bfmt.Map {
	m := bfmt.New(11, 5)
	for y := 1; y <= 3; y++ {
		for x := 4; x <= 6; x++ {
			m.Set(x, y, bfmt.CodeFlag)
		}
	}
	m.Set(1, 2, bfmt.CodeBase)
	m.Set(9, 2, bfmt.CodeBase)
	m.Set(0, 0, bfmt.CodeCity1)
	return m
}

// openSkirmish opens the skirmish map.
func openSkirmish(t *testing.T) (*editor.Studio, *editor.Session) {
	t.Helper()
	src, err := bfmt.Encode(skirmish())
	if err != nil {
		t.Fatal(err)
	}
	return openFile(t, "skirmish.yaml", src)
}

// start opens the play window of s with side 0 a person (when person)
// and side 1 the computer player named, at full speed.
func start(t *testing.T, st *editor.Studio, s *editor.Session, person bool, computer string, o play.Options) (*play.Window, *match) {
	t.Helper()
	seats, err := seats(s.Document())
	if err != nil {
		t.Fatal(err)
	}
	seats[0].Human = person
	seats[0].Computer = computer
	seats[1].Computer = computer
	w, err := play.OpenWith(st, s, seats, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Window().Close() })
	w.Speed = 0
	return w, w.Match().(*match)
}

// tapText taps the enabled button under root whose text starts with
// prefix; it fails the test, listing the buttons, when there is none.
func tapText(t *testing.T, root fyne.CanvasObject, prefix string) {
	t.Helper()
	var texts []string
	for _, o := range test.LaidOutObjects(root) {
		if b, ok := o.(*widget.Button); ok && b.Visible() {
			if strings.HasPrefix(b.Text, prefix) && !b.Disabled() {
				test.Tap(b)
				return
			}
			texts = append(texts, b.Text)
		}
	}
	t.Fatalf("no enabled button %q; the buttons are %q", prefix, texts)
}

// tapCell clicks a cell of the board's map.
func tapCell(m *match, x, y int) {
	g := m.board.grid
	guitest.Tap(g, g.CellCentre(x, y))
}

// pickTeam picks six heroes in the pick round by tapping their buttons,
// then sends the team.
func pickTeam(t *testing.T, w *play.Window, team ...string) {
	t.Helper()
	for _, name := range team {
		tapText(t, w.Question(), name+" ")
	}
	tapText(t, w.Question(), "Send team")
}

// events returns the game's events of one type.
func eventsOf[E any](m *match) []E {
	var out []E
	for _, e := range m.g.Events() {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

// slotOf is the slot of side s's hero called name in the game.
func slotOf(t *testing.T, m *match, s int, name string) (int, *battle.Unit) {
	t.Helper()
	p := m.g.Position()
	k := p.SlotOf(s, name)
	if k < 0 {
		t.Fatalf("side %d has no %s", s, name)
	}
	return k, &p.Sides[s].Team[k]
}
