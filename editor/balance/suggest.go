package balance

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	bal "github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/formats"
)

// Suggest (Balance ▸ Suggest) asks the balance assistant (package
// balance) for edits that make the document fair, and shows its
// proposals beside the report: the edits, every side's win rate with its
// interval and the YAML diff, each with a button that draws it on the map
// (proposalMap, without changing the document) and one that applies it
// to the document as one undoable edit and re-runs the report. The fields say
// how: a proposal is confirmed with Games games, the search spends ten
// times as many, with the seed, turn cap and jobs of the fields, turning
// the knobs the Knobs field selects (knobsView) to bring every side within
// the Tolerance field's points of the target.

// suggestBudget is how many runs of Games games a search may spend.
const suggestBudget = 10

// suggestions is the Suggestions tab: the proposals on the left, the
// map of the one previewed on the right.
type suggestions struct {
	box    *fyne.Container
	object fyne.CanvasObject
	result *bal.Result
	// current copies the document as it is in the editor now.
	current func() (*formats.Document, error)

	previewed int  // the proposal on the map (-1: none)
	after     bool // the map shows the proposal applied, not the document as it is
	title     *widget.Label
	mapView   *canvas.Image
	mapImage  *image.RGBA // the image shown
	notes     *widget.Label
	beforeBtn *widget.Button
	afterBtn  *widget.Button
}

// newSuggestions makes the tab; knobs, the list of the knobs a search
// turns, goes above the proposals.
func newSuggestions(current func() (*formats.Document, error), knobs fyne.CanvasObject) *suggestions {
	s := &suggestions{current: current, previewed: -1, after: true,
		box: container.NewVBox(widget.NewLabel(
			"Suggest searches small edits of the document that make every side win as often, and shows them here."))}
	s.title = widget.NewLabelWithStyle("Preview a proposal to see its edits on the map.", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.title.Wrapping = fyne.TextWrapWord
	s.notes = widget.NewLabel("")
	s.notes.Wrapping = fyne.TextWrapWord
	s.mapView = canvas.NewImageFromImage(nil)
	s.mapView.FillMode = canvas.ImageFillContain
	s.mapView.ScaleMode = canvas.ImageScaleSmooth
	s.mapView.SetMinSize(fyne.NewSize(240, 180))
	s.beforeBtn = widget.NewButton("Before", func() { s.setAfter(false) })
	s.afterBtn = widget.NewButton("After", func() { s.setAfter(true) })
	s.beforeBtn.Disable()
	s.afterBtn.Disable()
	pane := container.NewBorder(container.NewVBox(s.title, container.NewHBox(s.beforeBtn, s.afterBtn)), s.notes, nil, nil, s.mapView)
	left := container.NewVSplit(knobs, container.NewVScroll(s.box))
	left.Offset = 0.3
	split := container.NewHSplit(left, pane)
	split.Offset = 0.42
	s.object = split
	return s
}

// Suggest starts a search off the UI thread; the progress bar follows
// its games. It does nothing while games are played.
func (w *Window) Suggest() {
	if w.running {
		return
	}
	set, err := w.fields.settings()
	if err != nil {
		w.setStatus(err.Error(), widget.DangerImportance)
		return
	}
	tol, err := w.knobs.tolerancePoints()
	if err != nil {
		w.setStatus(err.Error(), widget.DangerImportance)
		return
	}
	w.knobs.update()
	if w.knobs.err != nil {
		w.tabs.Select(w.tabs.Items[2])
		w.setStatus("Suggest needs knobs: "+w.knobs.why, widget.DangerImportance)
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
	opts := bal.Options{Budget: suggestBudget * set.Games, MaxGames: set.Games, Seed: set.Seed, Jobs: set.Jobs,
		Scenario: w.session.Name(), Knobs: w.knobs.spec(), Tolerance: tol / 100}
	opts.Sim.TurnCap = set.TurnCap
	w.setProgress(0, opts.Budget)
	w.setStatus(fmt.Sprintf("Searching edits of %d knobs that make %s fair within ±%g points (at most %d games)…",
		len(w.knobs.knobs), w.session.Name(), tol, opts.Budget), widget.MediumImportance)
	opts.Progress = everyPermille(func(done, total int) { w.st.Post(func() { w.showProgress(done, total) }) })
	w.st.Async(func() {
		r, err := bal.Run(ctx, doc, opts)
		w.st.Post(func() { w.finishSuggest(r, err) })
	})
}

// finishSuggest shows a search's proposals (on the UI thread).
func (w *Window) finishSuggest(r *bal.Result, err error) {
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	w.setRunning(false)
	if w.closed {
		return
	}
	if r == nil || r.Baseline.Measure.Games == 0 {
		w.setStatus(fmt.Sprintf("No suggestion: %v", err), widget.DangerImportance)
		return
	}
	w.suggest.show(r, w.applyProposal)
	w.tabs.Select(w.tabs.Items[2]) // Suggestions
	switch {
	case err != nil:
		w.setStatus(fmt.Sprintf("Stopped after %d games; the proposals so far are shown.", r.Spent), widget.WarningImportance)
	case r.Baseline.Fair:
		w.setStatus(fmt.Sprintf("The document is fair already: every side within ±%g points of its target over %d games; no edit is needed.",
			math.Round(r.Tolerance*1000)/10, r.Baseline.Measure.Games), widget.SuccessImportance)
	case len(r.Proposals) > 0 && r.Proposals[0].Fair:
		w.setStatus(fmt.Sprintf("Found a fair edit in %d games: %s.", r.Spent, r.Proposals[0].EditLine()), widget.SuccessImportance)
	default:
		w.setStatus(fmt.Sprintf("No fair edit within %d games (%s); the closest are shown.", r.Spent, r.Outcome), widget.WarningImportance)
	}
}

// show fills the tab with a result; apply is called with the proposal
// whose button is pressed.
func (s *suggestions) show(r *bal.Result, apply func(p bal.Proposal)) {
	s.result = r
	s.box.RemoveAll()
	base := widget.NewLabelWithStyle(fmt.Sprintf("Baseline: %s", rates(r.Baseline)), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	base.Wrapping = fyne.TextWrapWord
	s.box.Add(base)
	s.box.Add(wrapped(fmt.Sprintf("Target %s within ±%g points · %d knobs · %d of %d games spent on %d candidates (%d refused by check) · %s",
		r.Target, math.Round(r.Tolerance*1000)/10, len(r.Knobs), r.Spent, r.Budget, r.Candidates, r.Refused, r.Outcome)))
	for i, p := range r.Proposals {
		verdict := "not confirmed"
		if p.Fair {
			verdict = "fair"
		}
		s.box.Add(widget.NewSeparator())
		head := widget.NewLabelWithStyle(fmt.Sprintf("%d. %s (%s, %d games)", i+1, p.EditLine(), verdict, p.Measure.Games),
			fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		head.Wrapping = fyne.TextWrapWord
		s.box.Add(head)
		s.box.Add(wrapped(rates(p)))
		grid := widget.NewTextGrid()
		setReportText(grid, p.Diff) // Chinese characters two cells wide, as in the report
		diff := container.NewHScroll(grid)
		p, i := p, i
		look := widget.NewButtonWithIcon(fmt.Sprintf("Preview %d", i+1), theme.VisibilityIcon(), func() { s.preview(i) })
		btn := widget.NewButtonWithIcon(fmt.Sprintf("Apply %d", i+1), theme.ConfirmIcon(), func() { apply(p) })
		s.box.Add(container.NewBorder(nil, nil, nil, container.NewVBox(look, btn), diff))
	}
	s.box.Refresh()
	s.after = true
	s.preview(0)
}

// preview shows proposal i (of the result shown) on the map: the
// document with its edits (after) or as it is (before), every edit's
// place ringed with its values. The document does not change.
func (s *suggestions) preview(i int) {
	if s.result == nil || i < 0 || i >= len(s.result.Proposals) {
		s.previewed = -1
		s.title.SetText("No proposal to preview.")
		s.beforeBtn.Disable()
		s.afterBtn.Disable()
		return
	}
	s.previewed = i
	s.beforeBtn.Enable()
	s.afterBtn.Enable()
	s.beforeBtn.Importance, s.afterBtn.Importance = widget.MediumImportance, widget.MediumImportance
	state := "before it, the document as it is"
	if s.after {
		s.afterBtn.Importance = widget.HighImportance
		state = "applied to a copy"
	} else {
		s.beforeBtn.Importance = widget.HighImportance
	}
	s.beforeBtn.Refresh()
	s.afterBtn.Refresh()
	p := s.result.Proposals[i]
	s.title.SetText(fmt.Sprintf("Proposal %d on the map, %s: %s", i+1, state, p.EditLine()))
	img, unplaced, err := s.render(p)
	if err != nil {
		s.mapImage = nil
		s.mapView.Image = nil
		s.mapView.Refresh()
		s.notes.SetText("The proposal cannot be drawn: " + err.Error())
		return
	}
	s.mapImage = img
	s.mapView.Image = img
	s.mapView.Refresh()
	note := fmt.Sprintf("Ringed: what proposal %d changes. The document changes only when you press Apply %d.", i+1, i+1)
	if len(unplaced) > 0 {
		note += " Not drawn on the map: " + bal.Proposal{Edits: unplaced}.EditLine() + "."
	}
	s.notes.SetText(note)
}

func (s *suggestions) render(p bal.Proposal) (*image.RGBA, []bal.Edit, error) {
	doc, err := s.current()
	if err != nil {
		return nil, nil, err
	}
	return proposalMap(doc, s.result.Knobs, p.Edits, s.after)
}

// setAfter switches the map between the document as it is and with the
// proposal previewed.
func (s *suggestions) setAfter(after bool) {
	s.after = after
	s.preview(s.previewed)
}

// wrapped is a label whose text wraps at word ends.
func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// rates is a proposal's win rates in one line.
func rates(p bal.Proposal) string {
	out := ""
	for _, st := range p.Measure.Sides {
		if st.Absent {
			continue
		}
		if out != "" {
			out += " · "
		}
		out += fmt.Sprintf("%s %.1f%% (%.1f–%.1f%%)", st.Name, st.Wins.Rate*100, st.Wins.Low*100, st.Wins.High*100)
	}
	return out
}

// applyProposal applies a proposal to the document as one undoable edit
// and re-runs the report.
func (w *Window) applyProposal(p bal.Proposal) {
	if w.running {
		return
	}
	trial, err := snapshot(w.session)
	var before, after []byte
	if err == nil {
		before, err = formats.Encode(trial, formats.YAML)
	}
	if err == nil {
		err = bal.Apply(trial, p.Edits)
	}
	if err == nil {
		after, err = formats.Encode(trial, formats.YAML)
	}
	if err != nil {
		w.setStatus("The proposal does not fit the document any more: "+err.Error(), widget.DangerImportance)
		return
	}
	if bytes.Equal(before, after) {
		// Pressed again after Apply: no empty step in the undo history.
		w.setStatus("The document has these values already: "+p.EditLine()+".", widget.WarningImportance)
		return
	}
	w.session.Edit("Balance: "+p.EditLine(), func() { bal.Apply(w.session.Document(), p.Edits) })
	w.Run()
}
