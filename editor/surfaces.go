package editor

// What a family plugs into the studio, by document kind: its editor view
// (RegisterView; a kind without one gets the Document pane of
// genericview.go), the Play button's action (RegisterPlay, or the generic
// play window for every kind the registry plays: RegisterAnyPlay), the
// Balance button's (RegisterBalance) and hosting on the network
// (RegisterHost). File > New's grid sizes (RegisterNewGrid) are in
// newdoc.go, the names of the sides in sidecolours.go (RegisterSideNames).

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// View is a family's editor of one document.
type View interface {
	// Panes returns the editor's panes, shown as tabs ("Board",
	// "Officers", ...). They are built once.
	Panes() []*container.TabItem
	// Refresh redraws everything from the session's current model (after
	// an edit, an undo or a redo).
	Refresh()
	// Select shows the item at a document path ("cities[2].garrison[0]")
	// and returns the pane it is in; nil when the path means nothing to
	// the view.
	Select(path string) *container.TabItem
}

// Env is what a view may use of the studio around it.
type Env interface {
	// Window is the studio window (for dialogs).
	Window() fyne.Window
	// Status shows a short message in the status bar.
	Status(msg string)
}

// ViewFactory builds the view of a session.
type ViewFactory func(s *Session, env Env) View

var views = map[string]ViewFactory{}

// RegisterView makes f the editor of documents of kind.
func RegisterView(kind string, f ViewFactory) { views[kind] = f }

// HasView reports whether documents of kind have an editor view of their
// family's own.
func HasView(kind string) bool { return views[kind] != nil }

// CanOpen reports whether documents of kind open in a tab of the studio:
// with their family's editor view, or, for a kind read by package formats
// whose family has none, with a Document pane that says so and shows the
// document's YAML (genericview.go).
func CanOpen(kind string) bool {
	_, known := formats.LegacyForm(kind)
	return HasView(kind) || known
}

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

// BalanceFunc opens the balance view of a session's document: many
// computer-against-computer games of it (as it is now, unsaved edits
// included) summed up in charts and a report.
type BalanceFunc func(st *Studio, s *Session)

var balancers = map[string]BalanceFunc{}

// RegisterBalance makes f the Balance button's action for documents of
// kind.
func RegisterBalance(kind string, f BalanceFunc) { balancers[kind] = f }

// CanBalance reports whether documents of kind can be simulated.
func CanBalance(kind string) bool { return balancers[kind] != nil }

// Balance opens the balance view of the current document.
func (st *Studio) Balance() {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	if f := balancers[s.Kind()]; f != nil {
		st.errorsFirst(s, "Balance", func() { f(st, s) })
		return
	}
	st.Status(s.Kind() + " documents cannot be simulated")
}

// HostFunc hosts a game of a session's document (as it is now, unsaved
// edits included) on the network: `shapan serve` in the studio's process,
// with the seat links shown (package editor/host).
type HostFunc func(st *Studio, s *Session)

var hoster HostFunc

// RegisterHost makes f the action of Play ▸ Host on the network.
func RegisterHost(f HostFunc) { hoster = f }

// CanHost reports whether documents of kind can be hosted on the network.
func CanHost(kind string) bool { return hoster != nil && family.Playable(kind) }

// Host hosts a game of the current document on the network.
func (st *Studio) Host() {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	if !CanHost(s.Kind()) {
		st.Status(s.Kind() + " documents cannot be played over the network")
		return
	}
	st.errorsFirst(s, "Host", func() { hoster(st, s) })
}
