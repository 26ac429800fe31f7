package planets

import (
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/formats"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/samples"
)

// legacyMap loads a map of the shared folder (skipping without it).
func legacyMap(t testing.TB, name string) *pfmt.Map {
	t.Helper()
	doc, err := formats.Read(filepath.Join(shared.Dir(t), "legacy", "planets", name), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc.Value.(*pfmt.Map)
}

// tinyYAML is a small map of the engine's own tests: two bases with an
// integer def (A grows with res 1.1), a resource planet between them and
// an outpost reached from it only.
const tinyYAML = `name: tiny
desc: a small map for the engine's tests
author: shapan tests
max_round: 100
max_player: 2
starts: [A, B]
map: |
  A.C.B
  ..D..
planets:
  A: {def: 2, res: 1.1, cos: 10, max: 1000}
  B: {def: 2, res: 1, cos: 10, max: 1000}
  C: {def: 0.5, res: 1.5, cos: 0, max: 300}
  D: {def: 1.2, res: 1, cos: 5, max: 100}
routes:
  - [A, C, 1]
  - [B, C, 1]
  - [A, B, 2]
  - [C, D, 2]
`

// tinyMap returns the tiny map (ids A 0, B 1, C 2, D 3).
func tinyMap(t testing.TB) *pfmt.Map {
	t.Helper()
	m, _, err := pfmt.ReadLegacy("tiny.yml", []byte(tinyYAML))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// sampleMap returns Shapan's own sample map 九州 (four players, the
// maintenance fee on).
func sampleMap(t testing.TB) *pfmt.Map {
	t.Helper()
	src, err := samples.Read("planets/九州.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("九州.yaml", src, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc.Value.(*pfmt.Map)
}

// legacyMaps lists the shared legacy maps.
var legacyMaps = []string{"fight_here.yml", "oneline.yml", "star.yml", "test.yml", "ut_test.yml"}
