package balance

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2/widget"
)

// Run starts a simulation of the document as it is in the editor now
// (unsaved edits included) with the settings in the fields. The games are
// played off the UI thread; the progress bar follows them and the report
// is shown when they are over. It does nothing while games are played.
func (w *Window) Run() {
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
	w.setProgress(0, set.Games)
	w.setStatus(fmt.Sprintf("Playing %d games of %s…", set.Games, w.session.Name()), widget.MediumImportance)
	name, now := w.session.Name(), w.now
	progress := everyPermille(func(done, total int) {
		w.st.Post(func() { w.showProgress(done, total) })
	})
	w.st.Async(func() {
		out := simulate(ctx, doc, name, set, now, progress)
		w.st.Post(func() { w.finish(out) })
	})
}

// Stop cancels the running simulation: the games being played end, and
// the report of the games played so far is shown, marked stopped.
func (w *Window) Stop() {
	if w.cancel == nil {
		return
	}
	w.cancel()
	w.stopBtn.Disable()
	w.setStatus("Stopping…", widget.WarningImportance)
}

// Running reports whether games are being played.
func (w *Window) Running() bool { return w.running }

// showProgress moves the progress bar (on the UI thread).
func (w *Window) showProgress(done, total int) {
	if w.closed {
		return
	}
	w.setProgress(done, total)
	if w.onProgress != nil {
		w.onProgress(done, total)
	}
}

// finish ends a run (on the UI thread) and shows its outcome, unless the
// window was closed meanwhile.
func (w *Window) finish(out outcome) {
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	w.last = out
	w.setRunning(false)
	if w.closed {
		return
	}
	w.show(out)
}

// setRunning switches the controls between running and idle.
func (w *Window) setRunning(on bool) {
	w.running = on
	w.fields.enable(!on)
	w.knobs.enable(!on)
	if on {
		w.runBtn.Disable()
		w.suggestBtn.Disable()
		w.restricted.measure.Disable()
		w.stopBtn.Enable()
	} else {
		w.runBtn.Enable()
		w.suggestBtn.Enable()
		w.restricted.measure.Enable()
		w.stopBtn.Disable()
	}
}

// setStatus shows a message in the status line, coloured by importance.
func (w *Window) setStatus(msg string, importance widget.Importance) {
	w.status.Importance = importance
	w.status.SetText(msg)
}
