package mbgview

import (
	"fmt"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"image"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/mbg"
)

// What a click on the board does.
const (
	toolSelect  = "Select 选择"
	toolBarrier = "Barrier 障碍"
	toolRobber  = "Robber 山贼"
)

// saveBoardPane shows the board of a save: a strip of squares with a form
// for the selected one (type, building, barrier, robber, roles standing
// there) and the board drawn as the preview draws it. A click selects a
// square or, with the barrier or robber tool, toggles its mark; dragging
// from a square to another moves the roles standing on it.
type saveBoardPane struct {
	v        *SaveView
	strip    *widget.List
	selected int
	canvas   *BoardCanvas
	tools    *widget.RadioGroup
	object   fyne.CanvasObject
}

func newSaveBoardPane(v *SaveView) *saveBoardPane {
	p := &saveBoardPane{v: v, selected: -1}
	p.strip = widget.NewList(
		func() int { return len(v.M().Board) },
		func() fyne.CanvasObject { return widget.NewLabel("00  研究所 name  障  [role]") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(v.M().Board) {
				o.(*widget.Label).SetText(v.squareText(i))
			}
		})
	p.strip.OnSelected = func(i widget.ListItemID) { p.selectSquare(i) }
	form := p.squareForm()
	left := container.NewBorder(nil, form, nil, nil, p.strip)

	p.tools = widget.NewRadioGroup([]string{toolSelect, toolBarrier, toolRobber}, nil)
	p.tools.Horizontal = true
	p.tools.Required = true
	p.tools.SetSelected(toolSelect)
	p.canvas = NewBoardCanvas(func() mbgpreview.BoardView {
		view := mbgpreview.BoardFromSave(v.M())
		view.Selected = p.selected
		return view
	}, p.tapped, p.dropped)
	top := container.NewVBox(container.NewHBox(widget.NewLabel("Click:"), p.tools, p.canvas.ZoomButtons()),
		widget.NewLabel("Drag from a role's square to another square to move the role."))
	right := container.NewBorder(top, nil, nil, nil, p.canvas.Grid)
	split := container.NewHSplit(left, right)
	split.SetOffset(0.3)
	p.object = split
	p.refresh()
	return p
}

// squareForm is the form of the square shown: its type, its building,
// its marks and the roles standing on it.
func (p *saveBoardPane) squareForm() fyne.CanvasObject {
	v := p.v
	valid := func() bool { return sel(p.selected, len(v.M().Board)) >= 0 }
	square := func(s *mbg.Save) *mbg.SaveSquare { return &s.Board[p.selected] }

	class := v.choice(func() []string { return classTitles }, func() int {
		if !valid() {
			return -1
		}
		return v.M().Board[p.selected].Class
	}, func(c int) error {
		return v.apply("change square type", func(s *mbg.Save) error {
			square(s).Class, square(s).Base = c, 0
			return nil
		})
	})
	base := v.choice(func() []string {
		if !valid() {
			return nil
		}
		switch v.M().Board[p.selected].Class {
		case mbg.ClassCity:
			return v.cityNames()
		case mbg.ClassInstitute:
			return v.instNames()
		case mbg.ClassTrainingRoom:
			return v.roomNames()
		}
		return nil
	}, func() int {
		if !valid() {
			return -1
		}
		return v.M().Board[p.selected].Base
	}, func(i int) error {
		return v.apply("change square building", func(s *mbg.Save) error {
			square(s).Base = i
			return nil
		})
	})
	mark := func(label string, get func(sq *mbg.SaveSquare) *bool) *widget.Check {
		return v.check(label, func() bool {
			return valid() && *get(&v.M().Board[p.selected])
		}, func(on bool) error {
			if !valid() {
				return nil
			}
			return v.apply("change "+label, func(s *mbg.Save) error {
				*get(square(s)) = on
				return nil
			})
		})
	}
	v.widgets.barrier = mark("barrier 障碍", func(sq *mbg.SaveSquare) *bool { return &sq.Barrier })
	robber := mark("robber 山贼", func(sq *mbg.SaveSquare) *bool { return &sq.Robber })
	v.widgets.present = v.checksAcross(v.roleNames, func() []int {
		if !valid() {
			return nil
		}
		var on []int
		for r, here := range v.M().Board[p.selected].Present {
			if here {
				on = append(on, r)
			}
		}
		return on
	}, func(want []int) error {
		i := p.selected
		return v.apply("move role", func(s *mbg.Save) error { return standOn(s, i, want) })
	})
	return container.NewVBox(widget.NewForm(
		formRow("Type", class), formRow("Belongs to", base),
		formRow("Marks", container.NewHBox(v.widgets.barrier, robber)),
		formRow("Roles here 阵营", v.widgets.present)))
}

// standOn moves the roles want (by index) onto square i; a role standing
// there that want leaves out is refused (a role stands somewhere).
func standOn(s *mbg.Save, i int, want []int) error {
	for r := range s.Roles {
		here := r < len(s.Board[i].Present) && s.Board[i].Present[r]
		switch {
		case slices.Contains(want, r) && !here:
			if err := mbgeng.MoveRole(s, r, i); err != nil {
				return err
			}
		case !slices.Contains(want, r) && here:
			return fmt.Errorf("%s stands somewhere: tick it on another square to move it, or eliminate it in the Roles pane", s.Roles[r].Name)
		}
	}
	return nil
}

// selectSquare shows square i in the form and on the board.
func (p *saveBoardPane) selectSquare(i int) {
	if i < 0 || i >= len(p.v.M().Board) {
		return
	}
	if p.selected != i {
		p.selected = i
		p.strip.Select(i)
		p.strip.ScrollTo(i)
	}
	p.v.B.Reload()
	p.canvas.Refresh()
	p.reveal(i)
}

// reveal scrolls the board so that square i is in view.
func (p *saveBoardPane) reveal(i int) { p.canvas.Reveal(i) }

// tapped selects the square clicked and, with the barrier or robber
// tool, toggles its mark.
func (p *saveBoardPane) tapped(i int) {
	p.selectSquare(i)
	switch p.tools.Selected {
	case toolBarrier:
		p.v.apply("toggle barrier", func(s *mbg.Save) error {
			s.Board[i].Barrier = !s.Board[i].Barrier
			return nil
		})
	case toolRobber:
		p.v.apply("toggle robber", func(s *mbg.Save) error {
			s.Board[i].Robber = !s.Board[i].Robber
			return nil
		})
	}
}

// dropped moves the roles standing on square from to the square drawn at
// the target cell.
func (p *saveBoardPane) dropped(from int, target image.Point, cells []image.Point) {
	to := squareAt(cells, target)
	if to < 0 {
		return
	}
	p.v.apply("move role", func(s *mbg.Save) error {
		moved := false
		for r, ro := range s.Roles {
			if ro.Loc == from {
				if err := mbgeng.MoveRole(s, r, to); err != nil {
					return err
				}
				moved = true
			}
		}
		if !moved {
			return fmt.Errorf("no role stands on square %d", from)
		}
		return nil
	})
	p.selectSquare(to)
}

func (p *saveBoardPane) refresh() {
	if p.selected >= len(p.v.M().Board) {
		p.selected = len(p.v.M().Board) - 1
	}
	p.strip.Refresh()
	p.canvas.Refresh()
}
