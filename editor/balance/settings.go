package balance

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/family"
)

// DefaultGames is the number of games a new balance window offers.
const DefaultGames = 200

// The largest values the fields accept: more games than this would only
// fill memory, more jobs than this would only wait for the CPUs.
const (
	maxGames = 1_000_000
	maxJobs  = 256
)

// settings are what a simulation is run with.
type settings struct {
	Games   int
	Seed    int64
	TurnCap int
	Jobs    int
}

// defaultTurnCap returns the turn (or round) cap of the family of
// documents of kind, as its simulations apply it.
func defaultTurnCap(kind string) int { return family.DefaultTurnCap(kind) }

// fields are the entries of the settings: the number of games, the seed,
// the turn cap and the number of games played at once.
type fields struct {
	games, seed, turnCap, jobs *widget.Entry
}

// newFields returns the fields with the defaults for documents of kind.
func newFields(kind string) *fields {
	entry := func(text string) *widget.Entry {
		e := widget.NewEntry()
		e.SetText(text)
		return e
	}
	return &fields{games: entry(strconv.Itoa(DefaultGames)), seed: entry("1"),
		turnCap: entry(strconv.Itoa(defaultTurnCap(kind))), jobs: entry(strconv.Itoa(runtime.NumCPU()))}
}

// object lays the fields out in a row, each after its label.
func (f *fields) object() fyne.CanvasObject {
	cell := func(label string, e *widget.Entry, width float32) fyne.CanvasObject {
		return container.NewHBox(widget.NewLabel(label), container.NewGridWrap(fyne.NewSize(width, e.MinSize().Height), e))
	}
	return container.NewHBox(cell("Games", f.games, 100), cell("Seed", f.seed, 120), cell("Turn cap", f.turnCap, 90),
		cell("Jobs", f.jobs, 64))
}

// settings reads the fields.
func (f *fields) settings() (settings, error) {
	var s settings
	var errs []error
	var err error
	s.Games, err = whole(f.games.Text, "the number of games", 1, maxGames)
	errs = append(errs, err)
	s.Seed, err = parseSeed(f.seed.Text)
	errs = append(errs, err)
	s.TurnCap, err = whole(f.turnCap.Text, "the turn cap", 1, 1<<30)
	errs = append(errs, err)
	s.Jobs, err = whole(f.jobs.Text, "the number of jobs", 1, maxJobs)
	errs = append(errs, err)
	return s, errors.Join(errs...)
}

// enable makes the fields editable or not (while games are played).
func (f *fields) enable(on bool) {
	for _, e := range []*widget.Entry{f.games, f.seed, f.turnCap, f.jobs} {
		if on {
			e.Enable()
		} else {
			e.Disable()
		}
	}
}

// whole parses a whole number from lo to hi; what names it in the error.
func whole(s, what string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s must be a whole number from %d to %d", what, lo, hi)
	}
	return n, nil
}

// parseSeed parses a seed: any whole number.
func parseSeed(s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, errors.New("the seed must be a whole number")
	}
	return n, nil
}
