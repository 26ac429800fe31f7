package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The example docs/ci.md names: a warning on a value that follows Chinese
// text on its line (line 47: "  - {name: 曹操, wu: 150, ...}").
const (
	columnExample = "赤壁-abilities.yaml"
	columnValue   = "150, zhan"
)

// checkLines runs shapan check with args in docs/examples and returns its
// standard output.
func checkLines(t *testing.T, args ...string) string {
	t.Helper()
	t.Chdir(filepath.Join(repoRoot, "docs", "examples"))
	var out, errOut bytes.Buffer
	if code := run(append([]string{"check", "--quiet"}, args...), &out, &errOut); code > 1 {
		t.Fatalf("check %v: exit %d\n%s", args, code, errOut.String())
	}
	return out.String()
}

// TestColumnUnits: the three units of the same place, by their
// definitions on the example's line.
func TestColumnUnits(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(repoRoot, "docs", "examples", columnExample))
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Split(string(src), "\n")[46]
	at := strings.Index(line, columnValue)
	if at < 0 {
		t.Fatalf("line 47 of %s is %q", columnExample, line)
	}
	before := line[:at]
	want := map[string]int{
		"char":    len([]rune(before)) + 1,
		"byte":    len(before) + 1,
		"display": len([]rune(before)) + 1 + 2, // 曹操: two wide characters
	}
	place := regexp.MustCompile(`^` + regexp.QuoteMeta(columnExample) + `:47:(\d+): warning: .*\[MBG020\]$`)
	for unit, col := range want {
		out := strings.TrimSpace(checkLines(t, "--column-unit="+unit, columnExample))
		m := place.FindStringSubmatch(out)
		if m == nil || m[1] != strconv.Itoa(col) {
			t.Errorf("--column-unit=%s: %q, want column %d", unit, out, col)
		}
	}
	if code, _, errOut := runCLI("check", "--format=sarif", "--column-unit=byte", columnExample); code != 2 || !strings.Contains(errOut, "unicodeCodePoints") {
		t.Errorf("SARIF with byte columns: exit %d\n%s", code, errOut)
	}
}

// TestVimLandsOnTheValue runs Vim as :make does (its default errorformat
// reads FILE:LINE:COL:message, COL in bytes): the cursor lands on the
// value the warning is about with --column-unit=byte, and on the wrong
// character with the default unit.
func TestVimLandsOnTheValue(t *testing.T) {
	vim, err := exec.LookPath("vim")
	if err != nil {
		t.Skip("vim is not installed: skipping the test of Vim's errorformat")
	}
	for _, tc := range []struct {
		unit  string
		lands bool
	}{{"byte", true}, {"char", false}} {
		errs := filepath.Join(t.TempDir(), "errors.txt")
		os.WriteFile(errs, []byte(checkLines(t, "--column-unit="+tc.unit, columnExample)), 0o644)
		out := filepath.Join(t.TempDir(), "cursor.txt")
		cmd := exec.Command(vim, "-es", "-N", "-u", "NONE", "-i", "NONE", "-n",
			"-c", "cfile "+errs,
			"-c", `call writefile([line('.') . ':' . strpart(getline('.'), col('.') - 1)], '`+out+`')`,
			"-c", "qa!")
		cmd.Dir = filepath.Join(repoRoot, "docs", "examples")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("vim: %v\n%s", err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSpace(string(b))
		if lands := strings.HasPrefix(got, "47:"+columnValue); lands != tc.lands {
			t.Errorf("--column-unit=%s: Vim's cursor is at %q (on the value: %v, want %v)", tc.unit, got, lands, tc.lands)
		}
	}
}

// TestEmacsLandsOnTheValue runs Emacs' compilation-mode on check's output
// and follows the first message, as M-x compile and next-error do: by
// default Emacs reads screen columns (--column-unit=display); with
// compilation-error-screen-columns nil, characters (the default unit).
func TestEmacsLandsOnTheValue(t *testing.T) {
	emacs, err := exec.LookPath("emacs")
	if err != nil {
		t.Skip("emacs is not installed: skipping the test of Emacs' compilation-mode")
	}
	dir, _ := filepath.Abs(filepath.Join(repoRoot, "docs", "examples"))
	for _, tc := range []struct {
		unit, setting string
		lands         bool
	}{{"display", "t", true}, {"char", "nil", true}, {"char", "t", false}, {"byte", "t", false}} {
		errs := filepath.Join(t.TempDir(), "errors.txt")
		os.WriteFile(errs, []byte(checkLines(t, "--column-unit="+tc.unit, columnExample)), 0o644)
		lisp := `(progn
  (require 'compile)
  (setq compilation-error-screen-columns ` + tc.setting + `)
  (with-current-buffer (get-buffer-create "*compilation*")
    (insert-file-contents "` + errs + `")
    (setq default-directory "` + dir + `/")
    (compilation-mode)
    (compilation--ensure-parse (point-max))
    (goto-char (point-min))
    (compile-goto-error)
    (princ (format "%d:%s" (line-number-at-pos) (buffer-substring (point) (line-end-position))))))`
		cmd := exec.Command(emacs, "--batch", "-Q", "--eval", lisp)
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("emacs: %v\n%s", err, b)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		got := lines[len(lines)-1]
		if lands := strings.HasPrefix(got, "47:"+columnValue); lands != tc.lands {
			t.Errorf("--column-unit=%s, compilation-error-screen-columns %s: Emacs is at %q (on the value: %v, want %v)", tc.unit, tc.setting, got, lands, tc.lands)
		}
	}
}
