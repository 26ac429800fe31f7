package balance

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"strings"
	"time"

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
// to the document as one undoable edit and re-runs the report. The search
// is the one `shapan balance` runs, at its defaults (its budget of games,
// its confirmations), with the seed, turn cap and jobs of the fields,
// turning the knobs the Knobs field selects (knobsView) to bring every
// side within the Tolerance field's points of the target; it ends with
// the same headline. While it runs the progress bar and the status say
// what it does, the games it has played of those it expects to play, and
// about how long it has left.

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
	state     *widget.Label // beside Before and After: which one is shown
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
	s.state = widget.NewLabel("")
	// The title and the notes say the same for Before and After, so that
	// the map keeps its size (and place) when either is pressed.
	pane := container.NewBorder(container.NewVBox(s.title, container.NewHBox(s.beforeBtn, s.afterBtn, s.state)), s.notes, nil, nil, s.mapView)
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
	opts := bal.Options{Budget: w.suggestBudget, MaxGames: w.suggestMaxGames, Seed: set.Seed, Jobs: set.Jobs,
		Scenario: w.session.Name(), Knobs: w.knobs.spec(), Tolerance: tol / 100}
	opts.Sim.TurnCap = set.TurnCap
	if opts.Budget <= 0 {
		opts.Budget = bal.BudgetFor(doc.Kind)
		opts.CPU = bal.DefaultCPU
	}
	if err := bal.Validate(doc, opts); err != nil {
		w.setStatus("Suggest cannot start: "+err.Error(), widget.DangerImportance)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	w.setRunning(true)
	w.setProgress(0, opts.Budget)
	what := fmt.Sprintf("Suggest (%s, ±%g points, at most %d games)", plural(len(w.knobs.knobs), "knob"), tol, opts.Budget)
	w.setStatus(what+": starting…", widget.MediumImportance)
	start := w.now()
	last := -1
	opts.Watch = func(p bal.Progress) {
		// a report every thousandth of the games expected (and at every
		// change of phase), not every batch
		if permille := p.Spent * 1000 / max(p.Expected, 1); permille == last && p.Spent != 0 {
			return
		}
		last = p.Spent * 1000 / max(p.Expected, 1)
		now := w.now()
		w.st.Post(func() { w.showSearch(what, p, now.Sub(start)) })
	}
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
	w.estimate = ""
	if w.closed {
		return
	}
	if r == nil || r.Baseline.Measure.Games == 0 {
		w.setStatus(fmt.Sprintf("No suggestion: %v", err), widget.DangerImportance)
		return
	}
	w.estimate = ""
	w.suggest.show(r, w.applyProposal)
	w.knobs.showMeasured(r)
	w.tabs.Select(w.tabs.Items[2]) // Suggestions
	w.setProgress(r.Spent, r.Spent)
	headline := strings.ToUpper(r.Headline[:1]) + r.Headline[1:] + "."
	switch r.Outcome {
	case bal.OutcomeStopped:
		w.setStatus(fmt.Sprintf("Stopped after %d games; the proposals so far are shown.", r.Spent), widget.WarningImportance)
	case bal.OutcomeFairAlready, bal.OutcomeFair, bal.OutcomeFairConfirmed:
		w.setStatus(headline, widget.SuccessImportance)
	default:
		w.setStatus(headline, widget.WarningImportance)
	}
}

// showSearch shows how far a search is (on the UI thread): the progress
// bar counts the games played of those the search expects to play, the
// status says what it does and about how long it has left, from the
// time its games have taken so far.
func (w *Window) showSearch(what string, p bal.Progress, elapsed time.Duration) {
	if w.closed || !w.running {
		return
	}
	w.estimate = fmt.Sprintf("%d of about %d games", p.Spent, p.Expected)
	if p.Spent > 0 && elapsed > 0 {
		rest := time.Duration(float64(elapsed) / float64(p.Spent) * float64(p.Expected-p.Spent))
		w.estimate += " · " + aboutLeft(rest)
	}
	w.setProgress(p.Spent, p.Expected)
	w.setStatus(fmt.Sprintf("%s: %s…", what, p.Phase), widget.MediumImportance)
	if w.onProgress != nil {
		w.onProgress(p.Spent, p.Expected)
	}
}

// aboutLeft says roughly how long is left: "about 3 min left".
func aboutLeft(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return "a few seconds left"
	case d < time.Minute:
		return fmt.Sprintf("about %d s left", int(d.Seconds()+5)/10*10)
	case d < time.Hour:
		return fmt.Sprintf("about %d min left", int(d.Minutes()+0.5))
	}
	return fmt.Sprintf("about %.1f h left", d.Hours())
}

// show fills the tab with a result; apply is called with the proposal
// whose button is pressed.
func (s *suggestions) show(r *bal.Result, apply func(p bal.Proposal)) {
	s.result = r
	s.box.RemoveAll()
	head := widget.NewLabelWithStyle(strings.ToUpper(r.Headline[:1])+r.Headline[1:]+".", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	s.box.Add(head)
	s.box.Add(wrapped(fmt.Sprintf("Baseline: %s on %d games", rates(r.Baseline.Unbiased()), r.Baseline.Unbiased().Games)))
	g := r.Games
	s.box.Add(wrapped(fmt.Sprintf("Target %s within ±%g points · %d knobs · %d of %d games: %d on the baseline, %d measuring the knobs, %d trying points, %d confirming (%d refused by check)",
		r.Target, r.Tolerance, len(r.Knobs), r.Spent, r.Budget, g.Baseline, g.Knobs, g.Points, g.Confirmations, r.Refused)))
	for i, p := range r.Proposals {
		verdict := "not confirmed on fresh games"
		switch {
		case p.Fair && p.Confirmed:
			verdict = "fair, confirmed"
		case p.Fair:
			verdict = "fair"
		case p.Fresh != nil:
			verdict = "not fair on fresh games"
		}
		m := p.Unbiased()
		s.box.Add(widget.NewSeparator())
		head := widget.NewLabelWithStyle(fmt.Sprintf("%d. %s (%s, %d games)", i+1, p.EditLine(), verdict, m.Games),
			fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		head.Wrapping = fyne.TextWrapWord
		s.box.Add(head)
		s.box.Add(wrapped(rates(m)))
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
		s.state.SetText("")
		s.beforeBtn.Disable()
		s.afterBtn.Disable()
		return
	}
	s.previewed = i
	s.beforeBtn.Enable()
	s.afterBtn.Enable()
	s.beforeBtn.Importance, s.afterBtn.Importance = widget.MediumImportance, widget.MediumImportance
	state := "the document as it is"
	if s.after {
		s.afterBtn.Importance = widget.HighImportance
		state = "applied to a copy"
	} else {
		s.beforeBtn.Importance = widget.HighImportance
	}
	s.beforeBtn.Refresh()
	s.afterBtn.Refresh()
	p := s.result.Proposals[i]
	s.title.SetText(fmt.Sprintf("Proposal %d on the map: %s", i+1, p.EditLine()))
	s.state.SetText(state)
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
	size := s.mapView.Size()
	return proposalMap(doc, s.result.Knobs, p.Edits, s.after, image.Pt(int(size.Width), int(size.Height)))
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

// rates is a measure's win rates in one line.
func rates(m bal.Measure) string {
	out := ""
	for _, st := range m.Sides {
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
