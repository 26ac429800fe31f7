package play

import (
	"fmt"
	"math/rand"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/formats"
)

// AskSetup asks who plays each seat and with which seed, then opens the
// play window. The game uses the document as it is in the editor now.
func AskSetup(st *editor.Studio, s *editor.Session) {
	fam, ok := families[s.Kind()]
	if !ok {
		return
	}
	doc := snapshot(s)
	seats, err := fam.Seats(doc)
	if err != nil {
		dialog.ShowError(err, st.Window())
		return
	}
	var rows []fyne.CanvasObject
	choices := make([]*widget.RadioGroup, len(seats))
	for i, seat := range seats {
		choices[i] = widget.NewRadioGroup([]string{"Computer", "Human"}, nil)
		choices[i].Horizontal = true
		choices[i].SetSelected("Computer")
		if i == 0 {
			choices[i].SetSelected("Human")
		}
		rows = append(rows, widget.NewLabel(seat.Name), choices[i])
	}
	seed := widget.NewEntry()
	seed.SetText(strconv.FormatInt(rand.Int63n(1_000_000), 10))
	form := container.NewVBox(container.NewGridWithColumns(2, rows...), widget.NewForm(widget.NewFormItem("Seed", seed)))
	dialog.ShowCustomConfirm("Play "+s.Name(), "Play", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		for i := range seats {
			seats[i].Human = choices[i].Selected == "Human"
		}
		n, err := strconv.ParseInt(seed.Text, 10, 64)
		if err != nil {
			dialog.ShowError(fmt.Errorf("the seed must be a whole number"), st.Window())
			return
		}
		if _, err := Open(st, s, seats, n); err != nil {
			dialog.ShowError(err, st.Window())
		}
	}, st.Window())
}

// OpenComputerGame opens the play window of s with the computer on every
// seat (the studio's --play flag).
func OpenComputerGame(st *editor.Studio, s *editor.Session, seed int64) (*Window, error) {
	fam, ok := families[s.Kind()]
	if !ok {
		return nil, fmt.Errorf("there is no game engine for %s documents", s.Kind())
	}
	seats, err := fam.Seats(snapshot(s))
	if err != nil {
		return nil, fmt.Errorf("playing %s: %w", s.Name(), err)
	}
	return Open(st, s, seats, seed)
}

// snapshot copies a session's document so that the game never sees later
// edits (and edits never reach a running game).
func snapshot(s *editor.Session) *formats.Document {
	doc := *s.Document()
	if data, err := formats.Encode(&doc, formats.YAML); err == nil {
		if fresh, err := formats.ReadBytes(doc.Path, data, formats.Options{From: formats.YAML, RulesPath: doc.RulesFile, Rules: doc.Rules}); err == nil {
			fresh.Path, fresh.Rules, fresh.RulesFile = doc.Path, doc.Rules, doc.RulesFile
			return fresh
		}
	}
	return &doc
}

// Window is the play window of one game.
type Window struct {
	st      *editor.Studio
	session *editor.Session
	family  Family
	doc     *formats.Document
	seats   []Seat
	seed    int64

	win      fyne.Window
	match    Match
	log      *widget.List
	detail   *widget.Label // the selected (or latest) event in full
	selected int           // the selected event line, -1 for none
	lines    []string
	status   *widget.Label
	notice   *widget.Label // what to know of the game (why nobody moves)
	question *fyne.Container
	pauseBtn *widget.Button

	consumed int            // events shown so far
	queue    []engine.Event // events not shown yet
	paused   bool
	asking   bool
	// Speed divides every pause (1 normal; 0 means no pauses at all).
	Speed    float64
	cancel   func()
	finished bool
}

// Open starts a game and shows its window.
func Open(st *editor.Studio, s *editor.Session, seats []Seat, seed int64) (*Window, error) {
	fam, ok := families[s.Kind()]
	if !ok {
		return nil, fmt.Errorf("there is no game engine for %s documents", s.Kind())
	}
	w := &Window{st: st, session: s, family: fam, doc: snapshot(s), seats: seats, seed: seed, Speed: 1}
	if err := w.start(); err != nil {
		return nil, err
	}
	w.win = st.App().NewWindow("Play " + s.Name())
	w.win.SetContent(w.layout())
	w.win.Resize(fyne.NewSize(1180, 740)) // fits a 1280×800 screen
	w.win.SetOnClosed(w.stop)
	w.win.Show()
	w.Schedule(0)
	return w, nil
}

func (w *Window) start() error {
	m, err := w.family.New(w.doc, w.seats, w.seed)
	if err != nil {
		return err
	}
	w.match, w.consumed, w.queue, w.lines, w.finished, w.asking = m, 0, nil, nil, false, false
	return nil
}

func (w *Window) layout() fyne.CanvasObject {
	w.log = widget.NewList(func() int { return len(w.lines) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("event")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(w.lines[i]) })
	// A long line is cut in the list: the selected one, or else the
	// latest, is shown in full below it.
	w.selected = -1
	w.detail = widget.NewLabel("")
	w.detail.Wrapping = fyne.TextWrapWord
	w.log.OnSelected = func(i widget.ListItemID) {
		w.selected = i
		w.showDetail()
	}
	w.log.OnUnselected = func(widget.ListItemID) {
		w.selected = -1
		w.showDetail()
	}
	w.status = widget.NewLabel("")
	w.notice = widget.NewLabel("")
	w.notice.Wrapping = fyne.TextWrapWord
	w.notice.Importance = widget.WarningImportance
	if w.family.Notice != nil {
		w.notice.SetText(w.family.Notice(w.doc))
	}
	w.notice.Hidden = w.notice.Text == ""
	w.question = container.NewVBox()
	w.pauseBtn = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), w.TogglePause)
	step := widget.NewButtonWithIcon("Step", theme.MediaSkipNextIcon(), w.Step)
	speed := widget.NewSlider(0, 4)
	speed.Step = 1
	speed.Value = 1
	speed.OnChanged = func(v float64) {
		w.Speed = []float64{0.25, 1, 2, 4, 0}[int(v)]
	}
	restart := widget.NewButtonWithIcon("Restart", theme.MediaReplayIcon(), w.Restart)
	back := widget.NewButtonWithIcon("Back to editing", theme.DocumentCreateIcon(), w.BackToEditing)
	buttons := []fyne.CanvasObject{w.pauseBtn, step, widget.NewLabel("Speed"), container.NewGridWrap(fyne.NewSize(140, 36), speed), restart, back}
	if _, ok := w.match.(PositionSaver); ok {
		buttons = append(buttons, widget.NewButtonWithIcon("Open position", theme.DocumentSaveIcon(), func() { w.OpenPosition() }))
	}
	seats := ""
	for i, s := range w.seats {
		who := "computer"
		if s.Human {
			who = "you"
		}
		if i > 0 {
			seats += " · "
		}
		seats += s.Name + ": " + who
	}
	who := widget.NewLabel(fmt.Sprintf("seed %d · %s", w.seed, seats))
	who.Truncation = fyne.TextTruncateEllipsis // many seats must not widen the window
	controls := container.NewBorder(nil, nil, container.NewHBox(buttons...), nil, who)
	right := container.NewBorder(widget.NewLabelWithStyle("Events", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewVBox(widget.NewSeparator(), w.detail), nil, nil, w.log)
	main := container.NewHSplit(container.NewScroll(w.match.Board()), right)
	main.SetOffset(0.68)
	return container.NewBorder(container.NewVBox(controls, w.notice), container.NewVBox(widget.NewSeparator(), w.question, w.status), nil, nil, main)
}

// Schedule runs the next step after d (scaled by the speed).
func (w *Window) Schedule(d time.Duration) {
	if w.cancel != nil {
		w.cancel()
	}
	if w.Speed > 0 {
		d = time.Duration(float64(d) / w.Speed)
	} else {
		d = 0
	}
	w.cancel = w.st.Later(d, w.tick)
}

// tick shows the next event, or answers the next computer decision, or
// waits for a person.
func (w *Window) tick() {
	if w.finished || w.match == nil {
		return
	}
	if len(w.queue) > 0 {
		// One event at a time; at full speed (no pauses) all that wait,
		// drawn once.
		var pause time.Duration
		logged := false
		for len(w.queue) > 0 {
			e := w.queue[0]
			w.queue = w.queue[1:]
			var line string
			line, pause = w.match.Event(e)
			if line != "" {
				w.lines = append(w.lines, line)
				logged = true
			}
			if w.Speed > 0 {
				break
			}
		}
		if logged {
			w.refreshLog()
		}
		if pause > 0 || len(w.queue) == 0 {
			w.match.Show()
		}
		w.Schedule(pause)
		return
	}
	m := w.match.Machine()
	w.collect()
	if len(w.queue) > 0 {
		w.Schedule(0)
		return
	}
	if m.Over() {
		w.finish()
		return
	}
	d := m.Pending()
	if d.Player >= 0 && d.Player < len(w.seats) && w.seats[d.Player].Human {
		w.ask(d)
		return
	}
	if w.paused {
		w.status.SetText("Paused: the computer waits (" + w.seatName(d.Player) + ").")
		return
	}
	w.computerMove()
	w.Schedule(0)
}

// computerMove answers the pending decision for the computer.
func (w *Window) computerMove() {
	m := w.match.Machine()
	d := m.Pending()
	a, err := w.match.Computer()
	if err == nil {
		err = m.Answer(d.Player, a)
	}
	if err != nil {
		w.status.SetText("The computer could not answer: " + err.Error())
		w.paused = true
		return
	}
	w.collect()
}

// collect queues the events emitted since the last look.
func (w *Window) collect() {
	events := w.match.Machine().Events()
	if w.consumed < len(events) {
		w.queue = append(w.queue, events[w.consumed:]...)
		w.consumed = len(events)
	}
}

func (w *Window) seatName(p int) string {
	if p >= 0 && p < len(w.seats) {
		return w.seats[p].Name
	}
	return fmt.Sprint(p)
}

// ask shows a person's question.
func (w *Window) ask(d *engine.Decision) {
	w.asking = true
	w.status.SetText(w.seatName(d.Player) + ", it is your decision.")
	form := w.match.Ask(d, func(a engine.Answer) error {
		if err := w.match.Machine().Answer(d.Player, a); err != nil {
			w.status.SetText(err.Error())
			return err
		}
		w.asking = false
		w.question.RemoveAll()
		w.status.SetText("")
		w.collect()
		w.Schedule(0)
		return nil
	})
	w.question.RemoveAll()
	w.question.Add(form)
	w.question.Refresh()
}

func (w *Window) finish() {
	w.finished = true
	w.match.Show()
	w.question.RemoveAll()
	if err := w.match.Machine().Err(); err != nil {
		w.status.SetText("The game failed: " + err.Error())
		return
	}
	result := w.match.Result()
	w.lines = append(w.lines, "— "+result)
	w.refreshLog()
	w.status.SetText("Game over: " + result)
}

// refreshLog shows new event lines: the list scrolls to the latest and,
// unless a line is selected, the latest is shown in full below it.
func (w *Window) refreshLog() {
	w.log.Refresh()
	w.log.ScrollToBottom()
	w.showDetail()
}

// showDetail shows the selected event line, or the latest, in full.
func (w *Window) showDetail() {
	switch {
	case w.selected >= 0 && w.selected < len(w.lines):
		w.detail.SetText(w.lines[w.selected])
	case len(w.lines) > 0:
		w.detail.SetText(w.lines[len(w.lines)-1])
	default:
		w.detail.SetText("")
	}
}

// Detail returns the event line shown in full below the log.
func (w *Window) Detail() string { return w.detail.Text }

// TogglePause pauses or resumes the computer's turns.
func (w *Window) TogglePause() {
	w.paused = !w.paused
	if w.paused {
		w.pauseBtn.SetText("Run")
		w.pauseBtn.SetIcon(theme.MediaPlayIcon())
		return
	}
	w.pauseBtn.SetText("Pause")
	w.pauseBtn.SetIcon(theme.MediaPauseIcon())
	if !w.asking {
		w.Schedule(0)
	}
}

// Step plays one computer decision (and shows its events) while paused.
func (w *Window) Step() {
	if w.asking || w.finished {
		return
	}
	m := w.match.Machine()
	if len(w.queue) == 0 && !m.Over() {
		w.computerMove()
	}
	for len(w.queue) > 0 {
		e := w.queue[0]
		w.queue = w.queue[1:]
		if line, _ := w.match.Event(e); line != "" {
			w.lines = append(w.lines, line)
		}
	}
	w.match.Show()
	w.refreshLog()
	if m.Over() {
		w.finish()
	} else if d := m.Pending(); d != nil && d.Player < len(w.seats) && w.seats[d.Player].Human {
		w.ask(d)
	}
}

// Restart plays the same game again: the same document, seats and seed.
func (w *Window) Restart() {
	if w.cancel != nil {
		w.cancel()
	}
	if w.match != nil {
		w.match.Close()
	}
	if err := w.start(); err != nil {
		w.status.SetText(err.Error())
		return
	}
	w.question.RemoveAll()
	w.status.SetText("")
	w.win.SetContent(w.layout())
	w.Schedule(0)
}

// BackToEditing closes the game and returns to the document in the
// studio, as it was edited (the game never changed it).
func (w *Window) BackToEditing() {
	w.win.Close()
	w.st.Window().RequestFocus()
	w.st.Status("Back from playing " + w.session.Name())
}

// OpenPosition opens the game as it stands as a new document in the
// studio (an mbg save, to edit and play from), when the game can be saved
// now; otherwise the status line says when it can.
func (w *Window) OpenPosition() (*editor.Session, error) {
	ps, ok := w.match.(PositionSaver)
	if !ok {
		return nil, fmt.Errorf("this game cannot be saved")
	}
	doc, err := ps.SavePosition()
	if err != nil {
		w.status.SetText(err.Error())
		return nil, err
	}
	s := w.st.AddNew(doc, fmt.Sprintf("%s, position %d", w.session.Name(), len(w.match.Machine().Answers())))
	w.status.SetText("The position is open in the studio as " + s.Name() + ".")
	return s, nil
}

func (w *Window) stop() {
	if w.cancel != nil {
		w.cancel()
	}
	if w.match != nil {
		w.match.Close()
		w.match = nil
	}
}

// Lines returns the event log so far (for tests).
func (w *Window) Lines() []string { return w.lines }

// Asking reports whether a person's question is shown.
func (w *Window) Asking() bool { return w.asking }

// Question returns the question panel.
func (w *Window) Question() *fyne.Container { return w.question }

// Match returns the game.
func (w *Window) Match() Match { return w.match }

// Finished reports whether the game is over.
func (w *Window) Finished() bool { return w.finished }

// Notice returns what the window says of the game before it is played
// ("" when nothing).
func (w *Window) Notice() string { return w.notice.Text }

// Status returns the status line.
func (w *Window) Status() string { return w.status.Text }
