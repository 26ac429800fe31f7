package play

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
)

// GridFit lays a board's map (an editor.GridView: wheel zooms, a
// right-button drag pans) out over the whole board and fits the map into
// it when the board grows, until the player zooms or pans. It keeps the
// zoom when the board shrinks a little (a taller question below it), so
// that the cells do not move under the pointer from one question to the
// next.
type GridFit struct {
	grid *editor.GridView
	zoom float64   // the zoom of the last fit (0: none yet)
	size fyne.Size // the size of the last fit
}

// NewGridFit returns the layout of grid: container.New(fit, grid).
func NewGridFit(grid *editor.GridView) *GridFit { return &GridFit{grid: grid} }

// Layout implements fyne.Layout.
func (f *GridFit) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	g := f.grid
	g.Resize(size)
	untouched := g.Zoom == f.zoom && g.OffsetX == 0 && g.OffsetY == 0
	if f.zoom == 0 || (untouched && (size.Width > f.size.Width || size.Height > f.size.Height)) {
		f.Fit()
	}
}

// MinSize implements fyne.Layout.
func (f *GridFit) MinSize([]fyne.CanvasObject) fyne.Size { return f.grid.MinSize() }

// Fit fits the whole map into the board.
func (f *GridFit) Fit() {
	f.grid.Fit()
	f.zoom, f.size = f.grid.Zoom, f.grid.Size()
}

// Buttons are the zoom buttons of a board's toolbar: zoom out, zoom in
// (around the board's centre) and fit.
func (f *GridFit) Buttons() []fyne.CanvasObject {
	g := f.grid
	centre := func() fyne.Position { s := g.Size(); return fyne.NewPos(s.Width/2, s.Height/2) }
	return []fyne.CanvasObject{
		widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { g.ZoomAt(centre(), 0.8) }),
		widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { g.ZoomAt(centre(), 1.25) }),
		widget.NewButtonWithIcon("", theme.ZoomFitIcon(), f.Fit),
	}
}
