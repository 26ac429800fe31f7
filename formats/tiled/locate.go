package tiled

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// index records where the values of a JSON document start, by path
// ("layers[0].objects[2].x"), so that diagnostics can name a line and a
// column. The items of the data arrays of tile layers are kept apart, as a
// slice per array, because there are one per cell.
type index struct {
	offsets map[string]int
	data    map[string][]int
}

// buildIndex walks src, which must be valid JSON.
func buildIndex(src []byte) *index {
	ix := &index{offsets: map[string]int{}, data: map[string][]int{}}
	w := &walker{src: src, dec: json.NewDecoder(bytes.NewReader(src)), ix: ix}
	w.dec.UseNumber()
	w.value("", false)
	return ix
}

type walker struct {
	src []byte
	dec *json.Decoder
	ix  *index
}

// start returns the offset where the next value begins: past the
// white space, colons and commas after the previous token.
func (w *walker) start() int {
	off := int(w.dec.InputOffset())
	for off < len(w.src) {
		switch w.src[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
			continue
		}
		break
	}
	return off
}

// value records the value at path; inData says it is an item of a data
// array. It stops quietly at the first error (the document was decoded
// before, so there is none).
func (w *walker) value(path string, inData bool) bool {
	off := w.start()
	tok, err := w.dec.Token()
	if err != nil {
		return false
	}
	if inData {
		arr := path[:len(path)-len("[]")]
		w.ix.data[arr] = append(w.ix.data[arr], off)
	} else {
		w.ix.offsets[path] = off
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return true
	}
	switch d {
	case '{':
		for w.dec.More() {
			key, err := w.dec.Token()
			if err != nil {
				return false
			}
			k, _ := key.(string)
			p := k
			if path != "" {
				p = path + "." + k
			}
			if !w.value(p, false) {
				return false
			}
		}
	case '[':
		data := len(path) >= 5 && path[len(path)-5:] == ".data"
		for i := 0; w.dec.More(); i++ {
			p := path + "[" + strconv.Itoa(i) + "]"
			if data {
				p = path + "[]"
			}
			if !w.value(p, data) {
				return false
			}
		}
	}
	_, err = w.dec.Token() // the closing delimiter
	return err == nil
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
	offs := ix.data[path]
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
