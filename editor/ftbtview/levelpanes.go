package ftbtview

import (
	"cmp"
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/grid"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
)

// --- intro ---

func (v *LevelView) introPane() fyne.CanvasObject {
	b := v.B
	// lastIntro is what ticking "has an intro" brings back.
	lastIntro := ""
	has := boundCheck(b, "The level has an intro file", func() bool { return v.L().Intro != nil }, func(on bool) {
		l := v.L()
		if on {
			s := lastIntro
			l.Intro = &s
		} else {
			lastIntro = *l.Intro
			l.Intro = nil
		}
	})
	entry := b.Text(forms.Label(ftbt.LevelFields.Field("intro")), func() string {
		if in := v.L().Intro; in != nil {
			return *in
		}
		return ""
	}, func(s string) error {
		if v.L().Intro == nil {
			return fmt.Errorf("the level has no intro file: tick the box above first")
		}
		v.S.Edit("edit the intro", func() { *v.L().Intro = s })
		return nil
	})
	v.introEntry, v.introCheck = entry, has
	entry.MultiLine = true
	entry.Wrapping = fyne.TextWrapWord
	entry.SetPlaceHolder("The text shown before the battle starts")
	note := widget.NewLabel("")
	b.OnReload(func() {
		l := v.L()
		enable(l.Intro != nil, entry)
		switch {
		case l.Intro == nil:
			note.SetText("Without an intro file the game shows “No introduction”.")
		case *l.Intro == "":
			note.SetText("An empty intro file: the game shows nothing (not “No introduction”).")
		default:
			note.SetText(fmt.Sprintf("%d characters; exported as the .intro file beside the level's .map.", len([]rune(*l.Intro))))
		}
	})
	b.Reload()
	return container.NewPadded(container.NewBorder(container.NewVBox(has, note), nil, nil, nil, entry))
}

// --- size and rules ---

func (v *LevelView) sizePane() fyne.CanvasObject {
	v.B.Scope(func() (string, string) { return "size", "the map" })
	v.size = v.B.Size(func() (int, int) { return v.L().W, v.L().H }, v.Resize)
	v.B.Scope(nil)
	v.rulesInfo = widget.NewLabel("")
	v.rulesInfo.Wrapping = fyne.TextWrapWord
	attach := widget.NewButton("Attach rules…", v.AttachRulesDialog)
	v.saveRulesAs = widget.NewButton("Save a copy of the rules…", v.SaveRulesDialog)
	v.B.OnReload(v.showRulesInfo)
	v.showRulesInfo()
	trailing := widget.NewLabel("")
	v.B.OnReload(func() {
		if t := v.L().Trailing; len(t) > 0 {
			trailing.SetText(fmt.Sprintf("The file ends with %d values the game ignores (kept as read): %s", len(t), strings.Join(t, " ")))
			trailing.Show()
		} else {
			trailing.Hide()
		}
	})
	return container.NewVScroll(container.NewPadded(container.NewVBox(
		widget.NewLabelWithStyle("Size 尺寸", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		widget.NewForm(widget.NewFormItem("Width", v.size.Width), widget.NewFormItem("Height", v.size.Height)),
		v.size.Note,
		widget.NewLabel("A width or a height applies when you press Enter or leave the field.\n"+
			"Resizing keeps the top-left part of the map; new cells get terrain 0.\n"+
			"People must stand inside the new size (move them first)."),
		widget.NewSeparator(),
		widget.NewLabelWithStyle("Rules 规则", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		v.rulesInfo,
		container.NewHBox(attach, v.saveRulesAs),
		widget.NewLabel("The rules give the terrains' names, costs and colours and the techs' names.\n"+
			"Attaching other rules is not an edit: ids stay, names and colours change.\n"+
			"Saving the level records the rules' file relative to the level."),
		trailing)))
}

// report shows an error in a dialog and the status bar.
func (v *LevelView) report(err error) {
	if err == nil {
		return
	}
	v.env.Status(err.Error())
	if w := v.env.Window(); w != nil {
		dialog.ShowError(err, w)
	}
}

// Resize changes the size of the map as one edit, keeping the top-left
// cells; new cells are terrain 0. It refuses a size the engine cannot play
// and one that would leave a person outside the map; cut says which
// terrain the resize cut off.
func (v *LevelView) Resize(w, h int) (cut string, err error) {
	if err := ftbteng.CheckSize(w, h); err != nil {
		return "", err
	}
	l := v.L()
	if w == l.W && h == l.H {
		return "", nil
	}
	for _, p := range l.People {
		if p.X >= w || p.Y >= h {
			return "", fmt.Errorf("%s stands at %s, outside %d×%d: move it first", p.Name, grid.CellLabel(p.X, p.Y), w, h)
		}
	}
	cut = v.describeCut(forms.CountCut(l.Terrain, l.W, l.H, w, h))
	v.S.Edit(fmt.Sprintf("resize the map to %d×%d", w, h), func() {
		l := v.L()
		resized := cells.Make(w * h)
		for y := 0; y < min(h, l.H); y++ {
			for x := 0; x < min(w, l.W); x++ {
				resized.Set(y*w+x, l.Terrain.At(y*l.W+x))
			}
		}
		l.W, l.H, l.Terrain = w, h, resized
	})
	v.Painter.View.Fit()
	msg := fmt.Sprintf("The map is %d×%d", w, h)
	if cut != "" {
		msg += "; cut off " + cut
	}
	v.env.Status(msg)
	return cut, nil
}

// describeCut names the terrain of the cells a resize cuts off, the most
// common first ("12 cells of terrain: 9 平原 (terrain 0, cost 15), 3 …").
func (v *LevelView) describeCut(count map[int]int) string {
	ids, total := make([]int, 0, len(count)), 0
	for id, n := range count {
		ids = append(ids, id)
		total += n
	}
	if total == 0 {
		return ""
	}
	slices.SortFunc(ids, func(a, b int) int { return cmp.Or(count[b]-count[a], a-b) })
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%d %s", count[id], v.terrainName(id))
	}
	return fmt.Sprintf("%d cells of terrain: %s", total, strings.Join(parts, ", "))
}

// rulesName names the attached rules for messages.
func (v *LevelView) rulesName() string {
	doc := v.S.Document()
	switch {
	case doc.RulesFile != "":
		return filepath.Base(doc.RulesFile)
	case v.L().RulesPath != "":
		return v.L().RulesPath
	}
	return "(unnamed)"
}

func (v *LevelView) showRulesInfo() {
	doc := v.S.Document()
	r := v.Rules()
	switch {
	case r == nil:
		v.rulesInfo.SetText("No rules are attached: the map shows terrain ids and people's techs are ids.")
		v.saveRulesAs.Hide()
		return
	case doc.RulesFile != "" && fileExists(doc.RulesFile):
		v.rulesInfo.SetText(fmt.Sprintf("Played with %s (%s): %d terrains, %d techs.", filepath.Base(doc.RulesFile), doc.RulesFile, len(r.Terrains), len(r.Techs)))
		v.saveRulesAs.Hide()
	default:
		v.rulesInfo.SetText(fmt.Sprintf("Played with %s: %d terrains, %d techs. These rules came with the level's template or a sample "+
			"and are not a file on this computer yet: save a copy beside the level, or attach another rules file.",
			v.rulesName(), len(r.Terrains), len(r.Techs)))
		v.saveRulesAs.Show()
	}
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// AttachRulesDialog asks for a rules file and attaches it.
func (v *LevelView) AttachRulesDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		v.report(v.AttachRules(path))
	}, v.env.Window())
	d.SetFilter(storage.NewExtensionFileFilter([]string{".yaml", ".yml", ".tech"}))
	if dir := v.startDir(); dir != nil {
		d.SetLocation(dir)
	}
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// startDir is the level's folder, where its rules usually are.
func (v *LevelView) startDir() fyne.ListableURI {
	if v.S.Path == "" {
		return nil
	}
	dir, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(v.S.Path)))
	if err != nil {
		return nil
	}
	return dir
}

// AttachRules makes the rules at path (a YAML document or a .tech file)
// the ones the level is played with. It is not an edit: the map and the
// people keep their ids; names and colours come from the new rules.
func (v *LevelView) AttachRules(path string) error {
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		return err
	}
	rules, ok := doc.Value.(*ftbt.Rules)
	if !ok {
		return fmt.Errorf("%s is a %s document, not ftbt rules", filepath.Base(path), doc.Kind)
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	d := v.S.Document()
	d.Rules, d.RulesFile = rules, path
	v.rulesAttached()
	v.env.Status(fmt.Sprintf("The level is played with %s now; save it to record that", filepath.Base(path)))
	return nil
}

// rulesAttached shows the names and colours of new rules.
func (v *LevelView) rulesAttached() {
	if r := v.Rules(); r != nil && v.Painter.Brush >= len(r.Terrains) {
		v.Painter.Brush = 0
	}
	v.palette.UnselectAll()
	if v.Painter.Brush < v.paletteLen() {
		v.palette.Select(v.Painter.Brush)
	}
	v.Refresh()
	v.S.Revalidate()
}

// SaveRulesDialog saves the attached rules as a YAML file and attaches
// that file.
func (v *LevelView) SaveRulesDialog() {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		v.report(v.SaveRulesAs(path))
	}, v.env.Window())
	name := filepath.Base(v.rulesName())
	if !strings.HasSuffix(name, ".yaml") {
		name = strings.TrimSuffix(name, filepath.Ext(name)) + ".yaml"
	}
	d.SetFileName(name)
	if dir := v.startDir(); dir != nil {
		d.SetLocation(dir)
	}
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// SaveRulesAs writes the attached rules to path as a YAML document and
// attaches that file.
func (v *LevelView) SaveRulesAs(path string) error {
	r := v.Rules()
	if r == nil {
		return fmt.Errorf("the level has no rules to save")
	}
	doc := &formats.Document{Path: path, Format: formats.YAML, Kind: ftbt.KindRules, Value: r}
	if _, err := formats.Write(path, doc, formats.YAML); err != nil {
		return err
	}
	return v.AttachRules(path)
}
