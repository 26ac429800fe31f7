package editor

import (
	"fyne.io/fyne/v2/container"

	"github.com/shapan/shapan/editor/grid"
)

// The studio's shell owns the keyboard: the main menu and the single keys
// typed while no text field has the focus. It hands what is about a map
// to the view of the selected tab through the interfaces below, which a
// view implements when one of its panes shows a map (grid.MapPanes does,
// for the maps of package grid). Each method is given the pane shown and
// reports whether that pane handled the command (false: the pane has no
// map, or no such tool), so that the shell can say so in the status bar.
// The tools and their keys are grid.Tools(); the Tools menu, the tool
// keys and Help ▸ Keyboard read them from there.

// MapTools is implemented by a view with painting tools on some of its
// panes. The studio calls it for the Tools menu and the tool keys.
type MapTools interface {
	// SetTool selects tool on pane and reports whether pane has it.
	SetTool(pane *container.TabItem, tool grid.Tool) bool
	// CancelDrag cancels a drag in progress on pane (a stroke, a
	// rectangle, a move: nothing of it stays in the document) and reports
	// whether there was one.
	CancelDrag(pane *container.TabItem) bool
}

// MapClipboard is implemented by a view whose maps copy a selection as a
// stamp (Edit ▸ Copy and Paste, C and V on the map).
type MapClipboard interface {
	// CopySelection copies the cells selected on pane's map as the stamp
	// and takes it in hand; it reports whether there was a selection.
	CopySelection(pane *container.TabItem) bool
	// PasteStamp takes the copied stamp in hand again; it reports
	// whether there is one.
	PasteStamp(pane *container.TabItem) bool
}

// MapNavigator is implemented by a view with a map on some of its panes.
// The studio calls it for the View menu and the navigation keys.
type MapNavigator interface {
	// Fit zooms pane's map so that all of it shows.
	Fit(pane *container.TabItem) bool
	// ActualSize shows pane's map at 100%.
	ActualSize(pane *container.TabItem) bool
	// Zoom zooms pane's map in (in) or out by one step about its centre.
	Zoom(pane *container.TabItem, in bool) bool
	// Pan scrolls pane's map by dx, dy steps (an arrow key is one step).
	Pan(pane *container.TabItem, dx, dy int) bool
}

var (
	_ MapNavigator = (*grid.MapPanes)(nil)
	_ MapTools     = (*grid.MapPanes)(nil)
	_ MapClipboard = (*grid.MapPanes)(nil)
)
