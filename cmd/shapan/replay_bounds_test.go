package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shapan/shapan/engine"
)

// replay refuses what is no regular file (a device, a FIFO, which would
// be read forever) and a file above --max-input, before reading it.
func TestReplayInputsAreBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	os.WriteFile(big, []byte(`{"game":"battle","format":"battle-trace/1","pad":"`+strings.Repeat("x", 4096)+`"}`), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "/dev/zero"}, "/dev/zero is not a regular file (a character device)"},
		{[]string{"replay", fifo}, "fifo.json is not a regular file (a FIFO)"},
		{[]string{"replay", "--max-input", "1KiB", big}, "larger than the input limit of 1024 bytes"},
		{[]string{"replay", "-"}, "standard input"},
	} {
		start := time.Now()
		code, _, errOut := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) || time.Since(start) > 5*time.Second {
			t.Errorf("%v: exit %d after %v, %s", tc.args, code, time.Since(start), errOut)
		}
	}
}

// replay --root reads only files inside the root: an absolute path or a
// symbolic link leading out is refused, and no message of replay quotes
// a file a trace names.
func TestReplayRootRefusesAbsolutePathsAndLinksOut(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	sub := filepath.Join(root, "ftbt")
	os.MkdirAll(sub, 0o755)
	level := copyFile(t, sub, "legacy/ftbt/m1.map")
	copyFile(t, sub, "legacy/ftbt/m1.intro")
	rules := copyFile(t, sub, "legacy/ftbt/star.tech")
	trace := filepath.Join(sub, "t.jsonl")
	if code, _, errOut := runCLI("play", level, "--rules", rules, "--turns", "2", "--trace", trace); code != exitOK {
		t.Fatal(errOut)
	}
	secret := filepath.Join(dir, "secret.txt")
	os.WriteFile(secret, []byte("password: hunter2\n"), 0o600)
	os.Symlink(secret, filepath.Join(sub, "link.tech"))
	data, _ := os.ReadFile(trace)
	if code, out, errOut := runCLI("replay", "--root", root, trace); code != exitOK {
		t.Fatalf("the trace does not replay: %s%s", out, errOut)
	}
	for _, name := range []string{secret, "ftbt/link.tech"} {
		edited := strings.Replace(string(data), `"rules":"`+rules+`"`, `"rules":"`+name+`"`, 1)
		os.WriteFile(trace, []byte(edited), 0o644)
		code, out, errOut := runCLI("replay", "--root", root, trace)
		if code != exitUsage || !strings.Contains(errOut, "leads outside the root folder") || strings.Contains(out+errOut, "hunter2") {
			t.Errorf("rules %s: exit %d, %s%s", name, code, out, errOut)
		}
		if code, out, errOut := runCLI("replay", trace); strings.Contains(out+errOut, "hunter2") {
			t.Errorf("rules %s without --root: exit %d, the message quotes the file: %s%s", name, code, out, errOut)
		}
	}
}

// FuzzReplay hands replay any file, in a root folder that holds a level,
// its rules, a scenario and a battle map: replay never panics, answers
// with an exit status of 0, 1 or 2, and reads nothing outside the root.
func FuzzReplay(f *testing.F) {
	dir := f.TempDir()
	root := filepath.Join(dir, "root")
	sub := filepath.Join(root, "g")
	os.MkdirAll(sub, 0o755)
	for _, s := range []string{"../../samples/ftbt/长坂坡.map", "../../samples/ftbt/长坂坡.intro", "../../samples/ftbt/兵法.tech",
		"../../samples/mbg/赤壁.yaml", "../../samples/planets/九州.yaml", "../../samples/battle/小沛.yaml"} {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		os.WriteFile(filepath.Join(sub, filepath.Base(s)), data, 0o644)
	}
	for _, args := range [][]string{
		{"play", filepath.Join(sub, "长坂坡.map"), "--rules", filepath.Join(sub, "兵法.tech"), "--turns", "2"},
		{"play", filepath.Join(sub, "赤壁.yaml"), "--turns", "2"},
		{"play", filepath.Join(sub, "九州.yaml"), "--turns", "3"},
		{"play", filepath.Join(sub, "小沛.yaml"), "--turns", "3"},
	} {
		trace := filepath.Join(dir, "seed.jsonl")
		if code, _, errOut := runCLI(append(args, "--trace", trace)...); code != exitOK {
			f.Fatal(errOut)
		}
		data, _ := os.ReadFile(trace)
		f.Add(data)
	}
	f.Add([]byte(`{"game":"battle","format":"battle-trace/1","map_file":"小沛.yaml","setup":{"start":{}}}` + "\n" + `{"q":"orders","player":0,"a":[]}`))
	f.Add([]byte(`{"game":"mbg","case":"x","rng":"go-math-rand","scenario":"/etc/passwd","seed":1,"events":[],"decisions":[]}`))
	engine.StrictRoot.Store(true)
	f.Fuzz(func(t *testing.T, data []byte) {
		file := filepath.Join(sub, "case.json")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut strings.Builder
		code := replayFile(file, root, 1<<20, &out, &errOut, false)
		if code != exitOK && code != exitInvalid && code != exitUsage {
			t.Fatalf("exit %d", code)
		}
		if strings.Contains(out.String()+errOut.String(), "root:x:0:0") {
			t.Fatalf("replay printed a file outside the root: %s", errOut.String())
		}
	})
}
