package editor

import (
	"fmt"
	"image/color"
	"maps"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/preview"
)

// The colours of the sides, players and roles are a display preference
// of the studio, not part of any document: no format has a field for
// them, and a key the game's file cannot hold would be lost on export
// (documents must round-trip through the game's files). The studio keeps
// them in its preferences and gives them to preview.PlayerColor, which
// every map, legend, preview and play window draws with.

// sideColoursKey is the preference holding the side colours ("#rrggbb"
// in player order).
const sideColoursKey = "side_colours"

// loadSideColours applies the side colours saved in the preferences.
func (st *Studio) loadSideColours() {
	var cols []color.RGBA
	for _, s := range st.app.Preferences().StringList(sideColoursKey) {
		c, ok := parseHexColour(s)
		if !ok {
			cols = nil // a damaged preference: the defaults
			break
		}
		cols = append(cols, c)
	}
	preview.SetPlayerColors(cols)
}

// SideColours returns the colour of each side, player or role, in order.
func (st *Studio) SideColours() []color.RGBA {
	cols := make([]color.RGBA, len(preview.Palette))
	for i := range cols {
		cols[i] = preview.PlayerColor(i)
	}
	return cols
}

// SetSideColour gives side i (from 0, as each family numbers its sides:
// sideLabel) the colour c, remembers it and redraws every window.
func (st *Studio) SetSideColour(i int, c color.Color) {
	cols := st.SideColours()
	if i < 0 || i >= len(cols) {
		return
	}
	r, g, b, _ := c.RGBA()
	cols[i] = color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
	st.applySideColours(cols)
	st.Status(fmt.Sprintf("%s is drawn in %s", sideLabel(i), hexColour(cols[i])))
}

// ResetSideColours goes back to the default colours.
func (st *Studio) ResetSideColours() {
	st.applySideColours(nil)
	st.Status("Side colours reset to the defaults")
}

func (st *Studio) applySideColours(cols []color.RGBA) {
	preview.SetPlayerColors(cols)
	var list []string
	for _, c := range cols {
		list = append(list, hexColour(c))
	}
	st.app.Preferences().SetStringList(sideColoursKey, list)
	st.redrawAll()
}

// redrawAll draws every window again with the current colours: each
// map, board and image is drawn again, each preview rendered again.
func (st *Studio) redrawAll() {
	for _, t := range st.docs {
		if t.view != nil {
			t.view.Refresh()
		}
		t.preview.invalidate()
	}
	for _, w := range st.app.Driver().AllWindows() {
		walk(w.Content(), fyne.CanvasObject.Refresh)
	}
}

// SideNames is how a family names its sides, players or roles in the
// Side colours dialog: Word and the number of side i, i+First ("side 0",
// "role 1"), for the first Count sides (0: every colour).
type SideNames struct {
	Word  string
	First int
	Count int
}

var sideNames = map[string]SideNames{}

// RegisterSideNames makes n how the family called name names its sides.
func RegisterSideNames(name string, n SideNames) { sideNames[name] = n }

// sideLabel names side i as each family does ("side 0 (battle, ftbt) ·
// role 1 (mbg)"), families with the same name for it together, in the
// order of their names.
func sideLabel(i int) string {
	var labels []string
	byLabel := map[string][]string{}
	for _, name := range slices.Sorted(maps.Keys(sideNames)) {
		n := sideNames[name]
		if n.Count > 0 && i >= n.Count {
			continue
		}
		l := fmt.Sprintf("%s %d", n.Word, i+n.First)
		if byLabel[l] == nil {
			labels = append(labels, l)
		}
		byLabel[l] = append(byLabel[l], name)
	}
	if len(labels) == 0 {
		return fmt.Sprintf("colour %d", i+1)
	}
	parts := make([]string, len(labels))
	for j, l := range labels {
		parts[j] = l + " (" + strings.Join(byLabel[l], ", ") + ")"
	}
	return strings.Join(parts, " · ")
}

// ShowSideColours shows the side colours, each with a button that opens
// a colour picker (View ▸ Side colours).
func (st *Studio) ShowSideColours() {
	rows := container.NewVBox()
	var d dialog.Dialog
	var fill func()
	fill = func() {
		rows.RemoveAll()
		for i, c := range st.SideColours() {
			swatch := canvas.NewRectangle(c)
			swatch.SetMinSize(fyne.NewSize(28, 20))
			change := widget.NewButton("Change…", func() {
				picker := dialog.NewColorPicker("Colour of "+sideLabel(i), "Drawn on every map, legend, preview and play window",
					func(c color.Color) {
						st.SetSideColour(i, c)
						fill()
					}, st.win)
				picker.Advanced = true
				picker.SetColor(c)
				picker.Show()
			})
			rows.Add(container.NewBorder(nil, nil, container.NewHBox(swatch, change), nil, widget.NewLabel(sideLabel(i))))
		}
		rows.Refresh()
	}
	fill()
	reset := widget.NewButton("Reset to the defaults", func() {
		st.ResetSideColours()
		fill()
	})
	note := widget.NewLabel("A display preference of this studio: documents keep no colours.")
	d = dialog.NewCustom("Side colours", "Close", container.NewBorder(nil, container.NewVBox(note, reset), nil, nil, rows), st.win)
	d.Resize(fyne.NewSize(640, 480))
	d.Show()
}

func hexColour(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func parseHexColour(s string) (color.RGBA, bool) {
	var r, g, b uint8
	if len(s) != 7 || !strings.HasPrefix(s, "#") {
		return color.RGBA{}, false
	}
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return color.RGBA{}, false
	}
	return color.RGBA{r, g, b, 0xff}, true
}
