package history_test

import (
	"github.com/shapan/shapan/formats/cells"
	"slices"
	"testing"

	"github.com/shapan/shapan/editor/history"
)

type level struct {
	Name  string
	Cells []int
}

func levelCells(m any) history.Cells { return ints(m.(*level).Cells) }

// ints is a grid of a test model: a slice edited in place.
type ints []int

func (s ints) Len() int     { return len(s) }
func (s ints) At(i int) int { return s[i] }
func (s ints) Set(i, v int) { s[i] = v }

// TestUndoRedoAndStates: a snapshot edit and a cell edit undo and redo
// in order, with their labels, and the state numbers tell a saved state
// again after an undo and a redo.
func TestUndoRedoAndStates(t *testing.T) {
	var model any = &level{Name: "a", Cells: []int{0, 0, 0}}
	h := history.New(1 << 20)
	before := history.Clone(model)
	model.(*level).Name = "b"
	h.Push(history.Snapshot("rename", before))
	saved := h.State()
	e, changed := history.SetCells("paint", levelCells, model, []int{1, 2, 7}, []int{5, 5, 5})
	if !changed {
		t.Fatal("painting two cells changed nothing")
	}
	h.Push(e)
	if got := model.(*level).Cells; !slices.Equal(got, []int{0, 5, 5}) {
		t.Fatalf("cells %v after painting (the index beyond the grid is left out)", got)
	}
	if h.UndoLabel() != "paint" || h.CanRedo() || h.State() == saved {
		t.Fatalf("undo %q, can redo %v, state %d (saved %d)", h.UndoLabel(), h.CanRedo(), h.State(), saved)
	}
	h.Undo(&model)
	if got := model.(*level).Cells; !slices.Equal(got, []int{0, 0, 0}) || h.State() != saved || h.RedoLabel() != "paint" {
		t.Fatalf("after undo: cells %v, state %d (saved %d), redo %q", got, h.State(), saved, h.RedoLabel())
	}
	h.Undo(&model)
	if model.(*level).Name != "a" || h.CanUndo() || h.Undo(&model) {
		t.Fatalf("after the second undo: name %q, can undo %v", model.(*level).Name, h.CanUndo())
	}
	h.Redo(&model)
	h.Redo(&model)
	if m := model.(*level); m.Name != "b" || !slices.Equal(m.Cells, []int{0, 5, 5}) || h.Redo(&model) {
		t.Fatalf("after two redos: %+v", m)
	}
	if _, changed := history.SetCells("paint", levelCells, model, []int{1}, []int{5}); changed {
		t.Error("painting a cell with its own value is an edit")
	}
}

// TestBudgetForgetsTheOldest: past the budget the oldest edits are
// dropped, the last one always kept; a new edit drops the redos.
func TestBudgetForgetsTheOldest(t *testing.T) {
	var model any = &level{Cells: make([]int, 10)}
	h := history.New(16 * 3) // three one-cell edits
	for i := range 5 {
		e, _ := history.SetCells("paint", levelCells, model, []int{i}, []int{1})
		h.Push(e)
	}
	n := 0
	for h.Undo(&model) {
		n++
	}
	if n != 3 || !slices.Equal(model.(*level).Cells, []int{1, 1, 0, 0, 0, 0, 0, 0, 0, 0}) {
		t.Fatalf("undid %d edits to %v, want the last 3", n, model.(*level).Cells)
	}
	h.Redo(&model)
	e, _ := history.SetCells("paint", levelCells, model, []int{9}, []int{1})
	h.Push(e)
	if h.CanRedo() {
		t.Error("an edit after an undo keeps the redos")
	}
	big := history.New(1)
	e, _ = history.SetCells("big", levelCells, model, []int{0, 1, 2}, []int{2, 2, 2})
	big.Push(e)
	if !big.CanUndo() {
		t.Error("an edit over the whole budget is not kept")
	}
}

// TestCloneSharesOnlyBigPlainSlices: Clone copies a model deeply but
// shares a slice of plain values of 65,536 or more (changed only in place
// by cell edits, which undo themselves); CloneFull shares nothing.
func TestCloneSharesOnlyBigPlainSlices(t *testing.T) {
	small := &level{Name: "s", Cells: []int{1, 2}}
	c := history.Clone(small)
	c.Cells[0] = 9
	if small.Cells[0] != 1 || c == small {
		t.Error("Clone shares a small slice")
	}
	big := &level{Cells: make([]int, 1<<16)}
	if c := history.Clone(big); &c.Cells[0] != &big.Cells[0] {
		t.Error("Clone copies a big plain slice")
	}
	if c := history.CloneFull(big); &c.Cells[0] == &big.Cells[0] {
		t.Error("CloneFull shares a big slice")
	}
}

// TestCloneOfAGridStore: a map's cells.Grid is copied as a slice of plain
// values is — a small one by Clone, a big one shared, none by CloneFull —
// and a cell edit of it undoes and redoes.
func TestCloneOfAGridStore(t *testing.T) {
	type gridModel struct{ Cells cells.Grid }
	small := &gridModel{Cells: cells.Of([]int{1, 2})}
	c := history.Clone(small)
	c.Cells.Set(0, 9)
	if small.Cells.At(0) != 1 {
		t.Error("Clone shares a small grid")
	}
	big := &gridModel{Cells: cells.Make(1 << 16)}
	shared := history.Clone(big)
	shared.Cells.Set(0, 7)
	if big.Cells.At(0) != 7 {
		t.Error("Clone copies a big grid")
	}
	full := history.CloneFull(big)
	full.Cells.Set(1, 7)
	if big.Cells.At(1) == 7 {
		t.Error("CloneFull shares a big grid")
	}
	var model any = &gridModel{Cells: cells.Make(3)}
	grid := func(m any) history.Cells { return &m.(*gridModel).Cells }
	e, changed := history.SetCells("paint", grid, model, []int{0, 2}, []int{300, 4})
	if !changed || !slices.Equal(model.(*gridModel).Cells.Values(), []int{300, 0, 4}) {
		t.Fatalf("painted %v", model.(*gridModel).Cells.Values())
	}
	redo := e.Undo(&model)
	if !slices.Equal(model.(*gridModel).Cells.Values(), []int{0, 0, 0}) {
		t.Fatalf("undone to %v", model.(*gridModel).Cells.Values())
	}
	redo.Undo(&model)
	if !slices.Equal(model.(*gridModel).Cells.Values(), []int{300, 0, 4}) {
		t.Fatalf("redone to %v", model.(*gridModel).Cells.Values())
	}
}
