// Package planetsview is the studio's editor of Planet-Conquer maps: the
// grid drawn with its planets, routes and starts, where planets are
// placed by a click, moved by a drag and joined by dragging one onto
// another; a table of the planets, a list of the routes and the map's
// settings. Every number keeps its YAML typing (integer or real) unless
// the designer types the other kind (spec/planets.md 1.2, 11 row 26).
package planetsview

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/planets"
)

func init() {
	editor.RegisterView(planets.Kind, func(s *editor.Session, env editor.Env) editor.View { return New(s, env) })
}

// View edits one Planet-Conquer map.
type View struct {
	grid.MapPanes
	S   *editor.Session
	B   *forms.Binder
	env editor.Env

	// The selection, shared by the panes: a planet (by token) or a route
	// (by index); at most one of them.
	selPlanet string
	selRoute  int

	mp     *mapPane
	table  *planetTable
	routes *forms.ItemList
	// routeForm edits the selected route in the Routes pane.
	routeForm fyne.CanvasObject
	settings  *settingsPane

	mapPane, planetsPane, routesPane, settingsPaneItem *container.TabItem
}

// New builds the editor of s.
func New(s *editor.Session, env editor.Env) *View {
	v := &View{S: s, B: forms.NewBinder(s), env: env, selRoute: -1}
	v.mp = newMapPane(v)
	v.table = newPlanetTable(v)
	routes := v.routesObject()
	v.settings = newSettingsPane(v)
	v.mapPane = container.NewTabItem("Map 地图", v.mp.object)
	v.AddMap(v.mapPane, v.mp.canvas.Grid)
	v.mp.canvas.Grid.ForwardTo(env)
	v.planetsPane = container.NewTabItem("Planets 行星", v.table.object)
	v.routesPane = container.NewTabItem("Routes 航线", routes)
	v.settingsPaneItem = container.NewTabItem("Settings 设定", v.settings.object)
	v.showSelection()
	return v
}

// M returns the current map.
func (v *View) M() *planets.Map { return v.S.Model().(*planets.Map) }

// Panes implements editor.View.
func (v *View) Panes() []*container.TabItem {
	return []*container.TabItem{v.mapPane, v.planetsPane, v.routesPane, v.settingsPaneItem}
}

// Refresh implements editor.View.
func (v *View) Refresh() {
	m := v.M()
	if v.selPlanet != "" && planetIndex(m, v.selPlanet) < 0 {
		v.selPlanet = ""
	}
	if v.selRoute >= len(m.Routes) {
		v.selRoute = -1
	}
	v.table.refresh()
	v.showSelection()
}

// status shows a message in the studio's status bar.
func (v *View) status(msg string) {
	if v.env != nil {
		v.env.Status(msg)
	}
}

// SelectPlanet selects the planet token in every pane ("" selects
// nothing).
func (v *View) SelectPlanet(token string) {
	v.selPlanet, v.selRoute = token, -1
	v.showSelection()
}

// SelectRoute selects route i in every pane (-1 selects nothing).
func (v *View) SelectRoute(i int) {
	v.selPlanet, v.selRoute = "", i
	v.showSelection()
}

// showSelection shows the selection in every pane.
func (v *View) showSelection() {
	v.B.Reload()
	v.mp.showSelection()
	v.table.showSelection()
	if v.routes != nil {
		if v.selRoute >= 0 && v.selRoute < len(v.M().Routes) {
			v.routeForm.Show()
			if v.routes.Selected != v.selRoute {
				v.routes.Select(v.selRoute)
			}
		} else {
			v.routeForm.Hide()
			if v.routes.Selected >= 0 {
				v.routes.Selected = -1
				v.routes.List.UnselectAll()
			}
		}
	}
}

// Edits the panes share.

// PlaceAt puts a planet on the empty cell (x, y): the selected planet
// when it is not on the grid yet, a planet entry for a letter that has
// none, or else a new planet with the next free token.
func (v *View) PlaceAt(x, y int) {
	m := v.M()
	g := splitGrid(m)
	if c := g.at(x, y); isLetter(c) {
		if planetIndex(m, string(c)) >= 0 {
			v.SelectPlanet(string(c))
			return
		}
		token := string(c)
		v.S.Edit("add planet "+token, func() {
			v.M().Planets = append(v.M().Planets, newPlanet(token))
			v.M().HasPlanets = true
		})
		v.SelectPlanet(token)
		v.status("added the planet entry of the letter " + token)
		return
	}
	if t := v.selPlanet; t != "" && len(t) == 1 && isLetter(rune(t[0])) {
		if _, placed := m.Positions()[t]; !placed {
			v.S.Edit("place planet "+t, func() {
				g := splitGrid(v.M())
				g.set(x, y, rune(t[0]))
				v.M().Grid, v.M().HasGrid = g.String(), true
			})
			v.SelectPlanet(t)
			v.status("placed planet " + t + " at " + grid.CellLabel(x, y))
			return
		}
	}
	token := nextToken(m)
	if w, h := g.size(); x < 0 || y < 0 || x >= max(w, 1) || y >= h {
		return
	}
	if token == "" {
		v.status("all 52 planet letters are in use")
		return
	}
	v.S.Edit("add planet "+token, func() { addPlanet(v.M(), x, y) })
	v.SelectPlanet(token)
	v.status("added planet " + token + " at " + grid.CellLabel(x, y))
}

// MovePlanet moves planet token to the empty cell (x, y).
func (v *View) MovePlanet(token string, x, y int) {
	from, ok := v.M().Positions()[token]
	if !ok || (from.X == x && from.Y == y) {
		return
	}
	if c := splitGrid(v.M()).at(x, y); isLetter(c) {
		v.status("the cell " + grid.CellLabel(x, y) + " already holds " + string(c))
		return
	}
	v.S.Edit("move planet "+token, func() { movePlanet(v.M(), token, x, y) })
	v.SelectPlanet(token)
	v.status("moved planet " + token + " to " + grid.CellLabel(x, y))
}

// JoinPlanets adds a route between a and b with the default number of
// steps (the distance on the grid), or selects the route that joins them
// already; it returns the route's index.
func (v *View) JoinPlanets(a, b string) int {
	m := v.M()
	if a == b {
		return -1
	}
	if i := findRoute(m, a, b); i >= 0 {
		v.SelectRoute(i)
		v.status("route " + a + "–" + b + " exists already")
		return i
	}
	pos := m.Positions()
	steps := defaultSteps(pos[a], pos[b])
	var i int
	v.S.Edit("add route "+a+"–"+b, func() { i = addRoute(v.M(), a, b, steps) })
	v.SelectRoute(i)
	v.status("added route " + a + "–" + b + " of " + strconv.FormatInt(steps, 10) + " steps (type another number of steps and press Enter)")
	v.mp.focusSteps()
	return i
}

// DeletePlanet deletes planet token with its routes and starts.
func (v *View) DeletePlanet(token string) {
	if planetIndex(v.M(), token) < 0 {
		return
	}
	v.S.Edit("delete planet "+token, func() { deletePlanet(v.M(), token) })
	v.SelectPlanet("")
	v.status("deleted planet " + token + " with its routes and starts")
}

// DeleteRoute deletes route i.
func (v *View) DeleteRoute(i int) {
	m := v.M()
	if i < 0 || i >= len(m.Routes) {
		return
	}
	name := routeName(m.Routes[i])
	v.S.Edit("delete route "+name, func() {
		v.M().Routes = append(v.M().Routes[:i:i], v.M().Routes[i+1:]...)
	})
	v.SelectRoute(-1)
	v.status("deleted route " + name)
}

// ToggleStart makes planet token a start planet (the next player's) or
// takes it out of the starts.
func (v *View) ToggleStart(token string) {
	if planetIndex(v.M(), token) < 0 {
		return
	}
	if startIndex(v.M(), token) >= 0 {
		v.S.Edit("remove start "+token, func() { removeStart(v.M(), token) })
		v.status(token + " is no start planet any more")
	} else {
		v.S.Edit("add start "+token, func() { toggleStart(v.M(), token) })
		v.status(token + " is the start of player " + strconv.Itoa(len(v.M().Starts)))
	}
}

// routeName names a route "A–E".
func routeName(r planets.Route) string { return r.From.Key() + "–" + r.To.Key() }

// planetScope is the Scope of the fields of the selected planet.
func (v *View) planetScope() (path, name string) {
	if v.selectedPlanet(v.M()) == nil {
		return "planets", ""
	}
	return "planets." + v.selPlanet, v.selPlanet
}

// routeScope is the Scope of the fields of the selected route.
func (v *View) routeScope() (path, name string) {
	if r := v.selectedRoute(v.M()); r != nil {
		return fmt.Sprintf("routes[%d]", v.selRoute), "route " + routeName(*r)
	}
	return "routes", ""
}

// Document paths (formats/planets and validate record them).
var (
	cellPathRE  = regexp.MustCompile(`^map\[(\d+)\]\[(\d+)\]`)
	indexPathRE = regexp.MustCompile(`^(routes|starts)(?:\[(\d+)\])?`)
)

// settingKeys are the top-level settings the Settings pane edits.
var settingKeys = planets.SettingKeys()

// Select implements editor.View: "planets.A.def" selects planet A in the
// Planets pane, "routes[3]" route 3 in the Routes pane, "starts[1]" the
// start in the Map pane's list, "map[row][col]" marks the cell on the map,
// and a setting's key shows the Settings pane.
func (v *View) Select(path string) *container.TabItem {
	m := v.M()
	switch {
	case path == planets.PathGrid:
		return v.mapPane
	case cellPathRE.MatchString(path):
		sm := cellPathRE.FindStringSubmatch(path)
		y, _ := strconv.Atoi(sm[1])
		x, _ := strconv.Atoi(sm[2])
		v.mp.mark(x, y)
		return v.mapPane
	case path == "planets":
		return v.planetsPane
	case strings.HasPrefix(path, "planets."):
		rest := strings.TrimPrefix(path, "planets.")
		for _, p := range m.ByID() {
			name := p.Name()
			if rest == name || strings.HasPrefix(rest, name+".") {
				v.SelectPlanet(name)
				v.table.focusColumn(strings.TrimPrefix(strings.TrimPrefix(rest, name), "."))
				return v.planetsPane
			}
		}
		return v.planetsPane
	case indexPathRE.MatchString(path):
		sm := indexPathRE.FindStringSubmatch(path)
		i := -1
		if sm[2] != "" {
			i, _ = strconv.Atoi(sm[2])
		}
		if sm[1] == "routes" {
			if i >= 0 && i < len(m.Routes) {
				v.SelectRoute(i)
			}
			return v.routesPane
		}
		if i >= 0 && i < len(m.Starts) {
			v.mp.starts.Select(i)
			if t := m.Starts[i].Key(); planetIndex(m, t) >= 0 {
				v.SelectPlanet(t)
			}
		}
		return v.mapPane
	}
	for _, k := range settingKeys {
		if path == k {
			v.settings.focus(k)
			return v.settingsPaneItem
		}
	}
	if path == "kind" || path == "format" {
		return v.settingsPaneItem
	}
	for _, e := range m.Extra {
		if e.Key.Key() == path || strings.HasPrefix(path, e.Key.Key()+".") || strings.HasPrefix(path, e.Key.Key()+"[") {
			return v.settingsPaneItem
		}
	}
	return nil
}

// focus gives the keyboard focus to w (in the window that shows it, or
// else the studio's: an object shown for the first time may not be
// known to the driver yet).
func (v *View) focus(w fyne.Focusable) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(w.(fyne.CanvasObject)); c != nil {
		c.Focus(w)
	} else if v.env != nil && v.env.Window() != nil {
		v.env.Window().Canvas().Focus(w)
	}
}
