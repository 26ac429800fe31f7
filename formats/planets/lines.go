package planets

import (
	"sort"
	"unicode/utf8"
)

// Where the line index marks a line start: at a line lineEvery lines or
// markBytes bytes after the mark before.
const (
	lineEvery = 64
	markBytes = 4 << 10
)

// lines finds where the lines of a text start, counting line breaks as
// YAML does (\r\n, \r, \n, U+0085, U+2028 and U+2029), with 8 bytes for
// every lineEvery lines instead of 4 for every line (a 60 MB map has 5
// million lines): the start of a line is found from the nearest mark
// before it, or from the line asked for last (the reader asks in file
// order), by reading the lines between, less than markBytes bytes but
// for the last (a line after a long one is marked).
type lines struct {
	src   []byte
	marks []lineMark
	n     int // the number of lines (an empty text has one)
	// the line asked for last and where it starts
	at, atOff int
}

// lineMark is where a line starts (a file is at most 256 MiB).
type lineMark struct{ line, off int32 }

// newLines indexes the lines of src.
func newLines(src []byte) *lines {
	l := &lines{src: src, marks: []lineMark{{0, 0}}, n: 1}
	last := l.marks[0]
	for off := 0; off < len(src); {
		off = l.afterBreak(off)
		if off < 0 {
			break
		}
		if l.n-int(last.line) >= lineEvery || off-int(last.off) >= markBytes {
			last = lineMark{int32(l.n), int32(off)}
			l.marks = append(l.marks, last)
		}
		l.n++
	}
	return l
}

// afterBreak returns the offset just past the first line break at or
// after off, or -1 when there is none.
func (l *lines) afterBreak(off int) int {
	src := l.src
	for off < len(src) {
		c := src[off]
		if c < utf8.RuneSelf && c != '\r' && c != '\n' {
			off++
			continue
		}
		r, size := utf8.DecodeRune(src[off:])
		off += size
		switch r {
		case '\r':
			if off < len(src) && src[off] == '\n' {
				off++
			}
			return off
		case '\n', 0x85, 0x2028, 0x2029:
			return off
		}
	}
	return -1
}

// count returns the number of lines.
func (l *lines) count() int { return l.n }

// start returns the offset where line i (from 0, below count) starts.
func (l *lines) start(i int) int {
	k := sort.Search(len(l.marks), func(k int) bool { return int(l.marks[k].line) > i }) - 1
	from, off := int(l.marks[k].line), int(l.marks[k].off)
	if l.at <= i && l.at > from {
		from, off = l.at, l.atOff
	}
	for ; from < i; from++ {
		off = l.afterBreak(off)
	}
	l.at, l.atOff = i, off
	return off
}

// span returns where line i (from 0, below count) starts and where it
// ends, its line break included. A line of markBytes or more is followed
// by a mark, so its end is found without reading it (a line of 2 MB
// holds hundreds of thousands of values).
func (l *lines) span(i int) (start, end int) {
	start = l.start(i)
	if i+1 >= l.n {
		return start, len(l.src)
	}
	k, found := sort.Find(len(l.marks), func(k int) int { return i + 1 - int(l.marks[k].line) })
	if found {
		return start, int(l.marks[k].off)
	}
	return start, l.afterBreak(start)
}

// lineOf returns the line (from 0) that holds byte offset off.
func (l *lines) lineOf(off int) int {
	k := sort.Search(len(l.marks), func(k int) bool { return int(l.marks[k].off) > off }) - 1
	k = max(k, 0)
	line, start := int(l.marks[k].line), int(l.marks[k].off)
	for line+1 < l.n {
		next := l.afterBreak(start)
		if next < 0 || next > off {
			break
		}
		line, start = line+1, next
	}
	return line
}
