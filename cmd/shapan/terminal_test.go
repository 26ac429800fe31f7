package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/progress"
)

// TestCheckColoursOnlyATerminal: piped output has no colour codes; on a
// terminal the severities are coloured, unless NO_COLOR is set.
func TestCheckColoursOnlyATerminal(t *testing.T) {
	draft := filepath.Join(repoRoot, "docs", "examples", "赤壁-draft.yml")
	t.Setenv("TERM", "xterm-256color")
	_, piped, _ := runCLI("check", draft)
	if strings.Contains(piped, "\x1b[") || !strings.Contains(piped, ": error: ") {
		t.Fatalf("piped output:\n%q", piped)
	}
	old := progress.IsTerminal
	progress.IsTerminal = func(io.Writer) bool { return true }
	defer func() { progress.IsTerminal = old }()
	_, coloured, _ := runCLI("check", draft)
	if !strings.Contains(coloured, "\x1b[1;31merror:\x1b[0m route 3") || !strings.Contains(coloured, "\x1b[1;35mwarning:\x1b[0m") {
		t.Errorf("terminal output is not coloured:\n%q", coloured)
	}
	t.Setenv("NO_COLOR", "1")
	if _, plain, _ := runCLI("check", draft); plain != piped {
		t.Errorf("NO_COLOR: %q", plain)
	}
}

// TestQuietKeepsStandardErrorForErrors: --quiet drops the progress bar and
// the summary lines, not the errors.
func TestQuietKeepsStandardErrorForErrors(t *testing.T) {
	old := progress.IsTerminal
	progress.IsTerminal = func(io.Writer) bool { return true }
	defer func() { progress.IsTerminal = old }()
	draft := filepath.Join(repoRoot, "docs", "examples", "赤壁-draft.yml")
	clean := filepath.Join(repoRoot, "samples", "planets", "九州.yaml")
	_, _, loud := runCLI("check", draft, clean)
	if !strings.Contains(loud, "1 error(s), 2 warning(s)") || !strings.Contains(loud, "files") {
		t.Errorf("check of two files on a terminal, standard error:\n%q", loud)
	}
	code, out, quiet := runCLI("check", "--quiet", draft, clean)
	if code != exitInvalid || quiet != "" || !strings.Contains(out, "[PLN009]") {
		t.Errorf("check --quiet: exit %d, standard error %q", code, quiet)
	}
	_, _, quiet = runCLI("check", "--quiet", draft, filepath.Join(t.TempDir(), "missing.yaml"))
	if !strings.Contains(quiet, "missing.yaml") {
		t.Errorf("--quiet hid an I/O error: %q", quiet)
	}
	sample := filepath.Join(repoRoot, "samples", "mbg", "赤壁.yaml")
	_, _, simQuiet := runCLI("sim", sample, "--games", "4", "--turns", "10", "--quiet")
	if simQuiet != "" {
		t.Errorf("sim --quiet printed %q", simQuiet)
	}
	_, _, simLoud := runCLI("sim", sample, "--games", "4", "--turns", "10")
	if !strings.Contains(simLoud, "/4, ") || !strings.Contains(simLoud, "games in") {
		t.Errorf("sim on a terminal printed %q", simLoud)
	}
}
