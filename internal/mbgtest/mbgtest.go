// Package mbgtest holds what the tests of saved mbg games share: the
// original's save of sanguo, lookups by name and a comparison.
package mbgtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/shared"
)

// SanguoSav is the original's save of the sanguo scenario in turn 12.
const SanguoSav = "sanguo_s101_t12_r1.sav"

// ReadLegacySave reads a save of the shared folder (the test skips
// without it).
func ReadLegacySave(t *testing.T, name string) *mbg.Save {
	t.Helper()
	path := filepath.Join(shared.Dir(t), "legacy", "mbg", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := mbg.ReadSave(path, src)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// OfficerIndex returns the index of the officer called name.
func OfficerIndex(t *testing.T, s *mbg.Save, name string) int {
	t.Helper()
	for i, o := range s.Officers {
		if o.Name == name {
			return i
		}
	}
	t.Fatalf("no officer %s", name)
	return -1
}

// CityIndex returns the index of the city called name.
func CityIndex(t *testing.T, s *mbg.Save, name string) int {
	t.Helper()
	for i, c := range s.Cities {
		if c.Name == name {
			return i
		}
	}
	t.Fatalf("no city %s", name)
	return -1
}

// SameSave reports whether a and b write the same .sav file.
func SameSave(a, b *mbg.Save) bool {
	x, err1 := mbg.WriteSave(a)
	y, err2 := mbg.WriteSave(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
