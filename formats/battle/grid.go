package battle

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field/fieldtok"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
)

// Document paths of a battle map, the same for both forms. Cell (x, y) is
// "grid[y][x]".
const (
	PathSize     = "size"
	PathLegend   = "legend"
	PathTrailing = "trailing_tokens"
	PathRoster   = "roster"
)

// PathGrid is the key of the cells (the table's grid field).
var PathGrid = MapFields.Field("grid").Key

// CellPath returns the document path of cell (x, y): "grid[y][x]".
func CellPath(x, y int) string { return srcpos.Index(srcpos.Index(PathGrid, y), x) }

// cellName names cell (x, y) in messages.
func cellName(x, y int) string { return "cell (x " + strconv.Itoa(x) + ", y " + strconv.Itoa(y) + ")" }

// ReadGrid reads the numeric grid interchange file: "W H", then H rows of W
// integer codes. Line structure is not significant. Every integer is kept
// as read, valid code or not; tokens after the grid are kept in Trailing.
// The returned map locates "size.width", "size.height", "grid",
// "grid[y][x]" and "trailing_tokens".
func ReadGrid(file string, src []byte) (*Map, *srcpos.Map, error) {
	return ReadGridFrom(token.NewReader(file, src))
}

// ReadGridFrom reads a grid file from r (a loader trying several forms
// passes a reader whose Rest is deferred).
func ReadGridFrom(r *token.Reader) (*Map, *srcpos.Map, error) {
	var size Map
	r.MarkAt(PathSize, r.NextOffset())
	fieldtok.Reading{Desc: sideDesc, Path: PathSize, Refuse: diag.CodeBadSize}.Read(r, &SizeFields, &size)
	w, h := size.W, size.H
	if !r.Failed() && h > r.MaxTokens()/w {
		r.Fail(diag.CodeBadSize, fmt.Sprintf("the map is %d × %d cells, but the rest of the file can hold at most %d values", w, h, r.MaxTokens()))
	}
	if r.Failed() {
		return nil, nil, r.Err()
	}
	m := &Map{W: w, H: h, Cells: cells.Make(w * h)}
	rowStart := make([]int, h)
	r.MarkAt(PathGrid, r.NextOffset())
	i := 0
	for y := range h {
		for x := range w {
			m.Cells.Set(i, r.Int(func() string { return cellName(x, y) }))
			i++
			if x == 0 {
				rowStart[y] = r.Offset()
			}
		}
		if r.Failed() {
			return nil, nil, r.Err()
		}
	}
	r.MarkAt(PathTrailing, r.NextOffset())
	m.Trailing = r.Rest()
	if err := r.Err(); err != nil {
		return nil, nil, err
	}
	lines := r.Map.Lines()
	src := lines.Src()
	r.Map.SetGrid(PathGrid, func(row, col int) diag.Pos {
		if row < 0 || row >= h || col < 0 || col >= w {
			return diag.Pos{}
		}
		return lines.Pos(skipTokens(src, rowStart[row], col))
	})
	return m, r.Map, nil
}

// sideDesc names a side of the map in messages: the size table's
// legacy name of it ("the map width W (header field 1)").
func sideDesc(what string) token.Desc { return func() string { return what } }

// skipTokens returns the offset of the token n tokens after the one that
// starts at off.
func skipTokens(src []byte, off, n int) int {
	for ; n > 0 && off < len(src); n-- {
		off = scan(src, off, false)
		off = scan(src, off, true)
	}
	return off
}

// scan returns the offset of the first byte from off on that is white space
// (when space is false) or that is not (when space is true).
func scan(src []byte, off int, space bool) int {
	for off < len(src) {
		c, size := rune(src[off]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRune(src[off:])
		}
		if token.IsSpace(c) != space {
			break
		}
		off += size
	}
	return off
}

// WriteGrid writes m as a grid interchange file: "W H", then H lines of W
// codes separated by single spaces, each line ended by a newline; trailing
// tokens follow on one line.
func WriteGrid(m *Map) ([]byte, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if len(m.Roster) > 0 {
		return nil, diag.List{{Severity: diag.Error, Code: diag.CodeUnwritable, Path: PathRoster,
			Message: fmt.Sprintf("the grid file has no room for the roster (%d entries): the game plays the default roster; remove the roster to export the map", len(m.Roster))}}
	}
	buf := make([]byte, 0, 16+m.Cells.Len()*3)
	var head strings.Builder
	fieldtok.Write(&head, &SizeFields, m, nil)
	buf = append(buf, head.String()[1:]...) // "W H": no space before W
	buf = append(buf, '\n')
	for y := range m.H {
		for x := range m.W {
			c := m.Cells.At(y*m.W + x)
			if x > 0 {
				buf = append(buf, ' ')
			}
			buf = strconv.AppendInt(buf, int64(c), 10)
		}
		buf = append(buf, '\n')
	}
	if len(m.Trailing) > 0 {
		buf = append(buf, strings.Join(m.Trailing, " ")...)
		buf = append(buf, '\n')
	}
	return buf, nil
}

// check refuses a model that neither form can hold: sides below 1, a cell
// count that does not match the size, trailing tokens that would not read
// back as the same tokens, an invalid legend.
func (m *Map) check() error {
	if m == nil {
		return fmt.Errorf("battle map: no map")
	}
	if m.W < 1 || m.H < 1 {
		return fmt.Errorf("battle map: the size %d × %d is not at least 1 × 1", m.W, m.H)
	}
	if m.H > m.Cells.Len()/m.W || m.W*m.H != m.Cells.Len() {
		return fmt.Errorf("battle map: %d cells for a %d × %d map", m.Cells.Len(), m.W, m.H)
	}
	var errs diag.List
	for i, t := range m.Trailing {
		if msg := TokenProblem(t); msg != "" {
			errs = append(errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Path: srcpos.Index(PathTrailing, i),
				Message: fmt.Sprintf("trailing token %d: %s", i+1, msg)})
		}
	}
	if err := checkLegend(m.Legend); err != nil {
		errs = append(errs, diag.Diagnostic{Severity: diag.Error, Code: diag.CodeUnwritable, Path: PathLegend, Message: err.Error()})
	}
	return errs.Err()
}

// TokenProblem says why s cannot be written as one token of the grid file,
// or returns "".
func TokenProblem(s string) string {
	switch {
	case s == "":
		return "an empty token cannot be written to the grid file"
	case !utf8.ValidString(s):
		return "the token is not valid UTF-8 text"
	case strings.IndexFunc(s, token.IsSpace) >= 0:
		return fmt.Sprintf("%q contains white space and would read back as several tokens", s)
	}
	return ""
}
