package ftbt

import (
	"fmt"
	"image/color"
	"strings"
)

// ParseColor reads a colour written "#rrggbb".
func ParseColor(s string) (color.RGBA, bool) {
	var r, g, b uint8
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, false
	}
	if _, err := fmt.Sscanf(s[1:], "%02x%02x%02x", &r, &g, &b); err != nil {
		return color.RGBA{}, false
	}
	return color.RGBA{r, g, b, 0xff}, true
}

// FormatColor writes c as "#rrggbb".
func FormatColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// namedColors are the default colours of common terrain names.
var namedColors = []struct {
	words []string
	c     color.RGBA
}{
	{[]string{"平", "plain", "flat", "原"}, color.RGBA{0xd9, 0xd6, 0x9a, 0xff}},
	{[]string{"草", "grass", "野"}, color.RGBA{0x9b, 0xc8, 0x6a, 0xff}},
	{[]string{"森", "林", "forest", "wood", "tree"}, color.RGBA{0x3e, 0x7d, 0x3a, 0xff}},
	{[]string{"墙", "wall", "石", "rock", "山", "mountain", "岩"}, color.RGBA{0x80, 0x78, 0x70, 0xff}},
	{[]string{"城", "city", "town", "寨", "fort"}, color.RGBA{0xb5, 0x6b, 0x4a, 0xff}},
	{[]string{"水", "water", "河", "river", "湖", "lake", "海", "sea"}, color.RGBA{0x4f, 0x8f, 0xd0, 0xff}},
	{[]string{"沙", "sand", "漠", "desert"}, color.RGBA{0xe8, 0xcf, 0x8a, 0xff}},
	{[]string{"雪", "snow", "冰", "ice"}, color.RGBA{0xee, 0xf3, 0xf7, 0xff}},
	{[]string{"沼", "swamp", "marsh", "泥"}, color.RGBA{0x6f, 0x74, 0x4a, 0xff}},
	{[]string{"路", "road", "道", "桥", "bridge"}, color.RGBA{0xc9, 0xa8, 0x7c, 0xff}},
}

// fallbackColors colour terrains whose names say nothing, by id.
var fallbackColors = []color.RGBA{
	{0xc7, 0xb9, 0xe8, 0xff}, {0xf2, 0xb5, 0x8e, 0xff}, {0x9f, 0xd8, 0xd0, 0xff}, {0xe8, 0xa3, 0xc3, 0xff},
	{0xb8, 0xd4, 0x8f, 0xff}, {0xd6, 0xc2, 0x9c, 0xff}, {0x9a, 0xb3, 0xd9, 0xff}, {0xd9, 0x9a, 0x9a, 0xff},
}

// TerrainColor is the colour terrain id is drawn with: its own colour when
// set, else one chosen from its name, else one by id. Ids that are no
// terrain are magenta.
func (rs *Rules) TerrainColor(id int) color.RGBA {
	if rs == nil || id < 0 || id >= len(rs.Terrains) {
		if id >= 0 && rs == nil {
			return fallbackColors[id%len(fallbackColors)]
		}
		return color.RGBA{0xff, 0x00, 0xff, 0xff}
	}
	t := rs.Terrains[id]
	if c, ok := ParseColor(t.Color); ok {
		return c
	}
	name := strings.ToLower(t.Name)
	for _, nc := range namedColors {
		for _, w := range nc.words {
			if strings.Contains(name, w) {
				return nc.c
			}
		}
	}
	return fallbackColors[id%len(fallbackColors)]
}

// TerrainColors gives TerrainColor for drawing many cells: the colours of
// the rules' terrains are worked out once, not once per cell.
func (rs *Rules) TerrainColors() func(id int) color.RGBA {
	var known []color.RGBA
	if rs != nil {
		known = make([]color.RGBA, len(rs.Terrains))
		for i := range known {
			known[i] = rs.TerrainColor(i)
		}
	}
	return func(id int) color.RGBA {
		if id >= 0 && id < len(known) {
			return known[id]
		}
		return rs.TerrainColor(id)
	}
}
