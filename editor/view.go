package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

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
