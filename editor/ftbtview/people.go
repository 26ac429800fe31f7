package ftbtview

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
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
	names := func() []string {
		l := v.L()
		out := make([]string, len(l.People))
		for i, p := range l.People {
			out[i] = fmt.Sprintf("%s · side %d", p.Name, p.Side)
		}
		return out
	}
	v.People = b.NewItemList(names, v.selectPerson, editor.ItemActions{
		Add: func() int {
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
		},
		Delete: v.DeletePerson,
		Move: func(i, j int) {
			v.S.Edit("move person in the list", func() {
				p := v.L().People
				p[i], p[j] = p[j], p[i]
			})
		},
	})
	person := func() *ftbt.Person { return &v.L().People[v.Selected] }
	valid := func() bool { return sel(v.Selected, len(v.L().People)) >= 0 }
	b.Scope(editor.ItemScope("people", func() int { return v.Selected }, func() int { return len(v.L().People) }, func(i int) string { return v.L().People[i].Name }))
	defer b.Scope(nil)
	get := func(f func(p *ftbt.Person) *int) (func() int, func(int)) {
		return func() int {
				if !valid() {
					return 0
				}
				return *f(person())
			}, func(x int) {
				*f(person()) = x
			}
	}
	name := b.Name("person name", func() string {
		if !valid() {
			return ""
		}
		return person().Name
	}, func(s string) { person().Name = s })
	side := b.Choice("side", func() []string {
		return []string{"0 — moves first (the human side)", "1 — the computer's side"}
	}, func() int {
		if !valid() {
			return -1
		}
		return person().Side
	}, func(s int) { person().Side = s })
	stat := func(label string, f func(p *ftbt.Person) *int, lo, hi int) *editor.Entry {
		load, set := get(f)
		e := intEntry(b, label, load, set, lo, hi, nil)
		v.fields[label] = e
		return e
	}
	abi := stat("abi", func(p *ftbt.Person) *int { return &p.Abi }, 0, 1000)
	def := stat("def", func(p *ftbt.Person) *int { return &p.Def }, 0, 1000)
	// The least hp is the field table's (check's FTB026); the upper ends
	// of the forms are the studio's own: no rule bounds them.
	hp := stat("hp", func(p *ftbt.Person) *int { return &p.HP }, ftbt.PersonFields.Field("hp").Min, 100000)
	speed := stat("speed", func(p *ftbt.Person) *int { return &p.Speed }, 0, 100000)
	free := func(x, y int) error {
		if j := v.personAt(x, y); j >= 0 && j != v.Selected {
			return fmt.Errorf("%s is taken by %s", editor.CellLabel(x, y), v.L().People[j].Name)
		}
		return nil
	}
	lx, sx := get(func(p *ftbt.Person) *int { return &p.X })
	x := intEntry(b, "x", lx, sx, 0, 1<<30, func(x int) error {
		if x >= v.L().W {
			return fmt.Errorf("x must be from 0 to %d", v.L().W-1)
		}
		return free(x, person().Y)
	})
	ly, sy := get(func(p *ftbt.Person) *int { return &p.Y })
	y := intEntry(b, "y", ly, sy, 0, 1<<30, func(y int) error {
		if y >= v.L().H {
			return fmt.Errorf("y must be from 0 to %d", v.L().H-1)
		}
		return free(person().X, y)
	})
	techs := b.Checks("techs", v.techOptions, func() []int {
		if !valid() {
			return nil
		}
		return person().Techs
	}, func(checked []int) {
		person().Techs = keepOrder(person().Techs, checked, len(v.techOptions()))
	}, true)
	v.fields["name"], v.fields["x"], v.fields["y"] = name, x, y
	v.techChecks = techs
	techOrder := widget.NewLabel("")
	b.OnReload(func() {
		if !valid() {
			return
		}
		opts := v.techOptions()
		var list []string
		for _, t := range person().Techs {
			if t >= 0 && t < len(opts) {
				list = append(list, opts[t])
			} else {
				list = append(list, fmt.Sprintf("unknown tech %d", t))
			}
		}
		techOrder.SetText(fmt.Sprintf("In the person's order: %v", list))
	})

	// AI settings.
	hasAI := boundCheck(b, "The level has AI settings (every person gets them, or nobody)", func() bool { return v.L().HasAI() }, func(on bool) {
		for i := range v.L().People {
			p := &v.L().People[i]
			if on {
				p.AI = defaultPersonAI(p.Side)
			} else {
				p.AI = nil
			}
		}
	})
	aiVal := func(f func(a *ftbt.PersonAI) *int) (func() int, func(int)) {
		return func() int {
				if !valid() || person().AI == nil {
					return -1
				}
				return *f(person().AI)
			}, func(x int) {
				*f(person().AI) = x
			}
	}
	la, sa := aiVal(func(a *ftbt.PersonAI) *int { return &a.Attack })
	attack := intEntry(b, "attack factor", la, sa, -1, 100000, nil)
	ld, sd := aiVal(func(a *ftbt.PersonAI) *int { return &a.Defence })
	defence := intEntry(b, "defence factor", ld, sd, -1, 100000, nil)
	lm, sm := aiVal(func(a *ftbt.PersonAI) *int { return &a.Move })
	move := intEntry(b, "move factor", lm, sm, -1, 100000, nil)
	controlled := boundCheck(b, "AI-controlled (attack factor -1: the computer leaves this person alone)", func() bool {
		return valid() && person().AI != nil && person().AI.Attack != -1
	}, func(on bool) {
		a := person().AI
		if on {
			a.Attack, a.Defence, a.Move = 30, 30, 40
		} else {
			a.Attack, a.Defence, a.Move = -1, -1, -1
		}
	})
	v.fields["attack factor"], v.fields["defence factor"], v.fields["move factor"] = attack, defence, move
	v.aiCheck = hasAI
	goal := widget.NewLabel("")
	pick := widget.NewButton("Pick goal on the map", v.StartPickingGoal)
	noGoal := widget.NewButton("No goal", v.ClearGoal)
	aiNote := widget.NewLabel("")
	b.OnReload(func() {
		on := valid() && person().AI != nil
		enable(on, controlled, attack, defence, move, pick, noGoal)
		enable(len(v.L().People) > 0, hasAI)
		if !on {
			goal.SetText("")
			aiNote.SetText("")
			return
		}
		a := person().AI
		if a.GoalX >= 0 && a.GoalY >= 0 {
			goal.SetText(fmt.Sprintf("goal %s", editor.CellLabel(a.GoalX, a.GoalY)))
		} else {
			goal.SetText("no goal: chases the nearest enemy")
		}
		if person().Side == 0 {
			aiNote.SetText("The game discards the AI settings of side 0 (the human side).")
		} else {
			aiNote.SetText("The factors weigh the attack, defence and move scores of the computer's moves.")
		}
	})

	v.personForm = container.NewVBox(
		widget.NewForm(
			widget.NewFormItem("Name", name),
			widget.NewFormItem("Side", side),
			widget.NewFormItem("abi (attack)", abi),
			widget.NewFormItem("def (defence)", def),
			widget.NewFormItem("hp", hp),
			widget.NewFormItem("speed (move points)", speed),
			widget.NewFormItem("x", x),
			widget.NewFormItem("y", y)),
		widget.NewLabelWithStyle("Techs 技能", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		techs, techOrder,
		widget.NewSeparator(),
		widget.NewLabelWithStyle("Computer player 电脑", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		hasAI, controlled,
		widget.NewForm(
			widget.NewFormItem("Attack factor", attack),
			widget.NewFormItem("Defence factor", defence),
			widget.NewFormItem("Move factor", move)),
		container.NewHBox(goal, pick, noGoal),
		aiNote)
	v.personForm.Hide()
	hint := widget.NewLabel("Select a person in the list or on the map; + adds one.")
	b.OnReload(func() {
		if valid() {
			hint.Hide()
		} else {
			hint.Show()
		}
	})
	b.Reload()
	return listWithForm(v.People.Object, container.NewVScroll(container.NewPadded(container.NewStack(hint, v.personForm))), 0.25)
}
