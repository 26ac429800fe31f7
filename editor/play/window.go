package play

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"sync/atomic"
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

// AskSetup asks who plays each seat (a person, or the computer and, when
// the family has several, which computer player), with which seed and,
// for a family that offers it, up to which turn; then opens the play
// window. The game uses the document as it is in the editor now.
func AskSetup(st *editor.Studio, s *editor.Session) {
	fam, ok := familyOf(s.Kind())
	if !ok {
		return
	}
	doc := Snapshot(s)
	seats, err := fam.Seats(doc)
	if err != nil {
		dialog.ShowError(err, st.Window())
		return
	}
	d := newSetupForm(fam, seats)
	dialog.ShowCustomConfirm("Play "+s.Name(), "Play", "Cancel", d.object, func(ok bool) {
		if !ok {
			return
		}
		seats, o, err := d.read()
		if err != nil {
			dialog.ShowError(err, st.Window())
			return
		}
		if _, err := OpenWith(st, s, seats, o); err != nil {
			dialog.ShowError(err, st.Window())
		}
	}, st.Window())
}

// setupForm is the Play dialog's content: for every seat a person or the
// computer (and which computer player), the seed, the turn cap.
type setupForm struct {
	fam       Family
	seats     []Seat
	who       []*widget.RadioGroup
	computers []*widget.Select // nil entries when the family has one computer player
	seed      *widget.Entry
	turnCap   *widget.Entry // nil when the family offers none
	hotSeat   *widget.Label
	object    fyne.CanvasObject
}

// newSetupForm builds the dialog's content; the first seat is a person's,
// the others the computer's.
func newSetupForm(fam Family, seats []Seat) *setupForm {
	d := &setupForm{fam: fam, seats: seats}
	var rows []fyne.CanvasObject
	for _, seat := range seats {
		who := widget.NewRadioGroup([]string{"Person", "Computer"}, func(string) { d.update() })
		who.Horizontal = true
		var pick *widget.Select
		if len(fam.Computers) > 1 {
			pick = widget.NewSelect(fam.Computers, nil)
			pick.SetSelectedIndex(0)
		}
		d.who, d.computers = append(d.who, who), append(d.computers, pick)
		var choice fyne.CanvasObject = who
		if pick != nil {
			choice = container.NewHBox(who, pick)
		}
		rows = append(rows, widget.NewLabel(seat.Name), choice)
	}
	d.seed = widget.NewEntry()
	d.seed.SetText(strconv.FormatInt(rand.Int63n(1_000_000), 10))
	items := []*widget.FormItem{widget.NewFormItem("Seed", d.seed)}
	if c := fam.TurnCap; c != nil {
		d.turnCap = widget.NewEntry()
		d.turnCap.SetText(strconv.Itoa(c.Default))
		items = append(items, widget.NewFormItem(c.Label, d.turnCap))
	}
	d.hotSeat = widget.NewLabel(fam.HotSeat)
	d.hotSeat.Wrapping = fyne.TextWrapWord
	d.object = container.NewVBox(container.NewGridWithColumns(2, rows...), widget.NewForm(items...), d.hotSeat)
	for i, who := range d.who {
		who.SetSelected([]string{"Person", "Computer"}[min(i, 1)])
	}
	d.update()
	return d
}

// update offers the computer players to computer seats only, and says
// how people share the screen when several seats are people's.
func (d *setupForm) update() {
	people := 0
	for i, who := range d.who {
		if who.Selected == "Person" {
			people++
		}
		if pick := d.computers[i]; pick != nil {
			if who.Selected == "Person" {
				pick.Disable()
			} else {
				pick.Enable()
			}
		}
	}
	if d.hotSeat != nil {
		if people >= 2 && d.fam.HotSeat != "" {
			d.hotSeat.Show()
		} else {
			d.hotSeat.Hide()
		}
	}
}

// read returns the seats and options chosen, or what is wrong with them.
func (d *setupForm) read() ([]Seat, Options, error) {
	seats := append([]Seat(nil), d.seats...)
	for i := range seats {
		seats[i].Human = d.who[i].Selected == "Person"
		if pick := d.computers[i]; pick != nil && !seats[i].Human {
			seats[i].Computer = pick.Selected
		}
	}
	var o Options
	n, err := strconv.ParseInt(strings.TrimSpace(d.seed.Text), 10, 64)
	if err != nil {
		return nil, o, fmt.Errorf("the seed must be a whole number")
	}
	o.Seed = n
	if c := d.fam.TurnCap; c != nil {
		n, err := strconv.Atoi(strings.TrimSpace(d.turnCap.Text))
		if err != nil || n < c.Min || n > c.Max {
			return nil, o, fmt.Errorf("the %s must be a whole number from %d to %d", strings.ToLower(c.Label), c.Min, c.Max)
		}
		o.TurnCap = n
	}
	return seats, o, nil
}

// SeatsOf lists the seats of a game of s's document as it is now (all
// computer), as the Play dialog offers them.
func SeatsOf(s *editor.Session) ([]Seat, error) {
	fam, ok := familyOf(s.Kind())
	if !ok {
		return nil, fmt.Errorf("there is no game engine for %s documents", s.Kind())
	}
	return fam.Seats(Snapshot(s))
}

// OpenComputerGame opens the play window of s with the computer on every
// seat (the studio's --play flag).
func OpenComputerGame(st *editor.Studio, s *editor.Session, seed int64) (*Window, error) {
	fam, ok := familyOf(s.Kind())
	if !ok {
		return nil, fmt.Errorf("there is no game engine for %s documents", s.Kind())
	}
	seats, err := fam.Seats(Snapshot(s))
	if err != nil {
		return nil, fmt.Errorf("playing %s: %w", s.Name(), err)
	}
	return Open(st, s, seats, seed)
}

// Snapshot copies a session's document so that the game never sees later
// edits (and edits never reach a running game).
func Snapshot(s *editor.Session) *formats.Document {
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
	opts    Options

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
	stepBtn  *widget.Button
	runBtn   *widget.Button // Run to the end (games without people)

	consumed int            // events shown so far
	queue    []engine.Event // events not shown yet
	paused   bool
	asking   bool
	// Speed divides every pause (1 normal; 0 means no pauses at all).
	Speed    float64
	cancel   func()
	finished bool
	intro    string  // the intro shown as the game started
	run      *runner // the game being played to its end off the UI thread
}

// runner plays a game with no person to its end off the UI thread.
type runner struct {
	stop atomic.Bool // set when the window closes or restarts meanwhile
}

// Open starts a game with a seed and shows its window.
func Open(st *editor.Studio, s *editor.Session, seats []Seat, seed int64) (*Window, error) {
	return OpenWith(st, s, seats, Options{Seed: seed})
}

// OpenWith starts a game with the options and shows its window.
func OpenWith(st *editor.Studio, s *editor.Session, seats []Seat, o Options) (*Window, error) {
	fam, ok := familyOf(s.Kind())
	if !ok {
		return nil, fmt.Errorf("there is no game engine for %s documents", s.Kind())
	}
	w := &Window{st: st, session: s, family: fam, doc: Snapshot(s), seats: seats, opts: o, Speed: 1, paused: o.Paused}
	if err := w.start(); err != nil {
		return nil, err
	}
	w.win = st.App().NewWindow("Play " + s.Name())
	w.win.SetContent(w.layout())
	editor.DialogKeys(w.win, nil)         // Return starts the game from the intro
	w.win.Resize(fyne.NewSize(1180, 740)) // fits a 1280×800 screen
	w.win.SetOnClosed(w.stop)
	w.win.Show()
	w.showIntro()
	w.Schedule(0)
	return w, nil
}

// showIntro shows the text the game opens with (the family's Intro), as
// the original games do before play, in a dialog over the play window.
func (w *Window) showIntro() {
	if w.family.Intro == nil {
		return
	}
	text := strings.TrimSpace(w.family.Intro(w.doc))
	if text == "" {
		return
	}
	w.intro = text
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Before the game — "+w.session.Name(), "Play", container.NewVScroll(l), w.win)
	d.Resize(fyne.NewSize(640, 360))
	d.Show()
}

// Intro returns the intro shown as the game started ("" when none).
func (w *Window) Intro() string { return w.intro }

func (w *Window) start() error {
	m, err := w.family.New(w.doc, w.seats, w.opts)
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
	if w.paused {
		w.pauseBtn.SetText("Run")
		w.pauseBtn.SetIcon(theme.MediaPlayIcon())
	}
	w.stepBtn = widget.NewButtonWithIcon("Step", theme.MediaSkipNextIcon(), w.Step)
	speed := widget.NewSlider(0, 4)
	speed.Step = 1
	speed.Value = 1
	speed.OnChanged = func(v float64) {
		w.Speed = []float64{0.25, 1, 2, 4, 0}[int(v)]
	}
	restart := widget.NewButtonWithIcon("Restart", theme.MediaReplayIcon(), w.Restart)
	back := widget.NewButtonWithIcon("Back to editing", theme.DocumentCreateIcon(), w.BackToEditing)
	buttons := []fyne.CanvasObject{w.pauseBtn, w.stepBtn, widget.NewLabel("Speed"), container.NewGridWrap(fyne.NewSize(140, 36), speed)}
	w.runBtn = nil
	if !w.hasPerson() {
		w.runBtn = widget.NewButtonWithIcon("Run to the end", theme.MediaFastForwardIcon(), w.RunToEnd)
		buttons = append(buttons, w.runBtn)
	}
	buttons = append(buttons, restart, back)
	if _, ok := w.match.(PositionSaver); ok {
		buttons = append(buttons, widget.NewButtonWithIcon("Open position", theme.DocumentSaveIcon(), func() { w.OpenPosition() }))
	}
	seats := ""
	for i, s := range w.seats {
		who := "computer"
		switch {
		case s.Human:
			who = "you"
		case s.Computer != "":
			who = "computer (" + s.Computer + ")"
		}
		if i > 0 {
			seats += " · "
		}
		seats += s.Name + ": " + who
	}
	who := widget.NewLabel(fmt.Sprintf("seed %d · %s", w.opts.Seed, seats))
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
	if w.finished || w.match == nil || w.run != nil {
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
	if w.asking || w.finished || w.run != nil {
		return
	}
	m := w.match.Machine()
	if len(w.queue) == 0 && !m.Over() {
		w.computerMove()
	}
	w.drain()
	if m.Over() {
		w.finish()
	} else if d := m.Pending(); d != nil && d.Player < len(w.seats) && w.seats[d.Player].Human {
		w.ask(d)
	}
}

// drain shows every event waiting, at once, and draws the board.
func (w *Window) drain() {
	w.collect()
	for len(w.queue) > 0 {
		e := w.queue[0]
		w.queue = w.queue[1:]
		if line, _ := w.match.Event(e); line != "" {
			w.lines = append(w.lines, line)
		}
	}
	w.match.Show()
	w.refreshLog()
}

// hasPerson reports whether a person plays a seat.
func (w *Window) hasPerson() bool {
	for _, s := range w.seats {
		if s.Human {
			return true
		}
	}
	return false
}

// RunToEnd plays a game the computer plays alone to its end (or its turn
// cap) off the UI thread, without pauses, then shows its events, the
// board as the game ends, and the result. Restart or closing the window
// meanwhile abandons it.
func (w *Window) RunToEnd() {
	if w.finished || w.run != nil || w.hasPerson() || w.match == nil {
		return
	}
	if w.cancel != nil {
		w.cancel()
	}
	r := &runner{}
	w.run = r
	w.setRunning(true)
	match := w.match
	w.st.Async(func() {
		m := match.Machine()
		var err error
		for answered := 1; !m.Over() && !r.stop.Load(); answered++ {
			d := m.Pending()
			var a engine.Answer
			if a, err = match.Computer(); err == nil {
				err = m.Answer(d.Player, a)
			}
			if err != nil {
				break
			}
			if answered%500 == 0 {
				n := answered
				w.st.Post(func() {
					if w.run == r {
						w.status.SetText(fmt.Sprintf("Playing to the end: %d decisions so far…", n))
					}
				})
			}
		}
		w.st.Post(func() { w.ranToEnd(r, match, err) })
	})
}

// ranToEnd shows a game RunToEnd played, unless it was abandoned.
func (w *Window) ranToEnd(r *runner, match Match, err error) {
	if r.stop.Load() {
		match.Close() // the window let go of it
		return
	}
	w.run = nil
	w.setRunning(false)
	if err != nil {
		w.status.SetText("The computer could not answer: " + err.Error())
		return
	}
	w.status.SetText("")
	w.drain()
	w.Schedule(0)
}

// setRunning disables what cannot be used while a game runs to its end.
func (w *Window) setRunning(on bool) {
	for _, b := range []*widget.Button{w.pauseBtn, w.stepBtn, w.runBtn} {
		switch {
		case b == nil:
		case on:
			b.Disable()
		default:
			b.Enable()
		}
	}
	if on {
		w.status.SetText("Playing to the end…")
	}
}

// abandonRun lets a game running to its end go: its goroutine closes it.
// It reports whether there was one.
func (w *Window) abandonRun() bool {
	if w.run == nil {
		return false
	}
	w.run.stop.Store(true)
	w.run, w.match = nil, nil
	return true
}

// Restart plays the same game again: the same document, seats and seed.
func (w *Window) Restart() {
	if w.cancel != nil {
		w.cancel()
	}
	if !w.abandonRun() && w.match != nil {
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
	if w.abandonRun() {
		return
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

// Window returns the play window itself (tests capture it).
func (w *Window) Window() fyne.Window { return w.win }

// Running reports whether the game is being played to its end off the UI
// thread (Run to the end).
func (w *Window) Running() bool { return w.run != nil }

// Log returns the list that shows the event log (for tests).
func (w *Window) Log() *widget.List { return w.log }
