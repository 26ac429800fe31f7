package balance

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/family"
)

// restrictView is the Restricted play tab: Measure forbids every element
// of the document (an officer, a tech, a hero, a planet, a card) to every
// side in turn and plays the window's number of games each time
// (balance.Restrict); the table lists the elements, those that matter
// most first, beside the heat map of the last run.
type restrictView struct {
	w       *Window
	measure *widget.Button
	heat    *canvas.Image
	heatTip *widget.Label
	table   *widget.Table
	summary *widget.Label
	rows    [][]string
	result  *balance.RestrictResult
	object  fyne.CanvasObject
}

// restrictColumns are the table's columns.
var restrictColumns = []string{"element", "forbidden to", "base", "restricted", "change", "95% interval", "verdict"}

func newRestrictView(w *Window) *restrictView {
	v := &restrictView{w: w, rows: [][]string{restrictColumns}}
	v.measure = widget.NewButtonWithIcon("Measure restricted play", theme.ViewRefreshIcon(), v.Measure)
	v.summary = widget.NewLabel("Forbids every element to each side in turn, with the Games field's games each time, the computer on every side.")
	v.summary.Wrapping = fyne.TextWrapWord
	v.heat = canvas.NewImageFromImage(nil)
	v.heat.FillMode = canvas.ImageFillContain
	v.heatTip = widget.NewLabel("Run the games to see the heat map here.")
	v.table = widget.NewTable(func() (int, int) { return len(v.rows), len(restrictColumns) },
		func() fyne.CanvasObject { return widget.NewLabel("officer 诸葛亮诸葛亮") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.TextStyle.Bold = id.Row == 0
			if id.Row < len(v.rows) && id.Col < len(v.rows[id.Row]) {
				l.SetText(v.rows[id.Row][id.Col])
			}
		})
	for c, width := range []float32{160, 150, 64, 84, 64, 130, 140} {
		v.table.SetColumnWidth(c, width)
	}
	heat := container.NewStack(container.NewCenter(v.heatTip), v.heat)
	split := container.NewHSplit(heat, v.table)
	split.Offset = 0.35
	v.object = container.NewBorder(container.NewVBox(container.NewHBox(v.measure), v.summary), nil, nil, nil, split)
	return v
}

// Measure runs restricted play on the document as it is in the editor
// now, off the UI thread; the progress bar counts the measurements.
func (v *restrictView) Measure() {
	w := v.w
	if w.running {
		return
	}
	set, err := w.fields.settings()
	if err != nil {
		w.setStatus(err.Error(), widget.DangerImportance)
		return
	}
	doc, err := snapshot(w.session)
	if err != nil {
		w.setStatus(err.Error(), widget.DangerImportance)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	w.setRunning(true)
	w.unit = "measurements"
	w.setProgress(0, 1)
	w.setStatus(fmt.Sprintf("Measuring restricted play of %s, %d games a measurement…", w.session.Name(), set.Games), widget.MediumImportance)
	o := balance.RestrictOptions{Games: set.Games, Seed: set.Seed, Jobs: set.Jobs, Sim: family.SimOptions{TurnCap: set.TurnCap},
		Progress: func(done, total int) { w.st.Post(func() { w.showProgress(done, total) }) }}
	w.st.Async(func() {
		r, err := balance.Restrict(ctx, doc, o)
		w.st.Post(func() { v.finish(r, err) })
	})
}

// finish shows restricted play's result (on the UI thread).
func (v *restrictView) finish(r *balance.RestrictResult, err error) {
	w := v.w
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	w.setRunning(false)
	w.unit = "games"
	if w.closed {
		return
	}
	if r == nil {
		w.setStatus("Restricted play could not be measured: "+err.Error(), widget.DangerImportance)
		return
	}
	r.Scenario = w.session.Name()
	v.show(r)
	importance := widget.SuccessImportance
	if r.Stopped {
		importance = widget.WarningImportance
	}
	w.setStatus(fmt.Sprintf("Restricted play of %s: %d elements, %d games a measurement.", w.session.Name(), len(r.Elements), r.Games), importance)
}

// show fills the table and the summary with r, and puts the heat map of
// the last run beside it.
func (v *restrictView) show(r *balance.RestrictResult) {
	v.result = r
	v.rows = [][]string{restrictColumns}
	for _, e := range r.Elements {
		for i, row := range e.Rows {
			name, verdict := e.Element.String(), e.Verdict
			if i > 0 {
				name, verdict = "", ""
			}
			v.rows = append(v.rows, []string{name, row.SideName, percent(row.Base.Rate), percent(row.Restricted.Rate),
				fmt.Sprintf("%+.1f", 100*row.Change), fmt.Sprintf("%+.1f to %+.1f", 100*row.Low, 100*row.High), verdict})
		}
	}
	v.summary.SetText(restrictSummary(r))
	v.table.Refresh()
	if img := v.w.charts.heatmap.Image; img != nil && v.w.charts.heatmap.Visible() {
		v.heat.Image = img
		v.heat.Refresh()
		v.heatTip.Hide()
	}
}

// restrictSummary says which elements matter most and which have no
// effect seen.
func restrictSummary(r *balance.RestrictResult) string {
	var matters, none []string
	for _, e := range r.Elements {
		switch e.Verdict {
		case "matters":
			matters = append(matters, fmt.Sprintf("%s (%+.0f points)", e.Element, 100*e.Change))
		case "no effect seen":
			none = append(none, e.Element.String())
		}
	}
	s := "Nothing forbidden changed a side's wins beyond chance."
	if len(matters) > 0 {
		s = "Matters most: " + joinFirst(matters, 4) + "."
	}
	if len(none) > 0 {
		s += " No effect seen: " + joinFirst(none, 6) + "."
	}
	if r.Stopped {
		s += " (Stopped before every element was measured.)"
	}
	return s
}

// joinFirst joins the first n of list, saying how many more there are.
func joinFirst(list []string, n int) string {
	out := ""
	for i, s := range list {
		if i == n {
			return out + fmt.Sprintf(" and %d more", len(list)-n)
		}
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}

// percent writes a rate as a percentage with one decimal.
func percent(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
