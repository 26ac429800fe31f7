package ftbtview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/guitest"
)

// TestHoverTextFollowsEdits: the status line under the map names the tool
// in hand from the start, then the cell under the pointer, its terrain
// and the tool; a fill, an undo and
// a change of tool by key update it at once, without moving the mouse.
func TestHoverTextFollowsEdits(t *testing.T) {
	st, _, v, _ := openLevel(t, "长坂坡.yaml")
	if v.hover.Text != "Pencil" {
		t.Errorf("before the pointer is on the map the line says %q, not the tool in hand", v.hover.Text)
	}
	g := v.Painter.View
	g.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: g.CellCentre(5, 4)}})
	if got := v.hover.Text; !strings.Contains(got, "(x 5, y 4) 森林") || !strings.HasSuffix(got, "· Pencil") {
		t.Fatalf("hovering the forest: %q", got)
	}
	v.tools.SetSelected("Fill")
	v.palette.Select(1)
	guitest.Click(g, g.CellCentre(5, 4))
	if got := v.hover.Text; !strings.Contains(got, "草地") || !strings.HasSuffix(got, "· Fill") {
		t.Errorf("after filling the forest with grass, the pointer still on it: %q", got)
	}
	st.Undo()
	if got := v.hover.Text; !strings.Contains(got, "森林") {
		t.Errorf("after undo: %q", got)
	}
	g.TypedRune('e')
	g.TypedRune(']')
	if got := v.hover.Text; !strings.HasSuffix(got, "· Eraser 2×2") || v.tools.Selected != "Eraser" {
		t.Errorf("after E ]: %q, tool bar on %q", got, v.tools.Selected)
	}
}

// TestPersonLabelsTellNamesApart: people whose names share a first
// character are labelled with two; identical names get their number.
func TestPersonLabelsTellNamesApart(t *testing.T) {
	people := []ftbt.Person{{Name: "曹仁"}, {Name: "曹洪"}, {Name: "刘备"}, {Name: "虎卫"}, {Name: "虎卫"}, {Name: ""}}
	got := PersonLabels(people)
	want := []string{"曹仁", "曹洪", "刘", "虎3", "虎4", "?"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("label of %q: %q, want %q", people[i].Name, got[i], want[i])
		}
	}
}
