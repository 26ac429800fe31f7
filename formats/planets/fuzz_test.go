package planets

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/internal/shared"
)

// legacySeeds returns the shared legacy maps (none when the shared folder
// is missing).
func legacySeeds() [][]byte {
	var out [][]byte
	if dir, ok := shared.Find(); ok {
		files, _ := filepath.Glob(filepath.Join(dir, "legacy/planets/*.yml"))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				out = append(out, b)
			}
		}
	}
	return out
}

// extraSeeds exercise YAML 1.1 corners: typing, quoting, anchors, merge
// keys, tags, odd grids.
var extraSeeds = []string{
	"name: yes\nversion: 010\nmax_round: 1_000\nstart_unit: 0x10\nmaintain_fee: 'False'\nstarts: [A, b]\nmap: |+\n  A.b\n\n\nplanets:\n  A:\n    def: 2\n    res: 1.0e+1\n    cos: ._5\n    max: 190:20:30\n  b: {def: 2., max: .inf}\nroutes:\n  - - A\n    - b\n    - 1:30.5\n",
	"base: &p {def: 1, res: 1, cos: 0, max: 10}\nplanets:\n  A: *p\n  B: {<<: *p, max: 20}\nstarts: [!!str 1, ~, 2012-01-02]\nmap: \"A  \\n B\"\nroutes: [[A, B, 2], [B, A, 3]]\n",
	"? [a]\n: 1\n",
	"planets: {1: {max: 1}, false: {}, 1.5: {}, ~: {}, 2001-12-14: {}}\nmap: >\n  A\n  B\n",
	"desc: !!float '1'\nauthor: !!int \"0b11\"\nname: !!bool YES\nx: !!null abc\n",
}

// roundTrip checks the property every accepted map must have: both writers
// accept it, their output reads back as the same model, and writing again
// gives the same bytes.
func roundTrip(t *testing.T, m *Map) {
	legacy, err := WriteLegacy(m)
	if err != nil {
		t.Fatalf("WriteLegacy refused what a reader accepted: %v", err)
	}
	back, _, err := ReadLegacy("rt.yml", legacy)
	if err != nil {
		t.Fatalf("our game file does not read back: %v\n%s", err, legacy)
	}
	if d := modeleq.Diff(m, back); d != "" {
		t.Fatalf("game file round trip changed %s\n%s", d, legacy)
	}
	y, err := Encode(m)
	if err != nil {
		t.Fatalf("Encode refused what a reader accepted: %v", err)
	}
	back, _, err = Decode("rt.yaml", y)
	if err != nil {
		t.Fatalf("our YAML does not read back: %v\n%s", err, y)
	}
	if d := modeleq.Diff(m, back); d != "" {
		t.Fatalf("YAML round trip changed %s\n%s", d, y)
	}
	fromLegacy, _, err := ReadLegacy("rt.yml", legacy)
	if err != nil {
		t.Fatal(err)
	}
	y2, err := Encode(fromLegacy)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(y, y2) {
		t.Fatalf("YAML → game file → YAML is not byte-identical:\n%s\n---\n%s", y, y2)
	}
}

// derive calls every loader fact; none may panic on an accepted map.
func derive(m *Map) {
	m.Tokens()
	m.MapSize()
	m.Positions()
	m.Cells()
	_, _ = m.StartIDs()
	_, _ = m.MaxSum()
	_, _ = m.DirectedRoutes()
	m.MaintainFeeOn()
	for _, k := range topKeys {
		m.Get(k)
	}
}

func FuzzReadLegacy(f *testing.F) {
	for _, b := range legacySeeds() {
		f.Add(b)
	}
	for _, s := range extraSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, sm, err := ReadLegacy("fuzz.yml", data)
		if err != nil {
			return
		}
		sm.Locate("map[0][0]")
		derive(m)
		roundTrip(t, m)
	})
}

func FuzzDecode(f *testing.F) {
	for _, b := range legacySeeds() {
		if m, _, err := ReadLegacy("seed.yml", b); err == nil {
			if y, err := Encode(m); err == nil {
				f.Add(y)
			}
		}
	}
	for _, s := range extraSeeds {
		f.Add([]byte("kind: planets/map\nformat: 1\n" + s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _, err := Decode("fuzz.yaml", data)
		if err != nil {
			return
		}
		derive(m)
		roundTrip(t, m)
	})
}
