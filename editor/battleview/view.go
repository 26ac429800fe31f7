// Package battleview is the studio's editor of battle maps: a painter for
// the element codes that knows the map's structures — the 3×3 dragon-flag
// zone, the two bases, cities of three levels — with symmetric painting,
// the map's size, and a table of the roster override (the heroes whose
// stats the map changes).
package battleview

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	battlepreview "github.com/shapan/shapan/preview/battle"
	"image"
	"image/color"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
)

func init() {
	editor.RegisterView(battle.Kind, func(s *editor.Session, env editor.Env) editor.View { return New(s, env) })
}

// Brushes of the palette: the plain elements and the structures.
const (
	brushSpace = iota
	brushMountain
	brushWater
	brushCity1
	brushCity2
	brushCity3
	brushFlag // a 3×3 zone centred on the click, replacing the old one
	brushBase // moves the nearest base to the click (or adds one)
)

var brushNames = []string{"空地 space", "山丘 mountain", "水域 water", "城寨一级 city 1", "城寨二级 city 2", "城寨三级 city 3", "龙旗据点 flag zone 3×3", "主基地 base"}

var brushCodes = []int{battle.CodeSpace, battle.CodeMountain, battle.CodeWater, battle.CodeCity1, battle.CodeCity2, battle.CodeCity3}

// View edits one battle map.
type View struct {
	grid.MapPanes
	S       *editor.Session
	B       *forms.Binder
	env     editor.Env
	Painter *grid.Painter
	brush   int
	mirror  bool
	hover   *widget.Label
	mapPane *container.TabItem
	setPane *container.TabItem
	// Roster is the table of the roster override.
	Roster     *rosterTable
	rosterPane *container.TabItem
	marked     image.Point
	size       *forms.SizeFields
}

// New builds the editor of s.
func New(s *editor.Session, env editor.Env) *View {
	v := &View{S: s, B: forms.NewBinder(s), env: env, hover: widget.NewLabel(""), marked: image.Pt(-1, -1)}
	v.Painter = grid.NewPainter(grid.PaintTarget{
		Session: s,
		Label:   "paint the battle map",
		Cells:   func(m any) grid.Cells { return &m.(*battle.Map).Cells },
		Width:   func(m any) int { return m.(*battle.Map).W },
		Color:   battlepreview.BattleCellColor,
		Default: battle.CodeSpace,
	})
	v.Painter.View.OnHover = v.showHover
	v.Painter.View.Overlay = v.overlay
	v.Painter.Mirror = func(x, y int) (int, int, bool) {
		if !v.mirror {
			return 0, 0, false
		}
		m := v.M()
		return m.W - 1 - x, m.H - 1 - y, true
	}
	v.mapPane = container.NewTabItem("Map 地图", v.mapObject())
	v.setPane = container.NewTabItem("Size 尺寸", v.sizeObject())
	v.Roster = newRosterTable(v)
	v.rosterPane = container.NewTabItem("Roster 武将", v.Roster.object)
	v.AddPainter(v.mapPane, v.Painter)
	v.Painter.View.ForwardTo(env)
	v.setBrush(brushMountain)
	v.showHover(-1, -1)
	return v
}

// M returns the current map.
func (v *View) M() *battle.Map { return v.S.Model().(*battle.Map) }

// Panes implements editor.View.
func (v *View) Panes() []*container.TabItem {
	return []*container.TabItem{v.mapPane, v.setPane, v.rosterPane}
}

// Refresh implements editor.View.
func (v *View) Refresh() {
	v.B.Reload()
	v.Painter.View.Redraw()
	v.Roster.refresh()
	v.Painter.View.RefreshHover()
}

var cellPath = regexp.MustCompile(`^grid\[(\d+)\]\[(\d+)\]`)

// Select implements editor.View: a cell path centres the map on the cell
// and marks it; a roster path selects the entry's row.
func (v *View) Select(path string) *container.TabItem {
	if m := rosterPath.FindStringSubmatch(path); m != nil {
		i, _ := strconv.Atoi(m[1])
		v.Roster.selectRow(i)
		return v.rosterPane
	}
	if path == battle.PathRoster {
		return v.rosterPane
	}
	if m := cellPath.FindStringSubmatch(path); m != nil {
		y, _ := strconv.Atoi(m[1])
		x, _ := strconv.Atoi(m[2])
		v.marked = image.Pt(x, y)
		v.Painter.View.CentreOn(x, y)
		return v.mapPane
	}
	if key, ok := strings.CutPrefix(path, battle.PathSize+"."); path == battle.PathSize || ok && slices.Contains(battle.SizeFields.Keys(), key) {
		return v.setPane
	}
	return v.mapPane
}

// setBrush chooses what a click paints.
func (v *View) setBrush(b int) {
	v.brush = b
	p := v.Painter
	p.Stamp = nil
	switch {
	case b < len(brushCodes):
		p.Brush = brushCodes[b]
	case b == brushFlag:
		p.Stamp = v.flagStamp
	case b == brushBase:
		p.Stamp = v.baseStamp
	}
	if b >= brushCity1 && b <= brushCity3 {
		// A city is one cell: the pencil places it, whatever the tool.
		p.Stamp = func(x, y int) ([]int, []int) {
			cells := []int{v.M().Index(x, y)}
			values := []int{brushCodes[b]}
			if mx, my, ok := p.Mirror(x, y); ok {
				cells, values = append(cells, v.M().Index(mx, my)), append(values, brushCodes[b])
			}
			return cells, values
		}
	}
}

// flagStamp moves the flag zone: the old flag cells become space and a
// 3×3 zone is centred on the click (kept inside the map).
func (v *View) flagStamp(x, y int) ([]int, []int) {
	m := v.M()
	x = max(1, min(x, m.W-2))
	y = max(1, min(y, m.H-2))
	change := map[int]int{}
	for _, p := range m.FlagZone().Cells {
		change[m.Index(p.X, p.Y)] = battle.CodeSpace
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if m.In(x+dx, y+dy) {
				change[m.Index(x+dx, y+dy)] = battle.CodeFlag
			}
		}
	}
	v.env.Status(fmt.Sprintf("flag zone centred on %s (the standard centre is (%d, %d))", grid.CellLabel(x, y), m.W/2, m.H/2))
	return lists(change)
}

// baseStamp places a base: with two bases already, the one nearest the
// click moves there; with mirroring on, the other base moves to the
// mirrored cell.
func (v *View) baseStamp(x, y int) ([]int, []int) {
	m := v.M()
	change := map[int]int{}
	bases := m.Bases()
	click := battle.Point{X: x, Y: y}
	if len(bases) >= 2 || v.mirror {
		nearest, best := -1, 0
		for i, b := range bases {
			if d := battle.Chebyshev(b.Anchor(), click); nearest < 0 || d < best {
				nearest, best = i, d
			}
		}
		for i, b := range bases {
			if i == nearest || v.mirror {
				for _, p := range b.Cells {
					change[m.Index(p.X, p.Y)] = battle.CodeSpace
				}
			}
		}
	}
	change[m.Index(x, y)] = battle.CodeBase
	if v.mirror {
		change[m.Index(m.W-1-x, m.H-1-y)] = battle.CodeBase
	}
	return lists(change)
}

func lists(change map[int]int) (cells, values []int) {
	for c, val := range change {
		cells = append(cells, c)
		values = append(values, val)
	}
	return cells, values
}

func (v *View) showHover(x, y int) {
	if x < 0 {
		v.hover.SetText(v.Painter.ToolLabel())
		return
	}
	code := v.M().At(x, y)
	name := fmt.Sprintf("code %d (not a map element)", code)
	if e, ok := battle.ElementByCode(code); ok {
		name = e.Chinese + " " + e.Name
	}
	v.hover.SetText(fmt.Sprintf("%s %s · %s", grid.CellLabel(x, y), name, v.Painter.ToolLabel()))
}

// overlay marks the players' bases and a cell chosen from the Problems
// panel.
func (v *View) overlay(img *image.RGBA, cell func(x, y int) (float64, float64, float64)) {
	m := v.M()
	if p1, p2, ok := m.Sides(); ok {
		for i, b := range []battle.Base{p1, p2} {
			for _, p := range b.Cells {
				px, py, s := cell(p.X, p.Y)
				fillRect(img, px, py, px+s, py+s, preview.PlayerColor(i))
			}
		}
	}
	if v.marked.X >= 0 {
		px, py, s := cell(v.marked.X, v.marked.Y)
		strokeRect(img, px-2, py-2, px+s+2, py+s+2, color.RGBA{0xff, 0xd7, 0x00, 0xff})
	}
}

func fillRect(img *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA) {
	preview.CanvasOn(img).FillRect(x0, y0, x1, y1, c)
}

func strokeRect(img *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA) {
	preview.CanvasOn(img).StrokeRect(x0, y0, x1, y1, 2, c)
}

func (v *View) mapObject() fyne.CanvasObject {
	palette := widget.NewRadioGroup(brushNames, func(s string) {
		for i, n := range brushNames {
			if n == s {
				v.setBrush(i)
			}
		}
	})
	palette.SetSelected(brushNames[brushMountain])
	mirror := widget.NewCheck("Symmetric (180° rotation)", func(on bool) { v.mirror = on })
	side := container.NewVBox(widget.NewLabel("Paint with:"), palette, widget.NewSeparator(), mirror,
		widget.NewLabel("Structures: the flag zone moves as a\nwhole; a base moves the nearest base."))
	v.hover.Truncation = fyne.TextTruncateEllipsis
	// What is under the pointer shares the tool bar's row (cut to its
	// room), so that the map keeps that row's height.
	top := container.NewBorder(nil, nil, v.Painter.Toolbar(), nil, v.hover)
	return container.NewBorder(top, nil, container.NewVScroll(side), nil, v.Painter.View)
}

func (v *View) sizeObject() fyne.CanvasObject {
	v.B.Scope(func() (string, string) { return battle.PathSize, "the map" })
	v.size = v.B.Size(func() (int, int) { return v.M().W, v.M().H }, v.Resize)
	v.B.Scope(nil)
	return container.NewVBox(widget.NewForm(widget.NewFormItem("Width", v.size.Width), widget.NewFormItem("Height", v.size.Height)), v.size.Note,
		widget.NewLabel(fmt.Sprintf("A width or a height applies when you press Enter or leave the field.\n"+
			"Resizing keeps the top-left part of the map; new cells are space.\n"+
			"Each side is %d to %d cells; the seed's maps are 80×60.", battle.MinSide, battle.MaxSide)))
}

// Resize changes the size of the map as one undoable edit, keeping the
// top-left cells; new cells are space. It refuses a size the format does
// not allow; cut names the elements other than space it cut off (a base
// or the flag zone cut off shows in the Problems panel; undo brings it
// back).
func (v *View) Resize(w, h int) (cut string, err error) {
	if err := battle.CheckSize(w, h); err != nil {
		return "", err
	}
	m := v.M()
	if w == m.W && h == m.H {
		return "", nil
	}
	cut = describeCut(forms.CountCut(m.Cells, m.W, m.H, w, h))
	v.S.Edit(fmt.Sprintf("resize the map to %d×%d", w, h), func() {
		m := v.M()
		resized := cells.Make(w * h)
		for y := 0; y < min(h, m.H); y++ {
			for x := 0; x < min(w, m.W); x++ {
				resized.Set(y*w+x, m.At(x, y))
			}
		}
		m.W, m.H, m.Cells = w, h, resized
	})
	v.Painter.View.Fit()
	msg := fmt.Sprintf("The map is %d×%d", w, h)
	if cut != "" {
		msg += "; cut off " + cut
	}
	v.env.Status(msg)
	return cut, nil
}

// describeCut names the cells other than space a resize cuts off, by
// element in the order of their codes ("3 cells other than space: 2 山丘
// mountain, 1 主基地 base").
func describeCut(count map[int]int) string {
	codes, total := make([]int, 0, len(count)), 0
	for code, n := range count {
		if code != battle.CodeSpace {
			codes = append(codes, code)
			total += n
		}
	}
	slices.Sort(codes)
	parts := make([]string, len(codes))
	for i, code := range codes {
		name := fmt.Sprintf("code %d", code)
		if e, ok := battle.ElementByCode(code); ok {
			name = e.Chinese + " " + e.Name
		}
		parts[i] = fmt.Sprintf("%d %s", count[code], name)
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("%d cells other than space: %s", total, strings.Join(parts, ", "))
}
