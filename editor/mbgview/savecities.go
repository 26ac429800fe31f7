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

// citiesPane edits the cities: scope, defence, owner, posts, fengshui and
// garrison.
func (v *SaveView) citiesPane() fyne.CanvasObject {
	b := v.B
	v.cities = b.NewItemList(v.cityNames, func(i int) {
		v.selCity = sel(i, len(v.M().Cities))
		v.showForm("cities", v.selCity)
	}, forms.ItemActions{})
	valid := func() bool { return sel(v.selCity, len(v.M().Cities)) >= 0 }
	b.Scope(forms.ItemScope("cities", func() int { return v.selCity }, func() int { return len(v.M().Cities) }, func(i int) string { return v.M().Cities[i].Name }))
	defer b.Scope(nil)
	city := func() *mbg.SaveCity { return &v.M().Cities[v.selCity] }
	ask := func(label string, op func(s *mbg.Save, c int) error) error {
		c := v.selCity
		return v.apply(label, func(s *mbg.Save) error { return op(s, c) })
	}
	name := b.Name("city name", func() string {
		if !valid() {
			return ""
		}
		return city().Name
	}, func(s string) { city().Name = s })
	scope := v.choice(func() []string { return []string{"small 小", "medium 中", "large 大"} }, func() int {
		if !valid() {
			return -1
		}
		return city().Scope
	}, func(i int) error {
		return ask("change scope", func(s *mbg.Save, c int) error {
			s.Cities[c].Scope = i
			return nil
		})
	})
	defence := v.cityDefence(valid, city, ask)
	v.widgets.cityOwner = v.choice(func() []string { return append([]string{"— nobody —"}, v.roleNames()...) },
		func() int {
			if !valid() {
				return -1
			}
			return city().Role + 1
		}, func(i int) error {
			return ask("hand city over", func(s *mbg.Save, c int) error { return mbgeng.SetCityOwner(s, c, i-1) })
		})
	v.widgets.mayor = v.cityPost(mbg.JobMayor, "mayor", func(c *mbg.SaveCity) int { return c.Mayor }, ask)
	treasurer := v.cityPost(mbg.JobTreasurer, "treasurer", func(c *mbg.SaveCity) int { return c.Treasurer }, ask)
	fengshui := forms.Float{Field: mbg.SaveCityFields.Field("fengshui"), At: func() *float32 {
		if !valid() {
			return nil
		}
		return &city().Fengshui
	}}.Entry(b)
	v.widgets.garrison = v.checks(v.officerLabels, func() []int {
		if !valid() {
			return nil
		}
		return city().Garrison
	}, func(want []int) error {
		return ask("change garrison", func(s *mbg.Save, c int) error { return mbgeng.SetGarrison(s, c, want) })
	})
	squares := widget.NewLabel("")
	b.OnReload(func() {
		if !valid() {
			squares.SetText("")
			return
		}
		board := v.M().Board
		squares.SetText(citySquares(len(board), func(i int) bool { return board[i].Class == mbg.ClassCity && board[i].Base == v.selCity }))
	})
	form := widget.NewForm(
		formRow("Name", name), forms.Row("Scope", scope, mbg.SaveCityFields.Field("scope")),
		formRow("Defence 城防", defence),
		formRow("Owner 所属", v.widgets.cityOwner),
		formRow("Mayor 市长", v.widgets.mayor), formRow("Treasurer 财务官", treasurer),
		forms.Row("Fengshui 风水", fengshui, mbg.SaveCityFields.Field("fengshui")), formRow("On the board", squares))
	v.forms["cities"] = container.NewVBox(form,
		widget.NewLabel("A city handed to another role takes its garrison with it; a city nobody held is garrisoned\n"+
			"by the new owner's first travelling officer; a city given up sends its garrison back to the retinue."),
		heading("Garrison 驻扎人员 (ticked: joins from wherever he is and serves the owner; unticked: back to the retinue)"),
		v.widgets.garrison)
	v.forms["cities"].Hide()
	return listWithForm(v.cities.Object, v.forms["cities"])
}

// itemAsk applies op to the item shown (a city, a role: its index i) as
// one edit labelled label.
type itemAsk func(label string, op func(s *mbg.Save, c int) error) error

// cityDefence is the city's defence and its maximum, side by side.
func (v *SaveView) cityDefence(valid func() bool, city func() *mbg.SaveCity, ask itemAsk) fyne.CanvasObject {
	b := v.B
	// The two are named as the table's fields are; the defence is kept
	// within its maximum.
	maxRow, hpRow := mbg.SaveCityFields.Field("defence_max"), mbg.SaveCityFields.Field("defence")
	hpMax := b.Text(forms.Label(maxRow), func() string {
		if !valid() {
			return ""
		}
		return ftoa(city().HPMax)
	}, func(text string) error {
		x, err := forms.Float{Field: maxRow}.Parse(text)
		if err != nil {
			return err
		}
		return ask("change maximum defence", func(s *mbg.Save, c int) error {
			s.Cities[c].HPMax = x
			s.Cities[c].HP = min(s.Cities[c].HP, x)
			return nil
		})
	})
	hp := b.Text(forms.Label(hpRow), func() string {
		if !valid() {
			return ""
		}
		return ftoa(city().HP)
	}, func(text string) error {
		x, err := forms.Float{Label: forms.Label(hpRow), Max: float64(city().HPMax)}.Parse(text)
		if err != nil {
			return err
		}
		return ask("change defence", func(s *mbg.Save, c int) error {
			s.Cities[c].HP = x
			return nil
		})
	})
	return container.NewGridWithColumns(2, hp, labelled("of at most", hpMax))
}

// cityPost is the choice of the holder of post job of the city shown:
// nobody or an officer of its garrison (holder says who holds it).
func (v *SaveView) cityPost(job int, label string, holder func(c *mbg.SaveCity) int, ask itemAsk) *widget.Select {
	valid := func() bool { return sel(v.selCity, len(v.M().Cities)) >= 0 }
	city := func() *mbg.SaveCity { return &v.M().Cities[v.selCity] }
	return v.choice(func() []string {
		opts := []string{"— nobody —"}
		if valid() {
			for _, p := range city().Garrison {
				if p >= 0 && p < len(v.M().Officers) {
					opts = append(opts, v.M().Officers[p].Name)
				}
			}
		}
		return opts
	}, func() int {
		if !valid() {
			return -1
		}
		who := holder(city())
		if who < 0 {
			return 0
		}
		if k := slices.Index(city().Garrison, who); k >= 0 {
			return k + 1
		}
		return -1
	}, func(k int) error {
		p := -1
		if k > 0 {
			p = city().Garrison[k-1]
		}
		return ask("appoint "+label, func(s *mbg.Save, c int) error { return mbgeng.SetPost(s, c, job, p) })
	})
}
