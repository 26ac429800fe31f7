// Package simtest holds what the tests of the simulation runner and of
// its family adapters share: the documents they play and a report's
// JSON.
package simtest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/samples"
)

// The scenarios of the ftbt and planets tests. 长坂坡's computer players
// first meet in round 208 (the AI is deterministic; only the damage bonus
// is random), so its games are capped just after: short, yet with fights.
// m1's fights are over within 10 rounds.
const (
	Changban    = "ftbt/长坂坡.yaml"
	ChangbanCap = 215
	M1Level     = "ftbt/m1.map"
	M1Rules     = "ftbt/star.tech"
	M1Cap       = 20
	Jiuzhou     = "planets/九州.yaml"
	FightHere   = "planets/fight_here.yml"
)

// SampleDoc reads a document of the repository's samples (an ftbt level
// finds its rules beside it).
func SampleDoc(t testing.TB, name string) *formats.Document {
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

// SharedDoc reads a legacy file of the shared folder (skipping the test
// without it), with rules for an ftbt level ("" for none).
func SharedDoc(t testing.TB, name, rules string) *formats.Document {
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

// ReportJSON runs a simulation and returns its JSON report.
func ReportJSON(t testing.TB, f sim.Family, o sim.Options) []byte {
	t.Helper()
	r, err := sim.Run(context.Background(), f, o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
