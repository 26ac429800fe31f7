// Package mbgview is the studio's editor of mbg scenarios and saved games.
// A scenario shows the board as a strip of squares and as a 2D board to
// drag them on, an officer table, and forms for cities, roles, institutes,
// training rooms and settings; a save (save.go) shows the game's state in
// the same manner, every edit keeping the save's bookkeeping as the engine
// keeps it.
package mbgview

import (
	"fmt"
	"regexp"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/mbg"
)

func init() {
	editor.RegisterView(mbg.KindScenario, func(s *editor.Session, env editor.Env) editor.View { return New(s, env) })
}

// View edits one scenario.
type View struct {
	grid.MapPanes
	S   *editor.Session
	B   *forms.Binder
	env editor.Env

	board     *boardPane
	officers  *officerTable
	cities    *forms.ItemList
	roles     *forms.ItemList
	insts     *forms.ItemList
	rooms     *forms.ItemList
	panes     map[string]*container.TabItem
	selCity   int
	selRole   int
	selInst   int
	selRoom   int
	cityForm  *fyne.Container
	roleForm  *fyne.Container
	instForm  *fyne.Container
	roomForm  *fyne.Container
	paneOrder []*container.TabItem
}

// New builds the editor of s.
func New(s *editor.Session, env editor.Env) *View {
	v := &View{S: s, B: forms.NewBinder(s), env: env, panes: map[string]*container.TabItem{}, selCity: -1, selRole: -1, selInst: -1, selRoom: -1}
	v.board = newBoardPane(v)
	v.officers = newOfficerTable(v)
	add := func(key, title string, obj fyne.CanvasObject) {
		t := container.NewTabItem(title, obj)
		v.panes[key] = t
		v.paneOrder = append(v.paneOrder, t)
	}
	add("board", "Board 棋盘", v.board.object)
	v.AddMap(v.panes["board"], v.board.canvas.Grid)
	v.board.canvas.Grid.ForwardTo(env)
	add("officers", "Officers 人员", v.officers.object)
	add("cities", "Cities 城市", v.citiesPane())
	add("roles", "Roles 阵营", v.rolesPane())
	add("institutes", "Institutes 研究所", v.institutesPane())
	add("training_rooms", "Training 修炼所", v.roomsPane())
	add("settings", "Settings 设定", v.settingsPane())
	// Each list opens on its first item, so that its form is not empty.
	for _, l := range []*forms.ItemList{v.cities, v.roles, v.insts, v.rooms} {
		l.Select(0)
	}
	return v
}

// M returns the current scenario.
func (v *View) M() *mbg.Scenario { return v.S.Model().(*mbg.Scenario) }

// Panes implements editor.View.
func (v *View) Panes() []*container.TabItem { return v.paneOrder }

// Refresh implements editor.View.
func (v *View) Refresh() {
	v.B.Reload()
	v.board.refresh()
	v.officers.refresh()
	v.showCity(v.selCity)
	v.showRole(v.selRole)
	v.showInst(v.selInst)
	v.showRoom(v.selRoom)
}

var pathRE = regexp.MustCompile(`^([a-z_]+)(?:\[(\d+)\])?`)

// Select implements editor.View: it shows the item a document path names.
func (v *View) Select(path string) *container.TabItem {
	m := pathRE.FindStringSubmatch(path)
	if m == nil {
		return nil
	}
	i := -1
	if m[2] != "" {
		i, _ = strconv.Atoi(m[2])
	}
	switch m[1] {
	case "board", "grid_size", "trailing_tokens":
		if m[1] == "board" && i >= 0 {
			v.board.selectSquare(i)
		}
		if m[1] == "board" {
			return v.panes["board"]
		}
		return v.panes["settings"]
	case "officers":
		if i >= 0 {
			v.officers.selectRow(i)
		}
		return v.panes["officers"]
	case "cities":
		if i >= 0 {
			v.cities.Select(i)
		}
		return v.panes["cities"]
	case "roles":
		if i >= 0 {
			v.roles.Select(i)
		}
		return v.panes["roles"]
	case "institutes":
		if i >= 0 {
			v.insts.Select(i)
		}
		return v.panes["institutes"]
	case "training_rooms":
		if i >= 0 {
			v.rooms.Select(i)
		}
		return v.panes["training_rooms"]
	}
	if headerValue(&mbg.ScenarioFields, m[1]) {
		return v.panes["settings"]
	}
	return nil
}

// headerValue reports whether key is the key of a plain value of the
// document's top level r (the win money, a save's turn), which the form
// of the document's settings edits.
func headerValue(r *field.Record, key string) bool {
	f := r.Lookup(key)
	return f != nil && f.Type != field.Ref && f.Const == nil
}

// names of the lists, for choices.
func (v *View) cityNames() []string { return v.M().CityNames() }

func (v *View) squareNames() []string {
	m := v.M()
	out := make([]string, len(m.Board))
	for i, sq := range m.Board {
		out[i] = fmt.Sprintf("%d %s", i, squareText(m, sq))
	}
	return out
}

// squareText describes a square: its building's name or its type.
func squareText(m *mbg.Scenario, sq mbg.Square) string {
	name := func(names []string) string {
		if sq.Base >= 0 && sq.Base < len(names) {
			return names[sq.Base]
		}
		return fmt.Sprintf("#%d?", sq.Base)
	}
	switch sq.Class {
	case mbg.ClassCity:
		return "城 " + name(m.CityNames())
	case mbg.ClassInstitute:
		return "研究所 " + name(m.InstituteNames())
	case mbg.ClassTrainingRoom:
		return "修炼所 " + name(m.TrainingRoomNames())
	}
	if sq.Class >= 0 && sq.Class < len(classTitles) {
		return classTitles[sq.Class]
	}
	return fmt.Sprintf("type %d", sq.Class)
}

// classTitles are the square types as shown in the editor.
var classTitles = []string{"空地 empty", "城 city", "会馆 saloon", "研究所 institute", "修炼所 training room", "机会 chance"}

// uniqueName returns base, or base with a number, not yet in names.
func uniqueName(base string, names []string) string {
	taken := map[string]bool{}
	for _, n := range names {
		taken[n] = true
	}
	if !taken[base] {
		return base
	}
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s%d", base, i); !taken[n] {
			return n
		}
	}
}

// formRow lays out a label and a widget.
func formRow(label string, w fyne.CanvasObject) *widget.FormItem { return widget.NewFormItem(label, w) }
