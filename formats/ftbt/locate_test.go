package ftbt

import (
	"strconv"
	"testing"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// TestPeoplePathsLocateTheirValues: every path of a person's values and
// AI settings names the line and column of its own value, however the
// file is spaced (tabs, blank lines, an ideographic space, a value split
// over lines); unknown paths fall back to the person.
func TestPeoplePathsLocateTheirValues(t *testing.T) {
	src := "2 1\n0 1\n2\n" +
		"赵云 0 24\t16 110 100\n 3 0 2 7 9\n" +
		"\n张飞　1 26 15 120 90 1 0 0\n" +
		"30 30 40 -1 -1\n50 20 30\n\t1 0\n"
	l, sm, err := ReadLevel("two.map", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.People) != 2 || l.People[1].AI == nil {
		t.Fatalf("read %+v", l.People)
	}
	for _, tc := range []struct {
		path      string
		line, col int
	}{
		{"people[0]", 4, 1}, {"people[0].name", 4, 1}, {"people[0].side", 4, 4},
		{"people[0].abi", 4, 6}, {"people[0].def", 4, 9}, {"people[0].hp", 4, 12},
		{"people[0].speed", 4, 16}, {"people[0].at", 5, 2}, {"people[0].at[1]", 5, 4},
		{"people[0].techs", 5, 6}, {"people[0].techs[0]", 5, 8}, {"people[0].techs[1]", 5, 10},
		{"people[0].techs[2]", 5, 6}, // no third tech: the list
		{"people[1]", 7, 1}, {"people[1].side", 7, 4}, {"people[1].techs", 7, 23},
		{"people[1].techs[0]", 7, 23}, {"people[1].ai", 9, 1}, {"people[1].ai.attack", 9, 1},
		{"people[1].ai.defence", 9, 4}, {"people[1].ai.move", 9, 7}, {"people[1].ai.goal", 10, 2},
		{"people[1].ai.goal[1]", 10, 4}, {"people[0].ai.goal[1]", 8, 13},
		{"people[1].nickname", 7, 1}, {"people[2].speed", 3, 1}, {"people", 3, 1},
	} {
		if got, want := sm.Locate(tc.path), (diag.Pos{Line: tc.line, Col: tc.col}); got != want {
			t.Errorf("Locate(%q) = %d:%d, want %d:%d", tc.path, got.Line, got.Col, want.Line, want.Col)
		}
	}
	// Every value of every person, against the positions of the tokens.
	tokens := tokenStarts(src)
	lines := srcpos.NewLines([]byte(src))
	next := 5 // after 2 1, the grid and the number of people
	for i, p := range l.People {
		paths := append([]string(nil), personFields...)
		for k := range p.Techs {
			paths = append(paths, ".techs["+strconv.Itoa(k)+"]")
		}
		for _, f := range paths {
			if got, want := sm.Locate("people["+strconv.Itoa(i)+"]"+f), lines.Pos(tokens[next]); got != want {
				t.Errorf("person %d%s at %v, its value at %v", i, f, got, want)
			}
			next++
		}
	}
	for i := range l.People {
		for _, f := range aiFields {
			if got, want := sm.Locate("people["+strconv.Itoa(i)+"].ai"+f), lines.Pos(tokens[next]); got != want {
				t.Errorf("person %d.ai%s at %v, its value at %v", i, f, got, want)
			}
			next++
		}
	}
}

// tokenStarts returns the byte offsets of the white-space separated
// values of src.
func tokenStarts(src string) []int {
	var out []int
	in := false
	for off, r := range src {
		space := r == ' ' || r == '\t' || r == '\n' || r == '\u3000'
		if !space && !in {
			out = append(out, off)
		}
		in = !space
	}
	return out
}
