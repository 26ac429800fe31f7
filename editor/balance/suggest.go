package balance

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	bal "github.com/shapan/shapan/balance"
)

// Suggest (Balance ▸ Suggest) asks the balance assistant (package
// balance) for edits that make the document fair, and shows its
// proposals beside the report: the edits, every side's win rate with its
// interval and the YAML diff, each with a button that applies it to the
// document as one undoable edit and re-runs the report. The fields say
// how: a proposal is confirmed with Games games, the search spends ten
// times as many, with the seed, turn cap and jobs of the fields.

// suggestBudget is how many runs of Games games a search may spend.
const suggestBudget = 10

// suggestions is the Suggestions tab.
type suggestions struct {
	box    *fyne.Container
	object fyne.CanvasObject
	result *bal.Result
}

func newSuggestions() *suggestions {
	s := &suggestions{box: container.NewVBox(widget.NewLabel(
		"Suggest searches small edits of the document that make every side win as often, and shows them here."))}
	s.object = container.NewVScroll(s.box)
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
	doc, err := snapshot(w.session)
	if err != nil {
		w.setStatus(err.Error(), widget.DangerImportance)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	w.setRunning(true)
	opts := bal.Options{Budget: suggestBudget * set.Games, MaxGames: set.Games, Seed: set.Seed, Jobs: set.Jobs,
		Scenario: w.session.Name()}
	opts.Sim.TurnCap = set.TurnCap
	w.progress.Max = float64(opts.Budget)
	w.progress.SetValue(0)
	w.setStatus(fmt.Sprintf("Searching edits that make %s fair (at most %d games)…", w.session.Name(), opts.Budget), widget.MediumImportance)
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
	w.tabs.SelectIndex(len(w.tabs.Items) - 1)
	switch {
	case err != nil:
		w.setStatus(fmt.Sprintf("Stopped after %d games; the proposals so far are shown.", r.Spent), widget.WarningImportance)
	case r.Baseline.Fair:
		w.setStatus("The document is fair already ("+r.Outcome+").", widget.SuccessImportance)
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
	s.box.Add(widget.NewLabelWithStyle(fmt.Sprintf("Baseline: %s", rates(r.Baseline)), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	s.box.Add(widget.NewLabel(fmt.Sprintf("Target %s within ±%.0f points · %d knobs · %d of %d games spent on %d candidates · %s",
		r.Target, r.Tolerance*100, len(r.Knobs), r.Spent, r.Budget, r.Candidates, r.Outcome)))
	for i, p := range r.Proposals {
		verdict := "not confirmed"
		if p.Fair {
			verdict = "fair"
		}
		s.box.Add(widget.NewSeparator())
		s.box.Add(widget.NewLabelWithStyle(fmt.Sprintf("%d. %s (%s, %d games)", i+1, p.EditLine(), verdict, p.Measure.Games),
			fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		s.box.Add(widget.NewLabel(rates(p)))
		diff := widget.NewTextGridFromString(p.Diff)
		p := p
		btn := widget.NewButtonWithIcon(fmt.Sprintf("Apply %d", i+1), theme.ConfirmIcon(), func() { apply(p) })
		s.box.Add(container.NewBorder(nil, nil, nil, btn, diff))
	}
	s.box.Refresh()
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
	if err == nil {
		err = bal.Apply(trial, p.Edits)
	}
	if err != nil {
		w.setStatus("The proposal does not fit the document any more: "+err.Error(), widget.DangerImportance)
		return
	}
	w.session.Edit("Balance: "+p.EditLine(), func() { bal.Apply(w.session.Document(), p.Edits) })
	w.Run()
}
