package balance

import (
	"context"
	"strings"
	"testing"

	"github.com/shapan/shapan/family"
)

// TestRestrictedPlay: every tech of 长坂坡 is forbidden to each side in
// turn; a tech a side has nobody with changes nothing for it (the same
// seeds play the same games), the elements come most harmful first, and
// the report names what matters.
func TestRestrictedPlay(t *testing.T) {
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	r, err := Restrict(context.Background(), doc, RestrictOptions{Games: 4, Seed: 3, Jobs: 2, Kinds: []string{"tech"},
		Sim: family.SimOptions{TurnCap: 4}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Elements) < 5 || len(r.Baseline) != 2 {
		t.Fatalf("%d elements, %d sides", len(r.Elements), len(r.Baseline))
	}
	checked := false
	for i, e := range r.Elements {
		if i > 0 && e.Change < r.Elements[i-1].Change {
			t.Fatalf("element %d (%s, %+.2f) after one of %+.2f", i, e.Element, e.Change, r.Elements[i-1].Change)
		}
		if len(e.Rows) != 2 {
			t.Fatalf("%s: %d rows", e.Element, len(e.Rows))
		}
		if e.Element.Name == "火计" { // only 程昱 of side 1 has it
			if row := e.Rows[0]; row.Side != 0 || row.Restricted != row.Base || row.Change != 0 || row.Low > 0 || row.High < 0 {
				t.Fatalf("火计 forbidden to side 0, who has it not: %+v", row)
			}
			checked = true
		}
	}
	if !checked {
		t.Fatal("no row for 火计")
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "tech 火计") || !strings.Contains(b.String(), "Without restriction:") {
		t.Fatalf("%s", b.String())
	}
	if _, err := Restrict(context.Background(), doc, RestrictOptions{Games: 1, Kinds: []string{"planet"}}); err == nil {
		t.Fatal("a level measured for planets")
	}
}
