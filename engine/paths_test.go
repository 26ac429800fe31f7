package engine

import (
	"path/filepath"
	"testing"
)

func TestResolveUnderConfinesRelativePaths(t *testing.T) {
	root := filepath.FromSlash("/data/shared")
	for p, want := range map[string]string{
		"legacy/mbg/sanguo.map": filepath.FromSlash("/data/shared/legacy/mbg/sanguo.map"),
		"/abs/level.map":        filepath.FromSlash("/abs/level.map"),
		"a/../b.map":            filepath.FromSlash("/data/shared/b.map"),
	} {
		if got, err := ResolveUnder(root, p); err != nil || got != want {
			t.Errorf("%s: %q, %v", p, got, err)
		}
	}
	for _, p := range []string{"../etc/passwd", "legacy/../../x", ""} {
		if got, err := ResolveUnder(root, p); err == nil {
			t.Errorf("%s: resolved to %s", p, got)
		}
	}
}
