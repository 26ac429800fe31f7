package battle

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/diag"
)

func TestGridErrorsNameTheCell(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"not an integer", "3 2\n0 0 0\n0 0 abc\n",
			"m.grid:3:5: error P002: cell (x 2, y 1) must be an integer, found 'abc'"},
		{"octal trap", "2 1\n0 08\n",
			"m.grid:2:3: error P002: cell (x 1, y 0) must be an integer, found '08'"},
		{"truncated", "3 2\n0 0 0\n0     0",
			"m.grid:3:8: error P001: unexpected end of file: expected cell (x 2, y 1) (an integer)"},
		{"empty", "",
			"m.grid:1:1: error P001: unexpected end of file: expected the map width W (header field 1) (an integer)"},
		{"negative", "-3 2\n",
			"m.grid:1:1: error P005: the map width W (header field 1) must be at least 1, found -3"},
		{"zero height", "3 0\n",
			"m.grid:1:3: error P005: the map height H (header field 2) must be at least 1, found 0"},
		{"huge", "2000000000 2000000000\n0 0 0\n",
			"m.grid:1:12: error P005: the map is 2000000000 × 2000000000 cells, but the rest of the file can hold at most 4 values"},
		{"overflow", "4611686018427387904 4\n0\n",
			"m.grid:1:21: error P005: the map is 4611686018427387904 × 4 cells, but the rest of the file can hold at most 2 values"},
		{"bad header", "80 sixty\n",
			"m.grid:1:4: error P002: the map height H (header field 2) must be an integer, found 'sixty'"},
		{"byte-order mark", "\uFEFF1 1\n0\n",
			"m.grid:1:1: error P006: the file starts with a UTF-8 byte-order mark"},
		{"bad trailing text", "1 1\n0\n\xff\n",
			"m.grid:3:1: error P006: trailing text is not valid UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := ReadGrid("m.grid", []byte(tc.src))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestGridLocatesCells: cells are found by rescanning their row, wherever
// the tokens are.
func TestGridLocatesCells(t *testing.T) {
	src := "3 2\n 10\t-2 \n3\n\n山 0 \u3000 7\n"
	// Cell (x 0, y 1) is "山": a token the reader refuses, so use one it
	// accepts for the locating test.
	src = strings.Replace(src, "山", "55", 1)
	m, sm, err := ReadGrid("l.grid", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !equalInts(m.Cells.Values(), []int{10, -2, 3, 55, 0, 7}) {
		t.Fatalf("cells %v", m.Cells.Values())
	}
	for path, want := range map[string]diag.Pos{
		"size.width":      {Line: 1, Col: 1},
		"size.height":     {Line: 1, Col: 3},
		"grid":            {Line: 2, Col: 2},
		"grid[0][0]":      {Line: 2, Col: 2},
		"grid[0][1]":      {Line: 2, Col: 5},
		"grid[0][2]":      {Line: 3, Col: 1},
		"grid[1][0]":      {Line: 5, Col: 1},
		"grid[1][2]":      {Line: 5, Col: 8}, // after an ideographic space
		"grid[1][3]":      {Line: 2, Col: 2}, // no such cell: the grid
		"trailing_tokens": {Line: 6, Col: 1},
	} {
		if got := sm.Locate(path); got != want {
			t.Errorf("%s at %v, want %v", path, got, want)
		}
	}
}

func TestYAMLErrorsPointAtRowsAndCells(t *testing.T) {
	doc := `kind: battle/map
version: 1
size: {width: 4, height: 3}
legend:
  .: space
  "#": mountian
  B: 5
grid: |
  ..B.
  .Q.
  ..?.
`
	_, _, err := Decode("m.yaml", []byte(doc))
	if err == nil {
		t.Fatal("accepted")
	}
	want := []string{
		"m.yaml:6:8: error P014: legend symbol '#' must be one of space, mountain, water, flag, base, city1, city2, city3, or an integer code, found 'mountian' (did you mean 'mountain'?)",
		"m.yaml:10:3: error P011: row y 1 has 3 symbols, but size.width is 4",
		"m.yaml:10:4: error P014: cell (x 1, y 1): unknown symbol 'Q' (the legend has . B)",
		"m.yaml:11:5: error P014: cell (x 2, y 2): unknown symbol '?' (the legend has . B)",
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}

func TestYAMLShapeErrors(t *testing.T) {
	head := "kind: battle/map\nversion: 1\n"
	for _, tc := range []struct{ name, doc, want string }{
		{"too few rows", head + "size: {width: 2, height: 3}\ngrid: |\n  ..\n  ..\n",
			"m.yaml:4:7: error P011: grid has 2 rows, but size.height is 3"},
		{"too many rows", head + "size: {width: 2, height: 1}\ngrid: |\n  ..\n  ..\n  ..\n",
			"m.yaml:6:3: error P011: grid has 3 rows, but size.height is 1 (row y 1 is the first one too many)"},
		{"zero width", head + "size: {width: 0, height: 1}\ngrid: |\n  .\n",
			"m.yaml:3:15: error P005: size: width must be at least 1, found 0"},
		{"no size", head + "grid: |\n  .\n",
			"m.yaml:1:1: error P011: missing field 'size' (the map size, {width: W, height: H})"},
		{"no grid", head + "size: {width: 1, height: 1}\n",
			"m.yaml:1:1: error P011: missing field 'grid' (the rows of symbols, written as a block: grid: |)"},
		{"grid not text", head + "size: {width: 1, height: 1}\ngrid: [a]\n",
			"m.yaml:4:7: error P011: grid must be rows of symbols written as a block (grid: |), found a list"},
		{"wrong kind", "kind: battle/mop\nversion: 1\n",
			"m.yaml:1:7: error P013: kind: this is a battle/map document, but kind says 'battle/mop'"},
		{"newer version", "kind: battle/map\nversion: 2\n",
			"m.yaml:2:10: error P013: version: format version 2 is not supported (this Shapan reads version 1 to 1)"},
		{"long symbol", head + "size: {width: 1, height: 1}\nlegend: {ab: space}\ngrid: |\n  a\n",
			"m.yaml:4:10: error P014: legend: symbol 'ab' must be one printable character that is not white space"},
		{"both forms", head + "size: {width: 1, height: 1}\ngrid: |\n  .\ncodes: |\n  0\n",
			"m.yaml:6:8: error P011: codes: write the cells either as grid (symbols) or as codes (integers), not both"},
		{"legend with codes", head + "size: {width: 1, height: 1}\nlegend: {x: 1}\ncodes: |\n  0\n",
			"m.yaml:4:9: error P011: legend: a legend is only used with grid; codes are integers"},
		{"bad code", head + "size: {width: 3, height: 2}\ncodes: |\n  1 2 3\n  4  five 6\n",
			"m.yaml:6:6: error P002: cell (x 1, y 1) must be an integer, found 'five'"},
		{"short codes row", head + "size: {width: 3, height: 2}\ncodes: |\n  1 2 3\n    4 6\n",
			"m.yaml:6:5: error P011: row y 1 has 2 codes, but size.width is 3"},
		{"bad trailing", head + "size: {width: 1, height: 1}\ngrid: |\n  .\ntrailing_tokens: [a, 'b c']\n",
			"m.yaml:6:22: error P014: trailing_tokens[1]: trailing token 2: \"b c\" contains white space"},
		{"unknown field", head + "size: {width: 1, height: 1}\ngrid: |\n  .\nlegends: {}\n",
			"m.yaml:6:1: error P011: unknown field 'legends' (did you mean 'legend'?)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Decode("m.yaml", []byte(tc.doc))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestYAMLLocatesCells: validation finds a cell at its symbol (or its
// integer in the codes form).
func TestYAMLLocatesCells(t *testing.T) {
	grid := "kind: battle/map\nversion: 1\nsize: {width: 3, height: 2}\n# the map\ngrid: |\n    .B.\n    .山.\n"
	m, _, err := Decode("g.yaml", []byte(grid))
	if err == nil {
		t.Fatalf("山 is not in the standard legend, yet accepted: %+v", m)
	}
	grid = strings.Replace(grid, "山", "^", 1)
	_, sm, err := Decode("g.yaml", []byte(grid))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]diag.Pos{
		"size.width": {Line: 3, Col: 15},
		"grid":       {Line: 5, Col: 7},
		"grid[0][1]": {Line: 6, Col: 6},
		"grid[1][2]": {Line: 7, Col: 7},
	} {
		if got := sm.Locate(path); got != want {
			t.Errorf("%s at %v, want %v", path, got, want)
		}
	}
	codes := "kind: battle/map\nversion: 1\nsize: {width: 3, height: 2}\ncodes: |\n  10 -2 3\n  0  52 7\n"
	_, sm, err = Decode("c.yaml", []byte(codes))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]diag.Pos{
		"grid":       {Line: 4, Col: 8},
		"grid[0][1]": {Line: 5, Col: 6},
		"grid[1][1]": {Line: 6, Col: 6},
		"grid[1][2]": {Line: 6, Col: 9},
	} {
		if got := sm.Locate(path); got != want {
			t.Errorf("%s at %v, want %v", path, got, want)
		}
	}
}

// TestManyBadCellsAreCapped: a systematically wrong grid does not drown
// the reader in messages.
func TestManyBadCellsAreCapped(t *testing.T) {
	doc := "kind: battle/map\nversion: 1\nsize: {width: 100, height: 100}\ngrid: |\n" +
		strings.Repeat("  "+strings.Repeat("?", 100)+"\n", 100)
	_, _, err := Decode("m.yaml", []byte(doc))
	list, ok := err.(diag.List)
	if !ok {
		t.Fatalf("got %T %v", err, err)
	}
	if len(list) != maxCellErrors {
		t.Errorf("%d errors, want %d", len(list), maxCellErrors)
	}
	if !strings.HasSuffix(list[len(list)-1].Message, "(further problems in the grid are not listed)") {
		t.Errorf("last message: %s", list[len(list)-1].Message)
	}
}

func TestUnreadableLegendIsReportedOnce(t *testing.T) {
	doc := "kind: battle/map\nversion: 1\nsize: {width: 2, height: 1}\nlegend: [a, b]\ngrid: |\n  ab\n"
	_, _, err := Decode("m.yaml", []byte(doc))
	want := "m.yaml:4:9: error P011: legend must be a mapping of fields, found a list"
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}
