package families

import (
	"testing"

	"github.com/shapan/shapan/family"
)

// TestTheStudioHasEveryFamily: every family of the registry has, in the
// studio, an editor of each of its kinds, a play window for each kind it
// plays and the balance view for each kind it simulates.
func TestTheStudioHasEveryFamily(t *testing.T) {
	if len(family.All()) == 0 {
		t.Fatal("the family registry is empty")
	}
	for name, gaps := range Missing() {
		for _, g := range gaps {
			t.Errorf("%s: %s", name, g)
		}
	}
}
