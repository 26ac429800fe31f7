package battleplay

import (
	"image"
	"image/color"

	battle "github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/preview"
)

// fireSquare is the side of 火攻's square (spec §8).
const fireSquare = 4

// cellFunc maps a cell to its top-left pixel and gives the cell size.
type cellFunc = func(x, y int) (float64, float64, float64)

// wantsArea reports whether the board must redraw as the pointer moves
// (火攻's square follows it).
func (f *orders) wantsArea() bool {
	return f.sel >= 0 && f.areaSkill() > 0
}

// areaSkill is the skill (1 or 2) whose target cell is being chosen when
// it strikes a square (火攻), else 0.
func (f *orders) areaSkill() int {
	sk := map[mode]int{modeSkill1: 1, modeSkill2: 2}[f.mode]
	if sk == 0 || f.pos.Hero(f.side, f.sel).Skills[sk-1] != "火攻" {
		return 0
	}
	return sk
}

// centre is where slot k acts from: its destination when it moves,
// else its cell (actions resolve after the movement, D7).
func (f *orders) centre(k int) battle.Point {
	if mv := f.plan.heroes[k].move; mv.Op != 0 {
		return mv.To
	}
	return f.unit(k).At
}

// drawMarks draws, under the heroes, what the selected hero may do: the
// cells it may step to (or 瞬移 to, or cast on), its attack range from
// where it will stand, and every hero's planned destination.
func (f *orders) drawMarks(img *image.RGBA, cell cellFunc, s float64) {
	fill := func(c battle.Point, col color.Color) {
		px, py, _ := cell(c.X, c.Y)
		fillRect(img, px, py, px+s, py+s, col)
	}
	side := preview.PlayerColor(f.side)
	for k, hp := range f.plan.heroes {
		if hp.move.Op != 0 && f.unit(k).Alive {
			fill(hp.move.To, color.NRGBA{side.R, side.G, side.B, 0x70})
		}
	}
	k := f.sel
	if k < 0 {
		return
	}
	c, r := f.centre(k), float64(f.pos.Hero(f.side, k).Range)
	px, py, _ := cell(c.X, c.Y)
	fillRect(img, px-r*s, py-r*s, px+(r+1)*s, py+(r+1)*s, markRange)
	frameRect(img, px-r*s, py-r*s, px+(r+1)*s, py+(r+1)*s, max(1, s/10), markEdge)
	switch f.mode {
	case modeMoveAct:
		for _, mv := range f.pos.Movements(f.side, k) {
			if mv.Op == battle.OpMove {
				fill(mv.To, markMove)
			}
		}
	case modeTeleport:
		at := f.unit(k).At
		for y := at.Y - battle.SPRange; y <= at.Y+battle.SPRange; y++ {
			for x := at.X - battle.SPRange; x <= at.X+battle.SPRange; x++ {
				if p := (battle.Point{X: x, Y: y}); p != at && f.pos.Board.Passable(f.side, p) {
					fill(p, markTeleport)
				}
			}
		}
	default:
		sk := int(f.mode-modeSkill1) + 1
		for _, o := range f.skillOptions(k, sk) {
			if o.Fields&battle.FieldAt != 0 {
				fill(o.At, markTeleport)
			}
		}
		if f.areaSkill() > 0 && f.m.board.hovers {
			h := f.m.board.hover
			hx, hy, _ := cell(h.X, h.Y)
			fillRect(img, hx, hy, hx+fireSquare*s, hy+fireSquare*s, markArea)
		}
	}
}

// drawSelection draws, over the heroes, the selected hero's frame, the
// enemies and cities within its range, and every planned target.
func (f *orders) drawSelection(img *image.RGBA, cell cellFunc, s float64) {
	frame := func(c battle.Point, w float64, col color.Color) {
		px, py, _ := cell(c.X, c.Y)
		frameRect(img, px, py, px+s, py+s, w, col)
	}
	thin, thick := max(1, s/12), max(2, s/6)
	if k := f.sel; k >= 0 {
		c, r := f.centre(k), f.pos.Hero(f.side, k).Range
		o := 1 - f.side
		for j := range f.pos.Sides[o].Team {
			if u := &f.pos.Sides[o].Team[j]; u.Alive && battle.Dist(c, u.At) <= r {
				frame(u.At, thin, markTarget)
			}
		}
		for i := range f.pos.Cities {
			if city := &f.pos.Cities[i]; city.Standing && battle.Dist(c, city.At) <= r {
				frame(city.At, thin, markTarget)
			}
		}
		frame(f.unit(k).At, thick, markSelect)
	}
	side := preview.PlayerColor(f.side)
	for _, hp := range f.plan.heroes {
		if hp.move.Op != 0 {
			frame(hp.move.To, thick, side)
		}
		switch a := hp.act; {
		case a.Op == battle.OpSG:
			frame(a.City, thick, markTarget)
		case a.Fields&battle.FieldTarget != 0:
			if j := f.pos.SlotOf(1-f.side, a.Target); j >= 0 {
				frame(f.pos.Sides[1-f.side].Team[j].At, thick, markTarget)
			}
		case a.Fields&battle.FieldAt != 0:
			frame(a.At, thick, markTarget)
		}
	}
}
