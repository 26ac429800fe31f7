package editor

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/family"
)

// PlayFunc opens a test game of a session's document (as it is now, unsaved
// edits included) in a window of its own.
type PlayFunc func(st *Studio, s *Session)

var (
	players   = map[string]PlayFunc{}
	anyPlayer PlayFunc
)

// RegisterPlay makes f the Play button's action for documents of kind.
func RegisterPlay(kind string, f PlayFunc) { players[kind] = f }

// RegisterAnyPlay makes f the Play button's action for documents of every
// kind the family registry plays that has no action of its own
// (RegisterPlay): a family without a board in the studio is played in a
// window of its decisions.
func RegisterAnyPlay(f PlayFunc) { anyPlayer = f }

// playerOf returns the Play button's action for documents of kind (nil:
// they cannot be played).
func playerOf(kind string) PlayFunc {
	if f := players[kind]; f != nil {
		return f
	}
	if anyPlayer != nil && family.Playable(kind) {
		return anyPlayer
	}
	return nil
}

// CanPlay reports whether documents of kind can be test-played.
func CanPlay(kind string) bool { return playerOf(kind) != nil }

// HasOwnPlay reports whether documents of kind have a play window of
// their own (a board), not only the generic window of their decisions.
func HasOwnPlay(kind string) bool { return players[kind] != nil }

// Play starts a test game of the current document.
func (st *Studio) Play() {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	if f := playerOf(s.Kind()); f != nil {
		st.errorsFirst(s, "Play", func() { f(st, s) })
		return
	}
	st.Status("there is no game engine for " + s.Kind() + " documents")
}

// App returns the Fyne application (play windows open in it).
func (st *Studio) App() fyne.App { return st.app }

// Later runs f on the UI thread after d (at once in synchronous tests) and
// returns a function that cancels it.
func (st *Studio) Later(d time.Duration, f func()) (cancel func()) { return st.later(d, f) }

// Async runs f off the UI thread (on it in synchronous tests); Post brings
// work back to the UI thread.
func (st *Studio) Async(f func()) { st.runAsync(f) }

// Post runs f on the UI thread.
func (st *Studio) Post(f func()) { st.post(f) }
