package editor_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/longtest"
)

// TestEveryPaneFitsA1024x700Window opens a sample of every kind of
// document (every sample with SHAPAN_LONG) and shows each of its panes:
// the window's content never needs more than 1024×700 (what does not fit
// scrolls), a long status message does not widen it, and the Problems
// panel shows a row at least when it lists any (it is one line
// otherwise: TestMapsTakeHalfOfA1024x700Window).
func TestEveryPaneFitsA1024x700Window(t *testing.T) {
	dir := t.TempDir()
	st, _ := newStudio(t)
	paths := writeSamples(t, dir)
	if !longtest.Enabled() {
		paths = oneOfEachKind(t, paths)
	}
	for _, p := range paths {
		if _, err := st.Open(p); err != nil {
			t.Fatal(err)
		}
	}
	w := st.Window()
	w.Resize(fyne.NewSize(1024, 700))
	limit := fyne.NewSize(1024, 700)
	for _, s := range st.Sessions() {
		tab := st.Tab(s)
		for _, p := range paneTitles(st, s) {
			st.ShowPane(s, p)
			if m := w.Content().MinSize(); m.Width > limit.Width || m.Height > limit.Height {
				t.Errorf("%s ▸ %s needs a %v×%v window", filepath.Base(s.Path), p, m.Width, m.Height)
			}
		}
		before := w.Content().MinSize()
		st.Status(strings.Repeat("(x 20, y 8) 平原 (terrain 0, cost 15) ", 20))
		if after := w.Content().MinSize(); after.Width > before.Width {
			t.Errorf("a long status message widens the window from %v to %v", before.Width, after.Width)
		}
		w.Resize(limit)
		rowH := widget.NewLabel("X").MinSize().Height
		if h := tab.ProblemsListSize().Height; len(s.Problems()) > 0 && h < rowH {
			t.Errorf("%s: the Problems list is %v high, less than a row (%v)", filepath.Base(s.Path), h, rowH)
		}
	}
}

// oneOfEachKind keeps the first document of each kind (an mbg scenario,
// an ftbt level …) of paths; it fails unless every family is there.
func oneOfEachKind(t *testing.T, paths []string) []string {
	t.Helper()
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		doc, err := formats.Read(p, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !seen[doc.Kind] {
			seen[doc.Kind] = true
			out = append(out, p)
		}
	}
	for _, f := range family.All() {
		if !slices.ContainsFunc(f.Kinds, func(k family.Kind) bool { return seen[k.Kind] }) {
			t.Fatalf("no sample of the %s family among %v", f.Name, paths)
		}
	}
	return out
}

// paneTitles lists the titles of s's panes.
func paneTitles(st *editor.Studio, s *editor.Session) []string {
	var out []string
	for _, p := range st.Tab(s).Panes() {
		out = append(out, p.Text)
	}
	return out
}

// TestNewAsksKindSizeAndFill creates an ftbt level through File ▸ New's
// dialog: 50×40, filled with terrain 2; a battle map of 30×30; the tabs
// have short names without spaces or brackets. Export is disabled until
// there is a document.
func TestNewAsksKindSizeAndFill(t *testing.T) {
	st, _ := newStudio(t)
	if !button(t, st, "Export").Disabled() || !findMenuItem(st.Window().MainMenu(), "File", "Export").Disabled {
		t.Error("Export is enabled without a document")
	}
	s, err := st.NewDocument(editor.NewSpec{Kind: ftbt.KindLevel, W: 50, H: 40, Fill: 2})
	if err != nil {
		t.Fatal(err)
	}
	l := s.Model().(*ftbt.Level)
	if l.W != 50 || l.H != 40 || l.Terrain.Len() != 2000 || l.Terrain.At(1999) != 2 || l.Terrain.At(0) != 2 {
		t.Fatalf("new level %d×%d, %d cells, first %d", l.W, l.H, l.Terrain.Len(), l.Terrain.At(0))
	}
	for _, p := range l.People {
		if p.X >= 50 || p.Y >= 40 {
			t.Errorf("%s stands outside the map at (%d,%d)", p.Name, p.X, p.Y)
		}
	}
	if button(t, st, "Export").Disabled() {
		t.Error("Export is disabled with a document open")
	}
	b, err := st.NewDocument(editor.NewSpec{Kind: battle.Kind, W: 30, H: 30})
	if err != nil {
		t.Fatal(err)
	}
	if m := b.Model().(*battle.Map); m.W != 30 || m.H != 30 {
		t.Fatalf("new battle map %d×%d", m.W, m.H)
	}
	s2, _ := st.NewDocument(editor.NewSpec{Kind: ftbt.KindLevel})
	for _, x := range []*editor.Session{s, b, s2} {
		if strings.ContainsAny(x.Name(), " ()[]") || len(x.Name()) > 16 {
			t.Errorf("the new document's name %q is long or has spaces or brackets", x.Name())
		}
	}
	if s.Name() == s2.Name() {
		t.Errorf("two new documents are both %s", s.Name())
	}

	// The same through the dialog, with real taps and typing.
	st.NewDialog()
	top := st.Window().Canvas().Overlays().Top()
	var entries []*widget.Entry
	for _, o := range shown(top) {
		if e, ok := o.(*widget.Entry); ok {
			entries = append(entries, e)
		}
	}
	if len(entries) != 2 {
		t.Fatalf("the New dialog shows %d fields, not width and height", len(entries))
	}
	for i, v := range []string{"64", "48"} {
		entries[i].SetText("")
		test.Type(entries[i], v)
	}
	tapIn(t, top, "Create")
	l = st.Current().Model().(*ftbt.Level)
	if l.W != 64 || l.H != 48 {
		t.Fatalf("the dialog made a %d×%d level", l.W, l.H)
	}
}

// TestOpenTakesATypedPath types a path into File ▸ Open's field and
// presses Enter: the file opens in a tab.
func TestOpenTakesATypedPath(t *testing.T) {
	dir := t.TempDir()
	st, _ := newStudio(t)
	path := writeSamples(t, dir)[0]
	press(st, fyne.KeyModifierShortcutDefault, fyne.KeyO)
	field := st.OpenPathField()
	if field == nil || st.Window().Canvas().Focused() != st.OpenPathFocusable() {
		t.Fatal("Ctrl+O shows no path field with the focus")
	}
	typeText(st, path)
	typeKey(st, fyne.KeyReturn)
	if s := st.Current(); s == nil || s.Document().Path != path {
		t.Fatalf("typing %s and Enter opened %v", path, st.Sessions())
	}
}
