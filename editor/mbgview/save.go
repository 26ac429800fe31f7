package mbgview

import (
	"fmt"
	"reflect"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/mbg"
)

func init() {
	editor.RegisterView(mbg.KindSave, func(s *editor.Session, env editor.Env) editor.View { return NewSave(s, env) })
}

// SaveView edits a saved game: the game's header, the board with its
// barriers, robbers and roles, the roles, cities, officers, free officers,
// institutes and training rooms. Every edit that moves an officer, a city
// or a role keeps the save's bookkeeping as the engine keeps it (see
// saveops.go), so that the edited save loads and plays on.
type SaveView struct {
	grid.MapPanes
	S   *editor.Session
	B   *forms.Binder
	env editor.Env

	board    *saveBoardPane
	officers *saveOfficerTable
	roles    *forms.ItemList
	cities   *forms.ItemList
	insts    *forms.ItemList
	rooms    *forms.ItemList
	selRole  int
	selCity  int
	selInst  int
	selRoom  int
	hireFor  int // the role that hires officers unticked in the Free pane
	forms    map[string]*fyne.Container
	panes    map[string]*container.TabItem
	order    []*container.TabItem
	widgets  saveWidgets
	lastErr  error // why the last refused edit was refused
}

// NewSave builds the editor of a save session.
func NewSave(s *editor.Session, env editor.Env) *SaveView {
	v := &SaveView{S: s, B: forms.NewBinder(s), env: env, selRole: -1, selCity: -1, selInst: -1, selRoom: -1,
		forms: map[string]*fyne.Container{}, panes: map[string]*container.TabItem{}}
	v.hireFor = sel(v.M().ActingRole, len(v.M().Roles))
	add := func(key, title string, obj fyne.CanvasObject) {
		t := container.NewTabItem(title, obj)
		v.panes[key] = t
		v.order = append(v.order, t)
	}
	add("game", "Game 游戏", v.gamePane())
	v.board = newSaveBoardPane(v)
	add("board", "Board 棋盘", v.board.object)
	v.AddMap(v.panes["board"], v.board.canvas.Grid)
	v.board.canvas.Grid.ForwardTo(env)
	add("roles", "Roles 阵营", v.rolesPane())
	add("cities", "Cities 城市", v.citiesPane())
	v.officers = newSaveOfficerTable(v)
	add("officers", "Officers 人员", v.officers.object)
	add("free", "Free 在野", v.freePane())
	add("institutes", "Institutes 研究所", v.institutesPane())
	add("training_rooms", "Training 修炼所", v.roomsPane())
	// Each list opens on its first item, so that its form is not empty.
	for _, l := range []*forms.ItemList{v.roles, v.cities, v.insts, v.rooms} {
		l.Select(0)
	}
	// The board opens on the square of the role whose turn it is.
	if r := sel(v.M().ActingRole, len(v.M().Roles)); r >= 0 {
		v.board.selectSquare(v.M().Roles[r].Loc)
	}
	return v
}

// M returns the current save.
func (v *SaveView) M() *mbg.Save { return v.S.Model().(*mbg.Save) }

// Panes implements editor.View.
func (v *SaveView) Panes() []*container.TabItem { return v.order }

// Refresh implements editor.View.
func (v *SaveView) Refresh() {
	v.clampSelections()
	v.B.Reload()
	v.board.refresh()
	v.officers.refresh()
}

// clampSelections forgets selected items an undo took away.
func (v *SaveView) clampSelections() {
	m := v.M()
	v.selRole = sel(v.selRole, len(m.Roles))
	v.selCity = sel(v.selCity, len(m.Cities))
	v.selInst = sel(v.selInst, len(m.Institutes))
	v.selRoom = sel(v.selRoom, len(m.TrainingRooms))
	v.hireFor = sel(v.hireFor, len(m.Roles))
}

// apply runs op on a copy of the save; when it succeeds the copy becomes
// the save as one undoable edit named label (none when nothing changed).
// When it fails nothing changes, the widgets show the save again and the
// status bar says why.
func (v *SaveView) apply(label string, op func(s *mbg.Save) error) error {
	next := mbgeng.CloneSave(v.M())
	if err := op(next); err != nil {
		v.lastErr = err
		if v.env != nil {
			v.env.Status(err.Error())
		}
		v.Refresh()
		return err
	}
	v.lastErr = nil
	if reflect.DeepEqual(next, v.M()) {
		return nil // nothing to undo
	}
	v.S.Edit(label, func() { *v.M() = *next })
	return nil
}

// Select implements editor.View: it shows the item a document path names
// ("roles[1].cities[0]", "officers[3].job", "acting_role").
func (v *SaveView) Select(path string) *container.TabItem {
	m := pathRE.FindStringSubmatch(path)
	if m == nil {
		return nil
	}
	i := -1
	if m[2] != "" {
		i, _ = strconv.Atoi(m[2])
	}
	pick := func(l *forms.ItemList, key string) *container.TabItem {
		if i >= 0 {
			l.Select(i)
		}
		return v.panes[key]
	}
	switch m[1] {
	case "acting_role", "grid_size", "trailing_tokens":
		return v.panes["game"]
	case "board":
		if i >= 0 {
			v.board.selectSquare(i)
		}
		return v.panes["board"]
	case "roles":
		return pick(v.roles, "roles")
	case "cities":
		return pick(v.cities, "cities")
	case "institutes":
		return pick(v.insts, "institutes")
	case "training_rooms":
		return pick(v.rooms, "training_rooms")
	case "officers":
		if i >= 0 {
			v.officers.selectRow(i)
		}
		return v.panes["officers"]
	case "free":
		return v.panes["free"]
	}
	if headerValue(&mbg.SaveFields, m[1]) {
		return v.panes["game"]
	}
	return nil
}

// Names of the save's items, for choices and lists.

func (v *SaveView) roleNames() []string {
	m := v.M()
	out := make([]string, len(m.Roles))
	for i, r := range m.Roles {
		out[i] = r.Name
	}
	return out
}

func (v *SaveView) cityNames() []string {
	m := v.M()
	out := make([]string, len(m.Cities))
	for i, c := range m.Cities {
		out[i] = c.Name
	}
	return out
}

func (v *SaveView) instNames() []string {
	m := v.M()
	out := make([]string, len(m.Institutes))
	for i, x := range m.Institutes {
		out[i] = x.Name
	}
	return out
}

func (v *SaveView) roomNames() []string {
	m := v.M()
	out := make([]string, len(m.TrainingRooms))
	for i, x := range m.TrainingRooms {
		out[i] = x.Name
	}
	return out
}

// squareNames names every square: its number, building and who stands
// there.
func (v *SaveView) squareNames() []string {
	m := v.M()
	out := make([]string, len(m.Board))
	for i := range m.Board {
		out[i] = v.squareText(i)
	}
	return out
}

// squareText describes square i: number, type or building, marks and the
// roles on it.
func (v *SaveView) squareText(i int) string {
	m := v.M()
	sq := m.Board[i]
	text := fmt.Sprintf("%d  %s", i, saveBuilding(m, sq))
	if sq.Barrier {
		text += "  障"
	}
	if sq.Robber {
		text += "  贼"
	}
	for r, on := range sq.Present {
		if on {
			text += "  [" + mbgeng.RoleName(m, r) + "]"
		}
	}
	return text
}

// saveBuilding names a square's building, or its type.
func saveBuilding(m *mbg.Save, sq mbg.SaveSquare) string {
	name := func(n int, get func(int) string) string {
		if sq.Base >= 0 && sq.Base < n {
			return get(sq.Base)
		}
		return fmt.Sprintf("#%d?", sq.Base)
	}
	switch sq.Class {
	case mbg.ClassCity:
		return "城 " + name(len(m.Cities), func(i int) string { return m.Cities[i].Name })
	case mbg.ClassInstitute:
		return "研究所 " + name(len(m.Institutes), func(i int) string { return m.Institutes[i].Name })
	case mbg.ClassTrainingRoom:
		return "修炼所 " + name(len(m.TrainingRooms), func(i int) string { return m.TrainingRooms[i].Name })
	}
	if sq.Class >= 0 && sq.Class < len(classTitles) {
		return classTitles[sq.Class]
	}
	return fmt.Sprintf("type %d", sq.Class)
}

// jobTitles name the jobs -1..4 (index job+1).
var jobTitles = []string{"travelling 随行", "mayor 市长", "treasurer 财务官", "garrison 驻扎", "researcher 研究", "trainee 修炼"}

// officerWhere says where officer p is, in a few words.
func officerWhere(m *mbg.Save, p int) string {
	o := m.Officers[p]
	if o.Role == -1 {
		return "在野 free"
	}
	role := mbgeng.RoleName(m, o.Role)
	short := []string{"随行", "市长", "财务官", "驻扎", "研究", "修炼"}
	if o.Job < -1 || o.Job >= len(short)-1 {
		return fmt.Sprintf("%s job %d", role, o.Job)
	}
	job := short[o.Job+1]
	if o.Job == mbg.JobNone {
		return role + " " + job
	}
	return role + " " + job + " " + jobPlaceName(m, o.Job, o.Loc)
}

// jobPlaceName names the city, institute or training room of a job.
func jobPlaceName(m *mbg.Save, job, loc int) string {
	var names []string
	switch {
	case mbgeng.CityJob(job):
		for _, c := range m.Cities {
			names = append(names, c.Name)
		}
	case job == mbg.JobResearcher:
		for _, x := range m.Institutes {
			names = append(names, x.Name)
		}
	case job == mbg.JobTrainee:
		for _, x := range m.TrainingRooms {
			names = append(names, x.Name)
		}
	default:
		return "—"
	}
	if loc >= 0 && loc < len(names) {
		return names[loc]
	}
	return fmt.Sprintf("#%d?", loc)
}

// officerLabels names every officer with where he is ("张飞 · 蜀 驻扎 长安").
func (v *SaveView) officerLabels() []string {
	m := v.M()
	out := make([]string, len(m.Officers))
	for i, o := range m.Officers {
		out[i] = o.Name + " · " + officerWhere(m, i)
	}
	return out
}
