package battle

// NewStandard returns a template for a new w×h map (the studio's "new
// battle map"; the seed's maps are 80×60): space everywhere, the 3×3 flag
// zone centred on (W/2, H/2), player 1's base near the top-left corner and
// player 2's near the bottom-right one, and, on maps of at least 20×20, a
// pair of cities of each level plus one more pair of level 1 near the
// bases. Apart from the flag zone (see SymmetryDiffs) the layout is
// symmetric under the 180° rotation. Sizes below 1 are raised to 1; on very
// small maps the parts that do not fit overlap, the bases winning.
func NewStandard(w, h int) *Map {
	m := New(w, h)
	w, h = m.W, m.H
	pair := func(x, y, code int) {
		m.Set(x, y, code)
		m.Set(w-1-x, h-1-y, code)
	}
	if w >= 20 && h >= 20 {
		pair(w*5/20, h*2/20, CodeCity1)
		pair(w*2/20, h*6/20, CodeCity1)
		pair(w*14/20, h*3/20, CodeCity2)
		pair(w*6/20, h*10/20, CodeCity3)
	}
	cx, cy := w/2, h/2
	for y := cy - 1; y <= cy+1; y++ {
		for x := cx - 1; x <= cx+1; x++ {
			m.Set(x, y, CodeFlag)
		}
	}
	d := min(w, h) / 10
	pair(d, d, CodeBase)
	return m
}
