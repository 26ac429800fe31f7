package ftbtview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
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
	v.Techs = b.NewItemList(v.techNames, v.showTech, editor.ItemActions{
		Add: func() int {
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
		},
		Delete: func(i int) {
			name := v.R().Techs[i].Name
			v.S.Edit("delete tech "+name, func() { r := v.R(); r.Techs = append(r.Techs[:i:i], r.Techs[i+1:]...) })
			v.env.Status(fmt.Sprintf("Deleted tech %s: techs after it now have ids one lower; check the levels played with these rules", name))
		},
		Move: func(i, j int) {
			v.S.Edit("move tech", func() { r := v.R(); r.Techs[i], r.Techs[j] = r.Techs[j], r.Techs[i] })
		},
	})
	t := func() *ftbt.Tech { return v.tech() }
	b.Scope(editor.ItemScope("techs", func() int { return v.selTech }, func() int { return len(v.R().Techs) }, func(i int) string { return v.R().Techs[i].Name }))
	defer b.Scope(nil)
	num := func(get func(*ftbt.Tech) *int) (func() int, func(int)) {
		return func() int {
				if t() == nil {
					return 0
				}
				return *get(t())
			}, func(x int) {
				*get(t()) = x
			}
	}
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
	ld, sd := num(func(t *ftbt.Tech) *int { return &t.Value })
	value := intEntry(b, "value", ld, sd, -100000, 100000, nil)
	ld, sd = num(func(t *ftbt.Tech) *int { return &t.Duration })
	duration := intEntry(b, "duration", ld, sd, 0, 1000, nil)
	ld, sd = num(func(t *ftbt.Tech) *int { return &t.AoeRange })
	radius := intEntry(b, "AoE radius", ld, sd, 0, 20, nil)
	ld, sd = num(func(t *ftbt.Tech) *int { return &t.AoeRatio })
	ratio := intEntry(b, "AoE ratio", ld, sd, 0, 100, nil)
	self := boundCheck(b, "Area effect also hits the user's own side", func() bool { return t() != nil && t().AoeSelf },
		func(on bool) { t().AoeSelf = on })
	terrains := b.Checks("terrain flags", func() []string { return v.R().TerrainNames() }, func() []int {
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
	v.fields["tech name"], v.fields["value"], v.fields["duration"] = name, value, duration
	v.fields["AoE radius"], v.fields["AoE ratio"] = radius, ratio
	v.terrainFlags = terrains
	valueHelp := widget.NewLabel("")
	b.OnReload(func() {
		if t() == nil {
			return
		}
		switch t().Class {
		case ftbt.ClassPeople:
			valueHelp.SetText("value: base damage to a person on the target cell; duration is not used")
		case ftbt.ClassFly:
			valueHelp.SetText("value: percent of the user's abi; a stronger user lowers move costs more")
		default:
			valueHelp.SetText("value: percent of the user's abi the effect is worth; it lasts duration turns")
		}
	})

	v.Stencil = NewStencil(t)
	v.Stencil.OnToggle = func(d [2]int) {
		if t() == nil {
			return
		}
		verb := "add"
		for _, o := range t().Range {
			if o == d {
				verb = "remove"
			}
		}
		v.S.Edit(fmt.Sprintf("%s target offset (%d, %d)", verb, d[0], d[1]), func() { toggleOffset(t(), d) })
	}
	v.stencilInfo = widget.NewLabel("")
	v.stencilInfo.Wrapping = fyne.TextWrapWord
	hover := widget.NewLabel("")
	v.Stencil.OnHover = func(d [2]int, ok bool) {
		if !ok || t() == nil {
			hover.SetText("")
			return
		}
		n := 0
		for _, o := range t().Range {
			if o == d {
				n++
			}
		}
		state := "not a target"
		switch {
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
	b.OnReload(func() {
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

	form := widget.NewForm(
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Class", class),
		widget.NewFormItem("", long),
		widget.NewFormItem("Value", value),
		widget.NewFormItem("Duration (turns)", duration),
		widget.NewFormItem("AoE radius", radius),
		widget.NewFormItem("AoE ratio %", ratio),
		widget.NewFormItem("", self))
	left := container.NewVBox(form, valueHelp,
		widget.NewLabel("Terrain flags: where the target cell and the area cells may be"), terrains,
		widget.NewSeparator(), v.stencilInfo)
	// The stencil's column stays short: long texts are in the form's.
	stencilHelp := widget.NewLabel("Click a cell: add or remove that target.\n" +
		"Hover or right-click: its area effect.")
	legend := widget.NewRichTextFromMarkdown("● the user · *orange* a target · *dark red* listed twice or more\n\n*blue* the area around the framed target")
	right := container.NewBorder(container.NewVBox(stencilHelp, legend), container.NewBorder(nil, nil, clearAll, nil, hover), nil, nil, v.Stencil)
	v.techForm = container.NewStack(listWithForm(container.NewVScroll(left), right, 0.5))
	v.techForm.Hide()
	b.Reload()
	return listWithForm(v.Techs.Object, v.techForm, 0.2)
}

func (v *RulesView) showTech(i int) {
	v.selTech = sel(i, len(v.R().Techs))
	v.B.Reload()
	if v.techForm != nil {
		v.techForm.Hidden = v.selTech < 0
		v.techForm.Refresh()
	}
}
