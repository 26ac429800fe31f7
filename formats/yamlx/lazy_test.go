package yamlx

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/srcpos"
)

// lazyTree parses src with ParseLazy, every list in pieces of the given
// size, and returns the tree with every list's items put back; ok is
// false when the lazy parse did not apply or a piece did not parse alone
// (a reader then gets the whole parse).
func lazyTree(t testing.TB, src []byte, pieceSize int) (*yaml.Node, bool) {
	t.Helper()
	oldMin, oldPiece := lazyMin, pieceLimit
	lazyMin, pieceLimit = 0, pieceSize
	defer func() { lazyMin, pieceLimit = oldMin, oldPiece }()
	d, err := ParseLazy("f.yaml", src)
	if err != nil || d.lazy == nil {
		return nil, false
	}
	for n, l := range d.lazy {
		for k := range l.pieces {
			n.Content = append(n.Content, d.parsePiece(&l.pieces[k])...)
		}
	}
	if !d.verify() {
		return nil, false
	}
	return d.Root.N, true
}

// sameTree returns where a and b differ ("" when they do not): kinds,
// tags, values, styles, anchors, lines and columns, comments aside.
func sameTree(a, b *yaml.Node, at string) string {
	if a.Kind != b.Kind || a.Tag != b.Tag || a.Value != b.Value || a.Style != b.Style || a.Anchor != b.Anchor ||
		a.Line != b.Line || a.Column != b.Column || len(a.Content) != len(b.Content) {
		return fmt.Sprintf("%s: %v %q %q style %v &%s %d:%d (%d) vs %v %q %q style %v &%s %d:%d (%d)", at,
			a.Kind, a.Tag, a.Value, a.Style, a.Anchor, a.Line, a.Column, len(a.Content),
			b.Kind, b.Tag, b.Value, b.Style, b.Anchor, b.Line, b.Column, len(b.Content))
	}
	for i := range a.Content {
		if d := sameTree(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

// checkLazy holds the property of ParseLazy: whenever it reads src in
// pieces, the whole parse succeeds and gives the same tree.
func checkLazy(t *testing.T, src []byte, pieceSize int) bool {
	t.Helper()
	lazy, ok := lazyTree(t, src, pieceSize)
	if !ok {
		return false
	}
	whole, err := Parse("f.yaml", src)
	if err != nil {
		t.Fatalf("read in pieces, but the whole parse fails: %v\n%s", err, src)
	}
	if d := sameTree(lazy, whole.Root.N, ""); d != "" {
		t.Fatalf("the pieces differ from the whole parse at %s\n%s", d, src)
	}
	return true
}

// lazyCases are documents whose lists the line rules could misjudge; each
// says whether it is read in pieces.
var lazyCases = []struct {
	name, src string
	lazy      bool
}{
	{"plain", "kind: k\nxs:\n  - a\n  - {b: 1}\n  - c: 2\n    d: [1, 2]\ny: 3\n", true},
	{"indentless", "xs:\n- a\n- b: 1\n  c: 2\ny: 3\n", true},
	{"comments and blanks", "xs: # the xs\n\n  # first\n  - a\n\n  # between\n  - b\n  # after\n\n# top\ny: 1\n", true},
	{"block scalars", "xs:\n  - t: |\n      - not an item\n\n      x\n    u: 1\n  - >-\n    folded\n\n    more\n  - |2\n     kept\ny: 1\n", true},
	{"multi-line plain", "xs:\n  - a\n    b\n  - c\n", true},
	{"crlf", "xs:\r\n  - a\r\n  - b: 1\r\n    c: 2\r\ny: 3\r\n", true},
	{"two lists", "a:\n  - 1\n  - 2\nb:\n- 3\n- 4\n", true},
	{"empty items", "xs:\n  -\n  - \n  - ~\n", true},
	{"nested lists", "xs:\n  - - a\n    - b\n  - - c\n", true},
	{"quote across items", "xs:\n  - \"a\n  - b\"\n", false},
	{"single quote across items", "xs:\n  - 'a\n  - b'\ny: 1\n", false},
	{"quote past the list", "xs:\n  - \"a\ny: b\"\n", false},
	{"flow across items", "xs:\n  - [a,\n  - b]\n", false},
	{"flow to column 0", "xs:\n  - [a,\nb]\n", false},
	{"key inside a quote", "t: \"x\nxs:\n  - a\n\"\n", false},
	{"key inside flow", "t: [x,\nxs:\n  - a\n]\n", false},
	{"alias across items", "xs:\n  - &a x\n  - *a\n", false},
	{"alias inside an item", "xs:\n  - {a: &a x, b: *a}\n", false},
	{"alias in the skeleton", "a: &x 1\nb: *x\nxs:\n  - 1\n", false},
	{"anchor used after", "xs:\n  - &a x\ny: *a\n", false},
	{"tagged list", "xs: !!seq\n  - a\n", false},
	{"a mapping after the items", "xs:\n  - a\n  b: 1\n", false},
	{"less indented after", "xs:\n  - a\n b: 1\n", false},
	{"second document", "xs:\n  - a\n---\nb: 1\n", false},
	{"lone CR", "xs:\r  - a\r", false},
	{"line separator", "xs:\n  - a\u2028\n", false},
	{"a lone tag after the items", "A: \n\n  - \n\n  !", false},
	{"a lone tag after the items, at column 0", "A:\n- a\n!\n", false},
	{"tab", "xs:\n  - a\n\t- b\n", false},
	{"document end", "xs:\n- a\n...\n", true},
	{"duplicate list keys", "xs:\n  - a\nxs:\n  - b\n", true},
}

func TestLazyParseGivesTheWholeTree(t *testing.T) {
	for _, c := range lazyCases {
		t.Run(c.name, func(t *testing.T) {
			for _, size := range []int{1, 1 << 20} {
				if got := checkLazy(t, []byte(c.src), size); got != c.lazy {
					t.Errorf("pieces of %d bytes: read in pieces %v, want %v", size, got, c.lazy)
				}
			}
		})
	}
}

// The samples are read in pieces alike, one item a piece or all at once.
func TestLazyParseOfTheSamples(t *testing.T) {
	files, _ := filepath.Glob("../../samples/*/*.yaml")
	if len(files) == 0 {
		t.Fatal("no samples")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{1, 1 << 20} {
			checkLazy(t, src, size)
		}
	}
}

func TestSniffKind(t *testing.T) {
	for src, want := range map[string]string{
		"# c\nkind: mbg/scenario\n": "mbg/scenario", "kind: a/b # c\n": "a/b",
		"x:\n  kind: no\n": "", "": "",
	} {
		if got := SniffKind([]byte(src)); got != want {
			t.Errorf("SniffKind(%q) = %q, want %q", src, got, want)
		}
	}
}

// FuzzLazyParse: whatever the text, when ParseLazy reads it in pieces, the
// whole parse succeeds and gives the same tree.
func FuzzLazyParse(f *testing.F) {
	for _, c := range lazyCases {
		f.Add([]byte(c.src), uint16(1))
	}
	files, _ := filepath.Glob("../../samples/*/*.yaml")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil && len(b) < 64<<10 {
			f.Add(b, uint16(200))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, size uint16) {
		if len(src) > 1<<16 || strings.Count(string(src), "\n") > 4000 {
			return
		}
		checkLazy(t, src, int(size))
	})
}

// OnWholeParse's function is called when a document given to ParseLazy is
// parsed whole after all (a syntax error, a piece that does not parse
// alone), and not when it is read in pieces.
func TestOnWholeParse(t *testing.T) {
	oldMin, oldPiece := lazyMin, pieceLimit
	lazyMin, pieceLimit = 0, 8
	defer func() { lazyMin, pieceLimit = oldMin, oldPiece }()
	for src, want := range map[string]bool{
		"kind: k\nitems:\n  - a\n  - b\n  - c\n":       false,
		"kind: k\nitems:\n  - \"a\n  - b\n  - c\n":     true, // a quote across items
		"kind: k\nitems:\n  - a\n  - b\n  - c\nx: [\n": true, // a syntax error
	} {
		called := false
		lift := OnWholeParse(func() { called = true })
		d, err := ParseLazy("f.yaml", []byte(src))
		if err == nil {
			Read(d, func(d *Doc) (int, *srcpos.Map, error) {
				n := 0
				if it, ok := d.Root.Mapping().Get("items", ""); ok {
					it.List().Each(func(int, Node) { n++ })
				}
				return n, d.Map, nil
			})
		}
		lift()
		if called != want {
			t.Errorf("%q: called %v, want %v", src, called, want)
		}
	}
}
