package main

import (
	"testing"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

// TestSampleTabsHaveDistinctNames opens the samples as --sample does:
// every tab has its own name, though mbg and battle both have a 赤壁.yaml.
func TestSampleTabsHaveDistinctNames(t *testing.T) {
	t.Parallel()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	if problems := openSamples(st); len(problems) > 0 {
		t.Fatal(problems)
	}
	seen := map[string]bool{}
	for _, s := range st.Sessions() {
		if seen[s.Name()] {
			t.Errorf("two tabs are named %s", s.Name())
		}
		seen[s.Name()] = true
	}
	if len(seen) != len(samples.YAML()) || !seen["mbg-赤壁.yaml"] || !seen["battle-赤壁.yaml"] {
		t.Errorf("tabs %v", seen)
	}
}
