package play

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/grid"
)

// GridFit lays a board's map (an grid.GridView, which navigates as
// every map of the studio) out over the whole board. The map fits into
// the board when the board grows, until the player zooms or pans; it
// keeps its zoom when the board shrinks a little (a taller question below
// it), so that the cells do not move under the pointer from one question
// to the next (grid.GridView.RefitOnGrowOnly).
type GridFit struct {
	grid *grid.GridView
}

// NewGridFit returns the layout of grid: container.New(fit, grid).
func NewGridFit(grid *grid.GridView) *GridFit {
	grid.RefitOnGrowOnly = true
	return &GridFit{grid: grid}
}

// Layout implements fyne.Layout.
func (f *GridFit) Layout(_ []fyne.CanvasObject, size fyne.Size) { f.grid.Resize(size) }

// MinSize implements fyne.Layout.
func (f *GridFit) MinSize([]fyne.CanvasObject) fyne.Size { return f.grid.MinSize() }

// Fit fits the whole map into the board.
func (f *GridFit) Fit() { f.grid.Fit() }

// Buttons are the zoom buttons of a board's toolbar: zoom out, zoom in
// (around the board's centre) and fit.
func (f *GridFit) Buttons() []fyne.CanvasObject {
	g := f.grid
	return []fyne.CanvasObject{
		widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { g.ZoomStep(false) }),
		widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { g.ZoomStep(true) }),
		widget.NewButtonWithIcon("", theme.ZoomFitIcon(), f.Fit),
	}
}
