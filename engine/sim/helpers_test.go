package sim

import (
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/samples"
)

// sampleDoc reads a document of the repository's samples (an ftbt level
// finds its rules beside it).
func sampleDoc(t testing.TB, name string) *formats.Document {
	t.Helper()
	src, err := samples.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// sharedDoc reads a legacy file of the shared folder (skipping the test
// without it), with rules for an ftbt level ("" for none).
func sharedDoc(t testing.TB, name, rules string) *formats.Document {
	t.Helper()
	dir := shared.Dir(t)
	o := formats.Options{}
	if rules != "" {
		o.RulesPath = filepath.Join(dir, "legacy", rules)
	}
	doc, err := formats.Read(filepath.Join(dir, "legacy", name), o)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// docFamily returns the adapter of an ftbt level (read with its rules)
// or a planets map with a turn cap.
func docFamily(t testing.TB, doc *formats.Document, turnCap int) Family {
	t.Helper()
	var f Family
	var err error
	switch v := doc.Value.(type) {
	case *ftbtfmt.Level:
		rules, _ := doc.Rules.(*ftbtfmt.Rules)
		f, err = NewFTBT(v, rules, FTBTOptions{TurnCap: turnCap})
	case *planetsfmt.Map:
		f, err = NewPlanets(v, PlanetsOptions{RoundCap: turnCap})
	default:
		t.Fatalf("%s: a %s document has no adapter here", doc.Path, doc.Kind)
	}
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The scenarios of the ftbt and planets tests. 长坂坡's computer players
// first meet in round 208 (the AI is deterministic; only the damage bonus
// is random), so its games are capped just after: short, yet with fights.
// m1's fights are over within 10 rounds.
const (
	changban    = "ftbt/长坂坡.yaml"
	changbanCap = 215
	m1Level     = "ftbt/m1.map"
	m1Rules     = "ftbt/star.tech"
	m1Cap       = 20
	jiuzhou     = "planets/九州.yaml"
	fightHere   = "planets/fight_here.yml"
)

// ftbtFamilies and planetsFamilies make the adapters of the tests'
// scenarios, by name (the shared ones skip without the shared folder).
var (
	ftbtFamilies = map[string]func(t testing.TB) Family{
		"长坂坡": func(t testing.TB) Family { return docFamily(t, sampleDoc(t, changban), changbanCap) },
		"m1":  func(t testing.TB) Family { return docFamily(t, sharedDoc(t, m1Level, m1Rules), m1Cap) },
	}
	planetsFamilies = map[string]func(t testing.TB) Family{
		"九州":         func(t testing.TB) Family { return docFamily(t, sampleDoc(t, jiuzhou), 0) },
		"fight_here": func(t testing.TB) Family { return docFamily(t, sharedDoc(t, fightHere, ""), 0) },
	}
)
