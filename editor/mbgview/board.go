package mbgview

import (
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/mbg"
)

// boardPane edits the board: a strip of squares with a form for the
// selected one, and the board drawn in 2D where squares are dragged to
// new places.
type boardPane struct {
	v        *View
	strip    *widget.List
	selected int
	form     *fyne.Container
	canvas   *BoardCanvas
	object   fyne.CanvasObject
	typeSel  *widget.Select
	baseSel  *widget.Select
	loading  bool
}

func newBoardPane(v *View) *boardPane {
	p := &boardPane{v: v, selected: -1}
	p.strip = widget.NewList(
		func() int { return len(v.M().Board) },
		func() fyne.CanvasObject { return widget.NewLabel("00 研究所 name") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			m := v.M()
			if i < len(m.Board) {
				o.(*widget.Label).SetText(v.squareNames()[i])
			}
		})
	p.strip.OnSelected = func(i widget.ListItemID) { p.selectSquare(i) }

	p.typeSel = widget.NewSelect(classTitles, func(string) {
		if p.loading || p.selected < 0 {
			return
		}
		class := p.typeSel.SelectedIndex()
		i := p.selected
		v.S.Edit("change square type", func() {
			sq := &v.M().Board[i]
			sq.Class, sq.Base = class, 0
		})
	})
	p.baseSel = widget.NewSelect(nil, func(string) {
		if p.loading || p.selected < 0 {
			return
		}
		i, base := p.selected, p.baseSel.SelectedIndex()
		if base >= 0 && base != v.M().Board[i].Base {
			v.S.Edit("change square building", func() { v.M().Board[i].Base = base })
		}
	})
	buttons := p.buttons()
	p.form = container.NewVBox(widget.NewForm(formRow("Type", p.typeSel), formRow("Belongs to", p.baseSel)))
	left := container.NewBorder(buttons, p.form, nil, nil, p.strip)
	p.canvas = NewBoardCanvas(func() mbgpreview.BoardView {
		view := mbgpreview.BoardFromScenario(v.M())
		view.Selected = p.selected
		return view
	}, p.selectSquare, p.dropSquare)
	right := container.NewBorder(container.NewHBox(widget.NewLabel("Drag a square to place it; the board is a loop."), p.canvas.ZoomButtons()), nil, nil, nil,
		p.canvas.Grid)
	split := container.NewHSplit(left, right)
	split.SetOffset(0.32)
	p.object = split
	p.refresh()
	return p
}

// buttons are the strip's buttons: insert a square before or after the
// selected one, delete it, move it, lay the board out anew.
func (p *boardPane) buttons() fyne.CanvasObject {
	insert := func(after bool) func() {
		return func() {
			i := len(p.v.M().Board)
			if p.selected >= 0 {
				i = p.selected
				if after {
					i++
				}
			}
			p.v.S.Edit("insert square", func() { p.v.M().InsertSquare(i, mbg.Square{Class: mbg.ClassEmpty}) })
			p.selectSquare(i)
		}
	}
	del := widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), func() {
		if i := p.selected; i >= 0 && i < len(p.v.M().Board) {
			p.v.S.Edit("delete square", func() { p.v.M().RemapBoard(mbg.Removal(len(p.v.M().Board), i)) })
			p.selectSquare(min(i, len(p.v.M().Board)-1))
		}
	})
	move := func(d int) func() {
		return func() {
			i, j := p.selected, p.selected+d
			if i < 0 || j < 0 || j >= len(p.v.M().Board) {
				return
			}
			p.v.S.Edit("move square", func() { p.v.M().RemapBoard(mbg.Swap(len(p.v.M().Board), i, j)) })
			p.selectSquare(j)
		}
	}
	auto := widget.NewButton("Auto layout", func() {
		p.v.S.Edit("auto layout", func() {
			for i := range p.v.M().Board {
				p.v.M().Board[i].X, p.v.M().Board[i].Y = 0, 0
			}
		})
	})
	return container.NewHBox(
		widget.NewButtonWithIcon("Before", theme.ContentAddIcon(), insert(false)),
		widget.NewButtonWithIcon("After", theme.ContentAddIcon(), insert(true)),
		del,
		widget.NewButtonWithIcon("", theme.MoveUpIcon(), move(-1)),
		widget.NewButtonWithIcon("", theme.MoveDownIcon(), move(1)),
		auto)
}

// selectSquare shows square i in the form and on the board.
func (p *boardPane) selectSquare(i int) {
	m := p.v.M()
	if i < 0 || i >= len(m.Board) {
		p.selected = -1
		p.showForm()
		p.canvas.Refresh()
		return
	}
	if p.selected != i {
		p.selected = i
		p.strip.Select(i)
		p.strip.ScrollTo(i)
	}
	p.showForm()
	p.canvas.Refresh()
}

func (p *boardPane) showForm() {
	p.loading = true
	defer func() { p.loading = false }()
	m := p.v.M()
	if p.selected < 0 || p.selected >= len(m.Board) {
		p.typeSel.ClearSelected()
		p.baseSel.Options = nil
		p.baseSel.ClearSelected()
		p.typeSel.Disable()
		p.baseSel.Disable()
		return
	}
	p.typeSel.Enable()
	sq := m.Board[p.selected]
	if sq.Class >= 0 && sq.Class < len(classTitles) {
		p.typeSel.SetSelectedIndex(sq.Class)
	} else {
		p.typeSel.ClearSelected()
	}
	var opts []string
	switch sq.Class {
	case mbg.ClassCity:
		opts = m.CityNames()
	case mbg.ClassInstitute:
		opts = m.InstituteNames()
	case mbg.ClassTrainingRoom:
		opts = m.TrainingRoomNames()
	}
	p.baseSel.Options = forms.UniqueOptions(opts)
	if opts == nil {
		p.baseSel.ClearSelected()
		p.baseSel.Disable()
	} else {
		p.baseSel.Enable()
		if sq.Base >= 0 && sq.Base < len(opts) {
			p.baseSel.SetSelectedIndex(sq.Base)
		} else {
			p.baseSel.ClearSelected()
		}
	}
	p.baseSel.Refresh()
}

func (p *boardPane) refresh() {
	if p.selected >= len(p.v.M().Board) {
		p.selected = len(p.v.M().Board) - 1
	}
	p.strip.Refresh()
	p.showForm()
	p.canvas.Refresh()
}

// dropSquare moves square from to the board cell target (the two squares
// change places when it is taken). Only the squares that move get a
// position: on a board laid out automatically (the original game's maps,
// 0 0 for every square) the others keep theirs, so that an exported map
// differs from the original in the squares moved only
// (mbgpreview.BoardCells draws the squares still at 0 0 where the automatic
// layout puts them). When the move would leave a square's position
// ambiguous (one left at 0 0, or a square dropped on the cell 0 0), every
// square is placed where it is drawn.
func (p *boardPane) dropSquare(from int, target image.Point, cells []image.Point) {
	v := p.v
	other := squareAt(cells, target)
	v.S.Edit("move square on the board", func() {
		m := v.M()
		moved := map[int]image.Point{from: target}
		if other >= 0 {
			moved[other] = cells[from]
		}
		unplaced := 0
		for i, sq := range m.Board {
			at, ok := moved[i]
			if !ok {
				at = image.Pt(sq.X, sq.Y)
			}
			if at == (image.Point{}) {
				unplaced++
			}
		}
		if unplaced == 1 || target == (image.Point{}) {
			for i := range m.Board {
				m.Board[i].X, m.Board[i].Y = cells[i].X, cells[i].Y
			}
		}
		for i, at := range moved {
			m.Board[i].X, m.Board[i].Y = at.X, at.Y
		}
	})
	p.selectSquare(from)
}

// squareAt returns the square drawn at a board cell, -1 for none.
func squareAt(cells []image.Point, cell image.Point) int {
	for i, p := range cells {
		if p == cell {
			return i
		}
	}
	return -1
}
