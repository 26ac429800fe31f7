package mbgview

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// shownChecks lists the check boxes a pane shows, laid out by their
// renderers, in order.
func shownChecks(o fyne.CanvasObject) []*widget.Check {
	if !o.Visible() {
		return nil
	}
	var out []*widget.Check
	if c, ok := o.(*widget.Check); ok {
		out = append(out, c)
	}
	switch c := o.(type) {
	case *fyne.Container:
		for _, child := range c.Objects {
			out = append(out, shownChecks(child)...)
		}
	case fyne.Widget:
		for _, child := range test.WidgetRenderer(c).Objects() {
			out = append(out, shownChecks(child)...)
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
	var namesakes []*widget.Check
	for _, c := range shownChecks(st.Window().Content()) {
		if strings.HasPrefix(c.Text, "曹操") {
			namesakes = append(namesakes, c)
		}
	}
	if len(namesakes) != 2 || namesakes[0].Text == namesakes[1].Text {
		t.Fatalf("the garrison list shows the namesakes as %v", checkTexts(namesakes))
	}
	test.Tap(namesakes[1])
	want := append(garrison, free)
	if got := v.M().Cities[0].Garrison; !slices.Equal(got, want) {
		t.Fatalf("the garrison is %v, want %v", got, want)
	}
	if where, at := v.M().Placement(0); where != caoWhere || at != caoAt {
		t.Fatalf("曹操 moved to %s %d", where, at)
	}
	if namesakes[0].Checked || !namesakes[1].Checked {
		t.Fatal("the list does not show which namesake is ticked")
	}
}

func checkTexts(cs []*widget.Check) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Text)
	}
	return out
}
