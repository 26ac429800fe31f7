package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/diagout"
	"github.com/shapan/shapan/internal/shared"
)

// The documents whose console examples are run. An example is a ```console
// block right after a line
//
//	<!-- example: in DIR -->
//
// where DIR is a folder relative to the repository's root (../shared/...
// needs the shared folder). Its `$ shapan ...` lines are run in a copy of
// DIR, one after the other, and what each prints (standard output, then
// standard error) must be the lines shown under it. A last shown line "…"
// means the output goes on. Other `$` lines (another program) are not run.
var documented = []string{"README.md", "docs/cli.md", "docs/ci.md"}

// example is one console block of a document.
type example struct {
	doc, dir string
	line     int // of the block's first line
	end      int // of its closing ```
	steps    []step
}

// step is one shown command and what it prints.
type step struct {
	line int
	text string   // the command line as shown
	args []string // nil for a command that is not shapan
	want []string
}

// updateExamples rewrites the documents' examples with what the commands
// print (scripts/examples.sh): the examples are made by the program, not
// typed.
var updateExamples = flag.Bool("update-examples", false, "rewrite the documented examples with what the commands print")

var exampleMark = regexp.MustCompile(`^<!-- example: in (\S+) -->$`)

// examples reads the marked console blocks of a Markdown file.
func examples(t *testing.T, doc string) []example {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, doc))
	if err != nil {
		t.Fatal(err)
	}
	var out []example
	var cur *example
	dir := ""
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && exampleMark.MatchString(line):
			dir = exampleMark.FindStringSubmatch(line)[1]
		case cur == nil && dir != "" && line == "```console":
			cur = &example{doc: doc, dir: dir, line: n + 1}
		case cur == nil:
			dir = ""
		case line == "```":
			cur.end = n
			out = append(out, *cur)
			cur, dir = nil, ""
		case strings.HasPrefix(line, "$ "):
			s := step{line: n, text: line}
			if words := shellWords(strings.TrimPrefix(line, "$ ")); len(words) > 0 && words[0] == "shapan" {
				s.args = words[1:]
			}
			cur.steps = append(cur.steps, s)
		case len(cur.steps) > 0:
			last := &cur.steps[len(cur.steps)-1]
			last.want = append(last.want, line)
		}
	}
	return out
}

// shellWords splits a command line at spaces, keeping quoted words whole.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		case r == '#' && !in:
			return words // a comment to the end of the line
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}

var repoRoot = filepath.Join("..", "..")

// timing matches durations and rates, which change from run to run.
var timing = regexp.MustCompile(`\d+(\.\d+)? (s|ms|games/s)\b`)

func normalise(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = timing.ReplaceAllString(strings.TrimRight(l, " "), "T $2")
	}
	return out
}

// TestDocumentedExamples runs the console examples of README, docs/cli.md and docs/ci.md
// examples and compares what they print with what the documents show.
func TestDocumentedExamples(t *testing.T) {
	n := 0
	for _, doc := range documented {
		made := map[int][]string{}
		exs := examples(t, doc)
		for _, ex := range exs {
			n++
			t.Run(doc+":"+strconv.Itoa(ex.line), func(t *testing.T) { made[ex.line] = runExample(t, ex) })
		}
		if *updateExamples {
			rewrite(t, doc, exs, made)
		}
	}
	if n < 3 {
		t.Fatalf("only %d marked examples in %v: the markers are gone", n, documented)
	}
}

// rewrite puts the lines each example made in place of its block.
func rewrite(t *testing.T, doc string, exs []example, made map[int][]string) {
	path := filepath.Join(repoRoot, doc)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for i := len(exs) - 1; i >= 0; i-- {
		ex := exs[i]
		block := made[ex.line]
		if block == nil {
			continue // skipped
		}
		lines = append(lines[:ex.line-1:ex.line-1], append(block, lines[ex.end-1:]...)...)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runExample runs an example's commands and compares what they print with
// what the block shows; it returns the block's lines as they should be.
func runExample(t *testing.T, ex example) []string {
	src := filepath.Join(repoRoot, filepath.FromSlash(ex.dir))
	if strings.HasPrefix(ex.dir, "../shared") {
		sharedDir := shared.Dir(t) // skips (or fails under CI) without it
		src = filepath.Join(sharedDir, strings.TrimPrefix(ex.dir, "../shared"))
	}
	for _, s := range ex.steps {
		for _, a := range s.args {
			if strings.HasPrefix(a, "../shared/") {
				if _, err := os.Stat(filepath.Join(src, "..", "shared")); err != nil {
					shared.Dir(t) // skips (or fails under CI) without it
					t.Skipf("%s names ../shared, and there is none beside the repository", a)
				}
			}
		}
	}
	work := t.TempDir()
	if ex.dir != "." {
		if err := os.CopyFS(work, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
	} else {
		work, _ = filepath.Abs(src) // the repository itself, for commands that only read
	}
	t.Chdir(work)
	var block []string
	for _, s := range ex.steps {
		block = append(block, s.text)
		if s.args == nil {
			block = append(block, s.want...)
			continue
		}
		var out, errOut bytes.Buffer
		run(s.args, &out, &errOut)
		got := strings.Split(strings.TrimSuffix(out.String()+errOut.String(), "\n"), "\n")
		if len(got) == 1 && got[0] == "" {
			got = nil
		}
		want := s.want
		if len(want) > 0 && want[len(want)-1] == "…" {
			want = want[:len(want)-1]
			if len(got) > len(want) {
				got = got[:len(want)]
			}
			block = append(block, append(append([]string(nil), got...), "…")...)
		} else {
			block = append(block, got...)
		}
		if g, w := strings.Join(normalise(got), "\n"), strings.Join(normalise(want), "\n"); g != w {
			t.Errorf("%s:%d: shapan %s prints\n%s\n\nbut the document shows\n%s\n(scripts/examples.sh rewrites the examples)", ex.doc, s.line, strings.Join(s.args, " "), g, w)
		}
	}
	return block
}

// formatRow is a row of docs/ci.md's table: | `FORMAT` ... | ... | `LINE` |.
var formatRow = regexp.MustCompile("^\\| `([a-z]+)`[^|]*\\|[^|]*\\| `(.*)` \\|$")

// TestCIFormatTable checks the table of docs/ci.md: one row per --format,
// each with a line that check prints in that form for the example file.
func TestCIFormatTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(repoRoot, "docs", "examples"))
	rows := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		m := formatRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		rows[m[1]] = true
		var out, errOut bytes.Buffer
		run([]string{"check", "--format=" + m[1], "赤壁-draft.yml"}, &out, &errOut)
		found := false
		for _, l := range strings.Split(out.String(), "\n") {
			found = found || strings.TrimSpace(l) == m[2]
		}
		if !found {
			t.Errorf("docs/ci.md: --format=%s does not print the line %s; it prints\n%s", m[1], m[2], out.String())
		}
	}
	for _, f := range diagout.Formats {
		if !rows[string(f)] {
			t.Errorf("docs/ci.md's table has no row for --format=%s", f)
		}
	}
}

// workflowCheck matches a shapan check command in a workflow's YAML (up
// to a redirection or another command).
var workflowCheck = regexp.MustCompile(`shapan check[^>|&;\n]*`)

// TestCIWorkflows runs every shapan check of docs/ci.md's workflows in a
// repository whose scenarios are only .yaml files (a glob of *.yml would
// match nothing there): each reads them all and exits 0 or 1, never 2.
func TestCIWorkflows(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	inYAML := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case line == "```yaml":
			inYAML = true
		case line == "```":
			inYAML = false
		case inYAML && !strings.Contains(line, "name: "): // a step's name is no command
			cmds = append(cmds, workflowCheck.FindAllString(line, -1)...)
		}
	}
	if len(cmds) < 5 {
		t.Fatalf("only %d shapan check commands in docs/ci.md's workflows: %q", len(cmds), cmds)
	}
	src, err := filepath.Abs(filepath.Join(repoRoot, "docs", "examples", "赤壁-abilities.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	os.MkdirAll(filepath.Join("scenarios", "mbg"), 0o755)
	data, _ := os.ReadFile(src)
	os.WriteFile(filepath.Join("scenarios", "a.yaml"), data, 0o644)
	os.WriteFile(filepath.Join("scenarios", "mbg", "b.yaml"), bytes.Replace(data, []byte("wu: 150"), []byte("wu: 72"), 1), 0o644)
	for _, c := range cmds {
		args := shellWords(strings.TrimSpace(c))[1:]
		var out, errOut bytes.Buffer
		code := run(args, &out, &errOut)
		if code > 1 {
			t.Errorf("%s: exit %d\n%s", c, code, errOut.String())
		}
		if strings.Contains(c, "--problem-matcher") {
			if !json.Valid(out.Bytes()) {
				t.Errorf("%s prints no JSON", c)
			}
			continue
		}
		if got := out.String() + errOut.String(); !strings.Contains(got, "MBG020") {
			t.Errorf("%s does not report the warning of scenarios/a.yaml:\n%s", c, got)
		}
	}
}

// notRun marks a console block that is not run, with the reason.
var notRun = regexp.MustCompile(`^<!-- example: not run: \S.* -->$`)

// TestEveryConsoleExampleIsRunOrSaysWhyNot: a console block of the
// documents is an example that runs, or says why it does not (a person
// types, a run takes minutes), so that no output is shown that the
// program does not print.
func TestEveryConsoleExampleIsRunOrSaysWhyNot(t *testing.T) {
	for _, doc := range documented {
		b, err := os.ReadFile(filepath.Join(repoRoot, doc))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for i, line := range lines {
			if line != "```console" {
				continue
			}
			if i == 0 || !exampleMark.MatchString(lines[i-1]) && !notRun.MatchString(lines[i-1]) {
				t.Errorf("%s:%d: a console block with neither <!-- example: in DIR --> nor <!-- example: not run: WHY --> before it", doc, i+1)
			}
		}
	}
}
