// Package history is the studio's undo: a document's edits as an undo
// and a redo stack with a memory budget, the edits it keeps (a snapshot
// of the whole model, or the old values of cells of a grid changed in
// place), and the deep copies the snapshots are made of (clone.go).
//
// It knows nothing of documents or windows: a model is any value, which
// an edit's Undo swaps or changes in place through a pointer to it.
// Edits are numbered as they are made, so that a session can tell when
// the document is back in a state it saved (State).
package history

// Edit is one undoable change of a model.
type Edit interface {
	// Undo reverts the change on *model and returns the edit that
	// redoes it.
	Undo(model *any) Edit
	// Label names the change ("paint terrain").
	Label() string
	// Cost estimates the memory the edit holds, in bytes.
	Cost() int
}

// snapshotEdit restores a whole model.
type snapshotEdit struct {
	name  string
	model any
	size  int
}

// Snapshot is the edit that puts back before, a copy of the whole model
// taken before the change (Clone).
func Snapshot(label string, before any) Edit {
	return &snapshotEdit{name: label, model: before, size: approxSize(before)}
}

func (e *snapshotEdit) Undo(model *any) Edit {
	current := *model
	*model = e.model
	return &snapshotEdit{name: e.name, model: current, size: e.size}
}
func (e *snapshotEdit) Label() string { return e.name }
func (e *snapshotEdit) Cost() int     { return e.size }

// Cells is a grid of values inside a model, edited in place (a
// *cells.Grid of the formats): row-major, Len of them. (An alias of an
// interface literal, so that editor/grid's Cells is the same type.)
type Cells = interface {
	Len() int
	At(i int) int
	Set(i, v int)
}

// cellsEdit restores cells of a grid changed in place.
type cellsEdit struct {
	name  string
	grid  func(model any) Cells // the grid inside the current model
	cells []int
	old   []int
}

// SetCells sets cells of the grid that grid finds in model to values (the
// indices beyond the grid are left out) and returns the edit that undoes
// it; changed is false, and nothing is to be kept, when no cell changed.
func SetCells(label string, grid func(model any) Cells, model any, cells, values []int) (e Edit, changed bool) {
	g := grid(model)
	c := &cellsEdit{name: label, grid: grid, cells: cells, old: make([]int, len(cells))}
	for i, at := range cells {
		if at < 0 || at >= g.Len() {
			continue
		}
		c.old[i] = g.At(at)
		if c.old[i] != values[i] {
			changed = true
		}
		g.Set(at, values[i])
	}
	return c, changed
}

func (e *cellsEdit) Undo(model *any) Edit {
	g := e.grid(*model)
	redo := &cellsEdit{name: e.name, grid: e.grid, cells: e.cells, old: make([]int, len(e.cells))}
	for i := len(e.cells) - 1; i >= 0; i-- {
		c := e.cells[i]
		if c >= 0 && c < g.Len() {
			redo.old[i] = g.At(c)
			g.Set(c, e.old[i])
		}
	}
	return redo
}
func (e *cellsEdit) Label() string { return e.name }
func (e *cellsEdit) Cost() int     { return 16 * len(e.cells) }

// step is an edit in the history with the number of the document state
// it leads to: states are numbered as edits are made (0 is the state the
// document was opened in), and an undone step keeps its number, so that
// the session can tell when it is back in a state it saved.
type step struct {
	Edit
	state int
}

// History is an undo and a redo stack with a memory budget: the oldest
// steps are forgotten when the budget is exceeded.
type History struct {
	undos, redos []step
	budget       int
	last         int // the number of the last state made
	base         int // the state before the oldest step kept
}

// New returns an empty history that keeps at most budget bytes of edits
// (always the last one, whatever it costs).
func New(budget int) *History { return &History{budget: budget} }

// Push adds an edit just made; the edits undone before it are dropped.
func (h *History) Push(e Edit) {
	h.last++
	h.undos = append(h.undos, step{e, h.last})
	h.redos = nil
	total := 0
	for i := len(h.undos) - 1; i >= 0; i-- {
		total += h.undos[i].Cost()
		if total > h.budget && i < len(h.undos)-1 {
			h.base = h.undos[i].state
			h.undos = append([]step(nil), h.undos[i+1:]...)
			break
		}
	}
}

// State is the number of the document's current state.
func (h *History) State() int {
	if len(h.undos) == 0 {
		return h.base
	}
	return h.undos[len(h.undos)-1].state
}

// CanUndo reports whether there is an edit to undo.
func (h *History) CanUndo() bool { return len(h.undos) > 0 }

// CanRedo reports whether an undone edit can be redone.
func (h *History) CanRedo() bool { return len(h.redos) > 0 }

// UndoLabel names the edit Undo would revert ("" when none).
func (h *History) UndoLabel() string {
	if !h.CanUndo() {
		return ""
	}
	return h.undos[len(h.undos)-1].Label()
}

// RedoLabel names the edit Redo would apply ("" when none).
func (h *History) RedoLabel() string {
	if !h.CanRedo() {
		return ""
	}
	return h.redos[len(h.redos)-1].Label()
}

// Undo reverts the last edit on *model and reports whether there was one.
func (h *History) Undo(model *any) bool {
	if !h.CanUndo() {
		return false
	}
	e := h.undos[len(h.undos)-1]
	h.undos = h.undos[:len(h.undos)-1]
	h.redos = append(h.redos, step{e.Undo(model), e.state})
	return true
}

// Redo applies the last undone edit again on *model and reports whether
// there was one.
func (h *History) Redo(model *any) bool {
	if !h.CanRedo() {
		return false
	}
	e := h.redos[len(h.redos)-1]
	h.redos = h.redos[:len(h.redos)-1]
	h.undos = append(h.undos, step{e.Undo(model), e.state})
	return true
}
