package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/shared"
)

// only keeps the files of paths whose base names are among names, and
// panics when one of names is missing.
func only(paths []string, names ...string) []string {
	var kept []string
	for _, p := range paths {
		if slices.Contains(names, filepath.Base(p)) {
			kept = append(kept, p)
		}
	}
	if len(kept) != len(names) {
		panic(fmt.Sprintf("of %v, only %v are among %v", names, kept, paths))
	}
	return kept
}

// firstCases writes a copy of the shared folder's golden file rel that
// keeps the first n items of its list key (its count says n), in a tree
// like the shared folder's under a temporary folder with the legacy files
// linked, and returns its path.
func firstCases(t *testing.T, rel, key string, n int) string {
	t.Helper()
	src := shared.Dir(t)
	b, err := os.ReadFile(filepath.Join(src, rel))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	var items []json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc[key], &items); err != nil || len(items) < n {
		t.Fatalf("%s: %d items of %q (%v)", rel, len(items), key, err)
	}
	doc[key], _ = json.Marshal(items[:n])
	doc["count"], _ = json.Marshal(n)
	root := t.TempDir()
	if err := os.Symlink(filepath.Join(src, "legacy"), filepath.Join(root, "legacy")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, filepath.FromSlash(rel))
	os.MkdirAll(filepath.Dir(path), 0o755)
	data, _ := json.Marshal(doc)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReplayMatchesEveryMBGGoldenFile: shapan replay replays the mbg
// golden files and says ok for each. Under -race it replays the first 20
// battles of the battle suite and the game that continues a save only:
// engine/mbg's TestGoldenGames and TestGoldenBattles replay every one of
// them there.
func TestReplayMatchesEveryMBGGoldenFile(t *testing.T) {
	files := shared.Files(t, "golden/mbg/*.json")
	if longtest.Race && !longtest.Enabled() {
		files = append(only(files, "game_test_game_s404.json"), firstCases(t, "golden/mbg/battles.json", "battles", 20))
	}
	args := append([]string{"replay"}, files...)
	code, out, errOut := runCLI(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, "ok  "); n != len(files) {
		t.Fatalf("%d of %d files reported ok:\n%s", n, len(files), out)
	}
}

// corruptCopy writes a copy of a golden game whose event number `event`
// (counting the events array from 0) has a changed city, in a shared-like
// tree under a temporary folder, with the legacy files it needs.
func corruptCopy(t *testing.T) (file, root string) {
	t.Helper()
	src := shared.Dir(t)
	root = t.TempDir()
	for _, dir := range []string{"golden/mbg", "legacy/mbg"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"test_game.map", "test_game_s404_t9_r0.sav"} {
		b, err := os.ReadFile(filepath.Join(src, "legacy/mbg", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(root, "legacy/mbg", f), b, 0o644)
	}
	b, err := os.ReadFile(filepath.Join(src, "golden/mbg/game_test_game_s404.json"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, `"events":[`) {
			start = i + 1
		}
	}
	// Event 500 is on line start+500; change the first number after "e".
	i := start + 500
	if !strings.Contains(lines[i], `"e":"`) {
		t.Fatalf("line %d is not an event: %s", i, lines[i])
	}
	lines[i] = strings.Replace(lines[i], `,"`, `,"x":1,"`, 1)
	file = filepath.Join(root, "golden/mbg/game_test_game_s404.json")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return file, root
}

func TestReplayExitStatuses(t *testing.T) {
	bad, _ := corruptCopy(t)
	code, _, errOut := runCLI("replay", bad)
	if code != 1 || !strings.Contains(errOut, "case test_game_s404") || !strings.Contains(errOut, "event 500") {
		t.Fatalf("corrupted file: exit %d: %s", code, errOut)
	}

	dir := t.TempDir()
	unknown := filepath.Join(dir, "battle.json")
	os.WriteFile(unknown, []byte(`{"game":"battle","format":"battle-peer/1"}`), 0o644)
	notJSON := filepath.Join(dir, "x.json")
	os.WriteFile(notJSON, []byte(`hello`), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no file", []string{"replay"}, 2, "name a golden FILE.json"},
		{"missing file", []string{"replay", filepath.Join(dir, "none.json")}, 2, "no such file"},
		{"unknown format", []string{"replay", unknown}, 2, `unrecognised golden format (game "battle", format "battle-peer/1")`},
		{"not JSON", []string{"replay", notJSON}, 2, "not a golden file"},
		{"missing scenario", []string{"replay", "--root", dir, bad}, 2, "test_game.map"},
		{"flag after the file", []string{"replay", bad, "--root"}, 2, "flag needs an argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.code, errOut)
			}
		})
	}
}
