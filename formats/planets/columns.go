package planets

import "unicode/utf8"

// markEvery is how many columns apart the offsets of a long line are
// remembered.
const markEvery = 256

// columns turns a line and column (columns count characters, as yaml.v3
// counts them) into a byte offset in constant time on lines of any
// length: a one-line file of 2 MB holds hundreds of thousands of nodes,
// and walking its line from the start for each of them is quadratic. The
// first time a long line is asked for, the offset of every markEvery-th
// column is remembered.
type columns struct {
	src   []byte
	marks map[int][]int // line start → offsets of columns 1, 1+markEvery, ...
}

// offset returns the offset of column col (from 1) of the line that
// starts at start and ends (its line break excluded or included) at end;
// a column past the end gives end.
func (c *columns) offset(start, end, col int) int {
	off, from := start, 1
	if end-start > markEvery && col > markEvery {
		if c.marks == nil {
			c.marks = map[int][]int{}
		}
		m, ok := c.marks[start]
		if !ok {
			m = markLine(c.src, start, end)
			c.marks[start] = m
		}
		k := min((col-1)/markEvery, len(m)-1)
		off, from = m[k], k*markEvery+1
	}
	for ; from < col && off < end; from++ {
		_, size := utf8.DecodeRune(c.src[off:])
		off += size
	}
	return off
}

// markLine returns the offsets of columns 1, 1+markEvery, ... of the line
// [start, end) of src.
func markLine(src []byte, start, end int) []int {
	m := []int{start}
	for off, col := start, 1; off < end; col++ {
		_, size := utf8.DecodeRune(src[off:])
		off += size
		if col%markEvery == 0 && off < end {
			m = append(m, off)
		}
	}
	return m
}
