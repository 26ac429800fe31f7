package planetsview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/planets"
)

// settingField returns the field of m that holds a top-level setting.
func settingField(m *planets.Map, key string) *planets.Value { return m.Setting(key) }

// settingLabels name the whole-number settings in the form, in the order
// of their table (planets.SettingFields).
var settingLabels = []string{"Round limit", "Most players", "Players to start", "Start units"}

// settingsPane is the Settings pane: the map's name, description and
// author, its round and player limits, start units and the maintenance
// fee, and the top-level keys the game ignores (shown as they are).
type settingsPane struct {
	v       *View
	object  fyne.CanvasObject
	entries map[string]*forms.Entry
	fee     *widget.Check
	feeNote *widget.Label
	extra   *widget.Label
	loading bool
}

func newSettingsPane(v *View) *settingsPane {
	p := &settingsPane{v: v, entries: map[string]*forms.Entry{}}
	field := func(key string) func(m *planets.Map) *planets.Value {
		return func(m *planets.Map) *planets.Value { return settingField(m, key) }
	}
	text := func(key string, emptyAbsent bool) *forms.Entry {
		e := v.B.Text(key, func() string { return show(*settingField(v.M(), key)) }, func(s string) error {
			nu := planets.StrValue(s)
			if key != "desc" {
				nu = planets.StrValue(strings.TrimSpace(s))
			}
			if nu.Text() == "" && emptyAbsent {
				nu = planets.Value{}
			}
			if planets.Equal(*settingField(v.M(), key), nu) {
				return nil
			}
			v.S.Edit("change "+key, func() { *settingField(v.M(), key) = nu })
			return nil
		})
		p.entries[key] = e
		if d := planets.Default(key); d.Type() != planets.Absent {
			e.SetPlaceHolder(show(d) + " (the game's default)")
		}
		return e
	}
	number := func(key string, r rule) fyne.CanvasObject {
		f := v.numberEntry(key, field(key), r, true)
		p.entries[key] = f.Entry
		if d := planets.Default(key); d.Type() != planets.Absent {
			f.Entry.SetPlaceHolder(show(d) + " (the game's default)")
		}
		return f.Object
	}
	name := text("name", true)
	desc := text("desc", false)
	desc.MultiLine = true
	desc.Wrapping = fyne.TextWrapWord
	desc.SetMinRowsVisible(4)
	author := text("author", true)

	p.fee = widget.NewCheck("Maintenance fee 维护费", func(on bool) {
		if p.loading {
			return
		}
		v.S.Edit("change maintain_fee", func() { v.M().MaintainFee = planets.BoolValue(on) })
	})
	p.feeNote = widget.NewLabel("")
	p.feeNote.Wrapping = fyne.TextWrapWord
	p.extra = widget.NewLabel("")
	p.extra.Wrapping = fyne.TextWrapWord
	v.B.OnReload(p.reload)

	form := widget.NewForm(
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Description", desc),
		widget.NewFormItem("Author", author),
		widget.NewFormItem("Version", number("version", numberOrText)),
	)
	for i := range planets.SettingFields.Fields {
		f := &planets.SettingFields.Fields[i]
		form.AppendItem(forms.Row(fmt.Sprintf("%s (%s)", settingLabels[i], f.Key), number(f.Key, wholeNumber(f)), f))
	}
	form.AppendItem(widget.NewFormItem("", container.NewVBox(p.fee, p.feeNote)))
	note := widget.NewLabel("An empty field leaves the key out of the file: the game uses its default.\nNumbers keep their type: 200 is an integer, 200.0 a real.")
	p.object = container.NewVScroll(container.NewVBox(form, note, widget.NewSeparator(), p.extra))
	p.reload()
	return p
}

// reload shows the maintenance fee and the ignored keys.
func (p *settingsPane) reload() {
	m := p.v.M()
	p.loading = true
	p.fee.SetChecked(m.MaintainFeeOn())
	p.loading = false
	switch fee := m.MaintainFee; fee.Type() {
	case planets.Absent:
		p.feeNote.SetText("Not in the file: the fee is off. Each step a player pays units for the planets' caps he holds (spec 6).")
	case planets.Bool:
		p.feeNote.SetText("Each step a player pays units for the planets' caps he holds (spec 6).")
	default:
		state := "off"
		if fee.Truth() {
			state = "on"
		}
		p.feeNote.SetText(fmt.Sprintf("Written as %s, which turns the fee %s; ticking the box writes true or false.", fee.Describe(), state))
	}
	if len(m.Extra) == 0 {
		p.extra.SetText("")
		p.extra.Hide()
		return
	}
	lines := make([]string, len(m.Extra))
	for i, e := range m.Extra {
		lines[i] = "  " + e.Key.Key() + ": " + e.Value.Describe()
	}
	p.extra.SetText("Keys the game ignores (kept as they are):\n" + strings.Join(lines, "\n"))
	p.extra.Show()
}

// focus puts the keyboard in the entry of a setting.
func (p *settingsPane) focus(key string) {
	if e, ok := p.entries[key]; ok {
		p.v.focus(e)
	}
}
