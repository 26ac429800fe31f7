package editor

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats"
)

// NewSpec is what File ▸ New asks: the kind of document and, for a grid,
// its size and the terrain it is filled with.
type NewSpec struct {
	Kind string
	// W and H size a grid (0: the template's size).
	W, H int
	// Fill is the index of the terrain every cell starts with (among
	// the kind's NewGrid.Fills).
	Fill int
}

// NewGrid is how File ▸ New sizes the template of a grid kind: the
// family's editor registers it (RegisterNewGrid).
type NewGrid struct {
	// W and H are the template's size, the dialog's first values.
	W, H int
	// First, when set, makes the kind the one the dialog offers first.
	First bool
	// Fills, when set, names the terrains a new document can be filled
	// with ("id name"), for a template that comes with them.
	Fills func(template *formats.Document) []string
	// Shape sizes the template to w×h cells, filled with terrain fill,
	// or says why it cannot.
	Shape func(template *formats.Document, w, h, fill int) error
}

var newGrids = map[string]NewGrid{}

// RegisterNewGrid makes g how File ▸ New sizes documents of kind.
func RegisterNewGrid(kind string, g NewGrid) { newGrids[kind] = g }

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
	g, ok := newGrids[doc.Kind]
	if !ok {
		return fmt.Errorf("%s documents have no size to choose", doc.Kind)
	}
	return g.Shape(doc, spec.W, spec.H, spec.Fill)
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
		g, grid := newGrids[k]
		sizeRow.Hidden, fillRow.Hidden = !grid, g.Fills == nil
		if grid {
			w.SetText(strconv.Itoa(g.W))
			h.SetText(strconv.Itoa(g.H))
		}
		if g.Fills != nil {
			fill.Options = fills(k, g)
			fill.SetSelectedIndex(0)
		}
		sizeRow.Refresh()
		fillRow.Refresh()
	})
	kind.SetSelectedIndex(indexOf(kinds, firstNewKind(kinds)))
	form := container.NewVBox(widget.NewLabel("Family and kind"), kind, sizeRow, fillRow)
	dialog.ShowCustomConfirm("New document", "Create", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		spec := NewSpec{Kind: kinds[kind.SelectedIndex()], Fill: max(fill.SelectedIndex(), 0)}
		if _, grid := newGrids[spec.Kind]; grid {
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

// fills names the terrains a new document of kind can be filled with
// (those of its template), "0" when the template cannot be read.
func fills(kind string, g NewGrid) []string {
	doc, err := newTemplate(kind)
	if err != nil {
		return []string{"0"}
	}
	if list := g.Fills(doc); len(list) > 0 {
		return list
	}
	return []string{"0"}
}

// firstNewKind is the kind the New dialog offers first: the one whose
// family asks for it (NewGrid.First), else the first of kinds.
func firstNewKind(kinds []string) string {
	for _, k := range kinds {
		if newGrids[k].First {
			return k
		}
	}
	if len(kinds) == 0 {
		return ""
	}
	return kinds[0]
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}
