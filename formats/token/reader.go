// Package token reads the original games' whitespace-separated files: a
// hand-written scanner that splits tokens exactly where fmt.Fscan does and
// parses numbers and booleans with Fscan's syntax, while reporting every
// problem as a diagnostic with file, line, column and the field that was
// expected.
package token

import (
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// IsSpace reports whether r separates tokens, exactly as in fmt.Fscan.
func IsSpace(r rune) bool {
	if r < utf8.RuneSelf {
		return r == ' ' || (r >= '\t' && r <= '\r')
	}
	switch {
	case r == 0x85, r == 0xa0, r == 0x1680, r >= 0x2000 && r <= 0x200a,
		r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}

// Desc lazily describes the field being read, for error messages
// ("officer 3 (司马懿): ability mou"). It is only called when reading fails.
type Desc func() string

// Reader reads a token file from memory. Errors are sticky: after the first
// one every read returns a zero value, so a reader can be written as
// straight-line code and check Err once at the end.
type Reader struct {
	file  string
	src   []byte
	off   int // next byte to scan
	start int // offset of the last token returned
	err   *diag.Diagnostic
	// Map receives the positions recorded with Mark and the notes about
	// non-canonical tokens.
	Map *srcpos.Map
	// deferRest makes Rest only note where the remaining values start
	// (leftover, -1 when there are none).
	deferRest bool
	leftover  int
	// names are the offsets of the tokens read as names or as trailing
	// text.
	names []int
	// unmarked makes Mark and MarkAt record nothing (see Items).
	unmarked bool
}

// NewReader returns a reader of src, which came from file. A leading UTF-8
// byte-order mark is reported as an error: the original games cannot read it.
func NewReader(file string, src []byte) *Reader {
	r := &Reader{file: file, src: src, Map: srcpos.New(src), leftover: -1}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		r.failAt(0, diag.CodeBadText, "the file starts with a UTF-8 byte-order mark, which the game cannot read; save it as UTF-8 without BOM")
	}
	return r
}

// File returns the file name given to NewReader.
func (r *Reader) File() string { return r.file }

// Source returns the whole text being read.
func (r *Reader) Source() []byte { return r.src }

// Err returns the first error, or nil.
func (r *Reader) Err() error {
	if r.err == nil {
		return nil
	}
	return r.err
}

// Failed reports whether an error occurred.
func (r *Reader) Failed() bool { return r.err != nil }

// Offset returns the byte offset of the last token read.
func (r *Reader) Offset() int { return r.start }

// Mark records that path is at the last token read.
func (r *Reader) Mark(path string) {
	if r.err == nil && !r.unmarked {
		r.Map.SetOffset(path, r.start)
	}
}

// MarkAt records that path is at byte offset off.
func (r *Reader) MarkAt(path string, off int) {
	if r.err == nil && !r.unmarked {
		r.Map.SetOffset(path, off)
	}
}

// Items reads the items of the list at path, item i into items[i] with
// read, and records where each item starts instead of the marks read
// makes in it: a position in item i is found when a diagnostic asks for
// one, by reading the item again from its start with a reader of its own
// (read must make the same marks whenever it reads the same text). A list
// of 100 000 items of ten values keeps 800 KB instead of a map entry for
// every value.
func Items[T any](r *Reader, path string, items []T, read func(r *Reader, i int, item *T)) {
	starts := make([]int, len(items))
	r.unmarked = true
	for i := range items {
		starts[i] = r.off
		read(r, i, &items[i])
	}
	r.unmarked = false
	if r.err != nil {
		return
	}
	file, src, lines := r.file, r.src, r.Map.Lines()
	// The items read again last are kept: diagnostics come item by item,
	// and one item may be long (a garrison of every officer), so reading
	// it again for each of its diagnostics would take time quadratic in
	// its length.
	var mu sync.Mutex // Locate may be called from several goroutines
	var recent [itemsKept]struct {
		i int
		m *srcpos.Map
	}
	for k := range recent {
		recent[k].i = -1
	}
	r.Map.SetItems(path, func(i int, rest string) diag.Pos {
		if i < 0 || i >= len(starts) {
			return diag.Pos{}
		}
		mu.Lock()
		defer mu.Unlock()
		k := 0
		for k < len(recent)-1 && recent[k].i != i {
			k++
		}
		if recent[k].i != i {
			again := &Reader{file: file, src: src, off: starts[i], start: starts[i], Map: srcpos.NewOver(lines), leftover: -1}
			var item T
			read(again, i, &item)
			recent[k].i, recent[k].m = i, again.Map
		}
		found := recent[k]
		copy(recent[1:k+1], recent[:k]) // the most recent first
		recent[0] = found
		return found.m.Locate(srcpos.Index(path, i) + rest)
	})
}

// itemsKept is the number of items Items keeps read again.
const itemsKept = 4

// Pos returns the line and column of byte offset off.
func (r *Reader) Pos(off int) diag.Pos { return r.Map.Lines().Pos(off) }

// Fail records an error at the last token read (if no error occurred yet).
func (r *Reader) Fail(code, msg string) { r.failAt(r.start, code, msg) }

func (r *Reader) failAt(off int, code, msg string) {
	if r.err != nil {
		return
	}
	p := r.Pos(off)
	r.err = &diag.Diagnostic{File: r.file, Line: p.Line, Col: p.Col, Severity: diag.Error, Code: code, Message: msg}
}

// next returns the next token, or nil at the end of the input.
func (r *Reader) next() []byte {
	src, i := r.src, r.off
	for i < len(src) {
		c := src[i]
		if c < utf8.RuneSelf {
			if c == ' ' || (c >= '\t' && c <= '\r') {
				i++
				continue
			}
			break
		}
		ch, size := utf8.DecodeRune(src[i:])
		if !IsSpace(ch) {
			break
		}
		i += size
	}
	start := i
	for i < len(src) {
		c := src[i]
		if c < utf8.RuneSelf {
			if c == ' ' || (c >= '\t' && c <= '\r') {
				break
			}
			i++
			continue
		}
		ch, size := utf8.DecodeRune(src[i:])
		if IsSpace(ch) {
			break
		}
		i += size
	}
	r.off = i
	r.start = start
	if start == i {
		return nil
	}
	return src[start:i]
}

// AtEOF reports whether only white space is left.
func (r *Reader) AtEOF() bool { return r.NextOffset() == len(r.src) }

// NextOffset returns the byte offset of the next token, or the length of
// the source when only white space is left.
func (r *Reader) NextOffset() int {
	save, saveStart := r.off, r.start
	tok := r.next()
	off := r.start
	r.off, r.start = save, saveStart
	if tok == nil {
		return len(r.src)
	}
	return off
}

func (r *Reader) token(what Desc, kind string) []byte {
	if r.err != nil {
		return nil
	}
	tok := r.next()
	if tok == nil {
		r.failAt(len(r.src), diag.CodeEOF, "unexpected end of file: expected "+what()+" ("+kind+")")
	}
	return tok
}

// Int reads an integer.
func (r *Reader) Int(what Desc) int {
	tok := r.token(what, "an integer")
	if tok == nil {
		return 0
	}
	v, ok := ParseInt(tok)
	if !ok {
		r.Fail(diag.CodeNotInt, what()+" must be an integer, found "+quote(tok))
		return 0
	}
	if !isPlainInt(tok) {
		r.note(tok, strconv.FormatInt(v, 10), what)
	}
	return int(v)
}

// Float32 reads a real number.
func (r *Reader) Float32(what Desc) float32 {
	tok := r.token(what, "a number")
	if tok == nil {
		return 0
	}
	v, ok := ParseFloat32(tok)
	if !ok {
		r.Fail(diag.CodeNotReal, what()+" must be a number, found "+quote(tok))
		return 0
	}
	return v
}

// Bool reads a boolean.
func (r *Reader) Bool(what Desc) bool {
	tok := r.token(what, "true or false")
	if tok == nil {
		return false
	}
	v, ok := ParseBool(tok)
	if !ok {
		r.Fail(diag.CodeNotBool, what()+" must be true or false, found "+quote(tok))
		return false
	}
	if s := string(tok); s != "true" && s != "false" {
		r.note(tok, strconv.FormatBool(v), what)
	}
	return v
}

// Name reads a name: any run of non-space characters that is valid UTF-8.
func (r *Reader) Name(what Desc) string {
	tok := r.token(what, "a name")
	if tok == nil {
		return ""
	}
	if !utf8.Valid(tok) {
		r.Fail(diag.CodeBadText, what()+" is not valid UTF-8 text")
		return ""
	}
	r.names = append(r.names, r.start)
	return string(tok)
}

// Names returns the byte offsets of the tokens read as names or as
// trailing text, in file order: laying a file out again (Relayout)
// compares them as text, and the other tokens as values.
func (r *Reader) Names() []int { return r.names }

// Count reads a non-negative count of items that each need at least
// perItem tokens, and rejects counts the rest of the file cannot hold, so
// that nothing is allocated for an impossible header.
func (r *Reader) Count(what Desc, perItem int) int {
	n := r.Int(what)
	if r.err != nil {
		return 0
	}
	if n < 0 {
		r.Fail(diag.CodeBadSize, what()+" must not be negative, found "+strconv.Itoa(n))
		return 0
	}
	if perItem > 0 {
		if limit := r.MaxTokens() / perItem; n > limit {
			r.Fail(diag.CodeBadSize, what()+" is "+strconv.Itoa(n)+" but the rest of the file can hold at most "+strconv.Itoa(limit)+
				" (each needs at least "+strconv.Itoa(perItem)+" values)")
			return 0
		}
	}
	return n
}

// MaxTokens returns an upper bound of the number of tokens left: every
// token needs one byte and all but the last a separator.
func (r *Reader) MaxTokens() int { return (len(r.src) - r.off + 1) / 2 }

// DeferRest makes Rest note where the values after the last field start
// instead of reading them. A loader that reads a file as several forms to
// tell which one it is uses it, and then takes the rest (TakeRest) of the
// reading it keeps: a file of one form read as another can leave millions
// of values over.
func (r *Reader) DeferRest() { r.deferRest = true }

// Leftover returns the offset of the first value a deferred Rest left,
// or -1 when there were none (or Rest was not deferred).
func (r *Reader) Leftover() int {
	if !r.deferRest {
		return -1
	}
	return r.leftover
}

// TakeRest reads the values a deferred Rest left.
func (r *Reader) TakeRest() ([]string, error) {
	r.deferRest = false
	rest := r.Rest()
	return rest, r.Err()
}

// Rest returns all remaining tokens (nil, when deferred: see DeferRest).
func (r *Reader) Rest() []string {
	if r.deferRest {
		r.leftover = -1
		if r.err == nil && !r.AtEOF() {
			r.leftover = r.NextOffset()
		}
		return nil
	}
	var rest []string
	for r.err == nil {
		tok := r.next()
		if tok == nil {
			break
		}
		if !utf8.Valid(tok) {
			r.Fail(diag.CodeBadText, "trailing text is not valid UTF-8")
			return nil
		}
		r.names = append(r.names, r.start)
		rest = append(rest, string(tok))
	}
	return rest
}

func (r *Reader) note(tok []byte, canonical string, what Desc) {
	r.Map.Notes = append(r.Map.Notes, srcpos.Note{Offset: r.start, Token: string(tok), Canonical: canonical, What: what()})
}

func isPlainInt(tok []byte) bool {
	_, ok := plainInt(tok)
	return ok && string(tok) != "-0"
}

func quote(tok []byte) string {
	const max = 40
	s := string(tok)
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "…"
	}
	return "'" + s + "'"
}

// Ints reads len(dst) integers into dst, as many calls of Int would, but
// faster: plain decimal tokens between ASCII white space are converted in
// one loop; any other token (a sign, a base prefix, non-ASCII space, a
// mistake) goes through Int, so errors and notes are the same. what(i)
// describes value i for messages.
func (r *Reader) Ints(dst []int, what func(i int) string) {
	src := r.src
	for i := range dst {
		if r.err != nil {
			return
		}
		off := r.off
		for off < len(src) && asciiSpace(src[off]) {
			off++
		}
		// Most grids are single digits between spaces.
		if off+1 < len(src) && src[off]-'0' < 10 && asciiSpace(src[off+1]) {
			dst[i] = int(src[off] - '0')
			r.start, r.off = off, off+1
			continue
		}
		start, neg := off, false
		if off < len(src) && src[off] == '-' {
			neg = true
			off++
		}
		digitsStart := off
		v := 0
		for off < len(src) && src[off]-'0' < 10 && off-digitsStart < 18 {
			v = v*10 + int(src[off]-'0')
			off++
		}
		n := off - digitsStart
		if n == 0 || (n > 1 && src[digitsStart] == '0') || (neg && v == 0) || (off < len(src) && !asciiSpace(src[off])) {
			dst[i] = r.Int(func() string { return what(i) })
			continue
		}
		if neg {
			v = -v
		}
		dst[i] = v
		r.start, r.off = start, off
	}
}

func asciiSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }
