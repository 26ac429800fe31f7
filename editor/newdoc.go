package editor

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// NewSpec is what File ▸ New asks: the kind of document and, for a grid,
// its size and the terrain it is filled with.
type NewSpec struct {
	Kind string
	// W and H size a grid (0: the template's size).
	W, H int
	// Fill is the terrain id every cell of an ftbt level starts with.
	Fill int
}

// gridKinds are the kinds whose template is a grid New can size, with
// the size of the template.
var gridKinds = map[string][2]int{ftbtfmt.KindLevel: {30, 20}, bfmt.Kind: {80, 60}}

// NewDocument starts a document as spec says: the kind's template, sized
// and filled.
func (st *Studio) NewDocument(spec NewSpec) (*Session, error) {
	doc, err := newTemplate(spec.Kind)
	if err != nil {
		return nil, err
	}
	if err := shape(doc, spec); err != nil {
		return nil, err
	}
	return st.AddNew(doc, st.newTitle(spec.Kind)), nil
}

// shape sizes and fills a template as spec says.
func shape(doc *formats.Document, spec NewSpec) error {
	if spec.W == 0 && spec.H == 0 {
		return nil
	}
	switch m := doc.Value.(type) {
	case *ftbtfmt.Level:
		if err := ftbteng.CheckSize(spec.W, spec.H); err != nil {
			return err
		}
		if r, ok := doc.Rules.(*ftbtfmt.Rules); ok && (spec.Fill < 0 || spec.Fill >= len(r.Terrains)) {
			return fmt.Errorf("the rules have no terrain %d", spec.Fill)
		}
		for i := range m.People {
			p := &m.People[i]
			p.X, p.Y = p.X*spec.W/m.W, p.Y*spec.H/m.H
		}
		m.W, m.H = spec.W, spec.H
		m.Terrain = make([]int, spec.W*spec.H)
		for i := range m.Terrain {
			m.Terrain[i] = spec.Fill
		}
	case *bfmt.Map:
		if err := bfmt.CheckSize(spec.W, spec.H); err != nil {
			return err
		}
		doc.Value = bfmt.NewStandard(spec.W, spec.H)
	default:
		return fmt.Errorf("%s documents have no size to choose", doc.Kind)
	}
	return nil
}

// newTitle names a new document: short, without spaces or brackets
// ("level-2"), and different from the other tabs.
func (st *Studio) newTitle(kind string) string {
	base := kind[strings.LastIndex(kind, "/")+1:]
	taken := map[string]bool{}
	for _, s := range st.Sessions() {
		taken[s.Name()] = true
	}
	for n := 1; ; n++ {
		name := fmt.Sprintf("%s-%d.yaml", base, n)
		if !taken[name] {
			return name
		}
	}
}

// NewDialog asks the kind of the new document and, for a grid, its size
// and fill terrain (File ▸ New, Ctrl+N).
func (st *Studio) NewDialog() {
	kinds := TemplateKinds()
	titles := make([]string, len(kinds))
	for i, k := range kinds {
		titles[i] = templateTitle(k)
	}
	w, h := widget.NewEntry(), widget.NewEntry()
	fill := widget.NewSelect(nil, nil)
	sizeRow := container.NewHBox(widget.NewLabel("Width"), w, widget.NewLabel("Height"), h)
	fillRow := container.NewHBox(widget.NewLabel("Fill with"), fill)
	kind := widget.NewSelect(titles, func(title string) {
		k := kinds[indexOf(titles, title)]
		size, grid := gridKinds[k]
		sizeRow.Hidden, fillRow.Hidden = !grid, k != ftbtfmt.KindLevel
		if grid {
			w.SetText(strconv.Itoa(size[0]))
			h.SetText(strconv.Itoa(size[1]))
		}
		if k == ftbtfmt.KindLevel {
			fill.Options = levelTerrains()
			fill.SetSelectedIndex(0)
		}
		sizeRow.Refresh()
		fillRow.Refresh()
	})
	kind.SetSelectedIndex(indexOf(kinds, ftbtfmt.KindLevel))
	form := container.NewVBox(widget.NewLabel("Family and kind"), kind, sizeRow, fillRow)
	dialog.ShowCustomConfirm("New document", "Create", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		spec := NewSpec{Kind: kinds[kind.SelectedIndex()], Fill: max(fill.SelectedIndex(), 0)}
		if _, grid := gridKinds[spec.Kind]; grid {
			var err1, err2 error
			spec.W, err1 = strconv.Atoi(strings.TrimSpace(w.Text))
			spec.H, err2 = strconv.Atoi(strings.TrimSpace(h.Text))
			if err1 != nil || err2 != nil {
				dialog.ShowError(fmt.Errorf("the width and the height are whole numbers of cells"), st.win)
				return
			}
		}
		if _, err := st.NewDocument(spec); err != nil {
			dialog.ShowError(err, st.win)
		}
	}, st.win)
}

// levelTerrains names the terrains a new ftbt level can be filled with
// (those of the rules its template names), "id name".
func levelTerrains() []string {
	doc, err := newTemplate(ftbtfmt.KindLevel)
	if err != nil {
		return []string{"0"}
	}
	r, ok := doc.Rules.(*ftbtfmt.Rules)
	if !ok {
		return []string{"0"}
	}
	out := make([]string, len(r.Terrains))
	for i, t := range r.Terrains {
		out[i] = fmt.Sprintf("%d %s", i, t.Name)
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}
