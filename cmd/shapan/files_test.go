package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// copyFile copies a file of the shared folder into dir.
func copyFile(t *testing.T, dir, rel string) string {
	data, err := os.ReadFile(filepath.Join(shared.Dir(t), rel))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.Base(rel))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// No output of any command is written over a file the command reads,
// whatever the path's spelling: every output flag (and convert's OUT) is
// in the table, and each is pointed at an input.
func TestNoCommandWritesOverItsInput(t *testing.T) {
	dir := t.TempDir()
	m := copyFile(t, dir, "legacy/mbg/sanguo.map")
	level := copyFile(t, dir, "legacy/ftbt/m1.map")
	intro := copyFile(t, dir, "legacy/ftbt/m1.intro")
	rules := copyFile(t, dir, "legacy/ftbt/star.tech")
	alias := filepath.Join(dir, "alias.map")
	if err := os.Symlink(m, alias); err != nil {
		t.Fatal(err)
	}
	y := filepath.Join(dir, "s.yaml")
	if code, _, errOut := runCLI("convert", m, y); code != exitOK {
		t.Fatal(errOut)
	}
	part := filepath.Join(dir, "p.json")
	if code, _, errOut := runCLI("sim", y, "--games", "2", "--shard", "0/2", "--out", part, "--turns", "3"); code != exitOK {
		t.Fatal(errOut)
	}
	inputs := []string{m, level, intro, rules, y, part}
	before := map[string][]byte{}
	for _, p := range inputs {
		before[p], _ = os.ReadFile(p)
	}
	tested := map[string]bool{}
	for _, tc := range []struct {
		output string // command and flag ("convert OUT" for the argument)
		args   []string
	}{
		{"convert OUT", []string{"convert", m, m, "--to", "mbg-map"}},
		{"convert OUT", []string{"convert", m, alias, "--to", "mbg-map"}},
		{"convert OUT", []string{"convert", y, y}},
		{"convert OUT", []string{"convert", level, filepath.Join(dir, ".", "m1.map"), "--rules", rules, "--to", "ftbt-level"}},
		{"convert OUT", []string{"convert", level, rules, "--rules", rules, "--to", "ftbt-level"}},
		{"play trace", []string{"play", m, "--trace", m}},
		{"play trace", []string{"play", m, "--trace", filepath.Join(dir, ".", "sanguo.map")}},
		{"play trace", []string{"play", level, "--rules", rules, "--trace", intro}},
		{"play trace", []string{"play", level, "--rules", rules, "--trace", rules}},
		{"preview o", []string{"preview", m, "-o", m}},
		{"preview o", []string{"preview", level, "--rules", rules, "-o", intro}},
		{"sim chart", []string{"sim", m, "--games", "1", "--chart", m}},
		{"sim chart", []string{"sim", "merge", part, "--chart", part}},
		{"sim out", []string{"sim", y, "--games", "2", "--shard", "1/2", "--out", y}},
		{"sim out", []string{"sim", level, "--rules", rules, "--games", "2", "--shard", "1/2", "--out", rules}},
		{"balance o", []string{"balance", y, "--budget", "8", "-o", y}},
		{"balance o", []string{"balance", level, "--rules", rules, "--budget", "8", "-o", intro}},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(errOut, "refusing to write") {
			t.Errorf("%s: %v: exit %d, %s", tc.output, tc.args[1:], code, errOut)
		}
		for _, p := range inputs {
			if after, _ := os.ReadFile(p); !bytes.Equal(before[p], after) {
				t.Fatalf("%s: %v changed the input %s", tc.output, tc.args, p)
			}
		}
		command, flagName, _ := strings.Cut(tc.output, " ")
		tested[command+" "+flagName] = true
	}
	// The folders written into (--write, --shard-dir) are checked by
	// TestDashIsStandardOutput; every other output is in the table.
	folders := map[string]bool{"schema write": true, "samples write": true, "balance shard-dir": true}
	for name := range commands {
		runCLI(name, "-h") // declares its flags
		if name == "sim" {
			runCLI(name, "merge", "-h")
		}
		for _, o := range declaredOutputs(name) {
			if key := name + " " + o; !tested[key] && !folders[key] && name != "serve" {
				t.Errorf("the output %s of %s is not audited", o, name)
			}
		}
	}
}

// preview -o - writes the PNG to standard output, not to a file named -.
func TestPreviewToStandardOutput(t *testing.T) {
	dir := t.TempDir()
	m := copyFile(t, dir, "legacy/mbg/sanguo.map")
	t.Chdir(dir)
	code, out, errOut := runCLI("preview", m, "-o", "-")
	if code != exitOK || !strings.HasPrefix(out, "\x89PNG\r\n") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error("a file named - was written")
	}
}

// Converting a YAML file whose comments the output does not keep warns.
func TestConversionWarnsOfLostComments(t *testing.T) {
	dir := t.TempDir()
	y := filepath.Join(dir, "s.yaml")
	if code, _, errOut := runCLI("convert", copyFile(t, dir, "legacy/mbg/sanguo.map"), y); code != exitOK {
		t.Fatal(errOut)
	}
	src, _ := os.ReadFile(y)
	// Shapan's own comments are not a person's: no warning for them.
	if code, _, errOut := runCLI("convert", y, filepath.Join(dir, "a.map")); code != exitOK || strings.Contains(errOut, "W002") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	lines := strings.SplitAfter(string(src), "\n")
	lines = append(lines[:4], append([]string{"# 赤壁 is won by fire\n"}, lines[4:]...)...)
	if err := os.WriteFile(y, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{filepath.Join(dir, "b.map"), filepath.Join(dir, "b.yaml")} {
		code, _, errOut := runCLI("convert", y, out)
		if code != exitOK || !strings.Contains(errOut, "s.yaml:5:1: warning: 1 comment line(s) are not kept by the conversion (the first is here: # 赤壁 is won by fire)") {
			t.Errorf("%s: exit %d: %s", out, code, errOut)
		}
	}
}

// Writes to a full disk fail with exit status 2, and a device named as
// the output is written, never replaced by a regular file.
func TestWritesToAFullDiskFail(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	dir := t.TempDir()
	m := copyFile(t, dir, "legacy/mbg/sanguo.map")
	var errOut bytes.Buffer
	if code := runChecked([]string{"convert", m, "-", "--to", "yaml"}, full, &errOut); code != exitUsage || !strings.Contains(errOut.String(), "no space left on device") {
		t.Errorf("standard output: exit %d, %s", code, errOut.String())
	}
	for _, args := range [][]string{
		{"convert", m, "/dev/full", "--to", "yaml"},
		{"preview", m, "-o", "/dev/full"},
		{"play", m, "--trace", "/dev/full"},
	} {
		code, _, errOut := runCLI(args...)
		if code != exitUsage || !strings.Contains(errOut, "no space left on device") {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	if st, err := os.Stat("/dev/full"); err != nil || st.Mode().IsRegular() {
		t.Fatalf("/dev/full was replaced: %v %v", st.Mode(), err)
	}
}

// A trace is written whole or not at all, and --trace-max bounds it.
func TestTracesAreAtomicAndBounded(t *testing.T) {
	dir := t.TempDir()
	m := copyFile(t, dir, "legacy/mbg/sanguo.map")
	trace := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(trace, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("play", m, "--trace", trace, "--trace-max", "10KiB")
	if code != exitUsage || !strings.Contains(errOut, "the trace (--trace-max 10KiB) would be larger than its limit") {
		t.Errorf("exit %d, %s", code, errOut)
	}
	if b, _ := os.ReadFile(trace); string(b) != "old" {
		t.Error("a failed trace changed the file")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("files left behind: %v", entries)
	}
	if code, _, errOut := runCLI("play", m, "--trace", trace); code != exitOK {
		t.Fatal(errOut)
	}
	if code, out, errOut := runCLI("replay", trace); code != exitOK {
		t.Errorf("the trace does not replay: %s%s", out, errOut)
	}
}

// replay --root refuses paths that lead out of the root.
func TestReplayRootConfinesPaths(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, dir, "legacy/mbg/sanguo.map") // outside the root
	c := filepath.Join(root, "case.json")
	if err := os.WriteFile(c, []byte(`{"game":"mbg","case":"x","rng":"go-math-rand","scenario":"../sanguo.map","seed":1,"events":[],"decisions":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("replay", "--root", root, c)
	if code != exitUsage || !strings.Contains(errOut, `the path "../sanguo.map" leads outside the root folder`) {
		t.Errorf("exit %d, %s", code, errOut)
	}
}
