package mbgview

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor/forms"
)

// shownCheckLists lists the check lists a pane shows, in order.
func shownCheckLists(o fyne.CanvasObject) []*forms.CheckList {
	if o == nil || !o.Visible() {
		return nil
	}
	var out []*forms.CheckList
	switch c := o.(type) {
	case *forms.CheckList:
		return append(out, c)
	case *fyne.Container:
		for _, child := range c.Objects {
			out = append(out, shownCheckLists(child)...)
		}
	case fyne.Widget:
		for _, child := range test.WidgetRenderer(c).Objects() {
			out = append(out, shownCheckLists(child)...)
		}
	}
	return out
}

// TestGarrisonTellsNamesakesApart gives another officer the name of 曹操
// (legacy files allow it) and ticks the second 曹操 in a city's garrison
// list: that officer joins the garrison, and 曹操 stays where he was (the
// list matched officers by name and moved both).
func TestGarrisonTellsNamesakesApart(t *testing.T) {
	st, s, v, _ := openSample(t)
	m := v.M()
	free := -1
	for i := len(m.Officers) - 1; i > 0 && free < 0; i-- {
		if where, at := m.Placement(i); where != "garrison" || at != 0 {
			free = i
		}
	}
	if free < 0 || m.Officers[0].Name != "曹操" {
		t.Fatal("every officer is in the first city, or officer 1 is not 曹操")
	}
	s.Edit("rename", func() { v.M().Officers[free].Name = "曹操" })
	caoWhere, caoAt := v.M().Placement(0)
	st.Tab(s).SelectPane(v.Select("cities[0]"))
	garrison := slices.Clone(v.M().Cities[0].Garrison)
	var list *forms.CheckList
	var namesakes []string
	for _, cl := range shownCheckLists(st.Window().Content()) {
		for _, o := range cl.Options {
			if strings.HasPrefix(o, "曹操") {
				list, namesakes = cl, append(namesakes, o)
			}
		}
	}
	if len(namesakes) != 2 || namesakes[0] == namesakes[1] {
		t.Fatalf("the garrison list shows the namesakes as %v", namesakes)
	}
	list.Toggle(namesakes[1])
	want := append(garrison, free)
	if got := v.M().Cities[0].Garrison; !slices.Equal(got, want) {
		t.Fatalf("the garrison is %v, want %v", got, want)
	}
	if where, at := v.M().Placement(0); where != caoWhere || at != caoAt {
		t.Fatalf("曹操 moved to %s %d", where, at)
	}
	if slices.Contains(list.Selected, namesakes[0]) || !slices.Contains(list.Selected, namesakes[1]) {
		t.Fatal("the list does not show which namesake is ticked")
	}
}
