package ftbtview

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/ftbt"
)

// selectPerson makes person i the selected one (-1: none) and shows it.
func (v *LevelView) selectPerson(i int) {
	v.Selected = sel(i, len(v.L().People))
	if v.Selected < 0 {
		v.pickingGoal = false
	}
	v.B.Reload()
	if v.personForm != nil {
		v.personForm.Hidden = v.Selected < 0
		v.personForm.Refresh()
	}
	v.Painter.View.Redraw()
}

// DeletePerson deletes person i as one edit.
func (v *LevelView) DeletePerson(i int) {
	if sel(i, len(v.L().People)) < 0 {
		return
	}
	name := v.L().People[i].Name
	v.S.Edit("delete person "+name, func() {
		l := v.L()
		l.People = append(l.People[:i:i], l.People[i+1:]...)
	})
	v.People.List.UnselectAll()
	v.People.Selected = -1
	v.selectPerson(-1)
	v.env.Status("Deleted " + name)
}

// techOptions names the techs a person may know: the rules' techs, or
// ids when the level has no rules.
func (v *LevelView) techOptions() []string {
	if r := v.Rules(); r != nil {
		out := make([]string, len(r.Techs))
		for i, t := range r.Techs {
			out[i] = t.Name
		}
		return out
	}
	n := noRulesIDs
	for _, p := range v.L().People {
		for _, t := range p.Techs {
			n = max(n, t+1)
		}
	}
	out := make([]string, min(n, 100))
	for i := range out {
		out[i] = fmt.Sprintf("tech %d", i)
	}
	return out
}

// keepOrder returns the tech list after the check list chose checked:
// techs kept stay in their order (ids the list does not show are kept),
// new ones are appended.
func keepOrder(old, checked []int, shown int) []int {
	on := map[int]bool{}
	for _, c := range checked {
		on[c] = true
	}
	var out []int
	had := map[int]bool{}
	for _, t := range old {
		if on[t] || t < 0 || t >= shown {
			out = append(out, t)
			had[t] = true
		}
	}
	for _, c := range checked {
		if !had[c] {
			out = append(out, c)
		}
	}
	return out
}

func (v *LevelView) peoplePane() fyne.CanvasObject {
	b := v.B
	v.People = b.NewItemList(v.personNames, v.selectPerson, forms.ItemActions{
		Add:    v.addPersonSomewhere,
		Delete: v.DeletePerson,
		Move: func(i, j int) {
			v.S.Edit("move person in the list", func() {
				p := v.L().People
				p[i], p[j] = p[j], p[i]
			})
		},
	})
	b.Scope(forms.ItemScope("people", func() int { return v.Selected }, func() int { return len(v.L().People) }, func(i int) string { return v.L().People[i].Name }))
	v.personForm = container.NewVBox(v.personStats(), v.personTechs(), widget.NewSeparator(), v.personAI())
	b.Scope(nil)
	v.personForm.Hide()
	hint := widget.NewLabel("Select a person in the list or on the map; + adds one.")
	b.OnReload(func() {
		if v.personShown() {
			hint.Hide()
		} else {
			hint.Show()
		}
	})
	b.Reload()
	return listWithForm(v.People.Object, container.NewVScroll(container.NewPadded(container.NewStack(hint, v.personForm))), 0.25)
}

// personNames are the people of the list: name and side.
func (v *LevelView) personNames() []string {
	l := v.L()
	out := make([]string, len(l.People))
	for i, p := range l.People {
		out[i] = fmt.Sprintf("%s · side %d", p.Name, p.Side)
	}
	return out
}

// addPersonSomewhere adds a person of side 0 on the first free cell and
// returns its index (-1 when every cell is taken).
func (v *LevelView) addPersonSomewhere() int {
	l := v.L()
	for y := 0; y < l.H; y++ {
		for x := 0; x < l.W; x++ {
			if v.personAt(x, y) < 0 {
				v.AddPerson(x, y, 0)
				return len(v.L().People) - 1
			}
		}
	}
	v.env.Status("Every cell is taken")
	return -1
}

// personShown reports whether the form shows a person.
func (v *LevelView) personShown() bool { return sel(v.Selected, len(v.L().People)) >= 0 }

// person returns the person shown, or nil.
func (v *LevelView) person() *ftbt.Person {
	if !v.personShown() {
		return nil
	}
	return &v.L().People[v.Selected]
}

// personInt returns the field of the person shown that f points to (nil
// when no person is shown).
func (v *LevelView) personInt(f func(p *ftbt.Person) *int) func() *int {
	return func() *int {
		if p := v.person(); p != nil {
			return f(p)
		}
		return nil
	}
}

// personStats is the form of the person's name, side, stats and cell;
// the stats' limits are the field table's.
func (v *LevelView) personStats() fyne.CanvasObject {
	b := v.B
	name := b.Name("person name", func() string {
		if p := v.person(); p != nil {
			return p.Name
		}
		return ""
	}, func(s string) { v.person().Name = s })
	r := &ftbt.PersonFields
	side := b.Choice(forms.Label(r.Field("side")), func() []string {
		return []string{"0 — moves first (the human side)", "1 — the computer's side"}
	}, func() int {
		if p := v.person(); p != nil {
			return p.Side
		}
		return -1
	}, func(s int) { v.person().Side = s })
	stat := func(title string, f *field.Field, at func(p *ftbt.Person) *int) *widget.FormItem {
		row, e := forms.IntRow(b, title, f, v.personInt(at))
		v.fields[forms.Label(f)] = e
		return row
	}
	abi := stat("abi (attack)", r.Field("abi"), func(p *ftbt.Person) *int { return &p.Abi })
	def := stat("def (defence)", r.Field("def"), func(p *ftbt.Person) *int { return &p.Def })
	hp := stat(forms.Label(r.Field("hp")), r.Field("hp"), func(p *ftbt.Person) *int { return &p.HP })
	speed := stat("speed (move points)", r.Field("speed"), func(p *ftbt.Person) *int { return &p.Speed })
	x := forms.Int{Label: "x", Field: ftbt.PersonCellFields.Field("0"), At: v.personInt(func(p *ftbt.Person) *int { return &p.X }), Check: func(x int) error {
		if x >= v.L().W {
			return fmt.Errorf("x must be from 0 to %d", v.L().W-1)
		}
		return v.cellFree(x, v.person().Y)
	}}.Entry(b)
	y := forms.Int{Label: "y", Field: ftbt.PersonCellFields.Field("1"), At: v.personInt(func(p *ftbt.Person) *int { return &p.Y }), Check: func(y int) error {
		if y >= v.L().H {
			return fmt.Errorf("y must be from 0 to %d", v.L().H-1)
		}
		return v.cellFree(v.person().X, y)
	}}.Entry(b)
	v.fields["name"], v.fields["x"], v.fields["y"] = name, x, y
	return widget.NewForm(
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Side", side),
		abi, def, hp, speed,
		widget.NewFormItem("x", x),
		widget.NewFormItem("y", y))
}

// cellFree says why the person shown cannot stand on (x, y): another
// person stands there.
func (v *LevelView) cellFree(x, y int) error {
	if j := v.personAt(x, y); j >= 0 && j != v.Selected {
		return fmt.Errorf("%s is taken by %s", grid.CellLabel(x, y), v.L().People[j].Name)
	}
	return nil
}

// personTechs is the check list of the person's techs and their order.
func (v *LevelView) personTechs() fyne.CanvasObject {
	b := v.B
	v.techChecks = b.Checks("techs", v.techOptions, func() []int {
		if p := v.person(); p != nil {
			return p.Techs
		}
		return nil
	}, func(checked []int) {
		v.person().Techs = keepOrder(v.person().Techs, checked, len(v.techOptions()))
	}, true)
	techOrder := widget.NewLabel("")
	b.OnReload(func() {
		p := v.person()
		if p == nil {
			return
		}
		opts := v.techOptions()
		var list []string
		for _, t := range p.Techs {
			if t >= 0 && t < len(opts) {
				list = append(list, opts[t])
			} else {
				list = append(list, fmt.Sprintf("unknown tech %d", t))
			}
		}
		techOrder.SetText(fmt.Sprintf("In the person's order: %v", list))
	})
	return container.NewVBox(widget.NewLabelWithStyle("Techs 技能", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		v.techChecks, techOrder)
}

// personAI is the form of the person's computer-player settings.
func (v *LevelView) personAI() fyne.CanvasObject {
	b := v.B
	v.aiCheck = boundCheck(b, "The level has AI settings (every person gets them, or nobody)", func() bool { return v.L().HasAI() }, func(on bool) {
		for i := range v.L().People {
			p := &v.L().People[i]
			if on {
				p.AI = defaultPersonAI(p.Side)
			} else {
				p.AI = nil
			}
		}
	})
	// The factors are named, and bounded, as the table's fields are
	// ("attack factor").
	factor := func(f *field.Field, at func(a *ftbt.PersonAI) *int) *forms.Entry {
		e := forms.Int{Field: f, None: -1, At: func() *int {
			if p := v.person(); p != nil && p.AI != nil {
				return at(p.AI)
			}
			return nil
		}}.Entry(b)
		v.fields[forms.Label(f)] = e
		return e
	}
	r := &ftbt.PersonAIFields
	attack := factor(r.Field("attack"), func(a *ftbt.PersonAI) *int { return &a.Attack })
	defence := factor(r.Field("defence"), func(a *ftbt.PersonAI) *int { return &a.Defence })
	move := factor(r.Field("move"), func(a *ftbt.PersonAI) *int { return &a.Move })
	controlled := boundCheck(b, "AI-controlled (attack factor -1: the computer leaves this person alone)", func() bool {
		p := v.person()
		return p != nil && p.AI != nil && p.AI.Attack != -1
	}, func(on bool) {
		a := v.person().AI
		if on {
			a.Attack, a.Defence, a.Move = 30, 30, 40
		} else {
			a.Attack, a.Defence, a.Move = -1, -1, -1
		}
	})
	goal := widget.NewLabel("")
	pick := widget.NewButton("Pick goal on the map", v.StartPickingGoal)
	noGoal := widget.NewButton("No goal", v.ClearGoal)
	aiNote := widget.NewLabel("")
	b.OnReload(func() {
		p := v.person()
		on := p != nil && p.AI != nil
		enable(on, controlled, attack, defence, move, pick, noGoal)
		enable(len(v.L().People) > 0, v.aiCheck)
		if !on {
			goal.SetText("")
			aiNote.SetText("")
			return
		}
		goal.SetText(goalText(p.AI))
		if p.Side == 0 {
			aiNote.SetText("The game discards the AI settings of side 0 (the human side).")
		} else {
			aiNote.SetText("The factors weigh the attack, defence and move scores of the computer's moves.")
		}
	})
	return container.NewVBox(
		widget.NewLabelWithStyle("Computer player 电脑", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		v.aiCheck, controlled,
		widget.NewForm(
			widget.NewFormItem("Attack factor", attack),
			widget.NewFormItem("Defence factor", defence),
			widget.NewFormItem("Move factor", move)),
		container.NewHBox(goal, pick, noGoal),
		aiNote)
}

// goalText says where a person's AI goes.
func goalText(a *ftbt.PersonAI) string {
	if a.GoalX >= 0 && a.GoalY >= 0 {
		return fmt.Sprintf("goal %s", grid.CellLabel(a.GoalX, a.GoalY))
	}
	return "no goal: chases the nearest enemy"
}
