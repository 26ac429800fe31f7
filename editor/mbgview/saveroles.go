package mbgview

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/mbg"
)

// moveStateTitles name the movement states 0..3.
var moveStateTitles = []string{"normal 正常", "slow 慢行", "fast 急行", "stopped 停止"}

// rolesPane edits the roles: where they stand, their money and states,
// their techs and cards, and their officers and cities.
func (v *SaveView) rolesPane() fyne.CanvasObject {
	b := v.B
	v.roles = b.NewItemList(v.roleNames, func(i int) {
		v.selRole = sel(i, len(v.M().Roles))
		v.showForm("roles", v.selRole)
	}, forms.ItemActions{})
	valid := func() bool { return sel(v.selRole, len(v.M().Roles)) >= 0 }
	b.Scope(forms.ItemScope("roles", func() int { return v.selRole }, func() int { return len(v.M().Roles) }, func(i int) string { return v.M().Roles[i].Name }))
	defer b.Scope(nil)
	role := func() *mbg.SaveRole { return &v.M().Roles[v.selRole] }
	// ask runs op on the selected role as one edit.
	ask := func(label string, op func(s *mbg.Save, r int) error) error {
		r := v.selRole
		return v.apply(label, func(s *mbg.Save) error { return op(s, r) })
	}
	name := b.Name("role name", func() string {
		if !valid() {
			return ""
		}
		return role().Name
	}, func(s string) { role().Name = s })
	v.widgets.roleAt = v.choice(func() []string { return append([]string{"— eliminated 已出局 (-1) —"}, v.squareNames()...) },
		func() int {
			if !valid() {
				return -1
			}
			return role().Loc + 1
		}, func(i int) error {
			return ask("move role", func(s *mbg.Save, r int) error { return mbgeng.MoveRole(s, r, i-1) })
		})
	v.widgets.money = forms.Float{Field: mbg.SaveRoleFields.Field("money"), At: func() *float32 {
		if !valid() {
			return nil
		}
		return &role().Money
	}}.Entry(b)
	dir, movement := v.roleMovement(valid, role, ask)
	extra := v.check("another action pending (双行)", func() bool { return valid() && role().ExtraAction }, func(on bool) error {
		return ask("change extra action", func(s *mbg.Save, r int) error {
			s.Roles[r].ExtraAction = on
			return nil
		})
	})
	v.widgets.alliance = v.allianceChoice(valid, ask)
	allianceTurns := b.Text("alliance rounds", func() string {
		if !valid() {
			return ""
		}
		return itoa(role().AllianceTurns)
	}, func(text string) error {
		n, err := forms.Int{Label: "alliance rounds", Field: mbg.SaveRoleFields.Field("alliance_turns")}.Parse(text)
		if err != nil {
			return err
		}
		return ask("change alliance rounds", func(s *mbg.Save, r int) error {
			mbgeng.SetAllianceTurns(s, r, n)
			return nil
		})
	})

	form := widget.NewForm(
		formRow("Name", name),
		formRow("Square 位置", v.widgets.roleAt),
		forms.Row("Money 金钱", v.widgets.money, mbg.SaveRoleFields.Field("money")),
		formRow("Direction", dir),
		formRow("Movement 行动", movement),
		formRow("Alliance 联盟", container.NewGridWithColumns(2, v.widgets.alliance, labelled("rounds left", allianceTurns))),
		formRow("", extra))
	lists := v.roleLists(valid, role, ask)
	v.forms["roles"] = container.NewVBox(append([]fyne.CanvasObject{form, heading("Cards 卡牌"), v.cardGrid(valid, role)}, lists...)...)
	v.forms["roles"].Hide()
	return listWithForm(v.roles.Object, v.forms["roles"])
}

// roleMovement is the choice of the role's direction and the row of its
// movement state and the rounds it has left.
func (v *SaveView) roleMovement(valid func() bool, role func() *mbg.SaveRole, ask itemAsk) (fyne.CanvasObject, fyne.CanvasObject) {
	b := v.B
	dir := v.choice(func() []string { return []string{"forward 顺行 (+1)", "backward 逆行 (−1)"} },
		func() int {
			if !valid() {
				return -1
			}
			return dirChoice(role().Dir)
		}, func(i int) error {
			return ask("change direction", func(s *mbg.Save, r int) error {
				s.Roles[r].Dir = 1 - 2*i
				return nil
			})
		})
	moveState := v.choice(func() []string { return moveStateTitles }, func() int {
		if !valid() {
			return -1
		}
		return role().MoveState
	}, func(i int) error {
		return ask("change movement state", func(s *mbg.Save, r int) error {
			mbgeng.SetMoveState(s, r, i)
			return nil
		})
	})
	moveTurns := forms.Int{Label: "movement rounds", Field: mbg.SaveRoleFields.Field("move_turns"), At: func() *int {
		if !valid() {
			return nil
		}
		return &role().MoveTurns
	}}.Entry(b)
	return dir, container.NewGridWithColumns(2, moveState, labelled("rounds left", moveTurns))
}

// roleLists are the check lists of the role's techs, researchers,
// trainees, cities and retinue, each under its heading.
func (v *SaveView) roleLists(valid func() bool, role func() *mbg.SaveRole, ask itemAsk) []fyne.CanvasObject {
	techs := v.checksAcross(func() []string { return mbg.TechNames }, func() []int {
		if !valid() {
			return nil
		}
		return role().Techs
	}, func(want []int) error {
		return ask("change techs", func(s *mbg.Save, r int) error {
			s.Roles[r].Techs = want
			return nil
		})
	})
	v.widgets.roleCities = v.checks(v.cityOwnerLabels, func() []int {
		if !valid() {
			return nil
		}
		return role().Cities
	}, func(want []int) error {
		return ask("change cities", func(s *mbg.Save, r int) error { return mbgeng.SetRoleCities(s, r, want) })
	})
	v.widgets.retinue = v.checks(v.officerLabels, func() []int {
		if !valid() {
			return nil
		}
		return role().Retinue
	}, func(want []int) error {
		return ask("change retinue", func(s *mbg.Save, r int) error { return mbgeng.SetRetinue(s, r, want) })
	})
	researchers := v.roleOfficerChecks(valid, func(ro *mbg.SaveRole) []int { return ro.Researchers },
		func(want []int) error {
			return ask("change researchers", func(s *mbg.Save, r int) error { return mbgeng.SetResearchers(s, r, want) })
		})
	trainees := v.roleOfficerChecks(valid, func(ro *mbg.SaveRole) []int { return ro.Trainees },
		func(want []int) error {
			return ask("change trainees", func(s *mbg.Save, r int) error { return mbgeng.SetTrainees(s, r, want) })
		})
	return []fyne.CanvasObject{
		heading("Techs known 战斗技能"), techs,
		heading("Researchers 研究 (ticked: sent to the first institute with room; unticked: back to the retinue)"), researchers,
		heading("Trainees 修炼 (likewise, to the first training room with room)"), trainees,
		heading("Cities owned 城市 (a city ticked here goes over with its garrison)"), v.widgets.roleCities,
		heading("Retinue 随身人员 (ticked: joins from wherever he is; unticked: becomes free)"), v.widgets.retinue}
}

// allianceChoice picks the selected role's alliance: none, public enemy
// or another role.
func (v *SaveView) allianceChoice(valid func() bool, ask func(string, func(*mbg.Save, int) error) error) *widget.Select {
	// others are the roles the selected one may ally with.
	others := func() []int {
		var out []int
		for r := range v.M().Roles {
			if r != v.selRole {
				out = append(out, r)
			}
		}
		return out
	}
	return v.choice(func() []string {
		opts := []string{"none 无", "public enemy 公愤"}
		for _, r := range others() {
			opts = append(opts, "allied with 联盟 "+v.M().Roles[r].Name)
		}
		return opts
	}, func() int {
		if !valid() {
			return -1
		}
		switch a := v.M().Roles[v.selRole].Alliance; a {
		case -1:
			return 0
		case -2:
			return 1
		default:
			if k := slices.Index(others(), a); k >= 0 {
				return k + 2
			}
		}
		return -1
	}, func(i int) error {
		a := -1 - i // 0 → -1, 1 → -2
		if i >= 2 {
			a = others()[i-2]
		}
		return ask("change alliance", func(s *mbg.Save, r int) error { return mbgeng.SetAlliance(s, r, a) })
	})
}

// roleOfficerChecks ticks which of the selected role's officers are in
// one of its lists (list).
func (v *SaveView) roleOfficerChecks(valid func() bool, list func(ro *mbg.SaveRole) []int, commit func(want []int) error) *forms.CheckList {
	return v.checks(func() []string {
		_, labels := v.roleOfficers(v.selRole)
		return labels
	}, func() []int {
		if !valid() {
			return nil
		}
		idx, _ := v.roleOfficers(v.selRole)
		var on []int
		for k, p := range idx {
			if slices.Contains(list(&v.M().Roles[v.selRole]), p) {
				on = append(on, k)
			}
		}
		return on
	}, func(want []int) error {
		idx, _ := v.roleOfficers(v.selRole)
		officers := make([]int, 0, len(want))
		for _, k := range want {
			officers = append(officers, idx[k])
		}
		return commit(officers)
	})
}

// cardGrid edits the selected role's count of each of the 14 cards.
func (v *SaveView) cardGrid(valid func() bool, role func() *mbg.SaveRole) fyne.CanvasObject {
	grid := container.NewGridWithColumns(7)
	v.widgets.cards = nil
	for c, name := range mbg.CardNames {
		e := forms.Int{Label: "count of " + name, Field: &mbg.CardCountFields.Fields[0], At: func() *int {
			if !valid() {
				return nil
			}
			return &role().Cards[c]
		}}.Entry(v.B)
		v.widgets.cards = append(v.widgets.cards, e)
		grid.Add(labelled(name, e))
	}
	return grid
}

// cityOwnerLabels names every city with its owner.
func (v *SaveView) cityOwnerLabels() []string {
	m := v.M()
	out := make([]string, len(m.Cities))
	for i, c := range m.Cities {
		out[i] = c.Name
		if c.Role != -1 {
			out[i] += " · " + mbgeng.RoleName(m, c.Role)
		}
	}
	return out
}

// labelled puts a short label before a widget.
func labelled(label string, w fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, widget.NewLabel(label), nil, w)
}
