package mbg

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// TestBadInputIsReportedAtTheField corrupts a real scenario and checks that
// the error names the file, line, column and the field that was expected.
func TestBadInputIsReportedAtTheField(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(shared.Dir(t), "legacy/mbg/sanguo.map"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	line := "司马懿 62 97 97 94 76"
	i := strings.Index(text, line)
	if i < 0 {
		t.Fatal("sample line not found")
	}
	lineNo := strings.Count(text[:i], "\n") + 1
	bad := strings.Replace(text, line, "司马懿 62 97 abc 94 76", 1)
	_, _, err = ReadMap("sanguo.map", []byte(bad))
	if err == nil {
		t.Fatal("a corrupt file was accepted")
	}
	// 司马懿 is the third officer; "abc" is at character 11 of its line.
	want := "sanguo.map:" + strconv.Itoa(lineNo) + ":11: error P003: officer 3 (司马懿): ability mou must be a number, found 'abc'"
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
}

func TestReadersRefuseImpossibleSizes(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"huge board", "2000000000 9 9 50000\n1 0 0 0\n", "error P005: the number of board squares (header field 1) is 2000000000 but the rest of the file can hold at most"},
		{"negative officers", "0 9 9 5\n-3\n", "error P005: the number of officers must not be negative, found -3"},
		{"truncated", "1 9 9 5\n1 0 0", "error P001: unexpected end of file: expected board square 0: y (an integer)"},
		{"octal trap", "1 9 9 5\n1 08 0 0\n", "board square 0: base (the city, institute or training room it belongs to) must be an integer, found '08'"},
		{"huge save", "1 2000000000 1 0 0 0 1 5 1 1 0\n", "error P005: the number of roles (header field 2) is 2000000000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if strings.Contains(tc.name, "save") {
				_, _, err = ReadSave("x.sav", []byte(tc.src))
			} else {
				_, _, err = ReadMap("x.map", []byte(tc.src))
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v\nwant something containing %q", err, tc.want)
			}
		})
	}
}

func TestYAMLErrorsNameTheNode(t *testing.T) {
	doc := `kind: mbg/scenario
version: 1
win_money: 100
board:
  - {type: city, city: 南皮}
  - {type: castle}
officers:
  - {name: 曹操, wu: 1, zhan: 2, mou: abc, zheng: 4, jing: 5}
cities:
  - name: 南皮
    scope: large
    garrison: [曹叉]
    majr: 曹操
roles: []
`
	_, _, err := DecodeScenario("s.yaml", []byte(doc))
	if err == nil {
		t.Fatal("accepted")
	}
	got := err.Error()
	for _, want := range []string{
		"s.yaml:8:37: error P003: officer 1 (曹操): ability mou must be a number, found 'abc'",
		"s.yaml:12:16: error P012: city 1 (南皮): garrison[0]: unknown officer '曹叉' (did you mean '曹操'?)",
		"s.yaml:13:5: error P011: city 1 (南皮): unknown field 'majr' (did you mean 'mayor'?)",
		"s.yaml:6:12: error P014: board square 1: type must be one of empty, city, saloon, institute, training_room, chance, found 'castle'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// TestAliasBombIsRefused: a small document whose aliases multiply it
// into billions of values is refused at once.
func TestAliasBombIsRefused(t *testing.T) {
	doc := "kind: mbg/scenario\nversion: 1\nwin_money: 1\nboard: []\nroles: []\n" +
		"a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n" +
		"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n" +
		"e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n" +
		"g: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
	_, _, err := DecodeScenario("bomb.yaml", []byte(doc))
	if err == nil || !strings.Contains(err.Error(), "aliases (*name) expand the document") {
		t.Fatalf("got %v", err)
	}
}
