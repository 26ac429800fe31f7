package editor

// edit is one undoable change.
type edit interface {
	// undo reverts the change on s and returns the edit that redoes it.
	undo(s *Session) edit
	label() string
	// cost estimates the memory the edit holds, in bytes.
	cost() int
}

// snapshotEdit restores a whole model.
type snapshotEdit struct {
	name  string
	model any
	size  int
}

func (e *snapshotEdit) undo(s *Session) edit {
	current := s.doc.Value
	s.doc.Value = e.model
	return &snapshotEdit{name: e.name, model: current, size: e.size}
}
func (e *snapshotEdit) label() string { return e.name }
func (e *snapshotEdit) cost() int     { return e.size }

// cellsEdit restores cells of a grid changed in place.
type cellsEdit struct {
	name  string
	grid  func(model any) []int // the grid inside the current model
	cells []int
	old   []int
}

func (e *cellsEdit) undo(s *Session) edit {
	g := e.grid(s.doc.Value)
	redo := &cellsEdit{name: e.name, grid: e.grid, cells: e.cells, old: make([]int, len(e.cells))}
	for i := len(e.cells) - 1; i >= 0; i-- {
		c := e.cells[i]
		if c >= 0 && c < len(g) {
			redo.old[i] = g[c]
			g[c] = e.old[i]
		}
	}
	return redo
}
func (e *cellsEdit) label() string { return e.name }
func (e *cellsEdit) cost() int     { return 16 * len(e.cells) }

// step is an edit in the history with the number of the document state
// it leads to: states are numbered as edits are made (0 is the state the
// document was opened in), and an undone step keeps its number, so that
// the session can tell when it is back in a state it saved.
type step struct {
	edit
	state int
}

// history is an undo and a redo stack with a memory budget: the oldest
// steps are forgotten when the budget is exceeded.
type history struct {
	undos, redos []step
	budget       int
	last         int // the number of the last state made
	base         int // the state before the oldest step kept
}

func (h *history) push(e edit) {
	h.last++
	h.undos = append(h.undos, step{e, h.last})
	h.redos = nil
	total := 0
	for i := len(h.undos) - 1; i >= 0; i-- {
		total += h.undos[i].cost()
		if total > h.budget && i < len(h.undos)-1 {
			h.base = h.undos[i].state
			h.undos = append([]step(nil), h.undos[i+1:]...)
			break
		}
	}
}

// state is the number of the document's current state.
func (h *history) state() int {
	if len(h.undos) == 0 {
		return h.base
	}
	return h.undos[len(h.undos)-1].state
}
