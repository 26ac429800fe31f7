package charts

import (
	"fmt"
	"image"
	"image/color"
	"sync"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/preview"
)

// MaxBlankSide bounds the grid a heat map draws for facts without their
// scenario (a report read back from JSON).
const MaxBlankSide = 400

// heatRamp are the heat colours, from few battles to many (yellow, orange, red).
var heatRamp = []color.RGBA{{0xff, 0xed, 0xa0, 0xff}, {0xfd, 0x8d, 0x3c, 0xff}, {0xbd, 0x00, 0x26, 0xff}}

// HeatColour returns the colour of a share t (0…1) of the most fights.
func HeatColour(t float64) color.RGBA {
	t = min(max(t, 0), 1)
	if t < 0.5 {
		return lerp(heatRamp[0], heatRamp[1], t*2)
	}
	return lerp(heatRamp[1], heatRamp[2], t*2-1)
}

// CaptureRed is the colour of the capture counts.
var CaptureRed = color.RGBA{0xa5, 0x00, 0x26, 0xff}

// Heatmap draws where the fights of a report happened, over the
// family's preview (the mbg board, the ftbt level's grid, the planet
// graph, the battle map), with the heat map its family registered
// (RegisterHeatmap). It returns nil for a report without such facts.
func Heatmap(r *sim.Report, o Options) image.Image {
	if r.Facts.Section == nil {
		return nil
	}
	heatmapsMu.Lock()
	draw := heatmaps[r.Facts.Family]
	heatmapsMu.Unlock()
	if draw == nil {
		return nil
	}
	return draw(r, o)
}

var (
	heatmapsMu sync.Mutex
	heatmaps   = map[string]func(r *sim.Report, o Options) image.Image{}
)

// RegisterHeatmap plugs in the heat map of a family's reports: draw
// returns nil for a report whose facts it cannot place.
func RegisterHeatmap(family string, draw func(r *sim.Report, o Options) image.Image) {
	heatmapsMu.Lock()
	defer heatmapsMu.Unlock()
	heatmaps[family] = draw
}

// DrawRamp draws the heat colours from few to most as a bar of width w
// at (x, y), labelled below.
func DrawRamp(c *preview.Canvas, x, y, w, k float64, most int, o Options) {
	for i := 0; i < int(w); i++ {
		c.FillRect(x+float64(i), y, x+float64(i)+1, y+12*k, HeatColour(float64(i)/w))
	}
	c.Text(x, y+22*k, 10*k, faint, preview.AnchorLeft, o.Tr("少"))
	c.Text(x+w, y+22*k, 10*k, faint, preview.AnchorRight, fmt.Sprintf(o.Tr("多 (%d)"), most))
}
