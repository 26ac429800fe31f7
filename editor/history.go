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

// history is an undo and a redo stack with a memory budget: the oldest
// steps are forgotten when the budget is exceeded.
type history struct {
	undos, redos []edit
	budget       int
}

func (h *history) push(e edit) {
	h.undos = append(h.undos, e)
	h.redos = nil
	total := 0
	for i := len(h.undos) - 1; i >= 0; i-- {
		total += h.undos[i].cost()
		if total > h.budget && i < len(h.undos)-1 {
			h.undos = append([]edit(nil), h.undos[i+1:]...)
			break
		}
	}
}
