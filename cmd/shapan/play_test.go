package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

func TestPlayPrintsASummaryAndATraceThatReplays(t *testing.T) {
	scenario := filepath.Join(shared.Dir(t), "legacy/mbg/sanguo.map")
	trace := filepath.Join(t.TempDir(), "game.jsonl")
	code, out, errOut := runCLI("play", scenario, "--seed", "7", "--turns", "30", "--trace", trace)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"seed 7, turn limit 30", "winner: role", "魏", "蜀", "吴"} {
		if !strings.Contains(out, want) {
			t.Fatalf("summary lacks %q:\n%s", want, out)
		}
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var lines []map[string]json.RawMessage
	for sc.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %d: %v", len(lines)+1, err)
		}
		lines = append(lines, m)
	}
	if len(lines) < 3 || lines[0]["game"] == nil || lines[0]["seed"] == nil || lines[1]["e"] == nil ||
		lines[len(lines)-1]["final"] == nil {
		t.Fatalf("unexpected trace layout (%d lines)", len(lines))
	}
	// The trace is in the golden format: replay accepts it.
	if code, out, errOut := runCLI("replay", trace); code != 0 || !strings.Contains(out, "ok  ") {
		t.Fatalf("replaying the trace: exit %d: %s%s", code, out, errOut)
	}
}

func TestPlayContinuesASave(t *testing.T) {
	save := filepath.Join(shared.Dir(t), "legacy/mbg/test_game_s404_t9_r0.sav")
	code, out, errOut := runCLI("play", save, "--turns", "40")
	if code != 0 || !strings.Contains(out, "winner: role") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
}

func TestPlayExitStatuses(t *testing.T) {
	dir := t.TempDir()
	level := filepath.Join(dir, "x.yaml")
	os.WriteFile(level, []byte("kind: mbg/scenario\nversion: 1\nboard: nonsense\n"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no file", []string{"play"}, 2, "name one scenario FILE"},
		{"missing file", []string{"play", filepath.Join(dir, "none.map")}, 2, "no such file"},
		{"bad turns", []string{"play", level, "--turns", "0"}, 2, "--turns must be at least 1"},
		{"invalid scenario", []string{"play", level}, 1, "x.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.code, errOut)
			}
		})
	}
}
