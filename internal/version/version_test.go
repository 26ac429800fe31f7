package version

import (
	"strings"
	"testing"
)

// TestStringNamesTheStampedVersion checks that a version set by the linker
// is what String and Short print, and that an unstamped build says it is a
// development build.
func TestStringNamesTheStampedVersion(t *testing.T) {
	old := Version
	t.Cleanup(func() { Version = old })

	Version = ""
	if got := String("shapan"); !strings.HasPrefix(got, "shapan development build") {
		t.Errorf("unstamped: %q, want it to start with %q", got, "shapan development build")
	}
	if got := Short(); got != "development build" {
		t.Errorf("unstamped Short: %q", got)
	}

	Version = "v1.2.3-4-gabcdef0"
	if got := String("shapan"); !strings.HasPrefix(got, "shapan v1.2.3-4-gabcdef0, go") {
		t.Errorf("stamped: %q, want it to start with %q", got, "shapan v1.2.3-4-gabcdef0, go")
	}
	if got := Short(); got != Version {
		t.Errorf("stamped Short: %q, want %q", got, Version)
	}
}
