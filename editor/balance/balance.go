// Package balance is the studio's balance view: a window that plays many
// computer-against-computer games of the open document (as it is in the
// editor, unsaved edits included) with package engine/sim, follows them
// with a progress bar, and shows the balance report as charts — the win
// rates with their 95 % intervals, the games' lengths, a heat map of the
// fights — and as text, which can be copied or saved as JSON, the charts
// as PNG. It registers itself as the studio's Balance action for the
// documents the family registry can simulate.
package balance

import (
	"context"
	"fmt"
	bal "github.com/shapan/shapan/balance"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

func init() {
	for _, kind := range family.KindsWhere(func(k *family.Kind) bool { return k.Sim }) {
		editor.RegisterBalance(kind, func(st *editor.Studio, s *editor.Session) { Open(st, s) })
	}
}

// windows are the open balance windows by session (UI thread only).
var windows = map[*editor.Session]*Window{}

// Window is the balance window of one document.
type Window struct {
	st      *editor.Studio
	session *editor.Session
	win     fyne.Window

	fields           *fields
	knobs            *knobsView
	runBtn, stopBtn  *widget.Button
	suggestBtn       *widget.Button
	suggest          *suggestions
	restricted       *restrictView
	progress         *widget.ProgressBar
	status           *widget.Label
	failures         *failureBanner
	charts           *chartsView
	text             *widget.TextGrid
	tabs             *container.AppTabs
	copyBtn, jsonBtn *widget.Button
	pngBtn           *widget.Button

	running bool
	counted bool   // the progress bar counts games of a run or a search
	unit    string // what it counts: "games", "measurements"
	// estimate, while a search runs, is the progress bar's text: the
	// games played of those it expects, and the time left ("" for a run).
	estimate string
	cancel   context.CancelFunc // cancels the running simulation
	closed   bool
	shown    outcome // the outcome shown
	last     outcome // the outcome of the last run, shown or not
	// now is the clock the time a run takes is measured with (tests fix
	// it, so that the window always looks the same).
	now func() time.Time
	// onProgress, when set, learns every progress report shown (tests
	// press Stop or edit the document there).
	onProgress func(done, total int)
	// suggestBudget and suggestMaxGames, when not 0, replace the
	// search's defaults (tests keep their searches short).
	suggestBudget, suggestMaxGames int
}

// Open shows the balance window of s, or brings it to the front when it
// is open already.
func Open(st *editor.Studio, s *editor.Session) *Window {
	if w := windows[s]; w != nil {
		w.win.RequestFocus()
		return w
	}
	w := &Window{st: st, session: s, now: time.Now, unit: "games"}
	w.win = st.App().NewWindow("Balance — " + s.Name())
	w.win.SetContent(w.layout())
	w.win.Resize(fyne.NewSize(1220, 760)) // fits a 1280×800 screen
	w.win.SetOnClosed(w.closedByUser)
	editor.DialogKeys(w.win, func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape && w.running {
			w.Stop()
		}
	})
	windows[s] = w
	s.Listen(func(c editor.Change) {
		if c == editor.ModelChanged && !w.closed {
			w.knobs.schedule() // the knobs' values are the document's
		}
	})
	w.win.Show()
	return w
}

func (w *Window) layout() fyne.CanvasObject {
	w.fields = newFields(w.session.Kind())
	w.runBtn = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), w.Run)
	w.runBtn.Importance = widget.HighImportance
	w.stopBtn = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), w.Stop)
	w.stopBtn.Disable()
	w.suggestBtn = widget.NewButtonWithIcon("Suggest", theme.SearchIcon(), w.Suggest)
	current := func() (*formats.Document, error) { return snapshot(w.session) }
	w.knobs = newKnobsView(current, w.st.Later)
	w.suggest = newSuggestions(current, w.knobs.panel)
	w.progress = widget.NewProgressBar()
	w.progress.TextFormatter = func() string {
		if !w.counted {
			return "No games played yet"
		}
		if w.estimate != "" {
			return w.estimate
		}
		return formatProgress(int(w.progress.Value), int(w.progress.Max), w.unit)
	}
	w.status = widget.NewLabel("Simulates games of " + w.session.Name() + " as it is in the editor now, the computer on every side.")
	if note := bal.Note(w.session.Document()); note != "" {
		w.status.SetText("In " + w.session.Name() + " " + note + ".")
		w.status.Importance = widget.WarningImportance
	}
	w.status.Truncation = fyne.TextTruncateEllipsis
	w.failures = newFailureBanner()
	w.charts = newChartsView()
	w.restricted = newRestrictView(w)
	w.text = newReportGrid("The report appears here when the games are over.")
	w.copyBtn = widget.NewButtonWithIcon("Copy report", theme.ContentCopyIcon(), w.CopyReport)
	w.jsonBtn = widget.NewButtonWithIcon("Save report as JSON…", theme.DocumentSaveIcon(), w.SaveJSONDialog)
	w.pngBtn = widget.NewButtonWithIcon("Save charts as PNG…", theme.FileImageIcon(), w.SavePNGDialog)
	for _, b := range []*widget.Button{w.copyBtn, w.jsonBtn, w.pngBtn} {
		b.Disable()
	}

	controls := container.NewHBox(w.fields.object(), w.runBtn, w.stopBtn, w.suggestBtn)
	progress := container.NewBorder(nil, nil, nil, container.NewHBox(w.copyBtn, w.jsonBtn, w.pngBtn), w.progress)
	top := container.NewVBox(controls, w.knobs.fields(), progress, w.status, w.failures.object)
	w.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("Charts", theme.GridIcon(), w.charts.object),
		container.NewTabItemWithIcon("Report", theme.DocumentIcon(), w.text),
		container.NewTabItemWithIcon("Suggestions", theme.SearchIcon(), w.suggest.object),
		container.NewTabItemWithIcon("Restricted play", theme.ListIcon(), w.restricted.object),
	)
	w.knobs.update()
	idle, importance := w.status.Text, w.status.Importance
	w.knobs.typed = func() {
		w.tabs.Select(w.tabs.Items[2]) // where the knobs are listed
		if strings.HasPrefix(w.status.Text, "Suggest needs knobs") {
			w.setStatus(idle, importance) // the pattern is being mended
		}
	}
	return container.NewBorder(top, nil, nil, nil, w.tabs)
}

// formatProgress is the progress bar's text.
// setProgress shows done of total games on the progress bar.
func (w *Window) setProgress(done, total int) {
	w.counted = true
	w.progress.Max = float64(total)
	w.progress.SetValue(float64(done))
}

func formatProgress(done, total int, unit string) string {
	if total == 0 {
		return ""
	}
	return fmt.Sprintf("%d / %d %s", done, total, unit)
}

// closedByUser cancels the running simulation when the window closes.
func (w *Window) closedByUser() {
	w.closed = true
	if w.cancel != nil {
		w.cancel()
	}
	if windows[w.session] == w {
		delete(windows, w.session)
	}
}

// Close closes the window (and stops its games), once.
func (w *Window) Close() {
	if !w.closed {
		w.win.Close()
	}
}

// Window returns the Fyne window.
func (w *Window) Window() fyne.Window { return w.win }
