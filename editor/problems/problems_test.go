package problems

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/formats/diag"
)

var sample = diag.List{
	{File: "a.yaml", Line: 3, Col: 1, Severity: diag.Warning, Code: "FTB034", Message: "person 1 (甲) knows no tech"},
	{File: "a.yaml", Line: 5, Col: 9, Severity: diag.Error, Code: "FTB026", Message: "person 2 (乙) starts with hp 0"},
	{File: "a.yaml", Line: 7, Col: 2, Severity: diag.Warning, Code: "FTB012", Message: "person 1 and person 3 are both named 甲"},
}

// The rows are the values not applied, then the errors, then the
// warnings, each in the order of their positions; choosing a row calls
// back with what it is about and shows its whole text under the list.
func TestRowsAndChoosing(t *testing.T) {
	a := test.NewTempApp(t)
	var chosen []diag.Diagnostic
	var refusals []int
	p := New(func(d diag.Diagnostic) { chosen = append(chosen, d) }, func(i int) { refusals = append(refusals, i) })
	if !p.Empty() || p.Summary() != "Checking…" {
		t.Fatalf("a new panel: empty %v, %q", p.Empty(), p.Summary())
	}
	p.Update([]string{"hp must be from 1 to 100000"}, sample)
	want := []string{
		"not applied: hp must be from 1 to 100000",
		"a.yaml:5:9: error: person 2 (乙) starts with hp 0 [FTB026]",
		"a.yaml:3:1: warning: person 1 (甲) knows no tech [FTB034]",
		"a.yaml:7:2: warning: person 1 and person 3 are both named 甲 [FTB012]",
	}
	if got := p.Rows(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s", strings.Join(got, "\n"))
	}
	if p.Empty() || p.Summary() != "1 typed value(s) not applied; 1 error(s), 2 warning(s) — choose one to see it" {
		t.Errorf("summary %q", p.Summary())
	}
	p.Choose(2)
	if len(chosen) != 1 || chosen[0].Code != "FTB034" || !p.detail.Visible() || p.detail.Text != want[2] {
		t.Errorf("choosing row 2: %v, detail %q", chosen, p.detail.Text)
	}
	p.Choose(0)
	if len(refusals) != 1 || refusals[0] != 0 {
		t.Errorf("choosing the value not applied: %v", refusals)
	}
	p.copyAll()
	if got := a.Clipboard().Content(); got != strings.Join(want, "\n") {
		t.Errorf("copied %q", got)
	}
	p.Update(nil, nil)
	if !p.Empty() || p.Summary() != "No problems" || p.detail.Visible() {
		t.Errorf("after the problems went: empty %v, %q", p.Empty(), p.Summary())
	}
}

// A row shows the code and the position beside the message.
func TestRowShowsCodeAndPosition(t *testing.T) {
	test.NewTempApp(t)
	p := New(nil, nil)
	p.Update(nil, sample)
	w := test.NewWindow(container.NewBorder(p.Header(), nil, nil, nil, p.Center()))
	defer w.Close()
	w.Resize(fyne.NewSize(600, 300))
	o := p.list.CreateItem()
	p.showRow(0, o)
	text := ""
	var walk func(fyne.CanvasObject)
	walk = func(c fyne.CanvasObject) {
		switch x := c.(type) {
		case *fyne.Container:
			for _, k := range x.Objects {
				walk(k)
			}
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(x).Objects() {
				walk(k)
			}
		case *canvas.Text:
			text += x.Text + "|"
		}
	}
	walk(o)
	if !strings.Contains(text, "FTB026  5:9") || !strings.Contains(text, "person 2 (乙) starts with hp 0") {
		t.Errorf("row 0 shows %q", text)
	}
}

// The panel opens under the panes a couple of rows high, at most a small
// share of the tab, and keeps the height the designer drags it to.
func TestLayoutOpensSmallAndKeepsTheDrag(t *testing.T) {
	test.NewTempApp(t)
	p := New(nil, nil)
	p.Update(nil, sample)
	split := container.NewVSplit(canvas.NewRectangle(color.White), p.Center())
	body := container.New(p.Layout(), split)
	body.Resize(fyne.NewSize(800, 1000))
	if h := (1 - split.Offset) * 1000; h <= 0 || h > openShare*1000+0.5 {
		t.Errorf("opens %.0f high in 1000", h)
	}
	body.Resize(fyne.NewSize(800, 300))
	if h := (1 - split.Offset) * 300; h > openShare*300+0.5 {
		t.Errorf("opens %.0f high in 300 (at most %.0f)", h, openShare*300)
	}
	split.Offset = 0.5
	body.Resize(fyne.NewSize(800, 600))
	if split.Offset != 0.5 {
		t.Errorf("the dragged split moved to %.2f", split.Offset)
	}
}
