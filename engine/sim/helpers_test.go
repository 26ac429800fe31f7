package sim_test

import (
	"testing"

	"github.com/shapan/shapan/engine/sim"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	mbgsim "github.com/shapan/shapan/engine/sim/mbg"
	planetssim "github.com/shapan/shapan/engine/sim/planets"
	"github.com/shapan/shapan/engine/sim/simtest"
	"github.com/shapan/shapan/formats"
	battlefmt "github.com/shapan/shapan/formats/battle"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// The runner's tests play the families' adapters: they are what it runs.

var (
	sampleDoc  = simtest.SampleDoc
	sharedDoc  = simtest.SharedDoc
	reportJSON = simtest.ReportJSON
)

const (
	changban    = simtest.Changban
	changbanCap = simtest.ChangbanCap
	m1Level     = simtest.M1Level
	m1Rules     = simtest.M1Rules
)

// sampleScenario reads samples/mbg/赤壁.yaml.
func sampleScenario(t testing.TB) *mbgfmt.Scenario {
	t.Helper()
	return sampleDoc(t, "mbg/赤壁.yaml").Value.(*mbgfmt.Scenario)
}

// sampleFamily is the adapter of samples/mbg/赤壁.yaml.
func sampleFamily(t testing.TB, turnCap int) *mbgsim.MBG {
	t.Helper()
	f, err := mbgsim.New(sampleScenario(t), mbgsim.Options{TurnCap: turnCap})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// xiaopei is samples/battle/小沛.yaml.
func xiaopei(t testing.TB) *battlefmt.Map {
	t.Helper()
	return sampleDoc(t, "battle/小沛.yaml").Value.(*battlefmt.Map)
}

// docFamily returns the adapter of an ftbt level (read with its rules)
// or a planets map with a turn cap.
func docFamily(t testing.TB, doc *formats.Document, turnCap int) sim.Family {
	t.Helper()
	var f sim.Family
	var err error
	switch v := doc.Value.(type) {
	case *ftbtfmt.Level:
		rules, _ := doc.Rules.(*ftbtfmt.Rules)
		f, err = ftbtsim.New(v, rules, ftbtsim.Options{TurnCap: turnCap})
	case *planetsfmt.Map:
		f, err = planetssim.New(v, planetssim.Options{RoundCap: turnCap})
	default:
		t.Fatalf("%s: a %s document has no adapter here", doc.Path, doc.Kind)
	}
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// planetsFamilies make the adapters of the planets maps the tests play,
// by name (the shared one skips without the shared folder).
var planetsFamilies = map[string]func(t testing.TB) sim.Family{
	"九州":         func(t testing.TB) sim.Family { return docFamily(t, sampleDoc(t, simtest.Jiuzhou), 0) },
	"fight_here": func(t testing.TB) sim.Family { return docFamily(t, sharedDoc(t, simtest.FightHere, ""), 0) },
}

// mbgFacts are the mbg facts of a report (nil for none).
func mbgFacts(r *sim.Report) *mbgsim.MBGFacts {
	f, _ := r.Facts.Section.(*mbgsim.MBGFacts)
	return f
}
