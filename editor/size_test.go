package editor_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/planets"
)

// sizeFamily is a document with a grid whose size pane the tests type in.
type sizeFamily struct {
	samples []string // the document, then the files it names
	kind    string   // its kind
	ext     string   // the extension of the game's file it exports
	pane    string   // the pane with the size fields
	grid    string   // what the fields' names say the grid is
	w, h    int      // the sample's size
	tooWide int      // a width over the format's or the engine's bound
	cells   func(model any) []string
	size    func(model any) (w, h int)
}

var sizeFamilies = map[string]sizeFamily{
	"ftbt level": {
		samples: []string{"ftbt/长坂坡.yaml", "ftbt/兵法.yaml"}, kind: ftbt.KindLevel, ext: ".map",
		pane: "Size", grid: "the map", w: 32, h: 20,
		tooWide: ftbteng.MaxCells/20 + 1,
		cells: func(m any) []string {
			l := m.(*ftbt.Level)
			return intRows(l.Terrain.Values(), l.W)
		},
		size: func(m any) (int, int) { return m.(*ftbt.Level).W, m.(*ftbt.Level).H },
	},
	"planets map": {
		samples: []string{"planets/九州.yaml"}, kind: planets.Kind, ext: ".yml",
		pane: "Map", grid: "the grid", w: 13, h: 11,
		tooWide: planets.MaxGridSide + 1,
		cells:   func(m any) []string { return m.(*planets.Map).GridRows() },
		size:    func(m any) (int, int) { return m.(*planets.Map).MapSize() },
	},
	"battle map": {
		samples: []string{"battle/小沛.yaml"}, kind: battle.Kind, ext: ".grid",
		pane: "Size", grid: "the map", w: 41, h: 31,
		tooWide: battle.MaxSide + 1,
		cells: func(m any) []string {
			b := m.(*battle.Map)
			return intRows(b.Cells.Values(), b.W)
		},
		size: func(m any) (int, int) { return m.(*battle.Map).W, m.(*battle.Map).H },
	},
}

// intRows writes the rows of a grid of codes as text.
func intRows(cells []int, w int) []string {
	var rows []string
	for y := 0; y*w < len(cells); y++ {
		rows = append(rows, fmt.Sprint(cells[y*w:(y+1)*w]))
	}
	return rows
}

// topLeft cuts rows to their first w cells (codes or characters).
func topLeft(rows []string, w, h int, codes bool) []string {
	out := make([]string, 0, h)
	for _, r := range rows[:min(h, len(rows))] {
		if codes {
			f := strings.Fields(strings.Trim(r, "[]"))
			out = append(out, fmt.Sprint(toInts(f[:min(w, len(f))])))
		} else {
			out = append(out, r[:min(w, len(r))])
		}
	}
	return out
}

func toInts(f []string) []int {
	out := make([]int, len(f))
	for i, s := range f {
		out[i], _ = strconv.Atoi(s)
	}
	return out
}

func readModel(t *testing.T, path string) any {
	t.Helper()
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc.Value
}

// TestSizeFieldsCommitLikeEveryField types a new width into the size pane
// of each grid family and presses Tab: the grid grows as one undoable
// edit, keeping its cells, and Ctrl+S saves it; a height typed and saved
// with Ctrl+S without leaving the field is saved too; while it is typed
// the tab shows the unsaved dot; Ctrl+Z gives back the height.
func TestSizeFieldsCommitLikeEveryField(t *testing.T) {
	for name, f := range sizeFamilies {
		t.Run(name, func(t *testing.T) {
			st, s, path := openSampleCopy(t, f.samples...)
			st.ShowPane(s, f.pane)
			original := f.cells(s.Model())
			width, height := field(t, st, "width of "+f.grid), field(t, st, "height of "+f.grid)
			if width.Text != strconv.Itoa(f.w) || height.Text != strconv.Itoa(f.h) {
				t.Fatalf("the fields show %s×%s", width.Text, height.Text)
			}

			retype(st, width, strconv.Itoa(f.w+3))
			if w, _ := f.size(s.Model()); w != f.w || !s.Dirty() || !strings.HasPrefix(st.Window().Title(), "● ") {
				t.Fatalf("while typing: width %d, dirty %v, title %q", w, s.Dirty(), st.Window().Title())
			}
			test.FocusNext(st.Window().Canvas()) // Tab
			if w, h := f.size(s.Model()); w != f.w+3 || h != f.h {
				t.Fatalf("after Tab the grid is %d×%d", w, h)
			}
			if got := f.cells(s.Model()); !slices.Equal(topLeft(got, f.w, f.h, name != "planets map"), original) {
				t.Fatalf("growing changed the cells that fit:\n%q\n%q", got, original)
			}
			if !strings.HasPrefix(s.UndoLabel(), "resize the ") {
				t.Fatalf("the resize is not one edit: undo %q", s.UndoLabel())
			}
			shortcut(st, fyne.KeyS)
			if w, h := f.size(readModel(t, path)); w != f.w+3 || h != f.h {
				t.Fatalf("saved %d×%d", w, h)
			}

			retype(st, height, strconv.Itoa(f.h+2))
			shortcut(st, fyne.KeyS) // the caret still in the field
			if w, h := f.size(readModel(t, path)); w != f.w+3 || h != f.h+2 {
				t.Fatalf("Ctrl+S in the height field saved %d×%d", w, h)
			}
			if s.Dirty() || st.Window().Canvas().Focused() != height {
				t.Fatalf("after Ctrl+S: dirty %v, the height field has the focus: %v", s.Dirty(), st.Window().Canvas().Focused() == height)
			}
			shortcut(st, fyne.KeyZ)
			if w, h := f.size(s.Model()); w != f.w+3 || h != f.h || height.Text != strconv.Itoa(f.h) {
				t.Fatalf("Ctrl+Z left %d×%d, the field shows %q", w, h, height.Text)
			}
			shortcut(st, fyne.KeyZ)
			if w, h := f.size(s.Model()); w != f.w || h != f.h || !slices.Equal(f.cells(s.Model()), original) {
				t.Fatalf("undoing both resizes left %d×%d", w, h)
			}
		})
	}
}

// TestRefusedSizeStaysWithItsReason types widths a grid cannot have:
// each stays in the field with the reason under it, the grid keeps its
// size, the Problems panel lists the field, and Save warns that the value
// shown is not in the file.
func TestRefusedSizeStaysWithItsReason(t *testing.T) {
	for name, f := range sizeFamilies {
		t.Run(name, func(t *testing.T) {
			st, s, path := openSampleCopy(t, f.samples...)
			var warned string
			st.SetWarn(func(msg string) { warned = msg })
			st.ShowPane(s, f.pane)
			width := field(t, st, "width of "+f.grid)
			for _, c := range []struct{ typed, says string }{
				{"4o", "the width must be a whole number of cells"},
				{"0", "0×"},
				{"-3", "-3×"},
				{strconv.Itoa(f.tooWide), strconv.Itoa(f.tooWide) + "×"},
			} {
				retype(st, width, c.typed)
				test.FocusNext(st.Window().Canvas())
				if w, _ := f.size(s.Model()); w != f.w || width.Text != c.typed || width.Refused() == nil {
					t.Fatalf("%q: width %d, the field shows %q (%v)", c.typed, w, width.Text, width.Refused())
				}
				msg := shownText(width)
				if !strings.Contains(msg, c.says) || !strings.Contains(msg, fmt.Sprintf("keeps %q", strconv.Itoa(f.w))) {
					t.Fatalf("%q: the field says %q", c.typed, msg)
				}
				rows := st.Tab(s).ProblemRows()
				if len(rows) == 0 || !strings.HasPrefix(rows[0], fmt.Sprintf("not applied: width of %s: %q", f.grid, c.typed)) {
					t.Fatalf("%q: the Problems panel shows %q", c.typed, rows)
				}
			}
			shortcut(st, fyne.KeyS)
			if w, _ := f.size(readModel(t, path)); w != f.w || !strings.Contains(warned, "width of "+f.grid) || !strings.Contains(warned, "not applied") {
				t.Fatalf("saved width %d; the warning was %q", w, warned)
			}
			if !s.Dirty() {
				t.Fatal("the tab no longer shows that the width shown is not in the file")
			}
			// The Problems panel leads back to the field.
			st.ShowPane(s, "Preview")
			st.Tab(s).ChooseProblem(0)
			if st.Window().Canvas().Focused() != width || !strings.HasPrefix(st.Tab(s).SelectedPane().Text, f.pane) {
				t.Fatal("choosing the problem does not lead to the width field")
			}
			// A valid width typed over it applies and clears the problem.
			retype(st, width, strconv.Itoa(f.w+1))
			width.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			if w, _ := f.size(s.Model()); w != f.w+1 || len(s.Refusals()) != 0 || shownText(width) != "" {
				t.Fatalf("correcting left width %d, refusals %+v", w, s.Refusals())
			}
		})
	}
}

// TestShrinkSaysWhatItCuts shrinks each grid: an ftbt level refuses to
// leave a person outside the map, a planets grid to cut off a planet,
// both in words beside the field; a battle map cuts its cells and says
// which; undo brings them back.
func TestShrinkSaysWhatItCuts(t *testing.T) {
	for name, c := range map[string]struct {
		to   int    // the width typed
		says string // what the field (refused) or the note under it says
	}{
		"ftbt level":  {20, "曹纯 stands at"},
		"planets map": {12, "planets B, G, D would be cut off"},
		"battle map":  {30, "cut off 15 cells other than space: 3 山丘 mountain, 9 水域 water, 1 主基地 base, 2 中立城寨（一级） city1."},
	} {
		f := sizeFamilies[name]
		t.Run(name, func(t *testing.T) {
			st, s, _ := openSampleCopy(t, f.samples...)
			st.ShowPane(s, f.pane)
			original := f.cells(s.Model())
			width := field(t, st, "width of "+f.grid)
			retype(st, width, strconv.Itoa(c.to))
			width.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			w, _ := f.size(s.Model())
			if name != "battle map" {
				if w != f.w || !strings.Contains(shownText(width), c.says) {
					t.Fatalf("width %d; the field says %q", w, shownText(width))
				}
				return
			}
			note := noteUnder(t, st)
			if w != c.to || !strings.Contains(note, c.says) {
				t.Fatalf("width %d; the note says %q", w, note)
			}
			if got := f.cells(s.Model()); !slices.Equal(got, topLeft(original, c.to, f.h, true)) {
				t.Fatal("the cells that fit changed")
			}
			shortcut(st, fyne.KeyZ)
			if !slices.Equal(f.cells(s.Model()), original) || noteUnder(t, st) != "" {
				t.Fatalf("undo did not bring the cells back (the note says %q)", noteUnder(t, st))
			}
		})
	}
}

// noteUnder is the text of the size fields' note, "" when hidden.
func noteUnder(t *testing.T, st *editor.Studio) string {
	t.Helper()
	for _, o := range shown(st.Window().Content()) {
		if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "Resizing to ") {
			return l.Text
		}
	}
	return ""
}

// TestEveryActionResizesWithTheWidthBeingTyped types a width and, without
// Enter or Tab, exports, plays, balances and closes (saving): each sees
// the grid resized.
func TestEveryActionResizesWithTheWidthBeingTyped(t *testing.T) {
	var seen any
	for _, f := range sizeFamilies {
		editor.RegisterPlay(f.kind, func(_ *editor.Studio, s *editor.Session) { seen = s.Model() })
		editor.RegisterBalance(f.kind, func(_ *editor.Studio, s *editor.Session) { seen = s.Model() })
	}
	actions := map[string]func(t *testing.T, st *editor.Studio, s *editor.Session, f sizeFamily, path string) any{
		"Export": func(t *testing.T, st *editor.Studio, s *editor.Session, f sizeFamily, path string) any {
			out := strings.TrimSuffix(path, ".yaml") + "-out" + f.ext
			if _, err := st.ExportTo(s, out); err != nil {
				t.Fatal(err)
			}
			return readModel(t, out)
		},
		"Ctrl+P": func(t *testing.T, st *editor.Studio, s *editor.Session, f sizeFamily, path string) any {
			seen = nil
			shortcut(st, fyne.KeyP)
			return seen
		},
		"Ctrl+B": func(t *testing.T, st *editor.Studio, s *editor.Session, f sizeFamily, path string) any {
			seen = nil
			shortcut(st, fyne.KeyB)
			return seen
		},
		"Ctrl+W": func(t *testing.T, st *editor.Studio, s *editor.Session, f sizeFamily, path string) any {
			asked := false
			st.SetAskSave(func(_ *editor.Session, answer func(save, discard bool)) { asked = true; answer(true, false) })
			shortcut(st, fyne.KeyW)
			if !asked || len(st.Sessions()) != 0 {
				t.Fatalf("closing did not ask to save the typed width (asked %v)", asked)
			}
			return readModel(t, path)
		},
	}
	for name, f := range sizeFamilies {
		for action, act := range actions {
			t.Run(name+"/"+action, func(t *testing.T) {
				st, s, path := openSampleCopy(t, f.samples...)
				st.ShowPane(s, f.pane)
				retype(st, field(t, st, "width of "+f.grid), strconv.Itoa(f.w+2))
				got := act(t, st, s, f, path)
				if got == nil {
					t.Fatalf("%s did not run", action)
				}
				if w, h := f.size(got); w != f.w+2 || h != f.h {
					t.Fatalf("%s saw %d×%d", action, w, h)
				}
			})
		}
	}
}

// TestNewDocumentSizeBounds sizes new documents at the bounds of their
// format or engine: File ▸ New allows exactly what the size fields do.
func TestNewDocumentSizeBounds(t *testing.T) {
	st, _ := newStudio(t)
	for _, c := range []struct {
		kind string
		w, h int
		ok   bool
	}{
		{ftbt.KindLevel, 1, 1, true},
		{ftbt.KindLevel, 0, 5, false},
		{ftbt.KindLevel, 1200, 1000, true},
		{ftbt.KindLevel, ftbteng.MaxCells/1000 + 1, 1000, false},
		{battle.Kind, battle.MinSide, battle.MaxSide, true},
		{battle.Kind, battle.MinSide - 1, 10, false},
		{battle.Kind, 10, battle.MaxSide + 1, false},
	} {
		s, err := st.NewDocument(editor.NewSpec{Kind: c.kind, W: c.w, H: c.h})
		if (err == nil) != c.ok {
			t.Errorf("new %s %d×%d: %v", c.kind, c.w, c.h, err)
			continue
		}
		if err != nil {
			if !strings.Contains(err.Error(), fmt.Sprintf("%d×%d", c.w, c.h)) {
				t.Errorf("new %s %d×%d: the error does not name the size: %v", c.kind, c.w, c.h, err)
			}
			continue
		}
		var w, h int
		switch m := s.Model().(type) {
		case *ftbt.Level:
			w, h = m.W, m.H
		case *battle.Map:
			w, h = m.W, m.H
		}
		if w != c.w || h != c.h {
			t.Errorf("new %s %d×%d is %d×%d", c.kind, c.w, c.h, w, h)
		}
	}
}
