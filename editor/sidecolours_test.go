package editor_test

import (
	"image"
	"image/color"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/preview"
)

// countColour counts the pixels of img that are exactly c.
func countColour(img image.Image, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == c {
				n++
			}
		}
	}
	return n
}

// pickSideColour opens View ▸ Side colours, clicks the first Change…
// button, types hex into the colour picker's hex field and confirms.
func pickSideColour(t *testing.T, st *editor.Studio, hex string) {
	t.Helper()
	findMenuItem(st.Window().MainMenu(), "View", "Side colours…").Action()
	if !guitest.Button(st.Window().Canvas().Overlays().Top(), "Change…") {
		t.Fatal("the side colours dialog has no Change… button")
	}
	picker := st.Window().Canvas().Overlays().Top()
	var hexField fyne.Focusable
	for _, o := range test.LaidOutObjects(picker) {
		// The picker's fields are unexported entries: the hex one shows "#…".
		if f, ok := o.(fyne.Focusable); ok && reflect.TypeOf(o).Kind() == reflect.Pointer {
			if text := reflect.ValueOf(o).Elem().FieldByName("Text"); text.IsValid() && strings.HasPrefix(text.String(), "#") {
				hexField = f
			}
		}
	}
	if hexField == nil {
		t.Fatal("the colour picker has no hex field")
	}
	test.Tap(hexField.(fyne.Tappable)) // a click into it
	hexField.(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutSelectAll{})
	test.Type(hexField, hex)
	hexField.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !guitest.Button(picker, "Confirm") {
		t.Fatal("the colour picker has no Confirm button")
	}
}

// TestSideColourIsChosenWithAPickerAndDrawnEverywhere chooses pure green
// for side 0 in View ▸ Side colours with the colour picker (typing its
// hex value and confirming): the ftbt level's map and its preview draw
// side 0's people in it, a new studio on the same preferences too, and
// Reset brings the default back.
func TestSideColourIsChosenWithAPickerAndDrawnEverywhere(t *testing.T) {
	t.Cleanup(func() { preview.SetPlayerColors(nil) })
	st, s, _ := openSampleCopy(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	st.ShowPane(s, "Map")
	green := color.RGBA{0, 0xff, 0, 0xff}
	if n := countColour(st.Window().Canvas().Capture(), green); n != 0 {
		t.Fatalf("the map shows %d pure green pixels before any colour was chosen", n)
	}
	pickSideColour(t, st, "#00ff00")
	if got := preview.PlayerColor(0); got != green {
		t.Fatalf("side 0 is %v after choosing #00ff00 (status %q)", got, st.StatusText())
	}
	if n := countColour(st.Window().Canvas().Capture(), green); n == 0 {
		t.Error("the map does not draw side 0's people in the colour chosen")
	}
	if n := countColour(st.Tab(s).PreviewImage(), green); n == 0 {
		t.Error("the preview does not draw side 0's people in the colour chosen")
	}
	preview.SetPlayerColors(nil)
	editor.New(st.App(), editor.Options{Synchronous: true})
	if got := preview.PlayerColor(0); got != green {
		t.Errorf("a new studio on the same preferences draws side 0 in %v", got)
	}
	findMenuItem(st.Window().MainMenu(), "View", "Side colours…").Action()
	if !guitest.Button(st.Window().Canvas().Overlays().Top(), "Reset to the defaults") {
		t.Fatal("no Reset button")
	}
	if got := preview.PlayerColor(0); got != preview.Palette[0] {
		t.Errorf("after Reset side 0 is %v, not %v", got, preview.Palette[0])
	}
	if n := countColour(st.Window().Canvas().Capture(), green); n != 0 {
		t.Errorf("after Reset the map still shows %d green pixels", n)
	}
}
