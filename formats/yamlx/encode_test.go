package yamlx_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
