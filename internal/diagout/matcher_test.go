package diagout

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

type matcherFile struct {
	ProblemMatcher []struct {
		Owner   string `json:"owner"`
		Pattern []struct {
			Regexp                                      string
			File, Line, Column, Severity, Message, Code int
		} `json:"pattern"`
	} `json:"problemMatcher"`
}

// matched is what a matcher reads from one line.
type matched struct{ file, line, column, severity, message, code string }

// TestProblemMatcherReadsTheTextForm applies the matcher's patterns, as
// the runner does, to every line of the text form: each diagnostic is read
// back whole (file, place, severity, message, code), and notes are not.
func TestProblemMatcherReadsTheTextForm(t *testing.T) {
	var m matcherFile
	if err := json.Unmarshal(ProblemMatcher, &m); err != nil {
		t.Fatal(err)
	}
	text := strings.Split(strings.TrimSpace(write(t, Text, sample)), "\n")
	want := []matched{
		{"maps/赤壁.yaml", "12", "5", "error", "city 襄阳: garrison names 关羽, who does not exist", "MBG002"},
		{"a,b:c.map", "1", "1", "warning", `100% of\x0athe board`, "MBG040"},
		{"/abs/九州.yml", "", "", "error", "cannot read", "IO001"},
	}
	var got []matched
	for _, line := range text {
		for _, pm := range m.ProblemMatcher {
			p := pm.Pattern[0]
			g := regexp.MustCompile(p.Regexp).FindStringSubmatch(line)
			if g == nil {
				continue
			}
			at := func(i int) string {
				if i == 0 {
					return ""
				}
				return g[i]
			}
			got = append(got, matched{at(p.File), at(p.Line), at(p.Column), at(p.Severity), at(p.Message), at(p.Code)})
			break
		}
	}
	if len(got) != len(want) {
		t.Fatalf("the matcher reads %d problems from\n%s\nwant %d: %+v", len(got), strings.Join(text, "\n"), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d read as %+v, want %+v", i, got[i], want[i])
		}
	}
	// The runner evaluates the patterns as JavaScript regular expressions.
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the patterns were not run as JavaScript")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "m.json"), ProblemMatcher, 0o644)
	os.WriteFile(filepath.Join(dir, "lines.txt"), []byte(strings.Join(text, "\n")), 0o644)
	js := `const fs = require("fs");
const m = JSON.parse(fs.readFileSync(process.argv[1]));
let n = 0;
for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n"))
  for (const pm of m.problemMatcher) { const g = new RegExp(pm.pattern[0].regexp).exec(line); if (g) { n++; console.log(g[pm.pattern[0].code]); break; } }
console.log(n);`
	out, err := exec.Command(node, "-e", js, filepath.Join(dir, "m.json"), filepath.Join(dir, "lines.txt")).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "MBG002\nMBG040\nIO001\n3" {
		t.Errorf("node: %v\n%s", err, out)
	}
}
