package ftbtview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/ftbt"
)

// classLabels describe the tech classes, by class.
var classLabels = []string{
	"people — damage to people",
	"abi_buf — attack buff on cells",
	"def_buf — defence buff on cells",
	"fly — lower move costs of cells",
	"disable_long — shield cells from long range",
}

// toggleOffset adds the target offset d to the end of a tech's range, or
// removes every copy of it when it is there.
func toggleOffset(t *ftbt.Tech, d [2]int) {
	var kept [][2]int
	for _, o := range t.Range {
		if o != d {
			kept = append(kept, o)
		}
	}
	if len(kept) == len(t.Range) {
		kept = append(kept, d)
	}
	t.Range = kept
}

func (v *RulesView) techNames() []string {
	r := v.R()
	out := make([]string, len(r.Techs))
	for i, t := range r.Techs {
		class := fmt.Sprint("class ", t.Class)
		if t.Class >= 0 && t.Class < len(ftbt.ClassNames) {
			class = ftbt.ClassNames[t.Class]
		}
		out[i] = t.Name + " · " + class
	}
	return out
}

// tech returns the selected tech, or nil.
func (v *RulesView) tech() *ftbt.Tech {
	if sel(v.selTech, len(v.R().Techs)) < 0 {
		return nil
	}
	return &v.R().Techs[v.selTech]
}

func (v *RulesView) techsPane() fyne.CanvasObject {
	b := v.B
	v.Techs = b.NewItemList(v.techNames, v.showTech, forms.ItemActions{
		Add: v.addTech,
		Delete: func(i int) {
			name := v.R().Techs[i].Name
			v.S.Edit("delete tech "+name, func() { r := v.R(); r.Techs = append(r.Techs[:i:i], r.Techs[i+1:]...) })
			v.env.Status(fmt.Sprintf("Deleted tech %s: techs after it now have ids one lower; check the levels played with these rules", name))
		},
		Move: func(i, j int) {
			v.S.Edit("move tech", func() { r := v.R(); r.Techs[i], r.Techs[j] = r.Techs[j], r.Techs[i] })
		},
	})
	b.Scope(forms.ItemScope("techs", func() int { return v.selTech }, func() int { return len(v.R().Techs) }, func(i int) string { return v.R().Techs[i].Name }))
	defer b.Scope(nil)
	left := v.techFields()
	// The stencil's column stays short: long texts are in the form's.
	v.techForm = container.NewStack(listWithForm(container.NewVScroll(left), v.techStencil(), 0.5))
	v.techForm.Hide()
	b.Reload()
	return listWithForm(v.Techs.Object, v.techForm, 0.2)
}

// addTech adds a tech of class people that may be used on every terrain
// and returns its index.
func (v *RulesView) addTech() int {
	r := v.R()
	name := uniqueName("技能", r.TechNames())
	allowed := make([]bool, len(r.Terrains))
	for i := range allowed {
		allowed[i] = true
	}
	v.S.Edit("add tech", func() {
		v.R().Techs = append(v.R().Techs, ftbt.Tech{Name: name, Class: ftbt.ClassPeople,
			Range: [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, Allowed: allowed, Value: 10})
	})
	return len(v.R().Techs) - 1
}

// techInt returns the field of the tech shown that f points to (nil when
// no tech is shown).
func (v *RulesView) techInt(f func(t *ftbt.Tech) *int) func() *int {
	return func() *int {
		if t := v.tech(); t != nil {
			return f(t)
		}
		return nil
	}
}

// techFields is the form of the tech shown: name, class, numbers, terrain
// flags and its targets in file order.
func (v *RulesView) techFields() fyne.CanvasObject {
	b, t := v.B, v.tech
	name := b.Name("tech name", func() string {
		if t() == nil {
			return ""
		}
		return t().Name
	}, func(s string) { t().Name = s })
	class := b.Choice("class", func() []string { return classLabels }, func() int {
		if t() == nil {
			return -1
		}
		return t().Class
	}, func(c int) { t().Class = c })
	long := boundCheck(b, "Long range (disable_long cells are out of its reach)", func() bool { return t() != nil && t().IsLong },
		func(on bool) { t().IsLong = on })
	// A number is named as its table's field is, unless label says
	// otherwise.
	num := func(label string, row *field.Field, f func(t *ftbt.Tech) *int) *forms.Entry {
		if label == "" {
			label = forms.Label(row)
		}
		e := forms.Int{Label: label, Field: row, At: v.techInt(f)}.Entry(b)
		v.fields[label] = e
		return e
	}
	value := num("", ftbt.TechFields.Field("value"), func(t *ftbt.Tech) *int { return &t.Value })
	duration := num("", ftbt.TechFields.Field("duration"), func(t *ftbt.Tech) *int { return &t.Duration })
	radius := num("AoE radius", ftbt.AoeFields.Field("radius"), func(t *ftbt.Tech) *int { return &t.AoeRange })
	ratio := num("AoE ratio", ftbt.AoeFields.Field("ratio"), func(t *ftbt.Tech) *int { return &t.AoeRatio })
	self := boundCheck(b, "Area effect also hits the user's own side", func() bool { return t() != nil && t().AoeSelf },
		func(on bool) { t().AoeSelf = on })
	v.fields["tech name"] = name
	v.terrainFlags = v.techTerrains()
	valueHelp := widget.NewLabel("")
	b.OnReload(func() {
		if t() != nil {
			valueHelp.SetText(valueHelpText(t().Class))
		}
	})
	v.stencilInfo = widget.NewLabel("")
	v.stencilInfo.Wrapping = fyne.TextWrapWord
	form := widget.NewForm(
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Class", class),
		widget.NewFormItem("", long),
		widget.NewFormItem("Value", value),
		widget.NewFormItem("Duration (turns)", duration),
		widget.NewFormItem("AoE radius", radius),
		widget.NewFormItem("AoE ratio %", ratio),
		widget.NewFormItem("", self))
	return container.NewVBox(form, valueHelp,
		widget.NewLabel("Terrain flags: where the target cell and the area cells may be"), v.terrainFlags,
		widget.NewSeparator(), v.stencilInfo)
}

// valueHelpText says what a tech's value means for its class.
func valueHelpText(class int) string {
	switch class {
	case ftbt.ClassPeople:
		return "value: base damage to a person on the target cell; duration is not used"
	case ftbt.ClassFly:
		return "value: percent of the user's abi; a stronger user lowers move costs more"
	}
	return "value: percent of the user's abi the effect is worth; it lasts duration turns"
}

// techTerrains is the check list of the terrains the tech shown may be
// used on.
func (v *RulesView) techTerrains() *widget.CheckGroup {
	t := v.tech
	return v.B.Checks("terrain flags", func() []string { return v.R().TerrainNames() }, func() []int {
		if t() == nil {
			return nil
		}
		var on []int
		for i, ok := range t().Allowed {
			if ok {
				on = append(on, i)
			}
		}
		return on
	}, func(on []int) {
		f := make([]bool, len(v.R().Terrains))
		for _, i := range on {
			f[i] = true
		}
		t().Allowed = f
	}, true)
}

// techStencil is the column of the tech's target stencil: click a cell to
// add or remove that target, hover to see its area.
func (v *RulesView) techStencil() fyne.CanvasObject {
	t := v.tech
	v.Stencil = NewStencil(t)
	v.Stencil.OnToggle = func(d [2]int) {
		if t() == nil {
			return
		}
		verb := "add"
		if targetCount(t(), d) > 0 {
			verb = "remove"
		}
		v.S.Edit(fmt.Sprintf("%s target offset (%d, %d)", verb, d[0], d[1]), func() { toggleOffset(t(), d) })
	}
	hover := widget.NewLabel("")
	v.Stencil.OnHover = func(d [2]int, ok bool) {
		if !ok || t() == nil {
			hover.SetText("")
			return
		}
		state := "not a target"
		switch n := targetCount(t(), d); {
		case n == 1:
			state = "a target"
		case n > 1:
			state = fmt.Sprintf("a target, listed %d times", n)
		}
		hover.SetText(fmt.Sprintf("(dx %d, dy %d): %s", d[0], d[1], state))
	}
	clearAll := widget.NewButton("Clear targets", func() {
		if t() != nil && len(t().Range) > 0 {
			v.S.Edit("clear target offsets", func() { t().Range = nil })
		}
	})
	v.B.OnReload(func() {
		v.Stencil.Refresh()
		if t() == nil {
			v.stencilInfo.SetText("")
			return
		}
		var offs []string
		for _, o := range t().Range {
			offs = append(offs, fmt.Sprintf("[%d, %d]", o[0], o[1]))
		}
		v.stencilInfo.SetText(fmt.Sprintf("%d target cells in file order: %s", len(t().Range), strings.Join(offs, " ")))
	})
	stencilHelp := widget.NewLabel("Click a cell: add or remove that target.\n" +
		"Hover or right-click: its area effect.")
	legend := widget.NewRichTextFromMarkdown("● the user · *orange* a target · *dark red* listed twice or more\n\n*blue* the area around the framed target")
	return container.NewBorder(container.NewVBox(stencilHelp, legend), container.NewBorder(nil, nil, clearAll, nil, hover), nil, nil, v.Stencil)
}

// targetCount is how many times the tech's range lists offset d.
func targetCount(t *ftbt.Tech, d [2]int) int {
	n := 0
	for _, o := range t.Range {
		if o == d {
			n++
		}
	}
	return n
}

func (v *RulesView) showTech(i int) {
	v.selTech = sel(i, len(v.R().Techs))
	v.B.Reload()
	if v.techForm != nil {
		v.techForm.Hidden = v.selTech < 0
		v.techForm.Refresh()
	}
}
