package ftbtview

import (
	"fmt"
	"image"
	"image/color"
	"regexp"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/preview"
)

// noRulesIDs is how many terrain ids the palette offers when the level
// has no rules.
const noRulesIDs = 10

// LevelView edits an ftbt level: the map, the people, the intro, the size
// and the rules it is played with.
type LevelView struct {
	grid.MapPanes
	S   *editor.Session
	B   *forms.Binder
	env editor.Env

	// Painter paints terrain on the map; its grid view also shows the
	// people, who are dragged to move them.
	Painter *grid.Painter
	// People is the list of the People pane.
	People *forms.ItemList
	// Selected is the selected person (-1: none).
	Selected int

	newSide     int  // the side of people added on the map
	pickingGoal bool // the next click on the map sets the selected person's goal
	dragging    int  // the person being dragged, -1 when none
	dragTo      image.Point
	ignore      bool // the stroke in progress does nothing
	marked      image.Point
	hoverCell   image.Point

	// addPerson is the map's own tool: a click on an empty cell adds a
	// person of the side chosen beside it.
	addPerson   grid.Tool
	paintTap    func(x, y int)
	paintStroke func(x, y int, start bool)
	paintEnd    func()

	palette     *grid.KeyList
	tools       *grid.MapSelect
	hover       *widget.Label
	rulesNote   *widget.Label
	attachMap   *widget.Button
	personCard  *fyne.Container
	personForm  *fyne.Container
	panes       map[string]*container.TabItem
	order       []*container.TabItem
	fields      map[string]*forms.Entry // the form's entries, by label
	techChecks  *widget.CheckGroup
	introEntry  *forms.Entry
	introCheck  *widget.Check
	aiCheck     *widget.Check
	size        *forms.SizeFields
	rulesInfo   *widget.Label
	saveRulesAs *widget.Button
}

// NewLevel builds the editor of a level document.
func NewLevel(s *editor.Session, env editor.Env) *LevelView {
	v := &LevelView{S: s, B: forms.NewBinder(s), env: env, Selected: -1, dragging: -1,
		marked: image.Pt(-1, -1), hoverCell: image.Pt(-1, -1), hover: widget.NewLabel(""),
		panes: map[string]*container.TabItem{}, fields: map[string]*forms.Entry{}}
	v.Painter = grid.NewPainter(grid.PaintTarget{
		Session: s,
		Label:   "paint terrain",
		Cells:   func(m any) grid.Cells { return &m.(*ftbt.Level).Terrain },
		Width:   func(m any) int { return m.(*ftbt.Level).W },
		Color:   func(id int) color.RGBA { return v.Rules().TerrainColor(id) },
		Default: 0,
	})
	v.addPerson = &addPersonTool{v}
	g := v.Painter.View
	v.paintTap, v.paintStroke, v.paintEnd = g.OnTap, g.OnStroke, g.OnStrokeEnd
	g.OnTap, g.OnStroke, g.OnStrokeEnd = v.tap, v.stroke, v.strokeEnd
	g.OnHover = v.showHover
	g.Overlay = v.overlay
	v.Painter.OnPick = func(id int) {
		if id >= 0 && id < v.paletteLen() {
			v.palette.Select(id)
		} else {
			v.palette.UnselectAll()
		}
		v.env.Status(fmt.Sprintf("Painting with %s", v.terrainName(id)))
	}
	add := func(key, title string, obj fyne.CanvasObject) {
		t := container.NewTabItem(title, obj)
		v.panes[key] = t
		v.order = append(v.order, t)
	}
	add("map", "Map 地图", v.mapPane())
	v.AddPainter(v.panes["map"], v.Painter)
	g.ForwardTo(env)
	add("people", "People 人物", v.peoplePane())
	add(introKey, "Intro 简介", v.introPane())
	add("size", "Size & rules 尺寸·规则", v.sizePane())
	v.B.Reload()
	return v
}

// L returns the current level.
func (v *LevelView) L() *ftbt.Level { return v.S.Model().(*ftbt.Level) }

// Rules returns the rules the level is played with (nil when none are
// attached).
func (v *LevelView) Rules() *ftbt.Rules {
	r, _ := v.S.Document().Rules.(*ftbt.Rules)
	return r
}

// Panes implements editor.View.
func (v *LevelView) Panes() []*container.TabItem { return v.order }

// Pane returns the pane with the given key: "map", "people", "intro" or
// "size".
func (v *LevelView) Pane(key string) *container.TabItem { return v.panes[key] }

// Refresh implements editor.View.
func (v *LevelView) Refresh() {
	v.selectPerson(v.Selected)
	v.palette.Refresh()
	v.Painter.View.Redraw()
	v.Painter.View.RefreshHover()
}

var cellPath = regexp.MustCompile(`^terrain\[(\d+)\](?:\[(\d+)\])?`)

// Select implements editor.View: "terrain[y][x]" centres the map on the
// cell and marks it, "people[i]…" selects the person, and "intro",
// "size" and "rules" show their panes.
func (v *LevelView) Select(path string) *container.TabItem {
	if m := cellPath.FindStringSubmatch(path); m != nil {
		y, _ := strconv.Atoi(m[1])
		x := 0
		if m[2] != "" {
			x, _ = strconv.Atoi(m[2])
		}
		v.marked = image.Pt(x, y)
		v.centreOn(x, y)
		return v.panes["map"]
	}
	m := itemPath.FindStringSubmatch(path)
	if m == nil {
		return nil
	}
	l := &ftbt.LevelFields
	switch f := l.Lookup(m[1]); {
	case f == l.Field("people"):
		if m[2] != "" {
			i, _ := strconv.Atoi(m[2])
			v.People.Select(i)
			if i >= 0 && i < len(v.L().People) {
				p := v.L().People[i]
				v.centreOn(p.X, p.Y)
			}
		}
		return v.panes["people"]
	case f == l.Field("terrain") || f == l.Field("legend"):
		return v.panes["map"]
	case f == l.Field("intro"):
		return v.panes[introKey]
	case f != nil && f.Const == nil || m[1] == "trailing":
		// The size, the rules and the values after the legacy file.
		return v.panes["size"]
	}
	return nil
}

// introKey is the key of the pane of the level's intro field.
var introKey = ftbt.LevelFields.Field("intro").Key

// centreOn scrolls the map so that cell (x, y) is in the middle.
func (v *LevelView) centreOn(x, y int) { v.Painter.View.CentreOn(x, y) }

// personAt returns the person standing on (x, y), or -1 (the last one
// listed when several do, the one the game sees).
func (v *LevelView) personAt(x, y int) int {
	found := -1
	for i, p := range v.L().People {
		if p.X == x && p.Y == y {
			found = i
		}
	}
	return found
}

func (v *LevelView) personName(i int) string {
	if p := v.L().People; i >= 0 && i < len(p) {
		return p[i].Name
	}
	return "?"
}

func (v *LevelView) terrainName(id int) string {
	if r := v.Rules(); r != nil && id >= 0 && id < len(r.Terrains) {
		return fmt.Sprintf("%s (terrain %d, cost %d)", r.Terrains[id].Name, id, r.Terrains[id].Weight)
	}
	return fmt.Sprintf("terrain %d", id)
}

// --- the map ---

// tap handles a click on the map: picking a goal, selecting the person
// there, or the painter's tool (the person tool adds a person).
func (v *LevelView) tap(x, y int) {
	switch {
	case v.pickingGoal:
		v.SetGoal(x, y)
	case v.personAt(x, y) >= 0:
		v.People.Select(v.personAt(x, y))
	default:
		v.paintTap(x, y)
	}
}

// stroke handles a drag on the map: one that starts on a person moves
// the person, others paint.
func (v *LevelView) stroke(x, y int, start bool) {
	if start {
		v.dragging, v.ignore = -1, false
		switch i := v.personAt(x, y); {
		case v.pickingGoal:
			v.ignore = true
			v.SetGoal(x, y)
			return
		case i >= 0:
			v.dragging, v.dragTo = i, image.Pt(x, y)
			v.People.Select(i)
			return
		}
	}
	switch {
	case v.dragging >= 0:
		v.dragTo = image.Pt(x, y)
		text := fmt.Sprintf("moving %s to %s", v.personName(v.dragging), grid.CellLabel(x, y))
		if j := v.personAt(x, y); j >= 0 && j != v.dragging {
			text += " — taken by " + v.personName(j)
		}
		v.hover.SetText(text)
		v.Painter.View.Redraw()
	case !v.ignore:
		v.paintStroke(x, y, start)
	}
}

func (v *LevelView) strokeEnd() {
	switch {
	case v.dragging >= 0:
		i := v.dragging
		v.dragging = -1
		v.MovePerson(i, v.dragTo.X, v.dragTo.Y)
		v.Painter.View.Redraw()
	case !v.ignore:
		v.paintEnd()
	}
	v.ignore = false
}

// MovePerson moves person i to (x, y) as one edit; a cell another person
// stands on is refused (the status says why).
func (v *LevelView) MovePerson(i, x, y int) bool {
	l := v.L()
	if i < 0 || i >= len(l.People) || (l.People[i].X == x && l.People[i].Y == y) {
		return false
	}
	name := l.People[i].Name
	if j := v.personAt(x, y); j >= 0 && j != i {
		v.env.Status(fmt.Sprintf("%s cannot move to %s: %s stands there", name, grid.CellLabel(x, y), l.People[j].Name))
		return false
	}
	if x < 0 || y < 0 || x >= l.W || y >= l.H {
		v.env.Status(fmt.Sprintf("%s cannot move to %s: it is off the map", name, grid.CellLabel(x, y)))
		return false
	}
	v.S.Edit(fmt.Sprintf("move %s to %s", name, grid.CellLabel(x, y)), func() {
		p := &v.L().People[i]
		p.X, p.Y = x, y
	})
	v.env.Status(fmt.Sprintf("Moved %s to %s", name, grid.CellLabel(x, y)))
	return true
}

// AddPerson adds a person of side to (x, y), which must be free, as one
// edit, and selects the new person.
func (v *LevelView) AddPerson(x, y, side int) bool {
	l := v.L()
	if j := v.personAt(x, y); j >= 0 {
		v.env.Status(fmt.Sprintf("%s is taken by %s", grid.CellLabel(x, y), l.People[j].Name))
		return false
	}
	var names []string
	for _, p := range l.People {
		names = append(names, p.Name)
	}
	p := ftbt.Person{Name: uniqueName([]string{"我军", "敌军"}[side%2], names), Side: side,
		Abi: 15, Def: 12, HP: 80, Speed: 90, X: x, Y: y}
	if r := v.Rules(); r != nil && len(r.Techs) > 0 {
		p.Techs = []int{0}
	}
	if l.HasAI() {
		p.AI = defaultPersonAI(side)
	}
	v.S.Edit("add person "+p.Name, func() { v.L().People = append(v.L().People, p) })
	v.People.Select(len(v.L().People) - 1)
	v.env.Status(fmt.Sprintf("Added %s (side %d) at %s", p.Name, side, grid.CellLabel(x, y)))
	return true
}

// defaultPersonAI are the AI settings a person gets: the computer's side
// is AI-controlled with the game's default weights, the human side not.
func defaultPersonAI(side int) *ftbt.PersonAI {
	if side == 1 {
		return &ftbt.PersonAI{Attack: 30, Defence: 30, Move: 40, GoalX: -1, GoalY: -1}
	}
	return &ftbt.PersonAI{Attack: -1, Defence: -1, Move: -1, GoalX: -1, GoalY: -1}
}

// StartPickingGoal makes the next click on the map set the selected
// person's goal.
func (v *LevelView) StartPickingGoal() {
	l := v.L()
	if sel(v.Selected, len(l.People)) < 0 || !l.HasAI() {
		v.env.Status("Select a person first (and give the level AI settings)")
		return
	}
	v.pickingGoal = true
	if ps, ok := v.env.(paneShower); ok {
		ps.ShowPane(v.S, "Map")
	}
	v.env.Status(fmt.Sprintf("Click the cell %s should head for", l.People[v.Selected].Name))
	v.B.Reload()
	v.Painter.View.Redraw()
}

// SetGoal sets the selected person's goal to (x, y) as one edit (what the
// click after "Pick goal" does).
func (v *LevelView) SetGoal(x, y int) {
	v.pickingGoal = false
	l := v.L()
	i := v.Selected
	if sel(i, len(l.People)) < 0 || l.People[i].AI == nil {
		v.B.Reload()
		return
	}
	v.S.Edit(fmt.Sprintf("set the goal of %s", l.People[i].Name), func() {
		a := v.L().People[i].AI
		a.GoalX, a.GoalY = x, y
	})
	v.env.Status(fmt.Sprintf("%s heads for %s", l.People[i].Name, grid.CellLabel(x, y)))
}

// ClearGoal removes the selected person's goal (it then chases the
// nearest enemy).
func (v *LevelView) ClearGoal() {
	v.pickingGoal = false
	l := v.L()
	i := v.Selected
	if sel(i, len(l.People)) < 0 || l.People[i].AI == nil || (l.People[i].AI.GoalX == -1 && l.People[i].AI.GoalY == -1) {
		v.B.Reload()
		return
	}
	v.S.Edit(fmt.Sprintf("clear the goal of %s", l.People[i].Name), func() {
		a := v.L().People[i].AI
		a.GoalX, a.GoalY = -1, -1
	})
}

func (v *LevelView) showHover(x, y int) {
	v.hoverCell = image.Pt(x, y)
	if x < 0 {
		v.hover.SetText(v.toolLabel())
		if v.pickingGoal || v.personTool() {
			v.Painter.View.Redraw()
		}
		return
	}
	text := grid.CellLabel(x, y) + " " + v.terrainName(v.L().At(x, y))
	if i := v.personAt(x, y); i >= 0 {
		p := v.L().People[i]
		text += fmt.Sprintf(" · %s (side %d)", p.Name, p.Side)
	}
	v.hover.SetText(text + " · " + v.toolLabel())
	if v.pickingGoal || v.personTool() {
		v.Painter.View.Redraw()
	}
}

// toolLabel names what a click on the map does.
func (v *LevelView) toolLabel() string {
	switch {
	case v.pickingGoal:
		return "picking a goal"
	case v.personTool():
		return "Person + (side " + fmt.Sprint(v.newSide) + ")"
	}
	return v.Painter.ToolLabel()
}

// overlay draws the people, the goals, the marked cell and what a drag or
// a goal pick would do.
func (v *LevelView) overlay(img *image.RGBA, cell func(x, y int) (float64, float64, float64)) {
	l := v.L()
	_, _, s := cell(0, 0)
	// Goals under the people: a line from the person to a cross.
	for i, p := range l.People {
		if p.AI == nil || p.AI.GoalX < 0 || p.AI.GoalY < 0 {
			continue
		}
		col := tint(preview.PlayerColor(p.Side), 0.35)
		w := max(1, s/10)
		if i == v.Selected {
			col, w = highlight, max(2, s/6)
		}
		px, py, _ := cell(p.X, p.Y)
		gx, gy, _ := cell(p.AI.GoalX, p.AI.GoalY)
		line(img, px+s/2, py+s/2, gx+s/2, gy+s/2, w, col)
		cross(img, gx, gy, s, 2*w, col)
	}
	labels := PersonLabels(l.People)
	disc := func(i int, x, y int, faded bool) {
		p := l.People[i]
		px, py, _ := cell(x, y)
		if faded {
			DrawPerson(img, px, py, s, tint(preview.PlayerColor(p.Side), 0.6), "")
			return
		}
		DrawPerson(img, px, py, s, preview.PlayerColor(p.Side), labels[i])
	}
	for i, p := range l.People {
		if i == v.dragging {
			disc(i, p.X, p.Y, true)
			continue
		}
		disc(i, p.X, p.Y, false)
	}
	if i := sel(v.Selected, len(l.People)); i >= 0 {
		p := l.People[i]
		px, py, _ := cell(p.X, p.Y)
		preview.CanvasOn(img).StrokeCircle(px+s/2, py+s/2, s*0.5+2, max(2, s/8), highlight)
		// The selected person's goal on top, even where someone stands.
		if a := p.AI; a != nil && a.GoalX >= 0 && a.GoalY >= 0 {
			gx, gy, _ := cell(a.GoalX, a.GoalY)
			cross(img, gx, gy, s, max(2, s/6), highlight)
		}
	}
	if i := v.dragging; i >= 0 && i < len(l.People) {
		disc(i, v.dragTo.X, v.dragTo.Y, false)
		if j := v.personAt(v.dragTo.X, v.dragTo.Y); j >= 0 && j != i {
			px, py, _ := cell(v.dragTo.X, v.dragTo.Y)
			cross(img, px, py, s, max(2, s/8), color.RGBA{0xcc, 0, 0, 0xff})
		}
	}
	if v.pickingGoal && v.hoverCell.X >= 0 {
		px, py, _ := cell(v.hoverCell.X, v.hoverCell.Y)
		cross(img, px, py, s, max(2, s/6), highlight)
	}
	if v.personTool() && v.dragging < 0 && v.hoverCell.X >= 0 && v.personAt(v.hoverCell.X, v.hoverCell.Y) < 0 {
		px, py, _ := cell(v.hoverCell.X, v.hoverCell.Y)
		c := preview.PlayerColor(v.newSide)
		c.A = 0x90
		fillCircle(img, px+s/2, py+s/2, s*0.44, premultiply(c))
	}
	if v.marked.X >= 0 {
		px, py, _ := cell(v.marked.X, v.marked.Y)
		strokeRect(img, px-2, py-2, px+s+2, py+s+2, 2, highlight)
	}
}

// paletteLen is the number of terrains offered: the rules' terrains, or
// ids 0–9 without rules.
func (v *LevelView) paletteLen() int {
	if r := v.Rules(); r != nil {
		return len(r.Terrains)
	}
	return noRulesIDs
}

// personTool reports whether the person tool is in hand.
func (v *LevelView) personTool() bool { return v.Painter.Tool == v.addPerson }

// addPersonTool is the ftbt map's own tool, after the painter's in the
// tool bar: a click on an empty cell adds a person (a click on a person
// selects it, a drag moves it, before the tool is asked).
type addPersonTool struct{ v *LevelView }

func (t *addPersonTool) String() string    { return "Person +" }
func (t *addPersonTool) Key() fyne.KeyName { return "" }
func (t *addPersonTool) Cursor(p *grid.Painter, x, y int) image.Rectangle {
	return image.Rect(x, y, x+1, y+1)
}
func (t *addPersonTool) Press(p *grid.Painter, x, y int)            { t.v.AddPerson(x, y, t.v.newSide) }
func (t *addPersonTool) Drag(p *grid.Painter, x, y int, start bool) {}
func (t *addPersonTool) Release(p *grid.Painter)                    {}

func (v *LevelView) mapPane() fyne.CanvasObject {
	v.palette = grid.NewKeyList(v.env, v.paletteLen,
		func() fyne.CanvasObject {
			r := canvas.NewRectangle(color.Transparent)
			r.SetMinSize(fyne.NewSize(20, 20))
			r.StrokeColor = color.RGBA{0x80, 0x80, 0x80, 0xff}
			r.StrokeWidth = 1
			return container.NewHBox(container.NewCenter(r), widget.NewLabel("0 平原平原 · 100"))
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			row := o.(*fyne.Container)
			r := row.Objects[0].(*fyne.Container).Objects[0].(*canvas.Rectangle)
			r.FillColor = v.Rules().TerrainColor(id)
			r.Refresh()
			label := fmt.Sprintf("%d", id)
			if rs := v.Rules(); rs != nil && id < len(rs.Terrains) {
				label = fmt.Sprintf("%d %s · %d", id, rs.Terrains[id].Name, rs.Terrains[id].Weight)
			}
			row.Objects[1].(*widget.Label).SetText(label)
		})
	v.palette.OnSelected = func(id widget.ListItemID) { v.Painter.Brush = id }
	v.palette.Select(0)
	v.rulesNote = widget.NewLabel("")
	v.rulesNote.Wrapping = fyne.TextWrapWord
	v.attachMap = widget.NewButton("Attach rules…", v.AttachRulesDialog)
	v.B.OnReload(v.showRulesNote)
	left := container.NewBorder(container.NewVBox(widget.NewLabelWithStyle("Terrain 地形", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})),
		container.NewVBox(v.rulesNote, v.attachMap), nil, nil, v.palette)

	v.tools = v.Painter.ToolSelect(v.addPerson)
	side := widget.NewSelect([]string{"side 0", "side 1"}, func(s string) {
		if s == "side 1" {
			v.newSide = 1
		} else {
			v.newSide = 0
		}
	})
	side.SetSelectedIndex(0)
	g := v.Painter.View
	v.hover.Truncation = fyne.TextTruncateEllipsis
	// What is under the pointer shares the tool bar's row (cut to its
	// room), so that the map keeps that row's height.
	top := container.NewBorder(nil, nil,
		container.NewHBox(v.tools, v.Painter.BrushControls(), widget.NewLabel("new person:"), side, widget.NewSeparator(), v.Painter.ZoomButtons()),
		nil, v.hover)

	v.personCard = v.personCardObject()
	help := widget.NewLabel("Drag a person to move it.\nClick a person to select it.\nMiddle- or Space+drag, the\nwheel or arrows pan;\nCtrl+wheel zooms, F fits.")
	right := container.NewBorder(nil, help, nil, nil, container.NewVScroll(v.personCard))
	return container.NewBorder(top, nil, left, right, g)
}

// personCardObject shows the selected person beside the map, with the
// goal buttons.
func (v *LevelView) personCardObject() *fyne.Container {
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	info := widget.NewLabel("")
	pick := widget.NewButton("Pick goal", func() {
		if v.pickingGoal {
			v.pickingGoal = false
			v.env.Status("")
			v.B.Reload()
			return
		}
		v.StartPickingGoal()
	})
	noGoal := widget.NewButton("No goal", v.ClearGoal)
	del := widget.NewButton("Delete person", func() { v.DeletePerson(v.Selected) })
	box := container.NewVBox(title, info, pick, noGoal, del)
	v.B.OnReload(func() {
		defer box.Refresh() // the texts change height
		l := v.L()
		i := sel(v.Selected, len(l.People))
		if i < 0 {
			title.SetText("No person selected")
			info.SetText("Click a person on the map,\nor add one with the\nPerson + tool.")
			enable(false, pick, noGoal, del)
			return
		}
		p := l.People[i]
		title.SetText(p.Name)
		text := fmt.Sprintf("side %d · at (%d, %d)\nabi %d · def %d\nhp %d · speed %d", p.Side, p.X, p.Y, p.Abi, p.Def, p.HP, p.Speed)
		text += "\n" + aiSummary(p)
		info.SetText(text)
		enable(true, del)
		enable(p.AI != nil, pick, noGoal)
		if v.pickingGoal {
			pick.SetText("Cancel picking")
		} else {
			pick.SetText("Pick goal")
		}
	})
	return box
}

// aiSummary describes a person's AI settings in a few words.
func aiSummary(p ftbt.Person) string {
	a := p.AI
	if a == nil {
		return "no AI settings"
	}
	s := "not AI-controlled"
	if a.Attack != -1 {
		s = fmt.Sprintf("AI %d / %d / %d", a.Attack, a.Defence, a.Move)
	}
	if a.GoalX >= 0 && a.GoalY >= 0 {
		return s + fmt.Sprintf("\ngoal (%d, %d)", a.GoalX, a.GoalY)
	}
	return s + "\nno goal"
}

// showRulesNote says which rules name the palette, or that there are
// none.
func (v *LevelView) showRulesNote() {
	if r := v.Rules(); r != nil {
		v.rulesNote.SetText(fmt.Sprintf("From the rules %s.", v.rulesName()))
		v.attachMap.Hide()
		return
	}
	v.rulesNote.SetText("No rules attached: terrain ids only. Attach the rules the level is played with to see terrain names, costs and colours.")
	v.attachMap.Show()
}
