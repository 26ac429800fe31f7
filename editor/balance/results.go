package balance

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine/sim"
)

// shownErrors is how many failed games the banner lists (the report lists
// up to sim.MaxErrors).
const shownErrors = 4

// show shows the outcome of a simulation: the summary line, the failed
// games, the charts and the report; or, when there is no report, why (the
// previous report stays).
func (w *Window) show(out outcome) {
	if out.report == nil {
		w.setStatus("The games could not be played.", widget.DangerImportance)
		w.failures.set(out.err.Error())
		return
	}
	r := out.report
	w.shown = out
	w.setProgress(r.Games+r.Failed, r.Requested)
	importance := widget.SuccessImportance
	if r.Stopped {
		importance = widget.WarningImportance
	}
	line := summary(r, out.elapsed.Seconds())
	if a, ok := r.Facts.Section.(sim.Apart); ok && a.SidesNeverMeet() {
		line += " · " + sidesApart
		importance = widget.WarningImportance
	}
	w.setStatus(line, importance)
	w.showFailures(r)
	w.charts.set(out.winRates, out.lengths, out.heatmap)
	setReportText(w.text, out.text)
	for _, b := range []*widget.Button{w.copyBtn, w.jsonBtn, w.pngBtn} {
		b.Enable()
	}
}

// sidesApart says why no ftbt game has a fight.
const sidesApart = "the sides cannot reach each other (FTB033): no game can have a fight, whatever the turn cap"

// summary is the line above the charts: how many games were played, in
// how long, and every side's win rate.
func summary(r *sim.Report, seconds float64) string {
	played := r.Games + r.Failed
	var b strings.Builder
	if r.Stopped {
		fmt.Fprintf(&b, "Stopped after %d of %d games — partial report", played, r.Requested)
	} else {
		fmt.Fprintf(&b, "%d games in %.1f s", played, seconds)
	}
	for _, s := range r.Sides {
		if !s.Absent {
			fmt.Fprintf(&b, " · %s %.1f%%", s.Name, 100*s.Wins.Rate)
		}
	}
	if r.Draws.Count > 0 {
		fmt.Fprintf(&b, " · draws %.1f%%", 100*r.Draws.Rate)
	}
	if r.Capped.Count > 0 {
		fmt.Fprintf(&b, " · capped %.1f%%", 100*r.Capped.Rate)
	}
	if r.Games > 0 {
		fmt.Fprintf(&b, " · mean %.1f turns", r.Length.Mean)
	}
	return b.String()
}

// failureText describes the failed games of a report for the banner ("" for
// none).
func failureText(r *sim.Report) string {
	if r.Failed == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d games failed", r.Failed, r.Games+r.Failed)
	for i, e := range r.Errors {
		if i == shownErrors {
			break
		}
		fmt.Fprintf(&b, "\ngame %d (seed %d): %s", e.Game, e.Seed, e.Error)
	}
	if more := r.Failed - min(len(r.Errors), shownErrors); more > 0 {
		fmt.Fprintf(&b, "\n… and %d more: see the report", more)
	}
	return b.String()
}

// failureBanner is a red box listing failed games, or why no game could
// be played; hidden while there is nothing wrong.
type failureBanner struct {
	text   *widget.Label
	object fyne.CanvasObject
}

func newFailureBanner() *failureBanner {
	b := &failureBanner{text: widget.NewLabel("")}
	b.text.Importance = widget.DangerImportance
	b.text.TextStyle.Bold = true
	b.text.Wrapping = fyne.TextWrapWord
	r, g, bl, _ := theme.Color(theme.ColorNameError).RGBA()
	back := canvas.NewRectangle(color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 0x28})
	back.CornerRadius = theme.InputRadiusSize()
	icon := widget.NewIcon(theme.ErrorIcon())
	b.object = container.NewStack(back, container.NewBorder(nil, nil, container.NewPadded(icon), nil, b.text))
	b.object.Hide()
	return b
}

// set shows text in the banner, or hides the banner when text is "".
func (b *failureBanner) set(text string) {
	b.text.SetText(text)
	if text == "" {
		b.object.Hide()
	} else {
		b.object.Show()
	}
}

// showFailures shows the failed games of a report in the banner (or
// hides it when none failed).
func (w *Window) showFailures(r *sim.Report) { w.failures.set(failureText(r)) }
