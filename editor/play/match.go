// Package play is the studio's test play: a game of the open document,
// with every seat played by a person or the computer, in a window that
// shows the board, animates moves, logs events in words, asks people
// their questions in natural form, and lets the computer's turns be
// paused, stepped and sped up. Each game family supplies a Match.
package play

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
)

// Match is one game being played, as a family supplies it.
type Match interface {
	// Machine is the running game.
	Machine() *engine.Machine
	// Computer answers the pending decision for a computer seat.
	Computer() (engine.Answer, error)
	// Board is the view of the game (created once; Show redraws it).
	Board() fyne.CanvasObject
	// Show draws the board as the events so far leave it.
	Show()
	// Event applies one event to what the board shows and describes it:
	// a line for the log ("" to leave it out) and how long to pause after
	// it at normal speed (moves are animated step by step).
	Event(e engine.Event) (line string, pause time.Duration)
	// Ask builds the question of a human seat in natural form; answer
	// submits the answer (it returns the reason when the game refuses it).
	Ask(d *engine.Decision, answer func(engine.Answer) error) fyne.CanvasObject
	// Result describes the end of the game.
	Result() string
	// Close releases the game.
	Close()
}

// PositionSaver is a Match whose game can be saved as a document (an mbg
// save) at some decisions; the play window then offers to open the
// position in the editor.
type PositionSaver interface {
	// SavePosition returns the game as it stands as a new document, or
	// why it cannot be saved now.
	SavePosition() (*formats.Document, error)
}

// Seat is one player of a game: a role or side, played by a person or by
// the computer.
type Seat struct {
	Name  string
	Human bool
	// Computer names the computer player of a computer seat, one of the
	// family's Computers ("": the family's default).
	Computer string
}

// Options are how a game is started.
type Options struct {
	// Seed seeds the game and its computer players.
	Seed int64
	// TurnCap is the last turn (or round) played (0: the family's
	// default).
	TurnCap int
	// Paused opens the game paused: the computer waits for Run, Step or
	// Run to the end.
	Paused bool
}

// Family creates matches of one document kind.
type Family struct {
	// Seats lists the players a document's game has (all computer).
	Seats func(doc *formats.Document) ([]Seat, error)
	// New starts a game of doc with the seats and the options.
	New func(doc *formats.Document, seats []Seat, o Options) (Match, error)
	// Notice, when set, says what the person watching a game of doc
	// should know of it ("" when nothing), such as why nobody moves.
	Notice func(doc *formats.Document) string
	// Computers names the computer players a seat may take, the default
	// first (nil or one name: the Play dialog offers no choice).
	Computers []string
	// TurnCap, when set, is the turn cap the Play dialog offers to set.
	TurnCap *TurnCap
	// HotSeat, when set, is what the Play dialog says when several seats
	// are people sharing the screen (how their decisions are kept apart).
	HotSeat string
	// Intro, when set, returns the text a game of doc opens with (an ftbt
	// level's intro), shown over the play window as the game starts.
	Intro func(doc *formats.Document) string
}

// TurnCap is a family's turn (or round) cap as the Play dialog offers it.
type TurnCap struct {
	// Label names the cap ("Round cap").
	Label string
	// Default, Min and Max are its default and its limits.
	Default, Min, Max int
}

// CannotPlay says why the engine refused to start a game of doc: its
// problems placed in the document's file (file:line:col, as shapan play
// prints them), or the engine's error as it is.
func CannotPlay(doc *formats.Document, err error) error {
	var problems diag.List
	if errors.As(err, &problems) {
		var loc diag.Locator
		if doc.Source != nil {
			loc = doc.Source
		}
		located := problems.Locate(filepath.Base(doc.Path), loc)
		located.Sort()
		err = located
	}
	return fmt.Errorf("this map cannot be played: %w", err)
}
