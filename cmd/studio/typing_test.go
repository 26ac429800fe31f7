package main

import (
	"os"
	"os/exec"
	"testing"

	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/longtest"
)

// The places of the real window (1280×800, Fyne's scale 1, the studio's
// embedded fonts) that the typing test clicks.
const (
	wuOf张辽X, wuOf张辽Y         = 160, 284 // the 武 cell of the second officer row (the first's is wuX, wuY)
	saveButtonX, saveButtonY = 120, 48  // the toolbar's Save button
)

// typedValueIsSaved clicks into a cell of the officer table of the
// studio st (its file at path saved, 曹操's 武 72), types a value and
// presses Ctrl+S — no Tab, no Enter: the saved YAML holds the value.
// While the value is typed, the window's title marks the document as
// changed. Then it types into another cell and clicks the toolbar's Save
// button, which does not take the focus from the cell in the real
// driver.
func typedValueIsSaved(t *testing.T, st *xstudio, path string) {
	typeOver := func(text string) {
		st.key("ctrl+a")
		st.typeText(text)
	}
	savedWu := func(officer int, want float32) {
		t.Helper()
		saved(st, path, func(s *mbg.Scenario) bool { return s.Officers[officer].Props[0] == want })
	}

	if !st.dirty(false) {
		t.Fatalf("the document is marked changed before any typing: %q", st.title())
	}
	st.click(wuX, wuY)
	typeOver("55")
	if !st.dirty(true) {
		t.Errorf("the title does not mark the typed value as unsaved: %q", st.title())
	}
	st.key("ctrl+s")
	savedWu(0, 55)
	if !st.dirty(false) {
		t.Errorf("the title still marks the document changed after Ctrl+S: %q", st.title())
	}

	st.click(wuOf张辽X, wuOf张辽Y)
	typeOver("66")
	st.click(saveButtonX, saveButtonY)
	savedWu(1, 66)
}

// needX returns the paths of Xvfb and the other programs named, or skips
// the test when one is missing (fails when SHAPAN_REQUIRE_XVFB is set).
func needX(t *testing.T, programs ...string) map[string]string {
	t.Helper()
	if testing.Short() {
		t.Skip("real-window tests build and run the real studio")
	}
	longtest.EndToEnd(t, "the studio in a real window")
	paths := map[string]string{}
	for _, p := range append([]string{"Xvfb"}, programs...) {
		path, err := exec.LookPath(p)
		if err != nil {
			if os.Getenv("SHAPAN_REQUIRE_XVFB") != "" {
				t.Fatalf("%s is not installed, and SHAPAN_REQUIRE_XVFB is set", p)
			}
			t.Skipf("%s is not installed: skipping the real-window test", p)
		}
		paths[p] = path
	}
	return paths
}
