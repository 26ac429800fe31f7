package battle

import (
	"github.com/shapan/shapan/formats/cells"
	"reflect"
	"strings"
	"testing"
)

// pic builds a map from rows of standard symbols ('7' stands for code 7).
func pic(t *testing.T, rows ...string) *Map {
	t.Helper()
	codes := table(append(StandardLegend(), LegendEntry{'7', 7}))
	m := New(len(rows[0]), len(rows))
	for y, row := range rows {
		if len(row) != m.W {
			t.Fatalf("row %d has %d symbols", y, len(row))
		}
		for x, r := range row {
			c, ok := codes.Value(r)
			if !ok {
				t.Fatalf("symbol %q", r)
			}
			m.Set(x, y, c)
		}
	}
	return m
}

func TestElements(t *testing.T) {
	if got := strings.Join(ElementNames(), " "); got != "space mountain water flag base city1 city2 city3" {
		t.Errorf("names %s", got)
	}
	for _, e := range Elements {
		if byCode, ok := ElementByCode(e.Code); !ok || byCode != e {
			t.Errorf("ElementByCode(%d)", e.Code)
		}
		if byName, ok := ElementByName(e.Name); !ok || byName != e {
			t.Errorf("ElementByName(%s)", e.Name)
		}
		if Passable(e.Code) != e.Passable {
			t.Errorf("Passable(%d)", e.Code)
		}
	}
	for _, c := range []int{4, 6, UnitArchers, UnitShields, 53, -1} {
		if IsElement(c) || Passable(c) || CityLevel(c) != 0 {
			t.Errorf("code %d taken for an element", c)
		}
	}
	if CityLevel(CodeCity1) != 1 || CityLevel(CodeCity3) != 3 || CityLevels[2].Range != 4 || CityLevels[3].Reward != 400 {
		t.Error("city levels")
	}
}

func TestAtAndSet(t *testing.T) {
	m := New(3, 2)
	if !m.Set(2, 1, CodeWater) || m.At(2, 1) != CodeWater || m.Cells.At(5) != CodeWater {
		t.Error("Set/At")
	}
	for _, p := range []Point{{-1, 0}, {3, 0}, {0, 2}, {0, -1}} {
		if m.In(p.X, p.Y) || m.At(p.X, p.Y) != NoCell || m.Set(p.X, p.Y, 1) {
			t.Errorf("%v counted as inside", p)
		}
	}
	if New(0, -5).W != 1 {
		t.Error("New does not raise sizes to 1")
	}
	broken := &Map{W: 3, H: 3, Cells: cells.Make(4)}
	if broken.In(2, 2) || broken.At(2, 2) != NoCell {
		t.Error("a cell beyond Cells was inside")
	}
}

func TestCities(t *testing.T) {
	m := pic(t,
		"S..M",
		".L.S",
	)
	want := []City{
		{Point{0, 0}, CodeCity1, 1},
		{Point{3, 0}, CodeCity2, 2},
		{Point{1, 1}, CodeCity3, 3},
		{Point{3, 1}, CodeCity1, 1},
	}
	if got := m.Cities(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v", got)
	}
}

func TestBases(t *testing.T) {
	m := pic(t,
		"B.....",
		".B..BB",
		"......",
		"B....B",
	)
	got := m.Bases()
	want := []Base{
		{[]Point{{0, 0}, {1, 1}}}, // diagonal neighbours are one base
		{[]Point{{4, 1}, {5, 1}}},
		{[]Point{{0, 3}}},
		{[]Point{{5, 3}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v", got)
	}
	if _, _, ok := m.Sides(); ok {
		t.Error("Sides accepted four bases")
	}
	// A ring-shaped base is one base, listed in row-major order.
	ring := pic(t,
		"BBB",
		"B.B",
		"BBB",
	)
	if b := ring.Bases(); len(b) != 1 || len(b[0].Cells) != 8 || b[0].Cells[3] != (Point{0, 1}) {
		t.Errorf("ring: %v", b)
	}
	if b := pic(t, "...").Bases(); b != nil {
		t.Errorf("no bases: %v", b)
	}
}

func TestSides(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rows   []string
		p1, p2 Point // anchors
	}{
		{"corners", []string{
			"B....",
			".....",
			"....B",
		}, Point{0, 0}, Point{4, 2}},
		{"player 1 listed second", []string{
			"....B",
			".....",
			".B...",
		}, Point{1, 2}, Point{4, 0}}, // distances 2 and 4
		{"equal distance: smaller y", []string{
			"...B.",
			".....",
			".....",
			"B....",
		}, Point{3, 0}, Point{0, 3}},
		{"equal distance and y: smaller x", []string{
			".....",
			".....",
			"B.B..",
		}, Point{0, 2}, Point{2, 2}},
		{"anchor of a bigger base", []string{
			"....BB",
			"...B..",
			"......",
			"..B...",
		}, Point{3, 1}, Point{2, 3}}, // (3, 1) at distance 3, (2, 3) at 3: smaller y
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := pic(t, tc.rows...)
			p1, p2, ok := m.Sides()
			if !ok || p1.Anchor() != tc.p1 || p2.Anchor() != tc.p2 {
				t.Errorf("got %v (anchor %v), %v (anchor %v), %v", p1, p1.Anchor(), p2, p2.Anchor(), ok)
			}
		})
	}
}

func TestFlagZone(t *testing.T) {
	centred := NewStandard(9, 7)
	z := centred.FlagZone()
	if !z.Square || !z.Centred || z.Centre != (Point{4, 3}) || z.Want != (Point{4, 3}) || len(z.Cells) != 9 {
		t.Errorf("centred: %+v", z)
	}
	off := pic(t,
		".......",
		"FFF....",
		"FFF....",
		"FFF....",
		".......",
	)
	z = off.FlagZone()
	if !z.Square || z.Centred || z.Centre != (Point{1, 2}) || z.Want != (Point{3, 2}) {
		t.Errorf("off centre: %+v", z)
	}
	for name, rows := range map[string][]string{
		"eight": {
			"FFF.",
			"FFF.",
			"FF..",
		},
		"nine, not a square": {
			"FFFF",
			"FFF.",
			"FF..",
		},
		"3x3 with a hole and a stray": {
			"FFF.",
			"F.F.",
			"FFF.",
			"...F",
		},
		"line of nine": {"FFFFFFFFF"},
		"none":         {"...."},
	} {
		z := pic(t, rows...).FlagZone()
		if z.Square || z.Centred {
			t.Errorf("%s: %+v", name, z)
		}
	}
	// The 80×60 zone of the seed: x 39–41, y 29–31.
	z = NewStandard(80, 60).FlagZone()
	if !z.Centred || z.Cells[0] != (Point{39, 29}) || z.Cells[8] != (Point{41, 31}) {
		t.Errorf("80×60: %+v", z)
	}
}

func TestSymmetry(t *testing.T) {
	sym := pic(t,
		"B.^..",
		"..F.~",
		"~.F..",
		"..^.B",
	)
	if d := sym.Rotation180Diffs(0); len(d) != 0 {
		t.Errorf("symmetric map reported: %v", d)
	}
	if s, ok := sym.FairSymmetry(); !ok || s != Rotation180 || !sym.SwapsBases(Rotation180) {
		t.Errorf("FairSymmetry = %v %v", s, ok)
	}
	asym := pic(t,
		"B.^..",
		"..7.~",
		"~~...",
		"..M.B",
	)
	all := []CellPair{
		{Point{2, 0}, Point{2, 3}, CodeMountain, CodeCity2},
		{Point{2, 1}, Point{2, 2}, 7, CodeSpace},
		{Point{3, 1}, Point{1, 2}, CodeSpace, CodeWater},
	}
	if got := asym.Rotation180Diffs(0); !reflect.DeepEqual(got, all) {
		t.Errorf("diffs %v", got)
	}
	if got := asym.Rotation180Diffs(2); !reflect.DeepEqual(got, all[:2]) {
		t.Errorf("first two diffs %v", got)
	}
	if _, ok := asym.FairSymmetry(); ok {
		t.Error("asymmetric map called fair")
	}
	// A left-right mirror that swaps the bases is fair too.
	mirror := pic(t,
		"B..^..B",
		".~...~.",
		".......",
	)
	if len(mirror.Rotation180Diffs(0)) == 0 {
		t.Error("mirror map is not rotation-symmetric")
	}
	if s, ok := mirror.FairSymmetry(); !ok || s != MirrorLeftRight {
		t.Errorf("mirror: %v %v", s, ok)
	}
	// A top-bottom mirror that keeps each base on its own half is not fair.
	same := pic(t,
		"B...",
		"....",
		"B...",
	)
	if same.SwapsBases(MirrorTopBottom) != true {
		t.Error("top-bottom mirror should swap (0,0) and (0,2)")
	}
	keep := pic(t,
		"B..B",
		"....",
		"B..B",
	)
	if _, ok := keep.FairSymmetry(); !ok {
		// Four bases: only the cells are compared.
		t.Error("four symmetric bases")
	}
	notSwapped := pic(t,
		"BB..",
		"....",
		"BB..",
	)
	if notSwapped.SwapsBases(MirrorLeftRight) {
		t.Error("left-right mirror does not map these bases onto each other")
	}
	if Rotation180.Image(80, 60, Point{0, 0}) != (Point{79, 59}) || MirrorTopBottom.Image(80, 60, Point{3, 0}) != (Point{3, 59}) {
		t.Error("Image")
	}
	for _, s := range Symmetries {
		if s.String() == "unknown symmetry" {
			t.Error(s)
		}
	}
}

// TestFlagZoneIsExemptFromSymmetry: on an even-sized map the centred zone
// cannot be symmetric; only the flag cells differ, and they are ignored.
func TestFlagZoneIsExemptFromSymmetry(t *testing.T) {
	m := NewStandard(80, 60)
	if d := m.Rotation180Diffs(0); len(d) != 0 {
		t.Errorf("diffs %v", d)
	}
	m.Set(42, 30, CodeMountain) // beside the zone, breaking the symmetry
	if d := m.Rotation180Diffs(0); len(d) != 1 || d[0].A != (Point{37, 29}) || d[0].B != (Point{42, 30}) {
		t.Errorf("diffs %v", d)
	}
}

func TestDistances(t *testing.T) {
	m := pic(t,
		"B^.",
		"^.^",
		"~^B",
	)
	d := m.Distances(Point{0, 0})
	// Diagonal steps between two obstacles are allowed.
	if want := []int32{0, -1, 2, -1, 1, -1, -1, -1, 2}; !reflect.DeepEqual(d, want) {
		t.Errorf("got %v", d)
	}
	// Start cells count even when they are obstacles; outside ones are
	// ignored.
	if d := m.Distances(Point{1, 0}, Point{9, 9}); d[1] != 0 || d[4] != 1 {
		t.Errorf("got %v", d)
	}
	if Chebyshev(Point{1, 5}, Point{4, 3}) != 3 {
		t.Error("Chebyshev")
	}
}

func TestNewStandard(t *testing.T) {
	for w := 1; w <= 100; w += 3 {
		for _, h := range []int{1, 2, 5, 19, 20, 33, 60, 101} {
			m := NewStandard(w, h)
			if m.W != w || m.H != h || m.Cells.Len() != w*h {
				t.Fatalf("%d×%d: got %d×%d", w, h, m.W, m.H)
			}
			if w < 20 || h < 20 {
				continue
			}
			p1, p2, ok := m.Sides()
			if !ok || len(p1.Cells) != 1 || len(p2.Cells) != 1 {
				t.Errorf("%d×%d: bases %v", w, h, m.Bases())
			}
			if !m.FlagZone().Centred {
				t.Errorf("%d×%d: flag zone %+v", w, h, m.FlagZone())
			}
			if s, ok := m.FairSymmetry(); !ok || s != Rotation180 {
				t.Errorf("%d×%d: not fair: %v", w, h, m.Rotation180Diffs(3))
			}
			levels := map[int]int{}
			for _, c := range m.Cities() {
				levels[c.Level]++
			}
			if levels[1] != 4 || levels[2] != 2 || levels[3] != 2 {
				t.Errorf("%d×%d: cities %v", w, h, m.Cities())
			}
		}
	}
	m := NewStandard(80, 60)
	p1, p2, _ := m.Sides()
	if p1.Anchor() != (Point{6, 6}) || p2.Anchor() != (Point{73, 53}) {
		t.Errorf("80×60 bases %v %v", p1, p2)
	}
	if NewStandard(-4, 0).W != 1 {
		t.Error("sizes below 1")
	}
}
