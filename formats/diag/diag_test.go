package diag

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestStringIsOneCompilerLinePerPlace(t *testing.T) {
	for _, c := range []struct {
		name string
		d    Diagnostic
		want string
	}{
		{"placed", Diagnostic{File: "a.yaml", Line: 3, Col: 7, Code: "MBG012", Message: "officer 关羽 is garrisoned twice"},
			"a.yaml:3:7: error MBG012: officer 关羽 is garrisoned twice"},
		{"column 0 prints as 1", Diagnostic{File: "a.map", Line: 2, Severity: Warning, Code: "W001", Message: "m"},
			"a.map:2:1: warning W001: m"},
		{"no position", Diagnostic{File: "a.map", Code: "IO001", Message: "m"}, "a.map: error IO001: m"},
		{"control characters escaped", Diagnostic{File: "x\ny.yaml", Line: 1, Col: 1, Code: "P010", Message: "bad \x1b[2J\u2028 \xff"},
			`x\x0ay.yaml:1:1: error P010: bad \x1b[2J\u2028 \xff`},
		{"related places", Diagnostic{File: "a.yaml", Line: 9, Col: 2, Code: "FTB012", Message: "name 张飞 twice",
			Related: []Related{{Line: 4, Col: 3, Message: "first here"}, {File: "r.yaml", Message: "rules file"}}},
			"a.yaml:9:2: error FTB012: name 张飞 twice\na.yaml:4:3: note: first here\nr.yaml: note: rules file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.d.String(); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if got := c.d.Error(); got != c.want {
				t.Errorf("Error() = %q, String() = %q", got, c.want)
			}
		})
	}
}

func TestEscapeKeepsPrintableTextAsIs(t *testing.T) {
	for in, want := range map[string]string{
		"":                  "",
		"赵云 at (3, 4)":      "赵云 at (3, 4)",
		"tab\there":         `tab\x09here`,
		"bell\a":            `bell\x07`,
		"\u0085 next line":  `\u0085 next line`,
		"\u2029 paragraph":  `\u2029 paragraph`,
		"bad \xc3 byte":     `bad \xc3 byte`,
		"real \ufffd stays": "real \ufffd stays",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSeverityJSONRoundTrip(t *testing.T) {
	for _, s := range []Severity{Error, Warning} {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Severity = 7
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("%s → %s → %v (%v)", s, b, back, err)
		}
	}
	var s Severity
	if err := json.Unmarshal([]byte(`"fatal"`), &s); err == nil {
		t.Error(`"fatal" was accepted as a severity`)
	}
	if err := json.Unmarshal([]byte(`3`), &s); err == nil {
		t.Error("a number was accepted as a severity")
	}
}

func TestListErrCountAndHasErrors(t *testing.T) {
	var empty List
	if empty.Err() != nil {
		t.Error("an empty list is an error")
	}
	warnings := List{{Severity: Warning, Code: "A"}, {Severity: Warning, Code: "B"}}
	if warnings.HasErrors() {
		t.Error("a list of warnings has errors")
	}
	mixed := append(List{{Severity: Error, Code: "C", Message: "c"}}, warnings...)
	if e, w := mixed.Count(); e != 1 || w != 2 {
		t.Errorf("Count() = %d, %d; want 1, 2", e, w)
	}
	err := mixed.Err()
	if err == nil || !mixed.HasErrors() {
		t.Fatal("a list with an error is not an error")
	}
	if got := strings.Count(err.Error(), "\n"); got != 2 {
		t.Errorf("three diagnostics joined with %d newlines: %q", got, err.Error())
	}
}

func TestSortIsByFileLineColumnCodeAndStable(t *testing.T) {
	l := List{
		{File: "b", Line: 1, Col: 1, Code: "A", Message: "1"},
		{File: "a", Line: 2, Col: 1, Code: "A", Message: "2"},
		{File: "a", Line: 1, Col: 5, Code: "A", Message: "3"},
		{File: "a", Line: 1, Col: 5, Code: "A", Message: "4"},
		{File: "a", Line: 1, Col: 1, Code: "Z", Message: "5"},
		{File: "a", Line: 1, Col: 1, Code: "B", Message: "6"},
	}
	l.Sort()
	var got []string
	for _, d := range l {
		got = append(got, d.Message)
	}
	if want := "6 5 3 4 2 1"; strings.Join(got, " ") != want {
		t.Errorf("sorted order %v, want %s", got, want)
	}
}

type fakeLocator map[string]Pos

func (f fakeLocator) Locate(path string) Pos { return f[path] }

func TestLocatePlacesOnlyTheFilesOwnUnplacedDiagnostics(t *testing.T) {
	loc := fakeLocator{"people[2].hp": {Line: 12, Col: 9}}
	in := List{
		{Path: "people[2].hp", Code: "FTB026"},                               // no file: the document's, placed
		{File: "lvl.yaml", Path: "people[2].hp", Line: 3, Col: 1, Code: "X"}, // already placed: kept
		{File: "rules.yaml", Path: "people[2].hp", Code: "FTB005"},           // another file: kept as is
		{File: "lvl.yaml", Path: "unknown", Code: "Y"},                       // unknown path: zero position
	}
	out := in.Locate("lvl.yaml", loc)
	if in[0].File != "" {
		t.Error("Locate changed its input")
	}
	want := []struct {
		file      string
		line, col int
	}{{"lvl.yaml", 12, 9}, {"lvl.yaml", 3, 1}, {"rules.yaml", 0, 0}, {"lvl.yaml", 0, 0}}
	for i, w := range want {
		if d := out[i]; d.File != w.file || d.Line != w.line || d.Col != w.col {
			t.Errorf("diagnostic %d at %s:%d:%d, want %s:%d:%d", i, d.File, d.Line, d.Col, w.file, w.line, w.col)
		}
	}
	if got := in.Locate("lvl.yaml", nil); got[0].Line != 0 || got[0].File != "lvl.yaml" {
		t.Errorf("a nil locator placed %+v", got[0])
	}
}

func TestAsList(t *testing.T) {
	if AsList(nil, "f") != nil {
		t.Error("AsList(nil) is not nil")
	}
	l := List{{Code: "P001"}}
	if got := AsList(l, "f"); len(got) != 1 || got[0].Code != "P001" {
		t.Errorf("a List came back as %v", got)
	}
	d := &Diagnostic{Code: "P002"}
	if got := AsList(d, "f"); len(got) != 1 || got[0].Code != "P002" {
		t.Errorf("a *Diagnostic came back as %v", got)
	}
	got := AsList(errors.New("open f: permission denied"), "f")
	if len(got) != 1 || got[0].Code != "IO001" || got[0].File != "f" || got[0].Severity != Error {
		t.Errorf("a plain error came back as %+v", got)
	}
}

func TestAtMovesACopy(t *testing.T) {
	d := Diagnostic{Line: 1, Col: 1}
	moved := d.At(Pos{Line: 5, Col: 6})
	if moved.Line != 5 || moved.Col != 6 || d.Line != 1 {
		t.Errorf("At gave %+v and left %+v", moved, d)
	}
	if (Pos{}).Known() || !(Pos{Line: 1}).Known() {
		t.Error("Known is wrong")
	}
}
