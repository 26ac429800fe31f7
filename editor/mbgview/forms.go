package mbgview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/mbg"
)

// sel returns i when it is a valid index of n items, else -1.
func sel(i, n int) int {
	if i >= 0 && i < n {
		return i
	}
	return -1
}

// listWithForm lays out an item list beside a form.
func listWithForm(list fyne.CanvasObject, form fyne.CanvasObject) fyne.CanvasObject {
	split := container.NewHSplit(list, container.NewVScroll(form))
	split.SetOffset(0.25)
	return split
}

// officerOptions describes every officer with where he is, for check lists.
func (v *View) officerOptions() []string {
	m := v.M()
	out := make([]string, len(m.Officers))
	for i, o := range m.Officers {
		out[i] = o.Name
	}
	return out
}

// placeOfficers moves the officers in want into the list at dst (a
// garrison or a retinue), taking them out of every other place, and drops
// from dst the ones not wanted any more.
func placeOfficers(m *mbg.Scenario, dst *[]int, want []int) {
	wanted := map[int]bool{}
	for _, o := range want {
		wanted[o] = true
	}
	take := func(list *[]int) {
		if list == dst {
			return
		}
		kept := (*list)[:0:0]
		for _, o := range *list {
			if !wanted[o] {
				kept = append(kept, o)
			}
		}
		*list = kept
	}
	for c := range m.Cities {
		take(&m.Cities[c].Garrison)
	}
	for r := range m.Roles {
		take(&m.Roles[r].Retinue)
	}
	*dst = append([]int(nil), want...)
	// Posts held by officers who left their city are cleared.
	for c := range m.Cities {
		city := &m.Cities[c]
		if !contains(city.Garrison, city.Mayor) {
			city.Mayor = -1
		}
		if !contains(city.Garrison, city.Treasurer) {
			city.Treasurer = -1
		}
	}
}

func contains(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func (v *View) citiesPane() fyne.CanvasObject {
	b := v.B
	v.cities = b.NewItemList(v.cityNames, v.showCity, editorActions(v, "city",
		func() int {
			name := uniqueName("新城", v.cityNames())
			v.S.Edit("add city", func() {
				v.M().Cities = append(v.M().Cities, mbg.City{Name: name, Scope: 0, Mayor: -1, Treasurer: -1})
			})
			return len(v.M().Cities) - 1
		},
		func(i int) { v.M().RemapCities(mbg.Removal(len(v.M().Cities), i)) },
		func(i, j int) { v.M().RemapCities(mbg.Swap(len(v.M().Cities), i, j)) }))
	city := func() *mbg.City { return &v.M().Cities[v.selCity] }
	valid := func() bool { return sel(v.selCity, len(v.M().Cities)) >= 0 }
	b.Scope(forms.ItemScope("cities", func() int { return v.selCity }, func() int { return len(v.M().Cities) }, func(i int) string { return v.M().Cities[i].Name }))
	defer b.Scope(nil)
	name := b.Name("city name", func() string {
		if !valid() {
			return ""
		}
		return city().Name
	}, func(s string) { city().Name = s })
	scope := b.Choice(forms.Label(&mbg.ScopeField), func() []string { return []string{"small 小 (defence 500)", "medium 中 (800)", "large 大 (1200)"} },
		func() int {
			if !valid() {
				return -1
			}
			return city().Scope
		}, func(i int) { city().Scope = i })
	owner := b.Choice("owner", func() []string { return append([]string{"— nobody —"}, v.M().RoleNames()...) },
		func() int {
			if !valid() {
				return -1
			}
			return v.M().Owner(v.selCity) + 1
		}, func(i int) { setOwner(v.M(), v.selCity, i-1) })
	garrison := b.CheckList("garrison", v.officerOptions, func() []int {
		if !valid() {
			return nil
		}
		return city().Garrison
	}, func(idx []int) { placeOfficers(v.M(), &city().Garrison, idx) })
	mayor := v.cityPost("mayor", func(c *mbg.City) *int { return &c.Mayor })
	treasurer := v.cityPost("treasurer", func(c *mbg.City) *int { return &c.Treasurer })
	squares := widget.NewLabel("")
	b.OnReload(func() {
		if !valid() {
			squares.SetText("")
			return
		}
		board := v.M().Board
		squares.SetText(citySquares(len(board), func(i int) bool { return board[i].Class == mbg.ClassCity && board[i].Base == v.selCity }))
	})
	v.cityForm = container.NewVBox(widget.NewForm(
		formRow("Name", name), forms.Row("Scope", scope, &mbg.ScopeField), formRow("Owner", owner),
		formRow("Mayor 市长", mayor), formRow("Treasurer 财务官", treasurer), formRow("On the board", squares)),
		widget.NewLabel("Garrison 驻扎人员 (an officer checked here leaves any other place):"), garrison)
	v.cityForm.Hide()
	return listWithForm(v.cities.Object, v.cityForm)
}

// setOwner makes role r (-1: nobody) the only owner of city c.
func setOwner(m *mbg.Scenario, c, r int) {
	for k := range m.Roles {
		var kept []int
		for _, x := range m.Roles[k].Cities {
			if x != c {
				kept = append(kept, x)
			}
		}
		m.Roles[k].Cities = kept
	}
	if r >= 0 {
		m.Roles[r].Cities = append(m.Roles[r].Cities, c)
	}
}

// cityPost is the choice of the holder of a post of the city shown (at
// points to it): nobody or an officer of its garrison.
func (v *View) cityPost(label string, at func(c *mbg.City) *int) *widget.Select {
	valid := func() bool { return sel(v.selCity, len(v.M().Cities)) >= 0 }
	city := func() *mbg.City { return &v.M().Cities[v.selCity] }
	return v.B.Choice(label, func() []string {
		opts := []string{"— nobody —"}
		if valid() {
			for _, o := range city().Garrison {
				if o >= 0 && o < len(v.M().Officers) {
					opts = append(opts, v.M().Officers[o].Name)
				}
			}
		}
		return opts
	}, func() int {
		if !valid() {
			return -1
		}
		who := *at(city())
		for k, o := range city().Garrison {
			if o == who {
				return k + 1
			}
		}
		return 0
	}, func(k int) {
		if k == 0 {
			*at(city()) = -1
		} else {
			*at(city()) = city().Garrison[k-1]
		}
	})
}

// citySquares says which of the n squares of a board lead to a city
// (leads says whether square i does).
func citySquares(n int, leads func(i int) bool) string {
	var at []string
	for i := range n {
		if leads(i) {
			at = append(at, fmt.Sprint(i))
		}
	}
	if len(at) == 0 {
		return "no square leads here"
	}
	return "squares " + strings.Join(at, ", ")
}

func (v *View) showCity(i int) {
	v.selCity = sel(i, len(v.M().Cities))
	v.B.Reload()
	if v.cityForm != nil {
		v.cityForm.Hidden = v.selCity < 0
		v.cityForm.Refresh()
	}
}

// editorActions wires an item list's buttons to undoable edits.
func editorActions(v *View, noun string, add func() int, remove func(i int), swap func(i, j int)) forms.ItemActions {
	return forms.ItemActions{
		Add:    add,
		Delete: func(i int) { v.S.Edit("delete "+noun, func() { remove(i) }) },
		Move:   func(i, j int) { v.S.Edit("move "+noun, func() { swap(i, j) }) },
	}
}

func (v *View) rolesPane() fyne.CanvasObject {
	b := v.B
	v.roles = b.NewItemList(func() []string { return v.M().RoleNames() }, v.showRole, editorActions(v, "role",
		func() int {
			name := uniqueName("新阵营", v.M().RoleNames())
			v.S.Edit("add role", func() {
				v.M().Roles = append(v.M().Roles, mbg.Role{Name: name, Start: -1, Money: 10000, Dir: 1})
			})
			return len(v.M().Roles) - 1
		},
		func(i int) { v.M().RemapRoles(mbg.Removal(len(v.M().Roles), i)) },
		func(i, j int) { v.M().RemapRoles(mbg.Swap(len(v.M().Roles), i, j)) }))
	role := func() *mbg.Role { return &v.M().Roles[v.selRole] }
	valid := func() bool { return sel(v.selRole, len(v.M().Roles)) >= 0 }
	b.Scope(forms.ItemScope("roles", func() int { return v.selRole }, func() int { return len(v.M().Roles) }, func(i int) string { return v.M().Roles[i].Name }))
	defer b.Scope(nil)
	name := b.Name("role name", func() string {
		if !valid() {
			return ""
		}
		return role().Name
	}, func(s string) { role().Name = s })
	start := b.Choice("start square", func() []string { return append([]string{"— does not take part (-1) —"}, v.squareNames()...) },
		func() int {
			if !valid() {
				return -1
			}
			return role().Start + 1
		}, func(i int) { role().Start = i - 1 })
	dir := b.Choice("direction", func() []string { return []string{"forward (+1)", "backward (−1)"} },
		func() int {
			if !valid() {
				return -1
			}
			return dirChoice(role().Dir)
		}, func(i int) { role().Dir = 1 - 2*i })
	money := forms.Float{Field: mbg.RoleFields.Field("money"), At: func() *float32 {
		if !valid() {
			return nil
		}
		return &role().Money
	}}.Entry(b)
	techs := b.Checks("techs", func() []string { return mbg.TechNames }, func() []int {
		if !valid() {
			return nil
		}
		return role().Techs
	}, func(idx []int) { role().Techs = idx }, true)
	retinue := b.CheckList("retinue", v.officerOptions, func() []int {
		if !valid() {
			return nil
		}
		return role().Retinue
	}, func(idx []int) { placeOfficers(v.M(), &role().Retinue, idx) })
	cities := b.CheckList("owned cities", v.cityNames, func() []int {
		if !valid() {
			return nil
		}
		return role().Cities
	}, func(idx []int) { setCities(v.M(), v.selRole, idx) })
	v.roleForm = container.NewVBox(widget.NewForm(
		formRow("Name", name), formRow("Start square", start), formRow("Direction", dir), forms.Row("Money", money, mbg.RoleFields.Field("money"))),
		widget.NewLabel("Techs known at the start 战斗技能:"), techs,
		widget.NewLabel("Cities owned at the start:"), cities,
		widget.NewLabel("Retinue 随身人员 (an officer checked here leaves any other place):"), retinue)
	v.roleForm.Hide()
	return listWithForm(v.roles.Object, v.roleForm)
}

// setCities makes the cities idx role r's, taking them from the other
// roles.
func setCities(m *mbg.Scenario, r int, idx []int) {
	for k := range m.Roles {
		if k == r {
			continue
		}
		var kept []int
		for _, c := range m.Roles[k].Cities {
			if !contains(idx, c) {
				kept = append(kept, c)
			}
		}
		m.Roles[k].Cities = kept
	}
	m.Roles[r].Cities = idx
}

// dirChoice is the choice a direction shows: 0 forward, 1 backward, -1
// neither (a value the game does not know).
func dirChoice(dir int) int {
	switch dir {
	case 1:
		return 0
	case -1:
		return 1
	}
	return -1
}

func (v *View) showRole(i int) {
	v.selRole = sel(i, len(v.M().Roles))
	v.B.Reload()
	if v.roleForm != nil {
		v.roleForm.Hidden = v.selRole < 0
		v.roleForm.Refresh()
	}
}

func (v *View) institutesPane() fyne.CanvasObject {
	b := v.B
	v.insts = b.NewItemList(func() []string { return v.M().InstituteNames() }, v.showInst, editorActions(v, "institute",
		func() int {
			name := uniqueName("研究所", v.M().InstituteNames())
			v.S.Edit("add institute", func() { v.M().Institutes = append(v.M().Institutes, mbg.Institute{Name: name}) })
			return len(v.M().Institutes) - 1
		},
		func(i int) { v.M().RemapInstitutes(mbg.Removal(len(v.M().Institutes), i)) },
		func(i, j int) { v.M().RemapInstitutes(mbg.Swap(len(v.M().Institutes), i, j)) }))
	inst := func() *mbg.Institute { return &v.M().Institutes[v.selInst] }
	valid := func() bool { return sel(v.selInst, len(v.M().Institutes)) >= 0 }
	b.Scope(forms.ItemScope("institutes", func() int { return v.selInst }, func() int { return len(v.M().Institutes) }, func(i int) string { return v.M().Institutes[i].Name }))
	defer b.Scope(nil)
	name := b.Name("institute name", func() string {
		if !valid() {
			return ""
		}
		return inst().Name
	}, func(s string) { inst().Name = s })
	techs := b.Checks("techs offered", func() []string { return mbg.TechNames }, func() []int {
		if !valid() {
			return nil
		}
		return inst().Techs
	}, func(idx []int) { inst().Techs = idx }, false)
	v.instForm = container.NewVBox(widget.NewForm(formRow("Name", name)), widget.NewLabel("Techs that can be studied here:"), techs)
	v.instForm.Hide()
	return listWithForm(v.insts.Object, v.instForm)
}

func (v *View) showInst(i int) {
	v.selInst = sel(i, len(v.M().Institutes))
	v.B.Reload()
	if v.instForm != nil {
		v.instForm.Hidden = v.selInst < 0
		v.instForm.Refresh()
	}
}

func (v *View) roomsPane() fyne.CanvasObject {
	b := v.B
	v.rooms = b.NewItemList(func() []string { return v.M().TrainingRoomNames() }, v.showRoom, editorActions(v, "training room",
		func() int {
			name := uniqueName("修炼所", v.M().TrainingRoomNames())
			v.S.Edit("add training room", func() { v.M().TrainingRooms = append(v.M().TrainingRooms, mbg.TrainingRoom{Name: name}) })
			return len(v.M().TrainingRooms) - 1
		},
		func(i int) { v.M().RemapTrainingRooms(mbg.Removal(len(v.M().TrainingRooms), i)) },
		func(i, j int) { v.M().RemapTrainingRooms(mbg.Swap(len(v.M().TrainingRooms), i, j)) }))
	room := func() *mbg.TrainingRoom { return &v.M().TrainingRooms[v.selRoom] }
	valid := func() bool { return sel(v.selRoom, len(v.M().TrainingRooms)) >= 0 }
	b.Scope(forms.ItemScope("training_rooms", func() int { return v.selRoom }, func() int { return len(v.M().TrainingRooms) }, func(i int) string { return v.M().TrainingRooms[i].Name }))
	defer b.Scope(nil)
	name := b.Name("training room name", func() string {
		if !valid() {
			return ""
		}
		return room().Name
	}, func(s string) { room().Name = s })
	item := b.Choice("trained property", func() []string {
		return []string{"wu 武术 martial", "zhan 战术 tactics", "mou 谋略 strategy", "zheng 政治 politics", "jing 经济 economy"}
	}, func() int {
		if !valid() {
			return -1
		}
		return room().Item
	}, func(i int) { room().Item = i })
	v.roomForm = container.NewVBox(widget.NewForm(formRow("Name", name), formRow("Trains", item)))
	v.roomForm.Hide()
	return listWithForm(v.rooms.Object, v.roomForm)
}

func (v *View) showRoom(i int) {
	v.selRoom = sel(i, len(v.M().TrainingRooms))
	v.B.Reload()
	if v.roomForm != nil {
		v.roomForm.Hidden = v.selRoom < 0
		v.roomForm.Refresh()
	}
}

func (v *View) settingsPane() fyne.CanvasObject {
	b := v.B
	win := forms.Float{Field: mbg.ScenarioFields.Field("win_money"), At: func() *float32 { return &v.M().WinMoney }}.Entry(b)
	nx, ny := boardWindow(b, &mbg.GridSizeFields, func() (*int, *int) { return &v.M().NX, &v.M().NY })
	return container.NewVBox(widget.NewForm(
		forms.Row("Win money 胜利金额", win, mbg.ScenarioFields.Field("win_money")),
		forms.Row("Board window width nx", nx, mbg.GridSizeFields.Field("nx")),
		forms.Row("Board window height ny", ny, mbg.GridSizeFields.Field("ny"))),
		widget.NewLabel("A role whose money reaches the win money at a round end wins.\nnx and ny size the original game's board window; the rules ignore them."))
}
