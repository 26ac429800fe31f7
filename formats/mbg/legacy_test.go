package mbg

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/schematest"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/internal/tokencmp"
)

// TestLegacyScenariosRoundTrip converts every original .map to YAML and
// back: the token values must survive, and the YAML must be stable.
func TestLegacyScenariosRoundTrip(t *testing.T) {
	for _, file := range shared.Files(t, "legacy/mbg/*.map") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := ReadMap(file, src)
			if err != nil {
				t.Fatal(err)
			}
			y1, err := EncodeScenario(s)
			if err != nil {
				t.Fatal(err)
			}
			schematest.Check(t, "mbg-scenario.schema.json", y1)
			s2, _, err := DecodeScenario("converted.yaml", y1)
			if err != nil {
				t.Fatalf("reading our own YAML: %v\n%s", err, y1)
			}
			legacy, err := WriteMap(s2)
			if err != nil {
				t.Fatal(err)
			}
			if d := tokencmp.Diff(src, legacy); d != "" {
				t.Fatalf("legacy → YAML → legacy changed a value: %s", d)
			}
			s3, _, err := ReadMap("exported.map", legacy)
			if err != nil {
				t.Fatal(err)
			}
			y2, err := EncodeScenario(s3)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(y1, y2) {
				t.Fatalf("YAML → legacy → YAML is not byte-identical:\n%s\n---\n%s", y1, y2)
			}
		})
	}
}

// TestLegacySavesRoundTrip: a save read and written again is byte-identical
// to what the original engine wrote, directly and through YAML.
func TestLegacySavesRoundTrip(t *testing.T) {
	for _, file := range shared.Files(t, "legacy/mbg/*.sav") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := ReadSave(file, src)
			if err != nil {
				t.Fatal(err)
			}
			direct, err := WriteSave(s)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(direct, src) {
				t.Fatalf("save → save is not byte-identical: %s", tokencmp.Diff(src, direct))
			}
			y1, err := EncodeSave(s)
			if err != nil {
				t.Fatal(err)
			}
			schematest.Check(t, "mbg-save.schema.json", y1)
			s2, _, err := DecodeSave("converted.yaml", y1)
			if err != nil {
				t.Fatalf("reading our own YAML: %v\n%s", err, y1)
			}
			legacy, err := WriteSave(s2)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(legacy, src) {
				t.Fatalf("save → YAML → save changed the file: %s", tokencmp.Diff(src, legacy))
			}
			y2, err := EncodeSave(s2)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(y1, y2) {
				t.Fatalf("YAML → save → YAML is not byte-identical")
			}
		})
	}
}

// A save whose per-role lists do not hold one entry per role is not
// written: each such list is named by its owner and its name in the
// writer's messages (Field.WrittenName), the lists of the right length
// are not.
func TestSaveWriterRefusesPerRoleListsOfAnotherLength(t *testing.T) {
	s := sampleSave(t)
	n := len(s.Roles)
	in, room := &s.Institutes[1], &s.TrainingRooms[0]
	in.OnStudy = in.OnStudy[:1]
	in.Points = append(in.Points, 1)
	room.Rounds = nil
	s.Board[3].Present = append(s.Board[3].Present, true)
	want := []string{
		fmt.Sprintf("institute 2 (%s) techs studied: 1 entries, but there are %d roles", in.Name, n),
		fmt.Sprintf("institute 2 (%s) points: %d entries, but there are %d roles", in.Name, n+1, n),
		fmt.Sprintf("training room 1 (%s) rounds: 0 entries, but there are %d roles", room.Name, n),
		fmt.Sprintf("board square 3 presence: %d entries, but there are %d roles", n+1, n),
	}
	refusedInOrder(t, s, want, "entries, but")
}

// A save whose sets hold a member outside their capacity (the number of
// officers, cities or techs) is not written: each such set is named by
// its owner and its name in the writer's messages.
func TestSaveWriterRefusesSetMembersOutsideTheirCapacity(t *testing.T) {
	s := sampleSave(t)
	no, nc := len(s.Officers), len(s.Cities)
	s.Cities[1].Garrison = append(s.Cities[1].Garrison, 8*no)
	ro := &s.Roles[0]
	ro.Techs = append(ro.Techs, -1)
	ro.Cities = append(ro.Cities, 8*nc+3)
	ro.Trainees = append(ro.Trainees, 8*no+1)
	s.Free[2] = append(s.Free[2], 8*no+2)
	capacity := func(m, n int) string { return fmt.Sprintf("member %d does not fit a set of capacity %d", m, n) }
	want := []string{
		fmt.Sprintf("city 2 (%s) garrison: %s", s.Cities[1].Name, capacity(8*no, no)),
		fmt.Sprintf("role 1 (%s) techs: %s", ro.Name, capacity(-1, NumTechs)),
		fmt.Sprintf("role 1 (%s) cities: %s", ro.Name, capacity(8*nc+3, nc)),
		fmt.Sprintf("role 1 (%s) trainees: %s", ro.Name, capacity(8*no+1, no)),
		"free officers of level high: " + capacity(8*no+2, no),
	}
	refusedInOrder(t, s, want, "does not fit")
}

// sampleSave is the sample save, which the writer writes.
func sampleSave(t *testing.T) *Save {
	t.Helper()
	src, err := os.ReadFile("../../samples/mbg/赤壁第十四回.sav")
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := ReadSave("s.sav", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteSave(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// refusedInOrder fails unless the writer refuses s with the messages
// want, in that order, and no other message holding kind.
func refusedInOrder(t *testing.T, s *Save, want []string, kind string) {
	t.Helper()
	_, err := WriteSave(s)
	if err == nil {
		t.Fatal("written")
	}
	got := err.Error()
	last := -1
	for _, w := range want {
		i := strings.Index(got, w)
		if i < last {
			t.Errorf("%q missing or out of order in\n%s", w, got)
		}
		last = i
	}
	if c := strings.Count(got, kind); c != len(want) {
		t.Errorf("%d refused, want %d:\n%s", c, len(want), got)
	}
}
