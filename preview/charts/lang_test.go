package charts_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"unicode"

	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/preview/charts"
)

// TestEveryChartWordHasEnglish reads the sources of the charts and of
// every family's heat map: every text they translate (Tr) has its
// English, which has no Chinese left.
func TestEveryChartWordHasEnglish(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob(filepath.Join("..", "*", "heatmap.go"))
	files = append(files, more...)
	call := regexp.MustCompile(`\bTr\(("(?:[^"\\]|\\.)*")\)`)
	n := 0
	for _, f := range files {
		if filepath.Ext(f) != ".go" || len(f) > 8 && f[len(f)-8:] == "_test.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllSubmatch(src, -1) {
			zh, err := strconv.Unquote(string(m[1]))
			if err != nil {
				t.Fatal(err)
			}
			n++
			en := charts.Options{English: true}.Tr(zh)
			if en == zh {
				t.Errorf("%s: %q has no English", f, zh)
			}
			for _, r := range en {
				if unicode.Is(unicode.Han, r) {
					t.Errorf("the English of %q is %q", zh, en)
					break
				}
			}
		}
	}
	if n < 30 {
		t.Fatalf("only %d translated texts found", n)
	}
}
