package battle

import "image/color"

// CellColor is the colour previews, the studio and exported Tiled
// tilesets draw a cell of the given code with; codes that are no map
// element are magenta.
func CellColor(code int) color.RGBA {
	switch code {
	case CodeSpace:
		return color.RGBA{0xe9, 0xe4, 0xc9, 0xff}
	case CodeMountain:
		return color.RGBA{0x8b, 0x77, 0x5a, 0xff}
	case CodeWater:
		return color.RGBA{0x5d, 0x9b, 0xd1, 0xff}
	case CodeFlag:
		return color.RGBA{0xf2, 0xc1, 0x2e, 0xff}
	case CodeBase:
		return color.RGBA{0x55, 0x55, 0x55, 0xff}
	case CodeCity1:
		return color.RGBA{0xb0, 0x86, 0x6a, 0xff}
	case CodeCity2:
		return color.RGBA{0x9c, 0x5f, 0x45, 0xff}
	case CodeCity3:
		return color.RGBA{0x7a, 0x3b, 0x2e, 0xff}
	}
	return color.RGBA{0xff, 0x00, 0xff, 0xff}
}
