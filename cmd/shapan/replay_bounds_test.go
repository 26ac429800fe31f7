package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/internal/shared"
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

// A battle trace's map_file is held to the rules of every file a trace
// names: with --root it must lie inside the root (an absolute path, a
// path through .. and a symbolic link leading out are refused), and it
// must be a regular file (a device or a FIFO would be read forever). It
// used to be read wherever it was, and map_file /dev/zero read without
// end.
func TestReplayConfinesABattleTracesMapFile(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	sub := filepath.Join(root, "battle")
	os.MkdirAll(sub, 0o755)
	data, err := os.ReadFile(filepath.Join("..", "..", "samples", "battle", "小沛.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(sub, "小沛.yaml"), data, 0o644)
	secret := filepath.Join(dir, "secret.yaml")
	os.WriteFile(secret, data, 0o600)
	os.Symlink(secret, filepath.Join(sub, "link.yaml"))
	trace := filepath.Join(sub, "t.jsonl")
	write := func(mapFile string) {
		header, _ := json.Marshal(map[string]any{"game": "battle", "format": "battle-trace/1", "map_file": mapFile,
			"setup": map[string]any{"start": map[string]any{"round": 3, "sides": []any{
				map[string]any{"units": []any{map[string]any{"hero": "吕布", "at": []int{10, 10}}}},
				map[string]any{"units": []any{map[string]any{"hero": "赵云", "at": []int{11, 10}}}}}}}})
		os.WriteFile(trace, append(header, "\n"+`{"q": "orders", "player": 0, "a": []}`+"\n"...), 0o644)
	}
	write("小沛.yaml")
	if code, out, errOut := runCLI("replay", "--root", root, trace); code != exitOK {
		t.Fatalf("a map inside the root: exit %d, %s%s", code, out, errOut)
	}
	for _, name := range []string{secret, "link.yaml", "../../secret.yaml"} {
		write(name)
		if code, out, errOut := runCLI("replay", "--root", root, trace); code != exitUsage || !strings.Contains(errOut, "leads outside the root folder") {
			t.Errorf("map_file %s: exit %d, %s%s", name, code, out, errOut)
		}
	}
	fifo := filepath.Join(sub, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"/dev/zero", "fifo.yaml"} {
		write(name)
		code, errOut := replayInAProcess(t, trace)
		if code != exitUsage || !strings.Contains(errOut, "is not a regular file") {
			t.Errorf("map_file %s: exit %d, %s", name, code, errOut)
		}
	}
}

// replayInAProcess replays a trace in a process of its own, killed after
// 10 seconds (a replay that reads without end must not take the test
// with it), and returns its exit status and standard error.
func replayInAProcess(t *testing.T, trace string) (int, string) {
	args, _ := json.Marshal([]string{"replay", trace})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SHAPAN_TEST_ARGS="+string(args))
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		return -1, "killed after 10 s: " + errOut.String()
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), errOut.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, errOut.String()
}

// A golden mbg case's sample save (saves[].file, compared with the save
// the game writes) is held to the same rules: with --root inside the
// root, and a regular file. It was read wherever it was, and a path
// through .. to /dev/zero read without end.
func TestReplayConfinesAGoldenCasesSampleSave(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	games, legacy := filepath.Join(root, "golden", "mbg"), filepath.Join(root, "legacy", "mbg")
	os.MkdirAll(games, 0o755)
	os.MkdirAll(legacy, 0o755)
	copyFile(t, legacy, "legacy/mbg/test_game.map")
	sav := copyFile(t, legacy, "legacy/mbg/test_game_s404_t9_r0.sav")
	data, err := os.ReadFile(filepath.Join(shared.Dir(t), "golden/mbg/game_test_game_s404.json"))
	if err != nil {
		t.Fatal(err)
	}
	var gc map[string]any
	if err := json.Unmarshal(data, &gc); err != nil {
		t.Fatal(err)
	}
	saves, _ := gc["saves"].([]any)
	if len(saves) == 0 {
		t.Fatal("the golden case compares no save")
	}
	secret := filepath.Join(dir, "secret.sav")
	os.WriteFile(secret, []byte("password: hunter2\n"), 0o600)
	os.Symlink(secret, filepath.Join(legacy, "link.sav"))
	game := filepath.Join(games, "game.json")
	write := func(file string) {
		saves[0].(map[string]any)["file"] = file
		b, _ := json.Marshal(gc)
		os.WriteFile(game, b, 0o644)
	}
	write(filepath.Base(sav))
	if code, out, errOut := runCLI("replay", "--root", root, game); code != exitOK {
		t.Fatalf("the save inside the root: exit %d, %s%s", code, out, errOut)
	}
	for _, name := range []string{"../../../secret.sav", "link.sav", secret} {
		write(name)
		code, out, errOut := runCLI("replay", "--root", root, game)
		if code != exitUsage || !strings.Contains(errOut, "leads outside the root folder") || strings.Contains(out+errOut, "hunter2") {
			t.Errorf("save %s: exit %d, %s%s", name, code, out, errOut)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(legacy, "fifo.sav"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fifo.sav", strings.Repeat("../", 40) + "dev/zero"} {
		write(name)
		code, errOut := replayInAProcess(t, game)
		if code != exitUsage || !strings.Contains(errOut, "is not a regular file") {
			t.Errorf("save %s: exit %d, %s", name, code, errOut)
		}
	}
}
