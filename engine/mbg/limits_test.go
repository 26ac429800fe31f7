package mbg

import (
	"strings"
	"testing"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// A scenario whose membership sets would not fit the memory budget is
// refused before anything is allocated for it.
func TestHugeScenariosAreRefusedUpFront(t *testing.T) {
	sc := &mbgfmt.Scenario{Officers: make([]mbgfmt.Officer, 50_000), Cities: make([]mbgfmt.City, 30_000), Roles: make([]mbgfmt.Role, 2)}
	var err error
	allocs := testing.AllocsPerRun(1, func() { _, err = fromScenario(sc) })
	if err == nil || !strings.Contains(err.Error(), "the limit is 1024 MiB") {
		t.Fatalf("got %v", err)
	}
	if allocs > 20 {
		t.Errorf("%v allocations before refusing", allocs)
	}
	sv := &mbgfmt.Save{Officers: make([]mbgfmt.SaveOfficer, 50_000), Cities: make([]mbgfmt.SaveCity, 30_000)}
	if _, err := fromSave(sv); err == nil || !strings.Contains(err.Error(), "membership sets") {
		t.Fatalf("save: got %v", err)
	}
}
