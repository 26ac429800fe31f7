package battle

import (
	"flag"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/samples"
)

var updateSample = flag.Bool("update-sample", false, "regenerate the sample map samples/battle/赤壁.yaml and its .grid export")

// sampleDir holds the battle samples, relative to this package.
var sampleDir = filepath.Join("..", "..", "samples", "battle")

// TestSampleGenerator writes the sample with -update-sample; otherwise it
// only checks that the generator still makes a map with the properties the
// sample promises (the sample itself may since have been edited by hand).
func TestSampleGenerator(t *testing.T) {
	m := chibi()
	checkDesignedMap(t, m)
	if !*updateSample {
		return
	}
	y, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	y = yamlx.RebaseSchema(y, samples.SchemaLink) // the samples name the repository's schemas
	g, err := WriteGrid(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(sampleDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"赤壁.yaml": y, "赤壁.grid": g} {
		if err := os.WriteFile(filepath.Join(sampleDir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkDesignedMap checks what a playable, fair map needs (spec/battle.md):
// two bases, the standard flag zone, cities of every level that can be
// attacked, bases that reach each other and the flag zone, and the 180°
// symmetry.
func checkDesignedMap(t *testing.T, m *Map) {
	t.Helper()
	if m.W != 80 || m.H != 60 {
		t.Errorf("size %d×%d, want 80×60", m.W, m.H)
	}
	for i, c := range m.Cells.All() {
		if !IsElement(c) {
			t.Fatalf("cell %v holds %d, which is no element", m.PointOf(i), c)
		}
	}
	p1, p2, ok := m.Sides()
	if !ok {
		t.Fatalf("want two bases, found %d", len(m.Bases()))
	}
	if z := m.FlagZone(); !z.Centred {
		t.Errorf("flag zone not the centred 3×3 square: %+v", z)
	}
	if d := m.Rotation180Diffs(5); len(d) > 0 {
		t.Errorf("not rotation-symmetric: %v", d)
	}
	if s, ok := m.FairSymmetry(); !ok || s != Rotation180 {
		t.Errorf("FairSymmetry = %v, %v", s, ok)
	}
	dist := m.Distances(p1.Cells...)
	if d := dist[p2.Cells[0].Y*m.W+p2.Cells[0].X]; d < 0 {
		t.Error("player 1 cannot reach player 2")
	}
	for _, base := range []Base{p1, p2} {
		d := m.Distances(base.Cells...)
		c := m.FlagZone().Centre
		if d[c.Y*m.W+c.X] < 0 {
			t.Errorf("base at %v cannot reach the flag zone", base.Anchor())
		}
	}
	levels := map[int]int{}
	for _, c := range m.Cities() {
		levels[c.Level]++
		attackable := false
		for y := c.Y - HeroAttackRange; y <= c.Y+HeroAttackRange; y++ {
			for x := c.X - HeroAttackRange; x <= c.X+HeroAttackRange; x++ {
				if m.In(x, y) && dist[y*m.W+x] >= 0 && Passable(m.At(x, y)) {
					attackable = true
				}
			}
		}
		if !attackable {
			t.Errorf("city at %v cannot be attacked from any reachable cell", c.Point)
		}
	}
	for lv := 1; lv <= 3; lv++ {
		if levels[lv] == 0 {
			t.Errorf("no city of level %d", lv)
		}
	}
}

// chibi builds the sample map 赤壁 (80×60): the Yangtze flowing east
// across the map in a wide S, with an island in the middle that holds the
// dragon-flag zone, the Han river joining from the north (and, by the
// map's 180° symmetry, a second tributary from the south), the red cliffs
// on the south bank, ridges, hills, and twelve cities. Every feature is
// placed together with its rotated image, so the map is rotation-symmetric
// by construction.
func chibi() *Map {
	const w, h = 80, 60
	m := New(w, h)
	set := func(x, y, code int) {
		m.Set(x, y, code)
		m.Set(w-1-x, h-1-y, code)
	}
	// The Yangtze: centre line yc(x), odd about the map centre.
	yc := func(x int) float64 {
		return 29.5 - 8*math.Sin(2*math.Pi*(float64(x)-39.5)/80)
	}
	for x := 0; x < w/2; x++ {
		for y := 0; y < h; y++ {
			if math.Abs(float64(y)-yc(x)) <= 1.7 {
				set(x, y, CodeWater)
			}
		}
	}
	// The Han river joins from the north at x ≈ 57.
	for y := 0; float64(y) < yc(57); y++ {
		xt := 57 + 2*math.Sin(float64(y)/4)
		for x := 50; x < 65; x++ {
			if math.Abs(float64(x)-xt) <= 1.0 {
				set(x, y, CodeWater)
			}
		}
	}
	// Ridges: polylines of mountain cells.
	ridge := func(thick float64, pts ...Point) {
		for k := 0; k+1 < len(pts); k++ {
			a, b := pts[k], pts[k+1]
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if segDist(x, y, a, b) <= thick && m.At(x, y) == CodeSpace {
						set(x, y, CodeMountain)
					}
				}
			}
		}
	}
	// The red cliffs 赤壁 on the south bank, west of the island.
	for x := 24; x <= 33; x++ {
		for y := 0; y < h; y++ {
			if d := float64(y) - yc(x); d >= 2.6 && d <= 4.2 && m.At(x, y) == CodeSpace {
				set(x, y, CodeMountain)
			}
		}
	}
	ridge(0.8, Point{20, 0}, Point{23, 5}, Point{21, 9})
	ridge(0.9, Point{33, 2}, Point{37, 7}, Point{36, 10})
	ridge(0.9, Point{37, 13}, Point{41, 18})
	ridge(0.8, Point{0, 23}, Point{6, 21}, Point{11, 24})
	ridge(0.7, Point{64, 2}, Point{70, 5})
	ridge(0.7, Point{46, 1}, Point{49, 4})
	// The island: a moat around an 8×8 island in the middle of the river.
	for y := 24; y <= 35; y++ {
		for x := 34; x <= 45; x++ {
			d := max(math.Abs(float64(x)-39.5), math.Abs(float64(y)-29.5))
			switch {
			case d <= 3.5:
				m.Set(x, y, CodeSpace)
			case d == 4.5:
				m.Set(x, y, CodeWater)
			}
		}
	}
	// Fords: the island's two, one over the Yangtze on each side, one over
	// each tributary.
	set(39, 25, CodeSpace)
	set(40, 25, CodeSpace)
	for y := 0; y < h; y++ {
		for _, x := range []int{12, 13} {
			if m.At(x, y) == CodeWater {
				set(x, y, CodeSpace)
			}
		}
	}
	for x := 50; x < 65; x++ {
		for _, y := range []int{9, 10} {
			if m.At(x, y) == CodeWater {
				set(x, y, CodeSpace)
			}
		}
	}
	// Cities, bases and the flag zone keep a ring of space around them.
	clear := func(p Point, r int) {
		for y := p.Y - r; y <= p.Y+r; y++ {
			for x := p.X - r; x <= p.X+r; x++ {
				if m.In(x, y) && m.At(x, y) == CodeMountain {
					set(x, y, CodeSpace)
				}
			}
		}
	}
	cities := []struct {
		p    Point
		code int
	}{
		{Point{17, 5}, CodeCity1}, {Point{5, 18}, CodeCity1}, {Point{26, 16}, CodeCity1},
		{Point{44, 8}, CodeCity2}, {Point{30, 28}, CodeCity2},
		{Point{71, 12}, CodeCity3},
	}
	// Hills: small random clusters, away from everything that matters.
	rng := rand.New(rand.NewSource(208))
	keep := []Point{{6, 6}, {39, 25}, {12, 36}, {57, 9}}
	for _, c := range cities {
		keep = append(keep, c.p)
	}
	for placed := 0; placed < 18; {
		p := Point{rng.Intn(w), rng.Intn(h)}
		near := false
		for _, k := range keep {
			img := Point{w - 1 - k.X, h - 1 - k.Y}
			if Chebyshev(p, k) < 5 || Chebyshev(p, img) < 5 {
				near = true
			}
		}
		if near || Chebyshev(p, Point{40, 30}) < 8 {
			continue
		}
		placed++
		for k := 0; k < 2+rng.Intn(4); k++ {
			q := Point{p.X + rng.Intn(3) - 1, p.Y + rng.Intn(3) - 1}
			if m.At(q.X, q.Y) == CodeSpace {
				set(q.X, q.Y, CodeMountain)
			}
		}
	}
	for _, c := range cities {
		clear(c.p, 1)
		set(c.p.X, c.p.Y, c.code)
	}
	clear(Point{6, 6}, 2)
	set(6, 6, CodeBase)
	for y := 29; y <= 31; y++ {
		for x := 39; x <= 41; x++ {
			m.Set(x, y, CodeFlag)
		}
	}
	return m
}

// segDist returns the distance from cell (x, y) to the segment a–b.
func segDist(x, y int, a, b Point) float64 {
	px, py := float64(x), float64(y)
	ax, ay, bx, by := float64(a.X), float64(a.Y), float64(b.X), float64(b.Y)
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = max(0, min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	return math.Hypot(px-(ax+t*dx), py-(ay+t*dy))
}
