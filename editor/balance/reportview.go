package balance

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine/sim"
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
			if sim.Wide(r) {
				rows[i].Cells = append(rows[i].Cells, widget.TextGridCell{Rune: ' '})
			}
		}
	}
	g.Rows = rows
	g.Refresh()
}
