package ftbt

import (
	"testing"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/engine/sim/simtest"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// docFamily returns the adapter of an ftbt level, read with its rules,
// with a turn cap.
func docFamily(t testing.TB, doc *formats.Document, turnCap int) sim.Family {
	t.Helper()
	rules, _ := doc.Rules.(*ftbtfmt.Rules)
	f, err := New(doc.Value.(*ftbtfmt.Level), rules, Options{TurnCap: turnCap})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// ftbtFamilies make the adapters of the tests' levels, by name (the
// shared one skips without the shared folder).
var ftbtFamilies = map[string]func(t testing.TB) sim.Family{
	"长坂坡": func(t testing.TB) sim.Family {
		return docFamily(t, simtest.SampleDoc(t, simtest.Changban), simtest.ChangbanCap)
	},
	"m1": func(t testing.TB) sim.Family {
		return docFamily(t, simtest.SharedDoc(t, simtest.M1Level, simtest.M1Rules), simtest.M1Cap)
	},
}
