package tiled

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// index records where the values of a JSON document start, by path
// ("layers[0].objects[2].x"), so that diagnostics can name a line and a
// column. The items of the data arrays of tile layers, one per cell, are
// not recorded as the document is indexed: only where each array (or
// TMX CSV text) starts; their offsets are found when a diagnostic first
// needs one, so that a large map costs no memory a cell for them.
type index struct {
	offsets map[string]int
	// runs are the data arrays by path, in the order the document holds
	// them (a path given twice keeps both, their items one after the
	// other).
	runs map[string][]dataRun
	// data caches the offsets of the items of the data arrays by path.
	data map[string][]int
}

// dataRun is one data array of a document: JSON (src[start] is its '[')
// or TMX CSV text (src[start:end]).
type dataRun struct {
	src        []byte
	start, end int
	csv        bool
}

func newIndex() *index {
	return &index{offsets: map[string]int{}, runs: map[string][]dataRun{}, data: map[string][]int{}}
}

// buildIndex scans src, which must be valid JSON (it has been decoded
// before); it stops quietly where it is not.
func buildIndex(src []byte) *index {
	ix := newIndex()
	sc := &jsonScan{src: src, ix: ix}
	sc.value("")
	return ix
}

// jsonScan walks valid JSON by hand, recording where values start
// without decoding them.
type jsonScan struct {
	src []byte
	i   int
	ix  *index // nil: only skip
}

func (sc *jsonScan) ws() {
	for sc.i < len(sc.src) {
		switch sc.src[sc.i] {
		case ' ', '\t', '\r', '\n':
			sc.i++
			continue
		}
		return
	}
}

// peek returns the byte at the scan, or 0 at the end.
func (sc *jsonScan) peek() byte {
	if sc.i < len(sc.src) {
		return sc.src[sc.i]
	}
	return 0
}

// value scans the value at path and records where it starts; the items
// of an array whose path ends in ".data" are left for later (see
// index.cell).
func (sc *jsonScan) value(path string) bool {
	sc.ws()
	off := sc.i
	if sc.ix != nil {
		sc.ix.offsets[path] = off
	}
	switch sc.peek() {
	case 0:
		return false
	case '{':
		return sc.object(path)
	case '[':
		if sc.ix != nil && len(path) >= 5 && path[len(path)-5:] == ".data" {
			sc.ix.runs[path] = append(sc.ix.runs[path], dataRun{src: sc.src, start: off})
			skip := jsonScan{src: sc.src, i: sc.i}
			ok := skip.value("")
			sc.i = skip.i
			return ok
		}
		return sc.array(path)
	case '"':
		return sc.str()
	default:
		for sc.i < len(sc.src) && bytes.IndexByte([]byte(" \t\r\n,]}:"), sc.src[sc.i]) < 0 {
			sc.i++
		}
		return sc.i > off
	}
}

// object scans the object at the scanner (its '{' next), the value at
// path, and its entries at path.KEY.
func (sc *jsonScan) object(path string) bool {
	sc.i++
	sc.ws()
	if sc.peek() == '}' {
		sc.i++
		return true
	}
	for {
		sc.ws()
		start := sc.i
		if !sc.str() {
			return false
		}
		key := sc.key(sc.src[start:sc.i])
		sc.ws()
		if sc.peek() != ':' {
			return false
		}
		sc.i++
		p := key
		if path != "" {
			p = path + "." + key
		}
		if sc.ix == nil {
			p = ""
		}
		if !sc.value(p) {
			return false
		}
		if more, ok := sc.next('}'); !more {
			return ok
		}
	}
}

// array scans the array at the scanner (its '[' next), the value at
// path, and its items at path[N].
func (sc *jsonScan) array(path string) bool {
	sc.i++
	sc.ws()
	if sc.peek() == ']' {
		sc.i++
		return true
	}
	for n := 0; ; n++ {
		p := ""
		if sc.ix != nil {
			p = path + "[" + strconv.Itoa(n) + "]"
		}
		if !sc.value(p) {
			return false
		}
		if more, ok := sc.next(']'); !more {
			return ok
		}
	}
}

// next reads what follows an item of an object or array: a ',' (more
// items follow), its closing byte (done, ok) or anything else (done,
// not ok).
func (sc *jsonScan) next(closing byte) (more, ok bool) {
	sc.ws()
	c := sc.peek()
	sc.i++
	switch c {
	case closing:
		return false, true
	case ',':
		return true, true
	default:
		return false, false
	}
}

// str passes a string, quotes and all.
func (sc *jsonScan) str() bool {
	if sc.peek() != '"' {
		return false
	}
	for sc.i++; sc.i < len(sc.src); sc.i++ {
		switch sc.src[sc.i] {
		case '\\':
			sc.i++
		case '"':
			sc.i++
			return true
		}
	}
	return false
}

// key decodes an object key as encoding/json does.
func (sc *jsonScan) key(raw []byte) string {
	if sc.ix == nil {
		return ""
	}
	if bytes.IndexByte(raw, '\\') < 0 && isASCII(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var k string
	json.Unmarshal(raw, &k)
	return k
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// items returns where each item of the data run starts.
func (r dataRun) items() []int {
	var out []int
	if r.csv {
		body := r.src[r.start:r.end]
		for i := 0; i < len(body); {
			for i < len(body) && isCSVSep(body[i]) {
				i++
			}
			j := i
			for j < len(body) && !isCSVSep(body[j]) {
				j++
			}
			if j > i {
				out = append(out, r.start+i)
			}
			i = j
		}
		return out
	}
	sc := &jsonScan{src: r.src, i: r.start + 1}
	sc.ws()
	if sc.peek() == ']' {
		return out
	}
	for {
		sc.ws()
		out = append(out, sc.i)
		if !sc.value("") {
			return out
		}
		sc.ws()
		if c := sc.peek(); c != ',' {
			return out
		}
		sc.i++
	}
}

func isCSVSep(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ','
}

// at returns the offset of path or of its nearest recorded parent; -1
// when nothing is known.
func (ix *index) at(path string) int {
	for p := path; ; {
		if off, ok := ix.offsets[p]; ok {
			return off
		}
		if p == "" {
			return -1
		}
		i := lastSep(p)
		if i < 0 {
			p = ""
		} else {
			p = p[:i]
		}
	}
}

// cell returns the offset of item i of the data array at path, or -1.
func (ix *index) cell(path string, i int) int {
	offs, ok := ix.data[path]
	if !ok {
		for _, r := range ix.runs[path] {
			offs = append(offs, r.items()...)
		}
		ix.data[path] = offs
	}
	if i < 0 || i >= len(offs) {
		return -1
	}
	return offs[i]
}

func lastSep(p string) int {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '.' || p[i] == '[' {
			return i
		}
	}
	return -1
}
