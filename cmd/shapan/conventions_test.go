package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shapan/shapan/internal/progress"
	"github.com/shapan/shapan/internal/shared"
)

// TestMain runs the command line itself when SHAPAN_TEST_ARGS holds its
// arguments (as JSON), so that a test can start it as a process and
// send it signals. With SHAPAN_TEST_TERMINAL set, it takes its standard
// error for a terminal and draws its progress bar there: what a test
// waits for before it signals.
func TestMain(m *testing.M) {
	if args := os.Getenv("SHAPAN_TEST_ARGS"); args != "" {
		if os.Getenv("SHAPAN_TEST_TERMINAL") != "" {
			progress.IsTerminal = func(io.Writer) bool { return true }
		}
		var a []string
		if err := json.Unmarshal([]byte(args), &a); err != nil {
			panic(err)
		}
		os.Exit(runChecked(a, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// Every numeric flag of every command refuses NaN and infinities, and the
// flags with a range refuse numbers outside it, as usage errors.
func TestNumericFlagsRefuseWhatIsNoNumber(t *testing.T) {
	checked := 0
	for name := range commands {
		for _, sub := range [][]string{{name}, {name, "merge"}} {
			if len(sub) == 2 && name != "sim" {
				continue
			}
			runCLI(append(sub, "-h")...)
			lastFlagSet.Lock()
			fs := lastFlagSet.m[name]
			lastFlagSet.Unlock()
			fs.VisitAll(func(f *flag.Flag) {
				g, ok := f.Value.(flag.Getter)
				if !ok {
					return
				}
				var bad []string
				switch g.Get().(type) {
				case float64:
					bad = []string{"NaN", "Inf", "-Inf", "nan", "+Inf"}
				case int, int64:
					bad = []string{"NaN", "1e999"}
				default:
					return
				}
				if b, ok := flagBounds[f.Name]; ok {
					bad = append(bad, "-1", "1e12")
					if b.minOpen {
						bad = append(bad, "0")
					}
				}
				for _, v := range bad {
					code, _, errOut := runCLI(append(sub, "--"+f.Name+"="+v, "nofile.yaml")...)
					if code != exitUsage || !strings.Contains(errOut, f.Name) {
						t.Errorf("%v --%s=%s: exit %d, %s", sub, f.Name, v, code, errOut)
					}
					checked++
				}
			})
		}
	}
	if checked < 20 {
		t.Errorf("only %d numbers tried", checked)
	}
	for _, args := range [][]string{
		{"balance", "x.yaml", "--tolerance", "NaN"},
		{"balance", "x.yaml", "--target", "魏=NaN"},
		{"balance", "x.yaml", "--target", "魏=Inf%"},
		{"play", "x.yaml", "--trace-max", "NaN"},
		{"check", "x.yaml", "--max-input", "NaN"},
		{"sim", "x.yaml", "--shard", "2/99999999999", "--games", "2"},
	} {
		if code, _, errOut := runCLI(args...); code != exitUsage {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
}

// "-" is standard output wherever an output can be a stream, and is
// refused where it cannot (a folder, a level that is two files).
func TestDashIsStandardOutput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	level := copyFile(t, dir, "legacy/ftbt/m1.map")
	copyFile(t, dir, "legacy/ftbt/m1.intro")
	rules := copyFile(t, dir, "legacy/ftbt/star.tech")
	m := copyFile(t, dir, "legacy/mbg/test_game.map")
	code, out, errOut := runCLI("play", m, "--turns", "3", "--trace", "-")
	if code != exitOK || !strings.HasPrefix(out, "{") || !strings.Contains(errOut, "mbg:") {
		t.Errorf("play --trace -: exit %d\n%.200s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI("sim", m, "--games", "2", "--turns", "3", "--chart", "-", "--quiet")
	if code != exitOK || !strings.HasPrefix(out, "\x89PNG") || !strings.Contains(errOut, "2 games") {
		t.Errorf("sim --chart -: exit %d, %s", code, errOut)
	}
	for _, args := range [][]string{
		{"schema", "--write", "-"},
		{"samples", "--write", "-"},
		{"balance", m, "--shard", "0/2", "--shard-dir", "-"},
		{"convert", level, "-", "--rules", rules, "--to", "ftbt-level"},
	} {
		if code, _, errOut := runCLI(args...); code != exitUsage || !strings.Contains(errOut, "standard output") {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error("a file or folder named - was made")
	}
}

// The small conventions of a command line: -- ends the flags, --list
// honours --format, a write that fails exits 2, balance says why its
// players are refused, --schema-base must exist, preview's advice works.
func TestCommandLineConventions(t *testing.T) {
	dir := t.TempDir()
	data, _ := os.ReadFile(filepath.Join(shared.Dir(t), "legacy/mbg/test_game.map"))
	os.WriteFile(filepath.Join(dir, "-odd.map"), data, 0o644)
	m := copyFile(t, dir, "legacy/mbg/test_game.map")
	t.Chdir(dir)
	if code, _, errOut := runCLI("check", "--quiet", "--", "-odd.map", "-odd.map"); code != exitOK {
		t.Errorf("check -- -odd.map: exit %d, %s", code, errOut)
	}
	code, out, _ := runCLI("check", "--list", "--format", "json")
	var rules []map[string]string
	if code != exitOK || json.Unmarshal([]byte(out), &rules) != nil || len(rules) < 50 || rules[0]["severity"] != "error" {
		t.Errorf("check --list --format json: exit %d, %.200s", code, out)
	}
	if code, _, errOut := runCLI("play", m, "--trace", filepath.Join(m, "t.jsonl")); code != exitUsage {
		t.Errorf("a trace that cannot be written: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI("balance", m, "--players", "a,b,c,d"); code != exitUsage || strings.Contains(errOut, "%!") || !strings.Contains(errOut, "players") {
		t.Errorf("balance --players a,b,c,d: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI("convert", m, "x.yaml", "--schema-base", "nowhere"); code != exitUsage || !strings.Contains(errOut, "no such folder") {
		t.Errorf("--schema-base nowhere: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCLI("preview", m, "-o", "x.png", "--scale", "1e-9"); code != exitUsage || strings.Contains(errOut, "png:") {
		t.Errorf("--scale 1e-9: exit %d, %s", code, errOut)
	}
}

// The scale preview advises is one that draws. Finding it draws a
// preview of 64 megapixels (seconds of CPU): run with SHAPAN_LONG=1.
func TestPreviewAdvisesAScaleThatWorks(t *testing.T) {
	if os.Getenv("SHAPAN_LONG") == "" {
		t.Skip("draws two previews of 64 megapixels; set SHAPAN_LONG=1")
	}
	dir := t.TempDir()
	m := copyFile(t, dir, "legacy/mbg/sanguo.map")
	code, _, errOut := runCLI("preview", m, "-o", filepath.Join(dir, "x.png"), "--scale", "64")
	i := strings.Index(errOut, "(--scale ")
	if code != exitInvalid || i < 0 {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	s := strings.TrimSuffix(strings.TrimSpace(errOut[i+len("(--scale "):]), ")")
	if code, _, errOut := runCLI("preview", m, "-o", filepath.Join(dir, "x.png"), "--scale", s); code != exitOK {
		t.Errorf("the advised --scale %s: exit %d, %s", s, code, errOut)
	}
}

// sim stopped by SIGTERM prints the report of the games played, as on
// SIGINT, and exits 2.
func TestSimPrintsItsReportOnSIGTERM(t *testing.T) {
	dir := t.TempDir()
	m := copyFile(t, dir, "legacy/mbg/sanguo.map")
	args, _ := json.Marshal([]string{"sim", m, "--games", "100000", "--jobs", "1"})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SHAPAN_TEST_ARGS="+string(args), "SHAPAN_TEST_TERMINAL=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The progress bar is drawn once the signal handler is set up: its
	// first bytes on standard error are the moment to signal.
	errOut := make(chan []byte, 1)
	first := make(chan struct{})
	go func() {
		var b bytes.Buffer
		buf := make([]byte, 4096)
		for once := false; ; {
			n, err := stderr.Read(buf)
			b.Write(buf[:n])
			if n > 0 && !once {
				once = true
				close(first)
			}
			if err != nil {
				errOut <- b.Bytes()
				return
			}
		}
	}()
	select {
	case <-first:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("sim drew no progress within 2 minutes:\n%s", <-errOut)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	stderrText := string(<-errOut) // read to its end before Wait closes the pipe
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitUsage || !strings.Contains(out.String(), "finished") || !strings.Contains(stderrText, "interrupted after") {
		t.Errorf("%v\n%s\n%s", err, out.String(), stderrText)
	}
}

// Names from a document reach the terminal escaped: an ESC sequence, an
// OSC title or a BEL in a role's name is printed as \x1b, \x07 by play,
// sim and replay, as diagnostics print it.
func TestDocumentTextIsEscaped(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(src), "\n  - name: 魏\n", "\n  - name: \"\\e]0;pwned\\a魏\\e[2J\"\n", 1)
	if bad == string(src) {
		t.Fatal("the sample has no role 魏")
	}
	doc := filepath.Join(dir, "esc\x1b[31m.yaml")
	os.WriteFile(doc, []byte(bad), 0o644)
	for _, args := range [][]string{
		{"play", doc, "--turns", "20"},
		{"sim", doc, "--games", "2", "--turns", "20"},
		{"replay", doc},
	} {
		_, out, errOut := runCLI(args...)
		if strings.ContainsAny(out+errOut, "\x1b\x07") {
			t.Errorf("%s prints control characters:\n%q\n%q", args[0], out, errOut)
		}
		if args[0] != "replay" && !strings.Contains(out, `\x1b]0;pwned\x07魏\x1b[2J`) {
			t.Errorf("%s does not print the name escaped:\n%s", args[0], out)
		}
	}
}

// A --players or --skill list the document's seats cannot take is a
// usage error (exit 2) in every command that takes one, for every
// family: a name no player has, more names than seats, a person where
// only computers play, players of a family whose players cannot be
// chosen.
func TestABadPlayerListIsAUsageError(t *testing.T) {
	samples := filepath.Join("..", "..", "samples")
	mbg := filepath.Join(samples, "mbg", "赤壁.yaml")
	battle := filepath.Join(samples, "battle", "小沛.yaml")
	planets := filepath.Join(samples, "planets", "九州.yaml")
	ftbt := filepath.Join(samples, "ftbt", "长坂坡.yaml")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", mbg, "--games", "2", "--players", "foo,ai"}, `no computer player "foo"`},
		{[]string{"play", mbg, "--players", "ai,ai,ai,ai"}, "names 4 players for 3 seats"},
		{[]string{"balance", mbg, "--players", "x"}, `no computer player "x"`},
		{[]string{"sim", mbg, "--games", "2", "--skill", "zzz"}, `no level "zzz"`},
		{[]string{"sim", battle, "--games", "2", "--players", "human,greedy"}, "played by computer players"},
		{[]string{"play", battle, "--players", "a,b,c"}, "names two players"},
		{[]string{"play", planets, "--players", "nobody"}, `"nobody"`},
		{[]string{"sim", ftbt, "--games", "2", "--players", "ai,ai,ai"}, "players for 2 seats"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, "usage:") {
			t.Errorf("shapan %s: exit %d, want %d, %q and the usage:\n%s", strings.Join(tc.args, " "), code, exitUsage, tc.want, errOut)
		}
	}
}
