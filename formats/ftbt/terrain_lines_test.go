package ftbt

import (
	"os"
	"strings"
	"testing"
)

// The terrain read from the file's lines gives what the YAML parser's
// reading gives (the level, the problems, the positions), on the sample
// level and variants of its terrain block: other chomping and indentation
// indicators, rows short, long, indented more or less, unknown symbols,
// tabs, comments, blank lines, CRLF line ends, integer rows, the block
// cut short.
func TestTerrainFromTheLinesAsParsed(t *testing.T) {
	b, err := os.ReadFile("../../samples/ftbt/长坂坡.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	rows := "terrain: |\n  00000000000000055000000000000000\n  00000200000000055000000000000000\n"
	if !strings.Contains(src, rows) {
		t.Fatal("the sample's terrain does not start as expected")
	}
	variants := map[string]string{
		"as is":       src,
		"|-":          strings.Replace(src, "terrain: |\n", "terrain: |-\n", 1),
		"|+":          strings.Replace(src, "terrain: |\n", "terrain: |+\n", 1),
		"|2":          strings.Replace(src, "terrain: |\n", "terrain: |2 # rows\n", 1),
		"|1":          strings.Replace(src, "terrain: |\n", "terrain: |1\n", 1),
		"|3":          strings.Replace(src, "terrain: |\n", "terrain: |3\n", 1),
		">":           strings.Replace(src, "terrain: |\n", "terrain: >\n", 1),
		"CRLF":        strings.ReplaceAll(src, "\n", "\r\n"),
		"short row":   strings.Replace(src, "  00000200000000055000000000000000\n", "  0000020000000005500000000000000\n", 1),
		"long row":    strings.Replace(src, "  00000200000000055000000000000000\n", "  000002000000000550000000000000000\n", 1),
		"unknown":     strings.Replace(src, "  00000200000000055000000000000000\n", "  000002000x0000055000000000000000\n", 1),
		"tab":         strings.Replace(src, "  00000200000000055000000000000000\n", "  0000020000000\t055000000000000000\n", 1),
		"tab indent":  strings.Replace(src, "  00000200000000055000000000000000\n", "\t00000200000000055000000000000000\n", 1),
		"indented":    strings.Replace(src, "  00000200000000055000000000000000\n", "   00000200000000055000000000000000\n", 1),
		"unindented":  strings.Replace(src, "  00000200000000055000000000000000\n", " 00000200000000055000000000000000\n", 1),
		"comment":     strings.Replace(src, "  00000200000000055000000000000000\n", "  # 00000200000000055000000000000000\n", 1),
		"blank":       strings.Replace(src, "  00000200000000055000000000000000\n", "\n  00000200000000055000000000000000\n", 1),
		"blank after": strings.Replace(src, "\npeople:", "\n\n  \npeople:", 1),
		"non-ASCII":   strings.Replace(src, "  00000200000000055000000000000000\n", "  0000020000000005500000000000000山\n", 1),
		"cut":         src[:strings.Index(src, rows)+len(rows)-5],
		"no legend":   strings.Replace(strings.Replace(src, "legend:", "legend_:", 1), "  00000200000000055000000000000000\n", "  0 0 0 0 2 x 0 0 0 0 0 0 0 0 0 5 5 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 1),
	}
	rules := fuzzRules(t)
	for name, v := range variants {
		for _, rs := range append([]*Rules{nil}, rules...) {
			l, sm, err := DecodeLevel("fuzz.yaml", []byte(v), rs)
			t.Run(name, func(t *testing.T) { terrainAsParsed(t, []byte(v), rs, l, sm, err) })
		}
	}
}
