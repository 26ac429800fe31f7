package balance

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// newReportGrid returns the monospace view of the text report, which
// scrolls in both directions.
func newReportGrid(text string) *widget.TextGrid {
	g := widget.NewTextGrid()
	g.Scroll = fyne.ScrollBoth
	setReportText(g, text)
	return g
}

// setReportText shows text in a grid. The report aligns its tables as
// terminals show them, Chinese characters two columns wide; a grid cell
// is one column, so every wide character is followed by an empty cell
// that its glyph overflows into.
func setReportText(g *widget.TextGrid, text string) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	rows := make([]widget.TextGridRow, len(lines))
	for i, line := range lines {
		for _, r := range line {
			rows[i].Cells = append(rows[i].Cells, widget.TextGridCell{Rune: r})
			if wide(r) {
				rows[i].Cells = append(rows[i].Cells, widget.TextGridCell{Rune: ' '})
			}
		}
	}
	g.Rows = rows
	g.Refresh()
}

// wide reports the East Asian wide and full-width characters (the ranges
// Chinese text uses), as the report's text tables count them.
func wide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115f, // Hangul Jamo
		r >= 0x2e80 && r <= 0x303e, // CJK radicals, punctuation
		r >= 0x3041 && r <= 0x33ff, // kana, CJK compatibility
		r >= 0x3400 && r <= 0x4dbf, // CJK extension A
		r >= 0x4e00 && r <= 0x9fff, // CJK unified ideographs
		r >= 0xa000 && r <= 0xa4cf, // Yi
		r >= 0xac00 && r <= 0xd7a3, // Hangul syllables
		r >= 0xf900 && r <= 0xfaff, // CJK compatibility ideographs
		r >= 0xfe30 && r <= 0xfe4f, // CJK compatibility forms
		r >= 0xff00 && r <= 0xff60, // full-width forms
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x20000 && r <= 0x3fffd:
		return true
	}
	return false
}
