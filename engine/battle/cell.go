package battle

import (
	"fmt"
	"strconv"
)

// Cell is a Point as JSON writes a cell: [x, y].
type Cell Point

// CellOf returns p as a Cell.
func CellOf(p Point) Cell { return Cell(p) }

// cellPtr returns &Cell(p), for the optional cells of events.
func cellPtr(p Point) *Cell { c := Cell(p); return &c }

// MarshalJSON writes [x, y].
func (c Cell) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 12)
	return appendCell(b, Point(c)), nil
}

// UnmarshalJSON reads [x, y] (two integers).
func (c *Cell) UnmarshalJSON(b []byte) error {
	sc := scanner{b: b}
	p, err := sc.cell()
	if err != nil {
		return err
	}
	if sc.skipSpace(); sc.i != len(b) {
		return fmt.Errorf("a cell is [x, y], found %s", b)
	}
	*c = Cell(p)
	return nil
}

// String writes (x,y), as refusals name cells.
func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c.X, c.Y) }

func appendCell(b []byte, p Point) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(p.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(p.Y), 10)
	return append(b, ']')
}
