package toyfamily

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// The family's names.
const (
	Family = "nim"
	Kind   = "nim/heaps"
	// Legacy is the game's own form: "nim" and the heaps' sizes.
	Legacy formats.Format = "nim-heaps"
)

// Heaps is a Nim position: the number of stones in every heap.
type Heaps struct {
	Stones []int
}

// readLegacy reads "nim 3 4 5".
func readLegacy(file string, src []byte) (*Heaps, *srcpos.Map, error) {
	sm := srcpos.New(src)
	fields := strings.Fields(string(src))
	fail := func(off int, format string, args ...any) error {
		p := sm.Lines().Pos(off)
		return &diag.Diagnostic{File: file, Line: p.Line, Col: p.Col, Severity: diag.Error, Code: diag.CodeStructure, Message: fmt.Sprintf(format, args...)}
	}
	if len(fields) == 0 || fields[0] != "nim" {
		return nil, nil, fail(0, "a Nim file starts with the word nim")
	}
	h := &Heaps{}
	off := strings.Index(string(src), "nim") + 3
	for i, f := range fields[1:] {
		off += strings.Index(string(src[off:]), f)
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, nil, fail(off, "heap %d: expected a whole number of stones, found %q", i, f)
		}
		sm.SetOffset(srcpos.Index("heaps", i), off)
		h.Stones = append(h.Stones, n)
		off += len(f)
	}
	return h, sm, nil
}

// writeLegacy writes "nim 3 4 5".
func writeLegacy(h *Heaps) ([]byte, error) {
	var b strings.Builder
	b.WriteString("nim")
	for _, n := range h.Stones {
		fmt.Fprintf(&b, " %d", n)
	}
	b.WriteString("\n")
	return []byte(b.String()), nil
}

// decode reads the YAML document: kind, version and heaps.
func decode(d *yamlx.Doc) (*Heaps, *srcpos.Map, error) {
	m := d.Root.Mapping()
	h := &Heaps{}
	if _, ok := yamlx.CheckKind(m, Kind, 1); ok {
		if hn, ok := m.Need("heaps", "", "a list of heap sizes"); ok {
			for _, item := range hn.Items() {
				n, _ := item.Int()
				h.Stones = append(h.Stones, n)
			}
		}
	}
	m.Done()
	if err := d.Err(); err != nil {
		return nil, nil, err
	}
	return h, d.Map, nil
}

// encode writes the YAML document.
func encode(h *Heaps) ([]byte, error) {
	root := yamlx.KindHeader(Kind, 1)
	yamlx.Add(root, "heaps", yamlx.FlowInts(h.Stones...))
	return yamlx.Encode("", root)
}
