package yamlx_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats"
	_ "github.com/shapan/shapan/formats/battle"
	_ "github.com/shapan/shapan/formats/ftbt"
	_ "github.com/shapan/shapan/formats/mbg"
	_ "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/shared"
)

// Encode writes a document a pair and a slice of a long list at a time:
// the text is the one the whole document encoded at once gives, for every
// sample and every legacy file of the games written as YAML, with slices
// of one, two and three entries (every list and mapping of more than two
// entries is then cut).
func TestEncodeInPiecesWritesWhatTheWholeEncodingDoes(t *testing.T) {
	files, _ := filepath.Glob("../../samples/*/*.yaml")
	if dir, ok := shared.Find(); ok {
		for _, p := range []string{"legacy/*/*", "legacy/*/*/*"} {
			more, _ := filepath.Glob(filepath.Join(dir, p))
			files = append(files, more...)
		}
	}
	n := 0
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.IsDir() || strings.HasSuffix(f, ".intro") {
			continue
		}
		doc, err := formats.Read(f, formats.Options{})
		if err != nil {
			continue // not a document (a companion, a picture) or one with errors
		}
		restore := yamlx.EncodeSlice(0)
		want, err := formats.Encode(doc, formats.YAML)
		restore()
		if err != nil {
			continue // a kind that has no YAML form
		}
		n++
		for _, slice := range []int{1, 2, 3} {
			restore := yamlx.EncodeSlice(slice)
			got, err := formats.Encode(doc, formats.YAML)
			restore()
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if string(got) != string(want) {
				t.Errorf("%s in slices of %d: the text differs from the whole encoding:\n%s", f, slice, firstDiff(string(want), string(got)))
			}
		}
	}
	if n < 10 {
		t.Fatalf("only %d documents encoded", n)
	}
}

// firstDiff shows the lines around the first difference of a and b.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			lo := max(i-2, 0)
			return "want:\n" + strings.Join(la[lo:min(i+3, len(la))], "\n") + "\ngot:\n" + strings.Join(lb[lo:min(i+3, len(lb))], "\n")
		}
	}
	return "one is a prefix of the other"
}

// FuzzEncodeInPieces: whatever document a YAML text parses to, Encode in
// slices of one to four entries writes what the whole encoding writes.
func FuzzEncodeInPieces(f *testing.F) {
	files, _ := filepath.Glob("../../samples/*/*.yaml")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil && len(b) < 64<<10 {
			f.Add(b, uint8(1))
		}
	}
	f.Add([]byte("# head\na: [1, 2]\nb:\n  - x # c\n  # foot\n  - y\n\n# d\nc: {p: 1}\n# end\n"), uint8(2))
	f.Fuzz(func(t *testing.T, src []byte, slice uint8) {
		if len(src) > 1<<16 {
			return
		}
		var doc yaml.Node
		if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) != 1 {
			return
		}
		root := doc.Content[0]
		want, err := yamlx.EncodeWhole(root)
		if err != nil {
			return
		}
		restore := yamlx.EncodeSlice(1 + int(slice)%4)
		got, err := yamlx.Encode("", root)
		restore()
		if err != nil {
			t.Fatalf("Encode failed where the whole encoding did not: %v", err)
		}
		if string(got) != string(want) {
			t.Fatalf("the text differs from the whole encoding:\n%s", firstDiff(string(want), string(got)))
		}
		// The same with every top-level list's items built as it is
		// written.
		if root.Kind != yaml.MappingNode {
			return
		}
		lists := yamlx.Deferred{}
		deferred := *root
		deferred.Content = append([]*yaml.Node(nil), root.Content...)
		for i, v := range deferred.Content {
			if i%2 == 1 && v.Kind == yaml.SequenceNode {
				empty := *v
				empty.Content = nil
				lists[&empty] = yamlx.Items{N: len(v.Content), Item: func(i int) *yaml.Node { return v.Content[i] }}
				deferred.Content[i] = &empty
			}
		}
		restore = yamlx.EncodeSlice(int(slice) % 5)
		got, err = yamlx.EncodeDeferred("", &deferred, lists)
		restore()
		if err != nil {
			t.Fatalf("EncodeDeferred failed where the whole encoding did not: %v", err)
		}
		if string(got) != string(want) {
			t.Fatalf("the text of the lists built as written differs from the whole encoding:\n%s", firstDiff(string(want), string(got)))
		}
	})
}

// A list whose items are built as it is written gives the text of the
// same list in the tree: short and long, with comments around it, last
// in a document with a foot comment, in slices and whole.
func TestEncodeDeferredWritesWhatTheTreeDoes(t *testing.T) {
	item := func(i int) *yaml.Node {
		return yamlx.Flow(yamlx.Map("name", yamlx.Str(fmt.Sprintf("兵%d", i)), "wu", yamlx.Int(i%100)))
	}
	doc := func(n int, deferred bool) ([]byte, error) {
		lists := yamlx.Deferred{}
		list := func() *yaml.Node {
			if deferred {
				return lists.Seq(n, item)
			}
			s := yamlx.Seq()
			for i := range n {
				s.Content = append(s.Content, item(i))
			}
			return s
		}
		root := yamlx.KindHeader("x/y", 1)
		k := yamlx.Str("officers")
		k.HeadComment = "# the officers"
		root.Content = append(root.Content, k, list())
		yamlx.Add(root, "more", list())
		root.FootComment = "# the end"
		return yamlx.EncodeDeferred("x.schema.json", root, lists)
	}
	for _, n := range []int{0, 1, 5, 7} {
		for _, slice := range []int{0, 1, 2, 3} {
			restore := yamlx.EncodeSlice(slice)
			want, err := doc(n, false)
			if err != nil {
				t.Fatal(err)
			}
			got, err := doc(n, true)
			restore()
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%d items in slices of %d:\n%s", n, slice, firstDiff(string(want), string(got)))
			}
		}
	}
}
