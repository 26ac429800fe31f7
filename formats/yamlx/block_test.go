package yamlx

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// blockCases are documents with a block "terrain" in every form the
// lines may or may not be read for; cut says which must be read from the
// lines (the others are left to the parser).
var blockCases = []struct {
	src string
	cut bool
}{
	{"kind: k\nterrain: |\n  ab\n  cd\npeople: []\n", true},
	{"kind: k\nterrain: |-\n  ab\n  cd\n\n\npeople: []\n", true},
	{"kind: k\nterrain: |+\n  ab\n  cd\n\n \n  \npeople: []\n", true},
	{"kind: k\nterrain: |+\n  ab\n  cd\n", true},
	{"kind: k\nterrain: |+\n  ab\n  cd\n\n", true},
	{"kind: k\nterrain: |2\n    ab\n  cd\n   \npeople: []\n", true},
	{"kind: k\nterrain: |+1\n  ab\n cd\n\n", true},
	{"kind: k\nterrain: |3-\n   ab\n  cd\n", false}, // "  cd" ends it and is no key
	{"kind: k\nterrain: |1-\n ab\n cd\n", true},
	{"kind: k\nterrain: |  # the rows\n\n \n  ab\n\n  cd\n  # not a comment\n# a comment\npeople: []\n", true},
	{"kind: k\nterrain: |\n\n    \n  ab\n  cd\npeople: []\n", false}, // the blank line's 4 spaces make the indentation
	{"kind: k\nterrain: |\n  a\tb\n  \tcd\n  ef\t\npeople: []\n", true},
	{"kind: k\nterrain: |\n\tab\npeople: []\n", false},
	{"kind: k\nterrain: |\n  ab\n \tcd\npeople: []\n", false},
	{"kind: k\nterrain: |\n  \tab\npeople: []\n", false},
	{"kind: k\nterrain: |2\n  \tab\npeople: []\n", true},
	{"kind: k\r\nterrain: |\r\n  ab\r\n\r\n  cd\r\npeople: []\r\n", true},
	{"kind: k\nterrain: |\n  ab\n  cd", true},
	{"kind: k\nterrain: |+\n  ab\n  cd\n  ", true},
	{"kind: k\nterrain: |\n  ab\n  cd\n  ", true},
	{"kind: k\nterrain: |\n  山川\n  \uFEFF川\npeople: []\n", true},
	{"kind: k\nterrain: |\n  a\x01b\npeople: []\n", false},
	{"kind: k\nterrain: |\n  a\x7fb\npeople: []\n", false},
	{"kind: k\nterrain: |\n  a\u0085b\npeople: []\n", false},
	{"kind: k\nterrain: |\n  a\u2028b\npeople: []\n", false},
	{"kind: k\nterrain: |\n  a\rb\npeople: []\n", false},
	{"kind: k\nterrain: |\n  ab\nterrain: |\n  cd\npeople: []\n", true},
	{"kind: k\nterrain: &t |\n  ab\nname: *t\n", false},
	{"kind: k\nterrain: !!str |\n  ab\n", false},
	{"kind: k\nterrain: >\n  ab\n  cd\n", false},
	{"kind: k\n\"terrain\": |\n  ab\n", false},
	{"kind: k\nterrain:|\n  ab\n", false},
	{"kind: k\nterrain: |0\n  ab\n", false},
	{"kind: k\nterrain: |12\n  ab\n", false},
	{"kind: k\nterrain: |++\n  ab\n", false},
	{"kind: k\nterrain: |#c\n  ab\n", false},
	{"kind: k\nterrain: | x\n  ab\n", false},
	{"kind: k\nterrain: |\npeople: []\n", false},
	{"kind: k\nterrain: |\n\n  \npeople: []\n", false},
	{"kind: k\nterrain: |\n", false},
	{"kind: k\nterrain: |", false},
	{"kind: k\nintro: \"a\nterrain: |\n  ab\n  \"\npeople: []\n", false},
	{"kind: k\nintro: \"a\nterrain: |\n  ab\"\npeople: []\n", false},
	{"kind: k\nlist:\n- a\n- b\nterrain: |\n  ab\n---\nx: 1\n", false},
	{"kind: k\nterrain: |\n  ab\n...\n", true},
	{"kind: k\nterrain: |\n  ab\n  ---\n  ...\n", true},
	{"---\nkind: k\nterrain: |\n  ab\n", true},
	{"kind: k\nterrain: |\n  ab\n    cd\n  ef\n", true},
	{"kind: k\nterrain: |\n    ab\n  cd\n", false},
	{"kind: k\nterrain: |\n    ab\n  # c\npeople: []\n", true},
	{"kind: k\nterrain: |\n  ab\n people: []\n", false},
	{"kind: k\nterrain: |\n  ab\npeople: [\n", false},
	{"kind: k\nterrain: |\n  ab\npeople: [a, *x]\n", false},
	{"kind: k\nterrain: |\n  ab\npeople: [&x a, *x]\n", true},
	{"- terrain: |\n  ab\n", false},
	{"kind: k\nterrain:    |   \n  ab\n", true},
	{"kind: k\nterrain: |\t# c\n  ab\n", true},
	{"kind: k\nterrain: |-2 # c\n   ab\n  cd\n\n", true},
	{"kind: k\nterrain: |\n ab\n", true},
	{"kind: k\nterrain: |\n  ab\n\t\npeople: []\n", false},
	{"kind: k\nterrain: |\n  ab\n  \t\npeople: []\n", true},
}

// gridRows returns the rows Grid reads from a parsed scalar's value.
func gridRows(value string) []string {
	text := strings.TrimSuffix(value, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// checkBlocks holds the property of ParseLazyAs with blocks: whenever it
// reads a block from the lines, the whole parse succeeds and gives the
// same tree, and the block's rows are those of the parsed scalar; when it
// fails, the whole parse fails alike. It reports whether a block was read
// from the lines.
func checkBlocks(t *testing.T, src []byte) bool {
	t.Helper()
	d, err := ParseLazyAs("f.yaml", src, Lazy{Blocks: []string{"terrain"}})
	whole, werr := Parse("f.yaml", src)
	if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
		t.Fatalf("%q: ParseLazyAs: %v, Parse: %v", src, err, werr)
	}
	if err != nil || len(d.blocks) == 0 {
		return false
	}
	if diff := sameTreeBlocks(whole.Root.N, d.Root.N, d.blocks, src, ""); diff != "" {
		t.Fatalf("%q: the trees differ at %s", src, diff)
	}
	return true
}

// sameTreeBlocks is sameTree but for the nodes of b's blocks, whose rows
// are compared with a's values.
func sameTreeBlocks(a, b *yaml.Node, blocks map[*yaml.Node]block, src []byte, at string) string {
	if k, ok := blocks[b]; ok {
		if got, want := k.rows(src), gridRows(a.Value); !reflect.DeepEqual(got, want) && (len(got) > 0 || len(want) > 0) {
			return fmt.Sprintf("%s: rows %q, want %q", at, got, want)
		}
		if a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Line != b.Line || a.Column != b.Column {
			return at + ": the block's node"
		}
		return ""
	}
	if a.Kind != b.Kind || a.Tag != b.Tag || a.Value != b.Value || a.Style != b.Style || a.Anchor != b.Anchor ||
		a.Line != b.Line || a.Column != b.Column || len(a.Content) != len(b.Content) {
		return sameTree(a, b, at)
	}
	for i := range a.Content {
		if d := sameTreeBlocks(a.Content[i], b.Content[i], blocks, src, fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

// Every case reads as the whole parse reads it, and the forms the lines
// can be read for are.
func TestBlocksReadAsTheParserReadsThem(t *testing.T) {
	for _, c := range blockCases {
		if got := checkBlocks(t, []byte(c.src)); got != c.cut {
			t.Errorf("%q: read from the lines %v, want %v", c.src, got, c.cut)
		}
	}
}

// A block among lazy lists: the lists in pieces, the block from the lines,
// the skeleton blank at both; the same tree as the whole parse.
func TestBlocksAmongLazyLists(t *testing.T) {
	restore := ReadInPieces(0, 8)
	defer restore()
	src := []byte("kind: k\npeople:\n  - a\n  - b\nterrain: |\n  ab\n  cd\ntechs:\n  - x\n  - y\n")
	d, err := ParseLazyAs("f.yaml", src, Lazy{Blocks: []string{"terrain"}})
	if err != nil || len(d.blocks) != 1 || len(d.lazy) != 2 {
		t.Fatalf("%v: %d blocks, %d lazy lists", err, len(d.blocks), len(d.lazy))
	}
	for n, l := range d.lazy {
		for k := range l.pieces {
			n.Content = append(n.Content, d.parsePiece(&l.pieces[k])...)
		}
	}
	whole, err := Parse("f.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	if diff := sameTreeBlocks(whole.Root.N, d.Root.N, d.blocks, src, ""); diff != "" {
		t.Fatal(diff)
	}
	n, _ := d.Root.Mapping().Get("terrain", "")
	if _, found := d.blocks[n.N]; !found {
		t.Fatal("the terrain is not read from the lines")
	}
	if rows, _ := n.Grid(); !reflect.DeepEqual(rows, []string{"ab", "cd"}) {
		t.Fatalf("rows %q", rows)
	}
}

// FuzzBlocks: whatever the text, when ParseLazyAs reads a block from the
// lines, the whole parse succeeds and gives the same tree and rows.
func FuzzBlocks(f *testing.F) {
	for _, c := range blockCases {
		f.Add([]byte(c.src))
	}
	files, _ := filepath.Glob("../../samples/ftbt/*.yaml")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil && len(b) < 64<<10 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 || strings.Count(string(src), "\n") > 4000 {
			return
		}
		checkBlocks(t, src)
	})
}
