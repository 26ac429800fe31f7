package main

import (
	"bufio"
	"bytes"
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
var documented = []string{"README.md", "docs/ci.md"}

// example is one console block of a document.
type example struct {
	doc, dir string
	line     int // of the block's first line
	steps    []step
}

// step is one shown command and what it prints.
type step struct {
	line int
	args []string // nil for a command that is not shapan
	want []string
}

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
			out = append(out, *cur)
			cur, dir = nil, ""
		case strings.HasPrefix(line, "$ "):
			s := step{line: n}
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

// TestDocumentedExamples runs the README's and docs/ci.md's console
// examples and compares what they print with what the documents show.
func TestDocumentedExamples(t *testing.T) {
	n := 0
	for _, doc := range documented {
		for _, ex := range examples(t, doc) {
			n++
			t.Run(doc+":"+strconv.Itoa(ex.line), func(t *testing.T) { runExample(t, ex) })
		}
	}
	if n < 3 {
		t.Fatalf("only %d marked examples in %v: the markers are gone", n, documented)
	}
}

func runExample(t *testing.T, ex example) {
	src := filepath.Join(repoRoot, filepath.FromSlash(ex.dir))
	if strings.HasPrefix(ex.dir, "../shared") {
		sharedDir := shared.Dir(t) // skips (or fails under CI) without it
		src = filepath.Join(sharedDir, strings.TrimPrefix(ex.dir, "../shared"))
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
	for _, s := range ex.steps {
		if s.args == nil {
			continue
		}
		var out, errOut bytes.Buffer
		run(s.args, &out, &errOut)
		got := strings.Split(strings.TrimSuffix(out.String()+errOut.String(), "\n"), "\n")
		want := s.want
		if len(want) > 0 && want[len(want)-1] == "…" {
			want = want[:len(want)-1]
			if len(got) > len(want) {
				got = got[:len(want)]
			}
		}
		if g, w := strings.Join(normalise(got), "\n"), strings.Join(normalise(want), "\n"); g != w {
			t.Errorf("%s:%d: shapan %s prints\n%s\n\nbut the document shows\n%s", ex.doc, s.line, strings.Join(s.args, " "), g, w)
		}
	}
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
