package preview_test

import (
	"github.com/shapan/shapan/preview"
	"image"
	"image/color"
	"testing"
)

// TestCanvasAPI: the exported drawing operations draw what the previews'
// own do, Chinese text included.
func TestCanvasAPI(t *testing.T) {
	c := preview.NewCanvas(200, 100, preview.PaperColor)
	if b := c.Image().Bounds(); b.Dx() != 200 || b.Dy() != 100 {
		t.Fatalf("size %v", b)
	}
	c.FillRect(10, 10, 50, 50, preview.PlayerColor(0))
	if !near(c.Image().At(30, 30), preview.PlayerColor(0)) || !near(c.Image().At(60, 30), preview.PaperColor) {
		t.Error("FillRect")
	}
	c.FillRect(10, 10, 50, 50, color.NRGBA{0xff, 0xff, 0xff, 0x80}) // blended
	if got := c.Image().At(30, 30); near(got, preview.PlayerColor(0)) || near(got, preview.WhiteColor) {
		t.Errorf("a translucent fill replaced the colour: %v", got)
	}
	c.Line(100, 10, 100, 90, 3, preview.InkColor)
	if !near(c.Image().At(100, 50), preview.InkColor) {
		t.Error("Line")
	}
	c.FillCircle(150, 50, 10, preview.PlayerColor(1))
	if !near(c.Image().At(150, 50), preview.PlayerColor(1)) {
		t.Error("FillCircle")
	}
	// Chinese text leaves ink: count the dark pixels of a CJK string.
	d := preview.NewCanvas(80, 30, preview.PaperColor)
	d.Text(4, 15, 16, preview.InkColor, preview.AnchorLeft, "魏蜀吴")
	dark := 0
	for y := 0; y < 30; y++ {
		for x := 0; x < 80; x++ {
			if r, _, _, _ := d.Image().At(x, y).RGBA(); r>>8 < 0x80 {
				dark++
			}
		}
	}
	if dark < 40 || preview.TextWidth(16, "魏蜀吴") < 40 {
		t.Errorf("the Chinese text drew %d dark pixels, width %.1f", dark, preview.TextWidth(16, "魏蜀吴"))
	}
	if s := preview.FitText(12, 30, "一二三四五六七八九十"); len([]rune(s)) >= 10 || preview.TextWidth(12, s) > 30 {
		t.Errorf("preview.FitText gave %q", s)
	}
	img := image.NewRGBA(image.Rect(0, 0, 10, 10))
	preview.CanvasOn(img).FillRect(0, 0, 10, 10, preview.Tint(preview.PlayerColor(2), 0.5))
	if !near(img.At(5, 5), preview.Tint(preview.PlayerColor(2), 0.5)) {
		t.Error("preview.CanvasOn")
	}
}
