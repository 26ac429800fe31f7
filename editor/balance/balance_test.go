package balance

import (
	"fmt"
	"github.com/shapan/shapan/family"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/engine/sim"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/ftbttest"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/preview/charts"
)

// TestRunShowsSimsReport runs a small simulation of every sample through
// the window and checks that it shows what sim.Run reports for the same
// seed and games (played with another number of jobs, which must not
// matter), with its text, and charts of sane size that are not blank.
func TestRunShowsSimsReport(t *testing.T) {
	const games, seed = 12, 7
	for _, tc := range sampleCases {
		t.Run(tc.name, func(t *testing.T) {
			w, s := openWindow(t, tc.name, tc.others...)
			w.win.Resize(fyne.NewSize(1220, 760))
			if got := w.progress.TextFormatter(); got != "No games played yet" {
				t.Errorf("before any run the progress bar reads %q", got)
			}
			runGames(t, w, games, seed, 2)

			want := direct(t, s, games, seed, 1)
			if got := reportJSON(t, w.Report()); got != reportJSON(t, want) {
				t.Fatalf("the window shows another report than sim.Run:\n%s\nwant:\n%s", got, reportJSON(t, want))
			}
			r := w.Report()
			if r.Games+r.Failed != games || r.Stopped {
				t.Errorf("played %d+%d of %d games (stopped %v)", r.Games, r.Failed, games, r.Stopped)
			}
			var text strings.Builder
			want.WriteText(&text)
			if w.ReportText() != text.String() {
				t.Errorf("the report text differs from sim's:\n%s\nwant:\n%s", w.ReportText(), text.String())
			}
			if got := gridText(w); !strings.Contains(got, want.Sides[0].Name) || !strings.Contains(got, "Win rates") {
				t.Errorf("the report view shows:\n%s", got)
			}
			if w.progress.Value != games || w.progress.Max != games {
				t.Errorf("the progress bar shows %v of %v, want %d of %d", w.progress.Value, w.progress.Max, games, games)
			}
			if got, want := w.progress.TextFormatter(), fmt.Sprintf("%d / %d games", games, games); got != want {
				t.Errorf("the progress bar reads %q, want %q", got, want)
			}
			if w.runBtn.Disabled() || !w.stopBtn.Disabled() || w.copyBtn.Disabled() || w.pngBtn.Disabled() {
				t.Error("after the run Run should be enabled, Stop disabled and the exports enabled")
			}
			for _, side := range r.Sides {
				if !side.Absent && !strings.Contains(w.status.Text, side.Name) {
					t.Errorf("the summary %q lacks side %s", w.status.Text, side.Name)
				}
			}
			if w.failures.object.Visible() {
				t.Errorf("the failure banner shows without failed games: %s", w.failures.text.Text)
			}
			checkCharts(t, w)
		})
	}
}

// checkCharts checks the chart images the window holds and shows.
func checkCharts(t *testing.T, w *Window) {
	t.Helper()
	wantW, wantH := charts.ChartWidth*chartScale, charts.ChartHeight*chartScale
	shot := w.win.Canvas().Capture() // the window as drawn, once for the three charts
	for name, img := range map[string]*canvas.Image{"win rates": w.charts.winRates, "lengths": w.charts.lengths, "heat map": w.charts.heatmap} {
		if img.Image == nil {
			t.Errorf("no %s chart", name)
			continue
		}
		b := img.Image.Bounds()
		switch {
		case name != "heat map" && (b.Dx() != wantW || b.Dy() != wantH):
			t.Errorf("the %s chart is %v, want %d×%d", name, b.Size(), wantW, wantH)
		case b.Dx() < 300 || b.Dy() < 300 || b.Dx() > 4000 || b.Dy() > 4000:
			t.Errorf("the %s chart is %v", name, b.Size())
		}
		if f := inked(img.Image); f < 0.02 {
			t.Errorf("the %s chart is blank (%.3f of its pixels drawn)", name, f)
		}
		// As the window shows it: laid out large enough, and drawn.
		if s := img.Size(); s.Width < 200 || s.Height < 150 || !img.Visible() {
			t.Errorf("the %s chart is shown at %v (visible %v)", name, s, img.Visible())
			continue
		}
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(img)
		k := float32(shot.Bounds().Dx()) / w.win.Canvas().Size().Width
		area := image.Rect(int(pos.X*k), int(pos.Y*k), int((pos.X+img.Size().Width)*k), int((pos.Y+img.Size().Height)*k))
		if f := inked(shot.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(area)); f < 0.02 {
			t.Errorf("the %s chart looks blank in the window (%.3f of its pixels drawn)", name, f)
		}
	}
}

// gridText is the text the report view shows, without the cells that
// follow wide characters.
func gridText(w *Window) string {
	var b strings.Builder
	for _, row := range w.text.Rows {
		skip := false
		for _, c := range row.Cells {
			if skip {
				skip = false
				continue
			}
			b.WriteRune(c.Rune)
			skip = sim.Wide(c.Rune)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestReportViewIsTheReport: the report view shows the report's text
// exactly, every wide character followed by one blank cell.
func TestReportViewIsTheReport(t *testing.T) {
	w, _ := openWindow(t, "mbg/赤壁.yaml")
	runGames(t, w, 8, 1, 2)
	if got := gridText(w); got != w.ReportText() {
		t.Errorf("the report view shows:\n%s\nwant:\n%s", got, w.ReportText())
	}
	for _, row := range w.text.Rows {
		for i, c := range row.Cells {
			if sim.Wide(c.Rune) && (i+1 >= len(row.Cells) || row.Cells[i+1].Rune != ' ') {
				t.Fatalf("the wide character %q is not followed by a blank cell", c.Rune)
			}
		}
	}
}

// TestStudioBalanceButton: the studio's Balance button opens the balance
// window of the current document when it can be simulated, and is off
// for a document that cannot.
func TestStudioBalanceButton(t *testing.T) {
	st, s := openSample(t, "mbg/赤壁.yaml")
	for _, kind := range family.Kinds() {
		if editor.CanBalance(kind) != family.Simulable(kind) {
			t.Errorf("documents of kind %s: Balance %v, but the family registry says simulable %v", kind, editor.CanBalance(kind), family.Simulable(kind))
		}
	}
	if !guitest.Button(st.Window().Content(), "Balance") {
		t.Fatal("the studio has no enabled Balance button for an mbg scenario")
	}
	w := windows[s]
	if w == nil {
		t.Fatal("the Balance button opened no balance window")
	}
	defer w.Close()
	if !strings.Contains(w.win.Title(), s.Name()) {
		t.Errorf("the balance window is called %q", w.win.Title())
	}
	if again := Open(st, s); again != w {
		t.Error("a second Balance opened a second window for the same document")
	}

	st2, _ := openSample(t, "ftbt/兵法.yaml")
	if editor.CanBalance("ftbt/rules") || guitest.Button(st2.Window().Content(), "Balance") {
		t.Error("the Balance button is on for ftbt rules, which cannot be simulated")
	}
}

// TestNewDocumentCanBeSimulated: a scenario started from File ▸ New,
// never saved, is simulated as it is in the editor.
func TestNewDocumentCanBeSimulated(t *testing.T) {
	st, _ := openSample(t, "mbg/赤壁.yaml")
	s, err := st.New("mbg/scenario")
	if err != nil {
		t.Fatal(err)
	}
	w := Open(st, s)
	defer w.Close()
	runGames(t, w, 6, 1, 2)
	r := w.Report()
	if r == nil {
		t.Fatalf("no report: %s", w.status.Text)
	}
	if reportJSON(t, r) != reportJSON(t, direct(t, s, 6, 1, 1)) || r.Sides[0].Name != "甲" {
		t.Errorf("the new scenario's report differs from sim's: %+v", r.Sides)
	}
}

// TestBalanceSaysTheSidesCannotMeet: for a level whose sides a river
// keeps apart, the window says so before any game, after the games (no
// fight), and the report says that a higher turn cap would not help
// instead of advising it.
func TestBalanceSaysTheSidesCannotMeet(t *testing.T) {
	st, s := openSample(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	s.Edit("a river", func() {
		if !ftbttest.River(s.Model().(*ftbtfmt.Level), s.Document().Rules.(*ftbtfmt.Rules)) {
			t.Fatal("the sample has a person on its middle column")
		}
	})
	w := Open(st, s)
	t.Cleanup(w.Close)
	if !strings.Contains(w.status.Text, "the sides cannot reach each other (FTB033)") {
		t.Errorf("before the games the window says %q", w.status.Text)
	}
	w.fields.turnCap.SetText("60")
	runGames(t, w, 2, 1, 1)
	if !strings.Contains(w.status.Text, "the sides cannot reach each other (FTB033)") {
		t.Errorf("after the games the window says %q", w.status.Text)
	}
	if text := w.ReportText(); !strings.Contains(text, "the sides cannot reach each other") || strings.Contains(text, "Raise the turn cap") {
		t.Errorf("the report says:\n%s", text)
	}
}
