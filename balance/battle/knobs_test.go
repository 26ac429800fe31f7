package battle_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/shapan/shapan/balance"
	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/validate"
)

// TestAnExtraCityCanBeRemoved: an extra level-3 city beside player 2's
// base on 标准 makes player 1 win nearly every game, and at level 1 still
// two games in three: its being there is the unfairness. Its level knob
// reaches 0, which removes it — the document is then the sample again,
// and check accepts it; the knobs of the other cities may remove theirs
// too. (The knob used to stop at level 1: no proposal could remove it.)
func TestAnExtraCityCanBeRemoved(t *testing.T) {
	data, err := samples.Read("battle/标准.yaml")
	if err != nil {
		t.Fatal(err)
	}
	read := func() *formats.Document {
		doc, err := formats.ReadBytes("标准.yaml", data, formats.Options{From: formats.YAML, FS: samples.FS()})
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	doc := read()
	m := doc.Value.(*bfmt.Map)
	_, p2, ok := m.Sides()
	if !ok {
		t.Fatal("标准 has not two bases")
	}
	a := p2.Anchor()
	x, y := a.X-2, a.Y-2
	if m.Cells.At(m.Index(x, y)) != bfmt.CodeSpace {
		t.Fatalf("(%d, %d) beside player 2's base is no open ground", x, y)
	}
	m.Cells.Set(m.Index(x, y), bfmt.CodeCity3)
	knobs, err := balance.Knobs(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	var extra *balance.Knob
	for i, k := range knobs {
		if strings.HasPrefix(k.ID, "base/") {
			continue
		}
		if k.Min != 0 || k.Max != 3 {
			t.Errorf("%s ranges %v–%v, want 0 (no city) to 3", k.ID, k.Min, k.Max)
		}
		if k.Get(doc.Value) == 3 && k.Path == fmt.Sprintf("grid[%d][%d]", y, x) {
			extra = &knobs[i]
		}
	}
	if extra == nil {
		t.Fatalf("no knob for the city at (%d, %d) in %d knobs", x, y, len(knobs))
	}
	if extra.Side != 1 {
		t.Errorf("%s belongs to side %d, want player 2's (1)", extra.ID, extra.Side)
	}
	if err := balance.Apply(doc, []balance.Edit{{Knob: extra.ID, From: 3, To: 0}}); err != nil {
		t.Fatal(err)
	}
	if l := validate.Check(doc); l.HasErrors() {
		t.Fatalf("the map without the city does not pass check: %v", l)
	}
	got, err := formats.Encode(doc, formats.YAML)
	if err != nil {
		t.Fatal(err)
	}
	want, err := formats.Encode(read(), formats.YAML)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s → 0 does not give the sample back:\n%s", extra.ID, got)
	}
}

// TestABaseMovesTowardTheCentre: a battle map's one per-side number finer
// than a city's level is where a base stands. base/1 and base/2 move
// player 1's and player 2's base along the diagonal toward the map's
// centre (positive) or away from it, by whole cells onto open ground; the
// edit reads as the base's cells, check accepts the map, and moving it
// back gives the sample again. (Before, a battle map's only knobs were
// its cities' levels, which move a game by 30 to 50 points a level.)
func TestABaseMovesTowardTheCentre(t *testing.T) {
	data, err := samples.Read("battle/标准.yaml")
	if err != nil {
		t.Fatal(err)
	}
	read := func() *formats.Document {
		doc, err := formats.ReadBytes("标准.yaml", data, formats.Options{From: formats.YAML, FS: samples.FS()})
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	doc := read()
	knobs, err := balance.Knobs(doc, "base/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(knobs) != 2 {
		t.Fatalf("%d base knobs, want 2", len(knobs))
	}
	// on the 80×60 map: away from the centre to the map's edge (6 cells),
	// toward it half the way to the centre (12 and 11 cells; a quarter of
	// the shorter side, 15, at most) — it was 4 cells either way
	want := []struct {
		id, at, to string
		side       int
		lo, hi     float64
	}{{"base/1", "(6,6)", "(8,8)", 0, -6, 12}, {"base/2", "(73,53)", "(71,51)", 1, -6, 11}}
	for i, k := range knobs {
		w := want[i]
		if k.ID != w.id || k.Side != w.side || k.Grid != 1 || k.Min != w.lo || k.Max != w.hi || k.Get(doc.Value) != 0 {
			t.Errorf("%s: side %d, grid %v, %v–%v, at %v; want %s of side %d, grid 1, %v–%v, at 0", k.ID, k.Side, k.Grid, k.Min, k.Max, k.Get(doc.Value), w.id, w.side, w.lo, w.hi)
		}
		if got := k.Label(0); got != w.at {
			t.Errorf("%s at 0 reads %s, want %s", k.ID, got, w.at)
		}
		if got := k.Label(2); got != w.to {
			t.Errorf("%s at 2 reads %s, want %s", k.ID, got, w.to)
		}
	}
	all, err := balance.Knobs(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(all); n != 8+2 {
		t.Errorf("the default set has %d knobs, want the 8 cities' levels and the 2 bases", n)
	}
	if err := balance.Apply(doc, []balance.Edit{{Knob: "base/1", From: 0, To: 2}, {Knob: "base/2", From: 0, To: -3}}); err != nil {
		t.Fatal(err)
	}
	m := doc.Value.(*bfmt.Map)
	p1, p2, ok := m.Sides()
	if !ok || p1.Anchor() != (bfmt.Point{X: 8, Y: 8}) || p2.Anchor() != (bfmt.Point{X: 76, Y: 56}) {
		t.Fatalf("the bases stand at %v and %v, want (8,8) and (76,56)", p1.Anchor(), p2.Anchor())
	}
	if m.Cells.At(m.Index(6, 6)) != bfmt.CodeSpace || m.Cells.At(m.Index(73, 53)) != bfmt.CodeSpace {
		t.Error("a moved base left its cell behind")
	}
	if l := validate.Check(doc); l.HasErrors() {
		t.Fatalf("the map with its bases moved does not pass check: %v", l)
	}
	knobs, _ = balance.Knobs(read(), "base/*")
	if got := knobs[1].Get(doc.Value); got != -3 {
		t.Errorf("base/2 reads %v on the map it moved, want −3", got)
	}
	for _, k := range knobs { // the sample's knobs, set on the map moved
		k.Set(doc.Value, 0)
	}
	got, _ := formats.Encode(doc, formats.YAML)
	back, _ := formats.Encode(read(), formats.YAML)
	if !bytes.Equal(got, back) {
		t.Error("moving the bases back does not give the sample again")
	}
}
