package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

func TestPlayFTBTPrintsASummaryAndATraceThatReplays(t *testing.T) {
	dir := filepath.Join(shared.Dir(t), "legacy", "ftbt")
	trace := filepath.Join(t.TempDir(), "game.jsonl")
	code, out, errOut := runCLI("play", filepath.Join(dir, "m1.map"), "--rules", filepath.Join(dir, "star.tech"),
		"--seed", "3", "--turns", "20", "--trace", trace)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"seed 3, turn cap 20", "capped: no winner after 20 rounds", "survivors: side 0", "of 5, side 1"} {
		if !strings.Contains(out, want) {
			t.Fatalf("summary lacks %q:\n%s", want, out)
		}
	}
	if code, out, errOut := runCLI("replay", trace); code != 0 || !strings.Contains(out, "ok  ") || !strings.Contains(out, "after 20 rounds") {
		t.Fatalf("replaying the trace: exit %d: %s%s", code, out, errOut)
	}
	// A changed trace diverges (exit 1).
	b, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Replace(string(b), `"dir":0`, `"dir":2`, 1)), 0o644)
	if code, _, errOut := runCLI("replay", bad); code != 1 || !strings.Contains(errOut, "DIVERGED") || !strings.Contains(errOut, "dir: expected 2, got 0") {
		t.Fatalf("a changed trace: exit %d: %s", code, errOut)
	}
}

func TestPlayFTBTSampleLevel(t *testing.T) {
	code, out, errOut := runCLI("play", filepath.Join("..", "..", "samples", "ftbt", "长坂坡.yaml"), "--turns", "5")
	if code != 0 || !strings.Contains(out, "turn cap 5") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
}

func TestPlayFTBTExitStatuses(t *testing.T) {
	dir := filepath.Join(shared.Dir(t), "legacy", "ftbt")
	tmp := t.TempDir()
	bad := filepath.Join(tmp, "bad.map")
	// Two people on one cell: the original would make a ghost of one.
	os.WriteFile(bad, []byte("2 1\n0 0\n2\nA 0 10 10 10 10 0 0\n0\nB 1 10 10 10 10 0 0\n0\n"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no rules", []string{"play", filepath.Join(dir, "m2.map")}, 1, "name them with --rules"},
		{"a level the original crashes on", []string{"play", bad, "--rules", filepath.Join(dir, "star.tech")}, 1, "already stands"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.code, errOut)
			}
		})
	}
}
