package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/samples"
)

// Where the ftbt level's Map pane (1280×800) has its tool drop-down and,
// in the list it opens, Fill.
const (
	toolsX, toolsY = 68, 168
	fillX, fillY   = 30, 280
)

// keysGoWhereTheUserLooks chooses Fill in the tool drop-down of an ftbt
// level and presses B: a click on the map then paints one cell (the
// pencil), not a region (the key used to do nothing until the map was
// clicked). Then an error dialog is opened over the Open dialog; I typed
// there does not reach the map (it used to switch to the picker), Return
// closes the error, Escape the Open dialog, and the next click paints
// another cell. The level's file is original on entry; Ctrl+Z twice and
// Ctrl+S make it so again on the way out.
func keysGoWhereTheUserLooks(t *testing.T, st *xstudio, path string, original []int) {
	st.click(toolsX, toolsY)
	st.click(fillX, fillY)
	st.key("b")
	st.click(riverX, riverY) // the river, as the brush
	st.click(mapX, mapY)
	st.key("ctrl+s")
	first := saved(st, path, func(l *ftbt.Level) bool { return len(painted(original, l.Terrain)) > 0 })
	if cells := painted(original, first.Terrain); len(cells) != 1 {
		t.Errorf("B after choosing Fill in the drop-down: the click painted %d cells, not one", len(cells))
	}

	st.key("ctrl+o")
	st.typeText("/no/such/level.yaml")
	st.key("Return") // the Open dialog's field: an error dialog over it
	st.typeText("iii")
	st.key("Return", "Escape")
	st.click(mapX+48, mapY)
	st.key("ctrl+s")
	second := saved(st, path, func(l *ftbt.Level) bool { return len(painted(first.Terrain.Values(), l.Terrain)) > 0 })
	if cells := painted(first.Terrain.Values(), second.Terrain); len(cells) != 1 || second.Terrain.At(cells[0]) != 5 {
		t.Fatalf("after the dialogs, the click changed the cells %v", cells)
	}
	st.key("ctrl+z", "ctrl+z", "ctrl+s")
	saved(st, path, func(l *ftbt.Level) bool { return slices.Equal(l.Terrain.Values(), original) })
}

// Where the planets Map pane (1280×800) lists the first start (A) and has
// the start list's delete button.
const (
	firstStartX, firstStartY = 945, 268
	startDeleteX             = 940
	startDeleteY             = 462
)

// TestNothingMovesUnderThePointerInARealWindow clicks the first start of
// 九州's start list and then the list's delete button, where it was: the
// start is removed and planet A kept (the click used to open A's form
// above the list, so that the second click deleted the planet).
func TestNothingMovesUnderThePointerInARealWindow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data, _ := samples.Read("planets/九州.yaml")
	path := filepath.Join(dir, "九州.yaml")
	os.WriteFile(path, data, 0o644)
	st := startStudio(t, "--pane", "Map", "--size", "1280x800", path)

	st.click(firstStartX, firstStartY)
	st.click(startDeleteX, startDeleteY)
	// Saved only once the clicks made their edit (on a loaded machine the
	// file on disk is still the original for a while, and clean).
	if !st.dirty(true) {
		t.Fatalf("the two clicks changed nothing (title %q)", st.title())
	}
	st.key("ctrl+s")
	// The file as saved by Ctrl+S: one start fewer, or planet A gone.
	m := saved(st, path, func(m *planets.Map) bool {
		_, hasA := m.ID(planets.StrValue("A"))
		return len(m.Starts) != 4 || !hasA
	})
	var starts []string
	for _, s := range m.Starts {
		starts = append(starts, s.Key())
	}
	if _, ok := m.ID(planets.StrValue("A")); !ok || !slices.Equal(starts, []string{"B", "C", "D"}) {
		t.Fatalf("after a click on start A and on the delete button below the list: planet A kept %v, starts %v", ok, starts)
	}
}
