package planets

import (
	"testing"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/engine/sim/simtest"
	"github.com/shapan/shapan/formats"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// docFamily returns the adapter of a planets map with a round cap.
func docFamily(t testing.TB, doc *formats.Document, roundCap int) sim.Family {
	t.Helper()
	f, err := New(doc.Value.(*planetsfmt.Map), Options{RoundCap: roundCap})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// planetsFamilies make the adapters of the tests' maps, by name (the
// shared one skips without the shared folder).
var planetsFamilies = map[string]func(t testing.TB) sim.Family{
	"九州":         func(t testing.TB) sim.Family { return docFamily(t, simtest.SampleDoc(t, simtest.Jiuzhou), 0) },
	"fight_here": func(t testing.TB) sim.Family { return docFamily(t, simtest.SharedDoc(t, simtest.FightHere, ""), 0) },
}
