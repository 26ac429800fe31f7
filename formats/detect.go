package formats

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/token"
)

// Detection of the games' whitespace files (legacy forms) when the
// extension allows more than one (.map: an mbg scenario or an ftbt level;
// no extension or an unknown one: any). The form is told from the file's
// beginning (sniffPrefix bytes), never by reading the whole file as every
// form and keeping one that did not fail: the file is then read once, as
// the form detected, and its errors are that form's (an ftbt level whose
// width is 0 gets the ftbt error at its width, not an mbg reading).
//
// What tells the forms apart is each codec's Shape: how many numbers the
// form's first line holds, and where its first word (the first token that
// is no number) stands, as the games write their files. An mbg scenario
// begins with 4 numbers (squares, nx, ny, win money) and its first word is
// token 5 + 4×squares (an officer); a battle grid begins with 2 numbers
// and has no word. The family's model package declares its shapes beside
// its codecs.
//
// The first line decides when it has the shape of exactly one form; a file
// laid out otherwise (all on one line) is told by where its first word is.
// When two forms still fit and a companion was given with the read
// (--rules), the form whose kind has a companion is taken.

// sniffPrefix is how much of a file detection looks at.
const sniffPrefix = 64 << 10

// Prefix is what detection reads of a file: its first tokens.
type Prefix struct {
	tokens    [][]byte // the tokens of the prefix (the last may be cut)
	firstLine int      // how many tokens the first line that has any holds
	whole     bool     // the prefix is the whole file
	nul       int      // the offset of the prefix's first NUL byte, -1 when none
	nulLine   int      // its line and column (1-based, in characters)
	nulCol    int
}

func readPrefix(src []byte) Prefix { return prefixOf(src, len(src) <= sniffPrefix) }

// prefixOf reads the beginning of src, the beginning of a longer file
// unless whole.
func prefixOf(src []byte, whole bool) Prefix {
	head := src[:min(len(src), sniffPrefix)]
	p := Prefix{whole: whole, nul: bytes.IndexByte(head, 0)}
	if p.nul >= 0 {
		before := head[:p.nul]
		lineStart := bytes.LastIndexByte(before, '\n') + 1
		p.nulLine, p.nulCol = 1+bytes.Count(before, []byte("\n")), 1+utf8.RuneCount(before[lineStart:])
	}
	line, sawLine := 0, false
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		if token.IsSpace(r) {
			if r == '\n' && line > 0 && !sawLine {
				p.firstLine, sawLine = line, true
			}
			i += size
			continue
		}
		j := i
		for j < len(head) {
			r, size := utf8.DecodeRune(head[j:])
			if token.IsSpace(r) {
				break
			}
			j += size
		}
		if j == len(head) && !p.whole {
			break // a token the prefix cuts
		}
		p.tokens = append(p.tokens, head[i:j])
		if !sawLine {
			line++
		}
		i = j
	}
	if !sawLine {
		p.firstLine = line
	}
	return p
}

// number reports whether token i is a number (false past the prefix).
func (p Prefix) number(i int) bool {
	if i >= len(p.tokens) {
		return false
	}
	if _, ok := token.ParseInt(p.tokens[i]); ok {
		return true
	}
	_, ok := token.ParseFloat32(p.tokens[i])
	return ok
}

// Int returns token i as an integer (false past the prefix or when it is
// no integer).
func (p Prefix) Int(i int) (int64, bool) {
	if i >= len(p.tokens) {
		return 0, false
	}
	return token.ParseInt(p.tokens[i])
}

// firstWord is the index of the first token that is no number, or -1
// when the prefix holds none.
func (p Prefix) firstWord() int {
	for i := range p.tokens {
		if !p.number(i) {
			return i
		}
	}
	return -1
}

// fits reports whether the beginning p can be the form f (by the shape
// of its first line when byLine, else by where its first word is).
func (s *Shape) fits(p Prefix, byLine bool) bool {
	if byLine {
		if p.firstLine != s.FirstLine {
			return false
		}
		for i := range s.FirstLine {
			if !p.number(i) {
				return false
			}
		}
		return true
	}
	want, got := s.Word(p), p.firstWord()
	switch {
	case want == -2:
		return false
	case want == -1:
		return got == -1
	case got == -1:
		return want >= len(p.tokens) && !p.whole // the word lies past the prefix
	}
	return want == got
}

// detectLegacy picks among the candidate forms the one the file's
// beginning has the shape of; it fails, saying which --from to add, when
// none or several have it.
func detectLegacy(path string, src []byte, cands []*Codec, ctx *Context) (*Codec, error) {
	return detectPrefix(path, readPrefix(src), cands, ctx)
}

// detectPrefix is detectLegacy from the file's beginning p.
func detectPrefix(path string, p Prefix, cands []*Codec, ctx *Context) (*Codec, error) {
	pick := func(byLine bool) []*Codec {
		var out []*Codec
		for _, c := range cands {
			if c.Shape != nil && c.Shape.fits(p, byLine) {
				out = append(out, c)
			}
		}
		return out
	}
	found := pick(true)
	if len(found) == 0 {
		found = pick(false)
	}
	if len(found) > 1 {
		// Two forms start alike (an ftbt level and a battle grid): the
		// rest of the beginning tells them apart where it can.
		if narrowed := pick(false); len(narrowed) == 1 && contains(found, narrowed[0]) {
			found = narrowed
		} else if ctx.given() {
			for _, c := range found {
				if c.Companion != nil {
					found = []*Codec{c}
				}
			}
		}
	}
	if len(found) == 1 {
		return found[0], nil // its reader places a NUL byte it meets
	}
	if p.nul >= 0 {
		// No game writes a NUL byte: a run of them longer than the
		// prefix is no token, and would seem to fit every form whose
		// first word lies further.
		return nil, &diag.Diagnostic{File: path, Line: p.nulLine, Col: p.nulCol, Severity: diag.Error, Code: diag.CodeKind,
			Message: "cannot tell what kind of file this is: it holds a NUL byte here, which no file of the games holds — is it a binary file? If it is a document, add " + strings.Join(fromFlags(cands), " or ")}
	}
	flags := fromFlags(cmpOr(found, cands))
	d := &diag.Diagnostic{File: path, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeKind}
	if len(found) == 0 {
		d.Message = fmt.Sprintf("cannot tell what kind of file this is: its beginning has the shape of none of %s; add %s", formsOf(cands), strings.Join(flags, " or "))
		if what := notADocument(path); what != "" {
			d.Related = []diag.Related{{Message: what}}
		}
	} else {
		d.Message = "cannot tell what kind of file this is: its beginning fits more than one form; add " + strings.Join(flags, " or ")
	}
	return nil, d
}

// fromFlags are the --from flags that read cands.
func fromFlags(cands []*Codec) []string {
	var flags []string
	for _, c := range cands {
		flags = append(flags, "--from "+string(c.Legacy))
	}
	return flags
}

func contains(l []*Codec, c *Codec) bool {
	for _, x := range l {
		if x == c {
			return true
		}
	}
	return false
}

// cmpOr returns a when it is not empty, else b.
func cmpOr(a, b []*Codec) []*Codec {
	if len(a) > 0 {
		return a
	}
	return b
}

// formsOf names the forms ("mbg-map (mbg/scenario), ...").
func formsOf(cands []*Codec) string {
	var names []string
	for _, c := range cands {
		names = append(names, fmt.Sprintf("%s (%s)", c.Legacy, c.Kind))
	}
	return strings.Join(names, ", ")
}

// detectedNote explains, on an error of a file read as a detected form,
// why it was read as that form and how to read it as another.
func detectedNote(c *Codec, cands []*Codec) diag.Related {
	var others []string
	for _, o := range cands {
		if o != c {
			others = append(others, "--from "+string(o.Legacy))
		}
	}
	return diag.Related{Message: fmt.Sprintf("the file is read as %s (%s): its beginning has that form's shape (a first line of %d number(s)); to read it as another form, add %s",
		c.Legacy, c.Kind, c.Shape.FirstLine, strings.Join(others, " or "))}
}
