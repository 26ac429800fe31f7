package token

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// Layout is how a legacy token file was laid out: its bytes, and which of
// its tokens were read as names (compared as text; the others are values
// compared as the game reads them).
type Layout struct {
	Src []byte
	// Names are the byte offsets of the tokens read as names, increasing.
	Names []int
}

// Relayout returns fresh, a token file as Shapan writes it, laid out as
// base, the file the document was read from: every token of fresh that
// stands for a token of base with the same value (the same name, or a
// number or boolean the game reads the same) is written as base spells
// it, with base's white space before it; a changed token keeps base's
// white space and takes fresh's spelling; only inserted tokens take
// fresh's white space (with base's line endings). So an unedited document
// is written back byte for byte, and an edit changes only the tokens it
// touches. The tokens written are always fresh's tokens, or base's
// spellings of the same values.
func Relayout(base Layout, fresh []byte) []byte {
	b, f := split(base.Src), split(fresh)
	if len(b.toks) == 0 {
		return fresh
	}
	isName := func(i int) bool { _, ok := slices.BinarySearch(base.Names, b.toks[i][0]); return ok }
	same := func(i, j int) bool {
		bt, ft := b.tok(i), f.tok(j)
		if bytes.Equal(bt, ft) {
			return true
		}
		return !isName(i) && sameValue(bt, ft)
	}
	out := make([]byte, 0, len(fresh)+len(fresh)/8)
	crlf := bytes.Contains(base.Src, []byte("\r\n"))
	// emit writes a token after white space; two tokens are never
	// written without some between them.
	// fresh's white space, with base's line ends.
	freshSpace := func(j int) []byte {
		sp := f.space(j)
		if crlf {
			sp = bytes.ReplaceAll(bytes.ReplaceAll(sp, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
		}
		return sp
	}
	emit := func(sp, tok []byte, j int) {
		if len(sp) == 0 && len(out) > 0 {
			if sp = freshSpace(j); len(sp) == 0 {
				sp = []byte(" ")
			}
		}
		out = append(out, sp...)
		out = append(out, tok...)
	}
	keep := func(i, j int) { // fresh token j in base token i's place
		if same(i, j) {
			emit(b.space(i), b.tok(i), j)
		} else {
			emit(b.space(i), f.tok(j), j)
		}
	}
	insert := func(j int) {
		sp := freshSpace(j)
		if len(out) == 0 {
			sp = b.space(0) // the file's leading space is base's
		}
		emit(sp, f.tok(j), j)
	}
	// Between tokens kept, base's deleted tokens and fresh's inserted
	// ones pair up in order: a changed value stays in its place.
	var dels, ins []int
	flush := func() {
		n := min(len(dels), len(ins))
		for k := range n {
			keep(dels[k], ins[k])
		}
		for _, j := range ins[n:] {
			insert(j)
		}
		dels, ins = dels[:0], ins[:0]
	}
	for _, o := range align(len(b.toks), len(f.toks), same) {
		switch {
		case o.b >= 0 && o.f >= 0:
			flush()
			keep(o.b, o.f)
		case o.b >= 0:
			dels = append(dels, o.b)
		default:
			ins = append(ins, o.f)
		}
	}
	flush()
	return append(out, b.trailing()...)
}

// sameValue reports whether two tokens are the same number or boolean as
// the game reads them (010 and 8, 1.50 and 1.5, T and true).
func sameValue(a, b []byte) bool {
	if x, ok := ParseInt(a); ok {
		y, ok := ParseInt(b)
		return ok && x == y
	}
	if x, ok := ParseFloat32(a); ok {
		y, ok := ParseFloat32(b)
		return ok && x == y
	}
	if x, ok := ParseBool(a); ok {
		y, ok := ParseBool(b)
		return ok && x == y
	}
	return false
}

// tokens are the tokens of a file: toks[i] is the byte range of token i,
// which the white space from its preceding token's end stands before.
type tokens struct {
	src  []byte
	toks [][2]int
}

func split(src []byte) tokens {
	t := tokens{src: src}
	for i := 0; i < len(src); {
		r, size := rune(src[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(src[i:])
		}
		if IsSpace(r) {
			i += size
			continue
		}
		start := i
		for i < len(src) {
			r, size := rune(src[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRune(src[i:])
			}
			if IsSpace(r) {
				break
			}
			i += size
		}
		t.toks = append(t.toks, [2]int{start, i})
	}
	return t
}

func (t tokens) tok(i int) []byte { return t.src[t.toks[i][0]:t.toks[i][1]] }

// space is the white space before token i.
func (t tokens) space(i int) []byte {
	from := 0
	if i > 0 {
		from = t.toks[i-1][1]
	}
	return t.src[from:t.toks[i][0]]
}

// trailing is the white space after the last token.
func (t tokens) trailing() []byte {
	if len(t.toks) == 0 {
		return t.src
	}
	return t.src[t.toks[len(t.toks)-1][1]:]
}

// op is one step of an edit script: a base token kept as a fresh token
// (b and f), a base token deleted (f -1) or a fresh token inserted (b -1).
type op struct{ b, f int }

// maxEdits bounds the edit distance align searches for; beyond it the
// tokens between the common start and end are paired in order.
const maxEdits = 1000

// align returns an edit script from base's n tokens to fresh's m: after
// the common start and end, the tokens between are paired in order when
// there are as many on both sides, else a shortest script is searched
// (Myers' algorithm).
func align(n, m int, same func(i, j int) bool) []op {
	pre := 0
	for pre < n && pre < m && same(pre, pre) {
		pre++
	}
	suf := 0
	for suf < n-pre && suf < m-pre && same(n-1-suf, m-1-suf) {
		suf++
	}
	out := make([]op, 0, max(n, m))
	for i := range pre {
		out = append(out, op{i, i})
	}
	if n-pre-suf == m-pre-suf {
		// As many tokens between: values changed in place, paired in
		// order (a search could pair a changed value with a far equal
		// one in a run of equal values, moving the line ends).
		for i := pre; i < n-suf; i++ {
			out = append(out, op{i, i})
		}
	} else {
		out = append(out, diff(pre, n-suf, pre, m-suf, same)...)
	}
	for k := suf; k > 0; k-- {
		out = append(out, op{n - k, m - k})
	}
	return out
}

// diff aligns base[b0:b1] with fresh[f0:f1].
func diff(b0, b1, f0, f1 int, same func(i, j int) bool) []op {
	n, m := b1-b0, f1-f0
	maxD := min(n+m, maxEdits)
	var trace [][]int32 // V before each d, trimmed to k in [-d, d]
	v := make([]int32, 2*maxD+3)
	off := maxD + 1
	for d := 0; d <= maxD; d++ {
		trace = append(trace, slices.Clone(v[off-d:off+d+1]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = int(v[off+k+1]) // down: an insertion
			} else {
				x = int(v[off+k-1]) + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && same(b0+x, f0+y) {
				x, y = x+1, y+1
			}
			v[off+k] = int32(x)
			if x >= n && y >= m {
				return script(trace, d, n, m, b0, f0)
			}
		}
	}
	// Too different: pair the tokens in order.
	var out []op
	for i := range max(n, m) {
		switch {
		case i < n && i < m:
			out = append(out, op{b0 + i, f0 + i})
		case i < n:
			out = append(out, op{b0 + i, -1})
		default:
			out = append(out, op{-1, f0 + i})
		}
	}
	return out
}

// script walks Myers' trace back from (n, m) and returns the edit script
// in order.
func script(trace [][]int32, d, n, m, b0, f0 int) []op {
	var out []op
	x, y := n, m
	for ; d > 0; d-- {
		v := trace[d] // V before step d: k from -d at index 0
		at := func(k int) int { return int(v[k+d]) }
		k := x - y
		var pk int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			out = append(out, op{b0 + x, f0 + y})
		}
		if x == px {
			y--
			out = append(out, op{-1, f0 + y})
		} else {
			x--
			out = append(out, op{b0 + x, -1})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		out = append(out, op{b0 + x, f0 + y})
	}
	slices.Reverse(out)
	return out
}
