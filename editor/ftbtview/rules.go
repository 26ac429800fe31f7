package ftbtview

import (
	"fmt"
	"image/color"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/ftbt"
)

// RulesView edits ftbt rules: terrains, techs, limits and AI constants.
type RulesView struct {
	S   *editor.Session
	B   *forms.Binder
	env editor.Env

	// Terrains and Techs are the item lists of the two panes.
	Terrains, Techs *forms.ItemList
	// Stencil edits the selected tech's target offsets.
	Stencil *Stencil

	selTerrain, selTech int
	terrainForm         *fyne.Container
	techForm            *fyne.Container
	colorSwatch         *canvas.Rectangle
	stencilInfo         *widget.Label
	panes               map[string]*container.TabItem
	order               []*container.TabItem
	fields              map[string]*forms.Entry // the forms' entries, by label
	terrainFlags        *widget.CheckGroup
	aiCheck             *widget.Check
	// lastAI are the constants an "AI block" tick brings back.
	lastAI ftbt.AIConstants
}

// defaultAI are the constants of the shipped star.tech (spec 1.1).
var defaultAI = ftbt.AIConstants{
	MaxMoveDist: 3000, MaxMoveScore: 1500,
	MaxBufValue: 30, MaxBufScore: 1000,
	MaxDefDist: 300, MaxDefScore: 500,
	MaxTechDist: 80, MaxTechScore: 1000,
	MaxTechBufVMD: 800, MaxTechFlyVMD: 800, MaxTechDLVMD: 600,
}

// NewRules builds the editor of a rules document.
func NewRules(s *editor.Session, env editor.Env) *RulesView {
	v := &RulesView{S: s, B: forms.NewBinder(s), env: env, selTerrain: -1, selTech: -1,
		panes: map[string]*container.TabItem{}, lastAI: defaultAI, fields: map[string]*forms.Entry{}}
	if ai := v.R().AI; ai != nil {
		v.lastAI = *ai
	}
	add := func(key, title string, obj fyne.CanvasObject) {
		t := container.NewTabItem(title, obj)
		v.panes[key] = t
		v.order = append(v.order, t)
	}
	add("techs", "Techs 技能", v.techsPane())
	add("terrains", "Terrains 地形", v.terrainsPane())
	add("settings", "Limits & AI 上限·电脑", v.settingsPane())
	if len(v.R().Techs) > 0 {
		v.Techs.Select(0)
	}
	if len(v.R().Terrains) > 0 {
		v.Terrains.Select(0)
	}
	return v
}

// R returns the current rules.
func (v *RulesView) R() *ftbt.Rules { return v.S.Model().(*ftbt.Rules) }

// Panes implements editor.View.
func (v *RulesView) Panes() []*container.TabItem { return v.order }

// Pane returns the pane with the given key: "techs", "terrains" or
// "settings".
func (v *RulesView) Pane(key string) *container.TabItem { return v.panes[key] }

// Refresh implements editor.View.
func (v *RulesView) Refresh() {
	v.showTerrain(v.selTerrain)
	v.showTech(v.selTech)
}

var itemPath = regexp.MustCompile(`^([a-z_]+)(?:\[(\d+)\])?`)

// Select implements editor.View: "terrains[i]…" and "techs[i]…" select
// the item, the limits and the AI constants show their pane.
func (v *RulesView) Select(path string) *container.TabItem {
	m := itemPath.FindStringSubmatch(path)
	if m == nil {
		return nil
	}
	i := -1
	if m[2] != "" {
		i, _ = strconv.Atoi(m[2])
	}
	r := &ftbt.RulesFields
	switch f := r.Lookup(m[1]); {
	case f == r.Field("terrains"):
		if i >= 0 {
			v.Terrains.Select(i)
		}
		return v.panes["terrains"]
	case f == r.Field("techs"):
		if i >= 0 {
			v.Techs.Select(i)
		}
		return v.panes["techs"]
	case f != nil && f.Const == nil || m[1] == "trailing":
		// The limits, the AI constants and the values after the legacy
		// file.
		return v.panes["settings"]
	}
	return nil
}

// --- terrains ---

// Terrain edits that keep every tech's terrain flags in step (one flag
// per terrain, in terrain order).

func flags(t *ftbt.Tech, n int) []bool {
	out := make([]bool, n)
	copy(out, t.Allowed)
	return out
}

// addTerrain appends a terrain; every tech may be used on it.
func addTerrain(r *ftbt.Rules, t ftbt.Terrain) {
	n := len(r.Terrains)
	r.Terrains = append(r.Terrains, t)
	for i := range r.Techs {
		r.Techs[i].Allowed = append(flags(&r.Techs[i], n), true)
	}
}

// removeTerrain deletes terrain i and its flag of every tech.
func removeTerrain(r *ftbt.Rules, i int) {
	n := len(r.Terrains)
	r.Terrains = append(r.Terrains[:i:i], r.Terrains[i+1:]...)
	for k := range r.Techs {
		f := flags(&r.Techs[k], n)
		r.Techs[k].Allowed = append(f[:i:i], f[i+1:]...)
	}
}

// swapTerrains exchanges terrains i and j and their flags.
func swapTerrains(r *ftbt.Rules, i, j int) {
	n := len(r.Terrains)
	r.Terrains[i], r.Terrains[j] = r.Terrains[j], r.Terrains[i]
	for k := range r.Techs {
		f := flags(&r.Techs[k], n)
		f[i], f[j] = f[j], f[i]
		r.Techs[k].Allowed = f
	}
}

// presetColors are offered as swatches for a terrain's colour.
var presetColors = []color.RGBA{
	{0xd9, 0xd6, 0x9a, 0xff}, {0x9b, 0xc8, 0x6a, 0xff}, {0x3e, 0x7d, 0x3a, 0xff}, {0x80, 0x78, 0x70, 0xff},
	{0xb5, 0x6b, 0x4a, 0xff}, {0x4f, 0x8f, 0xd0, 0xff}, {0xe8, 0xcf, 0x8a, 0xff}, {0xee, 0xf3, 0xf7, 0xff},
	{0x6f, 0x74, 0x4a, 0xff}, {0xc9, 0xa8, 0x7c, 0xff}, {0x2a, 0x4d, 0x8f, 0xff}, {0x55, 0x55, 0x55, 0xff},
}

func (v *RulesView) terrainNames() []string {
	r := v.R()
	out := make([]string, len(r.Terrains))
	for i, t := range r.Terrains {
		out[i] = fmt.Sprintf("%s · cost %d", t.Name, t.Weight)
	}
	return out
}

func (v *RulesView) terrainsPane() fyne.CanvasObject {
	b := v.B
	v.Terrains = b.NewItemList(v.terrainNames, v.showTerrain, forms.ItemActions{
		Add: func() int {
			name := uniqueName("地形", v.R().TerrainNames())
			v.S.Edit("add terrain", func() { addTerrain(v.R(), ftbt.Terrain{Name: name, Weight: 20}) })
			v.env.Status("Added terrain " + name + "; every tech may be used on it")
			return len(v.R().Terrains) - 1
		},
		Delete: func(i int) {
			name := v.R().Terrains[i].Name
			v.S.Edit("delete terrain "+name, func() { removeTerrain(v.R(), i) })
			v.env.Status(fmt.Sprintf("Deleted terrain %s: terrains after it now have ids one lower; check the levels played with these rules", name))
		},
		Move: func(i, j int) {
			v.S.Edit("move terrain", func() { swapTerrains(v.R(), i, j) })
			v.env.Status(fmt.Sprintf("Terrains %d and %d changed places: levels played with these rules keep their ids", i, j))
		},
	})
	b.Scope(forms.ItemScope("terrains", func() int { return v.selTerrain }, func() int { return len(v.R().Terrains) }, func(i int) string { return v.R().Terrains[i].Name }))
	defer b.Scope(nil)
	name := b.Name("terrain name", func() string {
		if t := v.terrain(); t != nil {
			return t.Name
		}
		return ""
	}, func(s string) { v.terrain().Name = s })
	cost := forms.Int{Label: "move cost", Field: ftbt.TerrainFields.Field("cost"), At: func() *int {
		if t := v.terrain(); t != nil {
			return &t.Weight
		}
		return nil
	}}.Entry(b)
	v.fields["terrain name"], v.fields["move cost"] = name, cost
	colorRow, swatches := v.terrainColour()
	v.terrainForm = container.NewVBox(
		widget.NewForm(widget.NewFormItem("Name", name), forms.Row("Move cost", cost, ftbt.TerrainFields.Field("cost")),
			widget.NewFormItem("Colour", colorRow), widget.NewFormItem("", swatches)),
		widget.NewLabel("The move cost is what a step onto a cell of this terrain costs (a person moves\n"+
			"as far as its speed pays for). Colours are for the studio and previews only:\n"+
			"the game's .tech file has none, exporting drops them."),
		widget.NewLabel("Adding, deleting or moving a terrain keeps every tech's terrain flags in step.\n"+
			"Levels are separate files: their cells keep their terrain ids."))
	v.terrainForm.Hide()
	v.B.Reload()
	return listWithForm(v.Terrains.Object, container.NewVScroll(container.NewPadded(v.terrainForm)), 0.28)
}

// terrain returns the terrain shown, or nil.
func (v *RulesView) terrain() *ftbt.Terrain {
	if sel(v.selTerrain, len(v.R().Terrains)) < 0 {
		return nil
	}
	return &v.R().Terrains[v.selTerrain]
}

// terrainColour is the row of the shown terrain's colour (a swatch, the
// #rrggbb field, Default and what the colour is) and the preset swatches.
func (v *RulesView) terrainColour() (row, swatches fyne.CanvasObject) {
	setColor := func(c string) {
		if t := v.terrain(); t != nil && t.Color != c {
			v.S.Edit("change terrain colour", func() { v.terrain().Color = c })
		}
	}
	hex := v.B.Text("colour", func() string {
		if t := v.terrain(); t != nil {
			return t.Color
		}
		return ""
	}, func(s string) error {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			setColor("")
			return nil
		}
		if !strings.HasPrefix(s, "#") {
			s = "#" + s
		}
		if _, ok := ftbt.ParseColor(s); !ok {
			return fmt.Errorf("a colour is written #rrggbb, e.g. #4f8fd0")
		}
		setColor(s)
		return nil
	})
	hex.SetPlaceHolder("#rrggbb")
	v.fields["colour"] = hex
	v.colorSwatch = canvas.NewRectangle(color.Transparent)
	v.colorSwatch.StrokeColor = color.RGBA{0x80, 0x80, 0x80, 0xff}
	v.colorSwatch.StrokeWidth = 1
	v.colorSwatch.SetMinSize(fyne.NewSize(36, 36))
	var presets []fyne.CanvasObject
	for _, c := range presetColors {
		presets = append(presets, newSwatch(c, 26, func() { setColor(ftbt.FormatColor(c)) }))
	}
	def := widget.NewButton("Default", func() { setColor("") })
	colorInfo := widget.NewLabel("")
	v.B.OnReload(func() {
		t := v.terrain()
		if t == nil {
			return
		}
		v.colorSwatch.FillColor = v.R().TerrainColor(v.selTerrain)
		v.colorSwatch.Refresh()
		if t.Color == "" {
			colorInfo.SetText("default colour for the name (" + ftbt.FormatColor(v.R().TerrainColor(v.selTerrain)) + ")")
		} else {
			colorInfo.SetText("own colour")
		}
	})
	row = container.NewHBox(v.colorSwatch, container.NewGridWrap(fyne.NewSize(130, hex.MinSize().Height), hex), def, colorInfo)
	return row, container.NewGridWrap(fyne.NewSize(30, 30), presets...)
}

func (v *RulesView) showTerrain(i int) {
	v.selTerrain = sel(i, len(v.R().Terrains))
	v.B.Reload()
	if v.terrainForm != nil {
		v.terrainForm.Hidden = v.selTerrain < 0
		v.terrainForm.Refresh()
	}
}

// --- limits and AI ---

func (v *RulesView) settingsPane() fyne.CanvasObject {
	b := v.B
	fly := forms.Int{Label: "MAX_FLY_WEIGHT", Field: ftbt.RulesFields.Field("max_fly_weight"), At: func() *int { return &v.R().MaxFlyWeight }}.Entry(b)
	abi := forms.Int{Label: "MAX_ABI", Field: ftbt.RulesFields.Field("max_abi"), At: func() *int { return &v.R().MaxAbi }}.Entry(b)
	hasAI := boundCheck(b, "The rules have an AI block (the computer player needs it)", func() bool { return v.R().AI != nil }, func(on bool) {
		r := v.R()
		if on {
			ai := v.lastAI
			r.AI = &ai
		} else {
			v.lastAI = *r.AI
			r.AI = nil
		}
	})
	v.fields["MAX_FLY_WEIGHT"], v.fields["MAX_ABI"], v.aiCheck = fly, abi, hasAI
	form := widget.NewForm()
	var entries []fyne.Disableable
	for k := range ftbt.AIConstantNames {
		// Without an AI block the (disabled) entry shows the block the
		// rules had last.
		e := forms.Int{Label: ftbt.AIConstantNames[k], Field: &ftbt.AIFields.Fields[k], At: func() *int {
			if ai := v.R().AI; ai != nil {
				return ai.Fields()[k]
			}
			return v.lastAI.Fields()[k]
		}}.Entry(b)
		entries = append(entries, e)
		v.fields[ftbt.AIConstantNames[k]] = e
		form.Append(ftbt.AIConstantNames[k], e)
	}
	trailing := widget.NewLabel("")
	b.OnReload(func() {
		enable(v.R().AI != nil, entries...)
		if t := v.R().Trailing; len(t) > 0 {
			trailing.SetText(fmt.Sprintf("The file ends with %d values the game ignores (kept as read): %s", len(t), strings.Join(t, " ")))
			trailing.Show()
		} else {
			trailing.Hide()
		}
	})
	b.Reload()
	return container.NewVScroll(container.NewPadded(container.NewVBox(
		widget.NewForm(widget.NewFormItem("MAX_FLY_WEIGHT", fly), widget.NewFormItem("MAX_ABI", abi)),
		widget.NewLabel("A fly tech sets the move cost of its cells to a value from 1 to MAX_FLY_WEIGHT, lower for\n"+
			"stronger users; fly and disable_long techs reach their whole area when the user's abi is MAX_ABI."),
		widget.NewSeparator(),
		hasAI,
		widget.NewLabel("Without the block two humans can play; the computer player cannot. Untick to drop it\n"+
			"from the file (ticking again brings the last values back)."),
		form,
		trailing)))
}

// swatch is a coloured square that does something when clicked.
type swatch struct {
	widget.BaseWidget
	rect  *canvas.Rectangle
	size  float32
	onTap func()
}

func newSwatch(c color.Color, size float32, onTap func()) *swatch {
	s := &swatch{rect: canvas.NewRectangle(c), size: size, onTap: onTap}
	s.rect.StrokeColor = color.RGBA{0x80, 0x80, 0x80, 0xff}
	s.rect.StrokeWidth = 1
	s.ExtendBaseWidget(s)
	return s
}

// CreateRenderer implements fyne.Widget.
func (s *swatch) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(s.rect) }

// MinSize is the swatch's size.
func (s *swatch) MinSize() fyne.Size { return fyne.NewSize(s.size, s.size) }

// Tapped runs the swatch's action.
func (s *swatch) Tapped(*fyne.PointEvent) {
	if s.onTap != nil {
		s.onTap()
	}
}
