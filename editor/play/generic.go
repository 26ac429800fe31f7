package play

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// A kind the family registry plays but no package of the studio draws
// (no Register) is played in the generic window: the game of the
// family's Start, its seats, its computer player and its words for the
// events (Game.Describe), with no board — the window says so — and every
// question asked as the list of its legal answers (or, for a decision
// that lists none or too many, a JSON answer typed in).

// threaded runs a game's rules on a goroutine of their own: the play
// window answers from the UI thread, which is locked to its OS thread.
var threaded = engine.Options{Threaded: true}

// maxAnswerButtons is the most legal answers a question shows as
// buttons; a decision with more is answered by typing.
const maxAnswerButtons = 60

// genericFamily plays documents of kind through the family registry.
func genericFamily(kind string) Family {
	return Family{
		Seats: genericSeats,
		New:   newGenericMatch,
		Notice: func(*formats.Document) string {
			return "The studio has no board for " + kind + " games: the game is played through its questions and told in the log."
		},
	}
}

// genericSeats starts a game of doc to learn its seats (all computer).
func genericSeats(doc *formats.Document) ([]Seat, error) {
	g, err := family.StartGame(doc, family.GameOptions{Machine: threaded})
	if err != nil {
		return nil, err
	}
	defer g.Close()
	seats := make([]Seat, len(g.Seats))
	for i, name := range g.Seats {
		seats[i] = Seat{Name: name}
	}
	return seats, nil
}

// genericMatch is a game of a family without a board in the studio.
type genericMatch struct {
	g         *family.Game
	computers []func(d *engine.Decision) engine.Answer // by seat; nil for a person's
	board     *widget.Label
}

func newGenericMatch(doc *formats.Document, seats []Seat, o Options) (Match, error) {
	g, err := family.StartGame(doc, family.GameOptions{Seed: o.Seed, TurnCap: o.TurnCap, Machine: threaded})
	if err != nil {
		return nil, err
	}
	m := &genericMatch{g: g, computers: make([]func(*engine.Decision) engine.Answer, len(seats))}
	for i, s := range seats {
		if s.Human {
			continue
		}
		if m.computers[i], err = g.ComputerNamed(s.Computer, i, o.Seed*int64(len(seats))+int64(i)); err != nil {
			g.Close()
			return nil, err
		}
	}
	m.board = widget.NewLabel("")
	m.board.Wrapping = fyne.TextWrapWord
	m.Show()
	return m, nil
}

func (m *genericMatch) Machine() *engine.Machine { return m.g.Machine }

func (m *genericMatch) Computer() (engine.Answer, error) {
	d := m.g.Pending()
	if d == nil {
		return nil, fmt.Errorf("no decision is pending")
	}
	if d.Player < 0 || d.Player >= len(m.computers) || m.computers[d.Player] == nil {
		return nil, fmt.Errorf("seat %d has no computer player", d.Player)
	}
	return m.computers[d.Player](d), nil
}

func (m *genericMatch) Board() fyne.CanvasObject { return container.NewVScroll(m.board) }

// Show tells, in place of a board, the decision pending and what the game
// shows its player.
func (m *genericMatch) Show() {
	text := "This game has no board in the studio."
	if d := m.g.Pending(); d != nil && !m.g.Over() {
		text += fmt.Sprintf("\n\nAnswers so far: %d. Now %s decides %q.", m.g.Answered(), m.seat(d.Player), d.Kind)
		if d.Args != nil {
			text += "\nThe game shows: " + compactJSON(d.Args)
		}
	}
	m.board.SetText(text)
}

func (m *genericMatch) Event(e engine.Event) (string, time.Duration) {
	if m.g.Describe != nil {
		return m.g.Describe(e), 0
	}
	return engine.RawWords(e), 0
}

// Ask lists the decision's legal answers as buttons, or takes an answer
// typed as JSON.
func (m *genericMatch) Ask(d *engine.Decision, answer func(engine.Answer) error) fyne.CanvasObject {
	m.Show()
	title := widget.NewLabel(fmt.Sprintf("%s, decide %q.", m.seat(d.Player), d.Kind))
	if d.Args != nil {
		title.SetText(title.Text + " The game shows: " + compactJSON(d.Args))
	}
	title.Wrapping = fyne.TextWrapWord
	if d.Legal != nil {
		if l := d.Legal(); l.N > 0 && l.N <= maxAnswerButtons {
			var buttons []fyne.CanvasObject
			for a := range l.All() {
				buttons = append(buttons, widget.NewButton(string(a), func() { _ = answer(a) }))
			}
			return container.NewVBox(title, OptionGrid(buttons))
		}
	}
	entry := widget.NewEntry()
	entry.SetPlaceHolder("the answer, as JSON")
	refused := widget.NewLabel("")
	submit := func() {
		if err := answer(engine.Answer(strings.TrimSpace(entry.Text))); err != nil {
			refused.SetText(err.Error())
		}
	}
	entry.OnSubmitted = func(string) { submit() }
	return container.NewVBox(title, container.NewBorder(nil, nil, nil, widget.NewButton("Answer", submit), entry), refused)
}

func (m *genericMatch) Result() string {
	r := m.g.Result()
	if seat, ok := r.(int); ok && seat >= 0 && seat < len(m.g.Seats) {
		return m.g.Seats[seat] + " wins"
	}
	if r != nil {
		return "the game ended: " + compactJSON(r)
	}
	return "the game ended"
}

func (m *genericMatch) Close() { m.g.Close() }

// seat names seat p.
func (m *genericMatch) seat(p int) string {
	if p >= 0 && p < len(m.g.Seats) {
		return m.g.Seats[p]
	}
	return fmt.Sprintf("seat %d", p)
}

// compactJSON writes v as JSON on one line.
func compactJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
