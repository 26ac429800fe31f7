package mbg

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/internal/modeleq"
	"github.com/shapan/shapan/internal/shared"
)

// addSeeds adds the shared legacy files matching pattern (when the shared
// folder exists) and the given extra inputs to the fuzz corpus.
func addSeeds(f *testing.F, pattern string, extra ...string) {
	if dir, ok := shared.Find(); ok {
		files, _ := filepath.Glob(filepath.Join(dir, pattern))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	for _, e := range extra {
		f.Add([]byte(e))
	}
}

// scenarioRoundTrip checks the property every accepted scenario must have:
// both writers accept it and their output reads back equal.
func scenarioRoundTrip(t *testing.T, s *Scenario) {
	legacy, err := WriteMap(s)
	if err == nil {
		back, _, err := ReadMap("rt.map", legacy)
		if err != nil {
			t.Fatalf("our .map does not read back: %v\n%s", err, legacy)
		}
		if d := modeleq.Diff(s, back); d != "" {
			t.Fatalf(".map round trip changed %s", d)
		}
	}
	y, err := EncodeScenario(s)
	if err != nil {
		t.Fatalf("EncodeScenario: %v", err)
	}
	back, _, err := DecodeScenario("rt.yaml", y)
	if err != nil {
		t.Fatalf("our YAML does not read back: %v\n%s", err, y)
	}
	if d := modeleq.Diff(s, back); d != "" {
		t.Fatalf("YAML round trip changed %s\n%s", d, y)
	}
}

func saveRoundTrip(t *testing.T, s *Save) {
	legacy, err := WriteSave(s)
	if err == nil {
		back, _, err := ReadSave("rt.sav", legacy)
		if err != nil {
			t.Fatalf("our .sav does not read back: %v\n%s", err, legacy)
		}
		if d := modeleq.Diff(s, back); d != "" {
			t.Fatalf(".sav round trip changed %s", d)
		}
	}
	y, err := EncodeSave(s)
	if err != nil {
		t.Fatalf("EncodeSave: %v", err)
	}
	back, _, err := DecodeSave("rt.yaml", y)
	if err != nil {
		t.Fatalf("our YAML does not read back: %v\n%s", err, y)
	}
	if d := modeleq.Diff(s, back); d != "" {
		t.Fatalf("YAML round trip changed %s\n%s", d, y)
	}
}

func FuzzReadMap(f *testing.F) {
	addSeeds(f, "legacy/mbg/*.map", "0 0 0 0 0 0 0 0 0 0", "1 1 1 1e3\n5 9 1 1\n1 A 1 2 3 4 5\n0 1 R -1 0 0 0 0 1 x y")
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _, err := ReadMap("fuzz.map", data)
		if err != nil {
			return
		}
		// A .map never holds names a .map cannot write.
		if _, err := WriteMap(s); err != nil {
			t.Fatalf("WriteMap refused what ReadMap accepted: %v", err)
		}
		scenarioRoundTrip(t, s)
		// Every position found again in an item is where a mark for
		// every value put it.
		samePositions(t, "fuzz.map", data)
	})
}

func FuzzDecodeScenario(f *testing.F) {
	if dir, ok := shared.Find(); ok {
		files, _ := filepath.Glob(filepath.Join(dir, "legacy/mbg/*.map"))
		for _, file := range files {
			b, _ := os.ReadFile(file)
			if s, _, err := ReadMap(file, b); err == nil {
				if y, err := EncodeScenario(s); err == nil {
					f.Add(y)
				}
			}
		}
	}
	f.Add([]byte("kind: mbg/scenario\nversion: 1\nwin_money: 1\nboard: [{type: city, city: A}]\nroles: []\ncities: [{name: A, scope: small}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _, err := DecodeScenario("fuzz.yaml", data)
		if err != nil {
			return
		}
		scenarioRoundTrip(t, s)
	})
}

func FuzzReadSave(f *testing.F) {
	addSeeds(f, "legacy/mbg/*.sav", "0 0 0 0 0 0 1 5 1 1 0 0 0 0")
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _, err := ReadSave("fuzz.sav", data)
		if err != nil {
			return
		}
		if _, err := WriteSave(s); err != nil {
			t.Fatalf("WriteSave refused what ReadSave accepted: %v", err)
		}
		saveRoundTrip(t, s)
		// Every position found again in an item is where a mark for
		// every value put it.
		sameSavePositions(t, "fuzz.sav", data)
	})
}

func FuzzDecodeSave(f *testing.F) {
	if dir, ok := shared.Find(); ok {
		files, _ := filepath.Glob(filepath.Join(dir, "legacy/mbg/*.sav"))
		for _, file := range files {
			b, _ := os.ReadFile(file)
			if s, _, err := ReadSave(file, b); err == nil {
				if y, err := EncodeSave(s); err == nil {
					f.Add(y)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _, err := DecodeSave("fuzz.yaml", data)
		if err != nil {
			return
		}
		saveRoundTrip(t, s)
	})
}
