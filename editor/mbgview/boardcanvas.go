package mbgview

import (
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/preview"
)

// BoardCanvas shows an mbg board (the same rendering as the preview) in
// the studio's navigable map view (grid.GridView: it scrolls, zooms,
// fits and keeps the zoom as every map does) and reports clicks and drags
// on its squares. A cell of the grid is one pixel of the board at 100%.
type BoardCanvas struct {
	// Grid is the widget to lay out.
	Grid *grid.GridView
	// source returns the board to draw, with its selected square.
	source func() mbgpreview.BoardView
	// onTap receives the square clicked.
	onTap func(square int)
	// onDrop receives a square dragged onto another board cell, with
	// where every square is drawn; nil when squares cannot be dragged.
	onDrop   func(from int, target image.Point, cells []image.Point)
	view     mbgpreview.BoardView
	cells    []image.Point
	pictures map[float64]image.Image // the board drawn at each zoom used
	dragFrom int
	dragTo   image.Point
}

// NewBoardCanvas returns a board view drawing source.
func NewBoardCanvas(source func() mbgpreview.BoardView, onTap func(int), onDrop func(int, image.Point, []image.Point)) *BoardCanvas {
	c := &BoardCanvas{source: source, onTap: onTap, onDrop: onDrop, dragFrom: -1}
	c.Grid = grid.NewGridView(boardPicture{c})
	c.Grid.Zoom, c.Grid.Natural, c.Grid.MinZoom, c.Grid.MaxZoom = 1, 1, 0.25, 3
	c.Grid.OnTap = c.tap
	c.Grid.OnStroke = c.stroke
	c.Grid.OnStrokeEnd = c.drop
	c.Grid.OnStrokeCancel = func() { c.dragFrom = -1 }
	c.Refresh()
	return c
}

// ZoomButtons are the −, + and Fit buttons of the board.
func (c *BoardCanvas) ZoomButtons() fyne.CanvasObject {
	return container.NewHBox(
		widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { c.Grid.ZoomStep(false) }),
		widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { c.Grid.ZoomStep(true) }),
		widget.NewButton("Fit", c.Grid.Fit))
}

// Refresh draws the board again from the source.
func (c *BoardCanvas) Refresh() {
	c.view = c.source()
	c.cells, _, _ = mbgpreview.BoardCells(c.view)
	c.pictures = map[float64]image.Image{}
	c.Grid.Redraw()
}

// picture returns the board drawn at zoom pixels a board pixel.
func (c *BoardCanvas) picture(zoom float64) image.Image {
	if p, ok := c.pictures[zoom]; ok {
		return p
	}
	if len(c.pictures) > 8 {
		c.pictures = map[float64]image.Image{}
	}
	// Drawn at the size it is shown: what would be smaller than readable
	// is left out.
	p := mbgpreview.Board(c.view, preview.Options{Scale: zoom, MinText: preview.MinReadable})
	c.pictures[zoom] = p
	return p
}

// boardPicture is the board as the grid view's source.
type boardPicture struct{ c *BoardCanvas }

// GridSize is the size of the board at 100%.
func (b boardPicture) GridSize() (int, int) {
	r := b.c.picture(1).Bounds()
	return r.Dx(), r.Dy()
}

// CellColor is a pixel of the board at 100% (the minimap).
func (b boardPicture) CellColor(x, y int) color.RGBA {
	return color.RGBAModel.Convert(b.c.picture(1).At(x, y)).(color.RGBA)
}

// Picture implements grid.PictureSource.
func (b boardPicture) Picture(zoom float64) image.Image { return b.c.picture(zoom) }

// boardCell returns the board cell under pixel (x, y) of the board at 100%.
func boardCell(x, y int) image.Point {
	return image.Pt(int(math.Floor(float64(x-mbgpreview.BoardMargin)/mbgpreview.BoardTile)),
		int(math.Floor(float64(y-mbgpreview.BoardMargin)/mbgpreview.BoardTile)))
}

func (c *BoardCanvas) tap(x, y int) {
	if i := squareAt(c.cells, boardCell(x, y)); i >= 0 && c.onTap != nil {
		c.onTap(i)
	}
}

func (c *BoardCanvas) stroke(x, y int, start bool) {
	if start {
		c.dragFrom = squareAt(c.cells, boardCell(x, y))
	}
	c.dragTo = boardCell(x, y)
}

// drop reports the dragged square and the cell under the pointer.
func (c *BoardCanvas) drop() {
	from, target := c.dragFrom, c.dragTo
	c.dragFrom = -1
	if c.onDrop == nil || from < 0 || target.X < 0 || target.Y < 0 || c.cells[from] == target {
		return
	}
	c.onDrop(from, target, append([]image.Point(nil), c.cells...))
}

// CellCentre returns the position in Grid of the centre of square i.
func (c *BoardCanvas) CellCentre(i int) fyne.Position {
	p := c.cells[i]
	return c.CellPosition(p.X, p.Y)
}

// CellPosition returns the position in Grid of the centre of board cell
// (x, y).
func (c *BoardCanvas) CellPosition(x, y int) fyne.Position {
	g := c.Grid
	px := mbgpreview.BoardMargin + (float64(x)+0.5)*mbgpreview.BoardTile
	py := mbgpreview.BoardMargin + (float64(y)+0.5)*mbgpreview.BoardTile
	return fyne.NewPos(float32(px*g.Zoom-g.OffsetX), float32(py*g.Zoom-g.OffsetY))
}

// Reveal scrolls the board so that square i is in view.
func (c *BoardCanvas) Reveal(i int) {
	size := c.Grid.Size()
	if i < 0 || i >= len(c.cells) || size.Width <= 0 || size.Height <= 0 {
		return
	}
	at, half := c.CellCentre(i), float32(mbgpreview.BoardTile*c.Grid.Zoom/2)
	if at.X-half >= 0 && at.Y-half >= 0 && at.X+half <= size.Width && at.Y+half <= size.Height {
		return
	}
	p := c.cells[i]
	c.Grid.CentreOn(int(mbgpreview.BoardMargin+(float64(p.X)+0.5)*mbgpreview.BoardTile), int(mbgpreview.BoardMargin+(float64(p.Y)+0.5)*mbgpreview.BoardTile))
}
