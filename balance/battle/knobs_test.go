package battle_test

import (
	"bytes"
	"fmt"
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
