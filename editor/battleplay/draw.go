package battleplay

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// fillRect blends col over the rectangle (x0, y0)–(x1, y1) of img.
func fillRect(img *image.RGBA, x0, y0, x1, y1 float64, col color.Color) {
	r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1)))
	draw.Draw(img, r.Intersect(img.Bounds()), image.NewUniform(col), image.Point{}, draw.Over)
}

// frameRect draws the inside border of a rectangle, width thick.
func frameRect(img *image.RGBA, x0, y0, x1, y1, width float64, col color.Color) {
	fillRect(img, x0, y0, x1, y0+width, col)
	fillRect(img, x0, y1-width, x1, y1, col)
	fillRect(img, x0, y0+width, x0+width, y1-width, col)
	fillRect(img, x1-width, y0+width, x1, y1-width, col)
}
