package families

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/balance"
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/editor/play/playtest"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/toyfamily" // one line: Nim joins every family
)

// TestTheToyFamilyHasEverySurface registers Nim, a family no package of
// the studio names, and uses it through every surface of the studio as a
// person would: File ▸ New from its template, its file opened in a tab
// (whose Document pane says that the studio has no editor of its own and
// shows its YAML), its problems and preview, a game against the computer
// answered by tapping the question's buttons to its end, a computer game,
// the balance window's simulation and hosting on the network.
func TestTheToyFamilyHasEverySurface(t *testing.T) {
	kind := toyfamily.Kind
	if f, _ := family.Of(kind); f == nil {
		t.Fatal("the toy family is not registered")
	}
	if gaps := Missing()[toyfamily.Family]; gaps != nil {
		t.Fatalf("the studio lacks for the toy family: %v", gaps)
	}

	// File ▸ New.
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	if _, err := st.New(kind); err != nil {
		t.Fatalf("File ▸ New %s: %v", kind, err)
	}

	// A file of the family opens in a tab that says what it lacks.
	doc, err := family.NewDocument(kind)
	if err != nil {
		t.Fatal(err)
	}
	data, err := formats.Encode(doc, formats.YAML)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "heaps.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := st.Open(path)
	if err != nil {
		t.Fatalf("opening a %s document: %v", kind, err)
	}
	tab := st.Tab(s)
	pane := tab.SelectedPane()
	if pane == nil || pane.Text != "Document" {
		t.Fatalf("the tab opens on %v, not the Document pane", pane)
	}
	text := labels(pane)
	if !strings.Contains(text, "The studio has no editor for "+kind+" documents") || !strings.Contains(text, "kind: "+kind) {
		t.Errorf("the Document pane says %q", text)
	}
	if tab.PreviewImage() == nil {
		t.Error("the tab has no preview")
	}

	// A game: a person (seat 0) against the computer, by taps.
	seats, err := play.SeatsOf(s)
	if err != nil || len(seats) != 2 {
		t.Fatalf("the seats of a Nim game: %v, %v", seats, err)
	}
	seats[0].Human = true
	w, err := play.Open(st, s, seats, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Notice(), "no board for "+kind) {
		t.Errorf("the play window's notice is %q", w.Notice())
	}
	for taps := 0; !w.Finished(); taps++ {
		if taps > 12 || !w.Asking() {
			t.Fatalf("after %d taps the game waits for nobody (status %q)", taps, w.Status())
		}
		playtest.Tap(t, w, "[")
	}
	if !strings.Contains(w.Status(), "wins") || len(w.Lines()) == 0 {
		t.Errorf("the game ended with the status %q and the log %q", w.Status(), w.Lines())
	}
	w.Window().Close()

	// A computer game runs to its end.
	cw, err := play.OpenComputerGame(st, s, 2)
	if err != nil || !cw.Finished() {
		t.Fatalf("a computer game of Nim: %v (finished %v)", err, cw != nil && cw.Finished())
	}
	cw.Window().Close()

	// Balance: the simulation of the document as it is in the editor.
	b := balance.Open(st, s)
	defer b.Close()
	b.Run()
	if b.Report() == nil || len(b.Report().Sides) != 2 {
		t.Errorf("the balance window ran no simulation of Nim: %q", b.ReportText())
	}

	if !editor.CanHost(kind) {
		t.Error("a Nim game cannot be hosted on the network")
	}
}

// labels joins the text of every label of a pane.
func labels(p *container.TabItem) string {
	var out []string
	for _, o := range test.LaidOutObjects(p.Content) {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}
