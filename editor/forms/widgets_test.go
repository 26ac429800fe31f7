package forms

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/ftbt"
)

// window shows objects in a headless window of a test app.
func window(t *testing.T, objects ...fyne.CanvasObject) fyne.Window {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewWindow(container.NewVBox(objects...))
	w.Resize(fyne.NewSize(500, 600))
	t.Cleanup(w.Close)
	return w
}

// click taps the canvas of w at the point dy below the top of o, in the
// middle of its width, as a mouse click there does: the desktop driver
// gives the focus to a focusable widget under the mouse on the press,
// then taps what is there.
func click(w fyne.Window, o fyne.CanvasObject, dy float32) {
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	if f, ok := o.(fyne.Focusable); ok {
		w.Canvas().Focus(f)
	}
	test.TapCanvas(w.Canvas(), at.Add(fyne.NewPos(o.Size().Width/2, dy)))
}

// press sends the key k to the widget with the focus, as the window does.
func press(w fyne.Window, k fyne.KeyName) {
	w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: k})
}

// retypeAt clicks e and replaces its text by keys: End, Backspace over
// the text, then text typed a character at a time, each key going to the widget
// with the focus as the window sends it.
func retypeAt(t *testing.T, w fyne.Window, e *Entry, text string) {
	t.Helper()
	click(w, e, e.Size().Height/4)
	if w.Canvas().Focused() != e {
		t.Fatalf("a click on the %q field did not focus it", e.Text)
	}
	press(w, fyne.KeyEnd)
	for range []rune(e.Text) {
		press(w, fyne.KeyBackspace)
	}
	for _, r := range text {
		w.Canvas().Focused().TypedRune(r)
	}
}

// A value beyond the table's range, typed and sent with Enter, stays in
// the field with the range and the document's value under it; Escape
// brings the document's value back; a value within the range is applied
// as one edit when the focus moves on.
func TestIntEntryWithKeys(t *testing.T) {
	p := &ftbt.Person{Name: "刘备", Abi: 5}
	d := newMemDoc()
	b := NewBinder(d)
	b.Scope(func() (string, string) { return "people[0]", p.Name })
	abi := Int{Label: "abi", Field: ftbt.PersonFields.Field("abi"), At: func() *int { return &p.Abi }}.Entry(b)
	other := b.Text("note", func() string { return "" }, func(string) error { return nil })
	w := window(t, abi, other)

	retypeAt(t, w, abi, "1001")
	if !d.typed["people[0]|abi"] || p.Abi != 5 {
		t.Fatalf("typing: typed %v, abi %d; want the field marked and the document as it was", d.typed, p.Abi)
	}
	press(w, fyne.KeyReturn)
	rs := d.Refusals()
	if len(rs) != 1 || rs[0].Text != "1001" || rs[0].Kept != "5" || rs[0].What != "abi of 刘备" || rs[0].Path != "people[0]" {
		t.Fatalf("Enter on 1001: refusals %+v", rs)
	}
	if want := `abi must be from 0 to 1000 — the document keeps "5"`; abi.message.Text != want || abi.Text != "1001" || p.Abi != 5 {
		t.Fatalf("Enter on 1001: field %q says %q, abi %d; want it kept with %q", abi.Text, abi.message.Text, p.Abi, want)
	}
	if want := `abi of 刘备: "1001" was not applied: abi must be from 0 to 1000 (the document keeps "5")`; rs[0].Message() != want {
		t.Errorf("message %q, want %q", rs[0].Message(), want)
	}
	press(w, fyne.KeyEscape)
	if abi.Text != "5" || len(d.Refusals()) != 0 || abi.message.Text != "" || len(d.typed) != 0 {
		t.Fatalf("Escape: field %q, refusals %v, message %q", abi.Text, d.Refusals(), abi.message.Text)
	}
	retypeAt(t, w, abi, "999")
	test.FocusNext(w.Canvas())
	if p.Abi != 999 || !reflect.DeepEqual(d.edits, []string{"change abi"}) || w.Canvas().Focused() != other {
		t.Fatalf("999 and Tab: abi %d, edits %v", p.Abi, d.edits)
	}
}

// A name with a space is refused; the refusal is listed under a table
// by ShowRefusals until a name that fits is typed.
func TestNameAndShowRefusals(t *testing.T) {
	names := []string{"曹操", "刘备"}
	d := newMemDoc()
	b := NewBinder(d)
	b.Scope(ItemScope("people", func() int { return 1 }, func() int { return len(names) }, func(i int) string { return names[i] }))
	name := b.Name("name", func() string { return names[1] }, func(s string) { names[1] = s })
	list := widget.NewLabel("")
	w := window(t, name, list)

	retypeAt(t, w, name, "刘 备")
	press(w, fyne.KeyReturn)
	ShowRefusals(list, d, "people[")
	if names[1] != "刘备" || list.Hidden || !strings.Contains(list.Text, "name must not contain spaces") {
		t.Fatalf("刘 备: name %q, list %q (hidden %v)", names[1], list.Text, list.Hidden)
	}
	retypeAt(t, w, name, "玄德")
	press(w, fyne.KeyReturn)
	ShowRefusals(list, d, "people[")
	if names[1] != "玄德" || !list.Hidden || !reflect.DeepEqual(d.edits, []string{"rename name"}) {
		t.Fatalf("玄德: names %v, list %q (hidden %v), edits %v", names, list.Text, list.Hidden, d.edits)
	}
}

// Clicks on the rows of a check list tick and untick officers as edits;
// two officers of one name are told apart.
func TestCheckListWithClicks(t *testing.T) {
	officers := []string{"曹操", "曹操", "刘备"}
	var garrison []int
	d := newMemDoc()
	b := NewBinder(d)
	cl := b.CheckList("garrison", func() []string { return officers }, func() []int { return garrison }, func(g []int) { garrison = g })
	w := window(t, cl)
	if want := []string{"曹操", "曹操#2", "刘备"}; !reflect.DeepEqual(cl.Options, want) {
		t.Fatalf("options %v, want %v", cl.Options, want)
	}
	row := newCheckRow().MinSize().Height + 4
	click(w, cl, row*1.5) // the second 曹操
	click(w, cl, row*2.5) // 刘备
	if !reflect.DeepEqual(garrison, []int{1, 2}) || len(d.edits) != 2 {
		t.Fatalf("two clicks: garrison %v, edits %v", garrison, d.edits)
	}
	click(w, cl, row*1.5)
	if !reflect.DeepEqual(garrison, []int{2}) {
		t.Fatalf("a click on a ticked row: garrison %v", garrison)
	}
	garrison = []int{0}
	b.Reload() // an undo
	if !reflect.DeepEqual(cl.Selected, []string{"曹操"}) {
		t.Fatalf("after a reload the list ticks %v", cl.Selected)
	}
}

// The buttons of an item list add, move and delete items, keeping the
// selection on the item they acted on.
func TestItemListButtons(t *testing.T) {
	items := []string{"a", "b", "c"}
	var shown []int
	b := NewBinder(newMemDoc())
	l := b.NewItemList(func() []string { return items }, func(i int) { shown = append(shown, i) }, ItemActions{
		Add:    func() int { items = append(items, "new"); return len(items) - 1 },
		Delete: func(i int) { items = append(items[:i:i], items[i+1:]...) },
		Move:   func(i, j int) { items[i], items[j] = items[j], items[i] },
	})
	w := window(t, l.Object)
	w.Resize(fyne.NewSize(300, 400))
	if !l.Delete.Disabled() {
		t.Fatal("Delete is enabled with nothing selected")
	}
	l.Select(0)
	test.Tap(l.Down)
	if fmt.Sprint(items) != "[b a c]" || l.Selected != 1 {
		t.Fatalf("Down: %v, selected %d", items, l.Selected)
	}
	test.Tap(l.Delete)
	if fmt.Sprint(items) != "[b c]" || l.Selected != 1 {
		t.Fatalf("Delete: %v, selected %d", items, l.Selected)
	}
	test.Tap(l.Add)
	if fmt.Sprint(items) != "[b c new]" || l.Selected != 2 {
		t.Fatalf("Add: %v, selected %d", items, l.Selected)
	}
	if len(shown) == 0 || shown[len(shown)-1] != 2 {
		t.Errorf("items shown %v, want the new one last", shown)
	}
}

// A width typed in the size fields resizes the grid as one edit and says
// what it cut; a size the grid cannot have stays with its reason.
func TestSizeFieldsWithKeys(t *testing.T) {
	gw, gh := 6, 5
	cells := make([]int, gw*gh)
	cells[5], cells[11] = 1, 1 // two walls in the last column
	b := NewBinder(newMemDoc())
	f := b.Size(func() (int, int) { return gw, gh }, func(w, h int) (string, error) {
		if w < 1 || w > 10 {
			return "", fmt.Errorf("the width must be from 1 to 10")
		}
		n := CountCut(intGrid(cells), gw, gh, w, h)[1]
		gw, gh = w, h
		if n == 0 {
			return "", nil
		}
		return fmt.Sprintf("%d walls", n), nil
	})
	w := window(t, f.Width, f.Height, f.Note)
	retypeAt(t, w, f.Width, "12")
	press(w, fyne.KeyReturn)
	if gw != 6 || f.Width.Refused() == nil || f.Width.Text != "12" {
		t.Fatalf("12: width %d, field %q, refused %v", gw, f.Width.Text, f.Width.Refused())
	}
	retypeAt(t, w, f.Width, " 05")
	press(w, fyne.KeyReturn)
	if gw != 5 || f.Width.Text != "5" || f.Note.Hidden || f.Note.Text != "Resizing to 5×5 cut off 2 walls. Ctrl+Z brings it back." {
		t.Fatalf("05: width %d, field %q, note %q (hidden %v)", gw, f.Width.Text, f.Note.Text, f.Note.Hidden)
	}
	test.FocusNext(w.Canvas()) // on to the height
	gw = 6
	b.Reload() // an undo
	if !f.Note.Hidden || f.Width.Text != "6" {
		t.Fatalf("after an undo: note shown %v, width field %q", !f.Note.Hidden, f.Width.Text)
	}
}

// intGrid is a grid of values as a slice.
type intGrid []int

func (g intGrid) Len() int     { return len(g) }
func (g intGrid) At(i int) int { return g[i] }
