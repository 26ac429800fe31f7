package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/shapan/shapan/internal/cjkfont"
)

// cjkResource is the embedded Chinese font as a Fyne resource.
var cjkResource = fyne.NewStaticResource(cjkfont.Name, cjkfont.TTF)

// Theme is the default Fyne theme with the embedded Chinese font: Fyne
// resolves fonts per character, so Chinese comes from this font and Latin
// text falls back to the default one. Monospace text (the balance report's
// grid) takes its Chinese from the embedded font too, and its Latin from
// the default monospace font (the embedded font has no Latin letters):
// left to itself Fyne would take Chinese from whatever fonts the machine
// has installed, and the studio would look different on every machine.
type Theme struct{ fyne.Theme }

// NewTheme returns the studio theme.
func NewTheme() fyne.Theme { return Theme{theme.DefaultTheme()} }

// Font returns the Chinese font for ordinary and monospace text.
func (t Theme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Symbol {
		return t.Theme.Font(s)
	}
	return cjkResource
}

// Color defers to the default theme.
func (t Theme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, v)
}
