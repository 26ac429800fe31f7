package tiled

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
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
	// items are the lists of objects (JSON arrays at a path ending in
	// ".objects", TMX object groups) by path, where each object starts:
	// what lies inside an object is found again when a diagnostic first
	// needs it (a map of 20 000 people held some 900 000 paths of their
	// values and properties otherwise).
	items map[string][]int
	// again reads one item again, recording where its values are under
	// its path (the item's path and where it starts); nil when the
	// document has no items.
	again func(path string, start int) *index
	// last is the item read again last, and its index.
	last   string
	lastIx *index
}

// dataRun is one data array of a document: JSON (src[start] is its '[')
// or TMX CSV text (src[start:end]).
type dataRun struct {
	src        []byte
	start, end int
	csv        bool
}

func newIndex() *index {
	return &index{offsets: map[string]int{}, runs: map[string][]dataRun{}, data: map[string][]int{}, items: map[string][]int{}}
}

// buildIndex scans src, which must be valid JSON (it has been decoded
// before); it stops quietly where it is not.
func buildIndex(src []byte) *index {
	ix := newIndex()
	sc := &jsonScan{src: src, ix: ix}
	sc.value("")
	ix.again = func(path string, start int) *index {
		item := newIndex()
		(&jsonScan{src: src, i: start, ix: item}).value(path)
		return item
	}
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
		if sc.ix != nil && strings.HasSuffix(path, ".data") {
			sc.ix.runs[path] = append(sc.ix.runs[path], dataRun{src: sc.src, start: off})
			skip := jsonScan{src: sc.src, i: sc.i}
			ok := skip.value("")
			sc.i = skip.i
			return ok
		}
		if sc.ix != nil && strings.HasSuffix(path, ".objects") {
			return sc.items(path)
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

// items scans the array of objects at the scanner (its '[' next), the
// value at path, recording only where each item starts (a key given twice
// keeps the last array, as encoding/json does).
func (sc *jsonScan) items(path string) bool {
	starts := []int{}
	defer func() { sc.ix.items[path] = starts }()
	skip := jsonScan{src: sc.src, i: sc.i + 1}
	skip.ws()
	if skip.peek() == ']' {
		sc.i = skip.i + 1
		return true
	}
	for {
		skip.ws()
		starts = append(starts, skip.i)
		if !skip.value("") {
			sc.i = skip.i
			return false
		}
		more, ok := skip.next(']')
		if !more {
			sc.i = skip.i
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
	if off, ok := ix.inItem(path); ok {
		return off
	}
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

// inItem returns the offset of a path inside an item of a list of
// objects (or of the item itself, its nearest known parent), reading the
// item again; ok is false for a path in no such item.
func (ix *index) inItem(path string) (off int, ok bool) {
	for list, starts := range ix.items {
		rest, found := strings.CutPrefix(path, list+"[")
		if !found {
			continue
		}
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			continue
		}
		k, err := strconv.Atoi(rest[:end])
		if err != nil || k < 0 || k >= len(starts) || strconv.Itoa(k) != rest[:end] {
			continue
		}
		item := path[:len(list)+1+end+1]
		if ix.last != item || ix.lastIx == nil {
			ix.last, ix.lastIx = item, ix.again(item, starts[k])
		}
		for p := path; len(p) >= len(item); p = p[:max(lastSep(p), 0)] {
			if off, ok := ix.lastIx.offsets[p]; ok {
				return off, true
			}
			if p == item {
				break
			}
		}
		return starts[k], true
	}
	return 0, false
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
