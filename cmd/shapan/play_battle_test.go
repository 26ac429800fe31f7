package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/progress"
)

const xiaopei = "../../samples/battle/小沛.yaml"

func TestPlayBattleComputersWithATraceThatReplays(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "game.jsonl")
	code, out, errOut := runCLI("play", xiaopei, "--players", "greedy,random", "--seed", "4", "--trace", trace)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"side 0 greedy, side 1 random, seed 4", "side 0 takes the flag zone", "side 0 wins at round 160, by holding the flag zone for 60 rounds", "held  kills"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the output lacks %q:\n%s", want, out)
		}
	}
	if code, out, errOut := runCLI("replay", trace); code != 0 || !strings.Contains(out, "ok  ") {
		t.Fatalf("replaying the trace: exit %d: %s%s", code, out, errOut)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Replace(string(data), `"e":"move","side":0,"hero":"刘备"`, `"e":"move","side":0,"hero":"孙权"`, 1)), 0o644)
	if code, _, errOut := runCLI("replay", bad); code != 1 || !strings.Contains(errOut, "DIVERGED") {
		t.Fatalf("a changed trace: exit %d: %s", code, errOut)
	}
}

// TestPlayBattleAsAPerson types a person's orders: the team, a refused
// step (two cells), the same orders corrected, then nothing; the game's
// round limit is 4.
func TestPlayBattleAsAPerson(t *testing.T) {
	stdin = strings.NewReader(strings.Join([]string{
		"PICK 吕布 赵云 关羽 刘备 曹操 孙权", "",
		"MOVE 吕布 5 5", "", // two cells from (3,3): refused
		"legal 吕布",
		"MOVE 吕布 4 4", "AD 赵云 刘备", "",
		"[]",
		"", "",
	}, "\n"))
	defer func() { stdin = os.Stdin }()
	code, out, errOut := runCLI("play", xiaopei, "--players", "human,greedy", "--turns", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{
		"side 0 (you): grain 100",
		"  0 吕布 猛将 at (3,3) hp 1500/1500",
		"refused: command 1 (MOVE 吕布): (5,5) is 2 cells away; MOVE goes one cell",
		"MOVE 吕布 3 2 · MOVE 吕布 4 2",
		"吕布 (side 0) moves (3,3) → (4,4)",
		"赵云 (side 0)'s attack misses: out of range",
		"the game ends in a draw at round 4",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayBattleRefusesUnknownPlayers(t *testing.T) {
	// One name plays both sides ("human" is a hot-seat game), so only
	// unknown names and a third side are refused.
	for _, players := range []string{"nobody", "greedy,nobody", "a,b,c"} {
		if code, _, errOut := runCLI("play", xiaopei, "--players", players); code != exitUsage || !strings.Contains(errOut, "--players") {
			t.Errorf("--players %s: exit %d: %s", players, code, errOut)
		}
	}
}

// TestReplayPrintsTheEventsOfAHandMadeTrace runs the worked example E20
// written as a trace by hand (a start position and two answers).
func TestReplayPrintsTheEventsOfAHandMadeTrace(t *testing.T) {
	code, out, errOut := runCLI("replay", "--print-events", "../../engine/battle/testdata/examples/E20.jsonl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `{"e":"round","round":50}
{"e":"siege","side":0,"hero":"吕布","at":[5,9],"amount":230,"defence":370}
{"e":"siege","side":0,"hero":"关羽","at":[5,9],"amount":250,"defence":120}
{"e":"siege","side":1,"hero":"赵云","at":[5,9],"amount":250,"defence":-130}
{"e":"city_fall","at":[5,9],"level":1,"damage":[480,250],"rewards":[100,0],"respawn":150}
{"e":"round","round":51}
`
	if out != want {
		t.Errorf("events\n%s\nwant\n%s", out, want)
	}
	if !strings.Contains(errOut, "ran ") || !strings.Contains(errOut, "goes on at round 51") {
		t.Errorf("summary %q", errOut)
	}
	if code, _, errOut := runCLI("replay", "--print-events", "../../engine/battle/testdata/traces/greedy-random-小沛.jsonl"); code != 0 {
		t.Errorf("a recorded trace with --print-events: exit %d: %s", code, errOut)
	}
}

// TestReplayTheGoldenBattleTraces replays the games recorded by the engine.
func TestReplayTheGoldenBattleTraces(t *testing.T) {
	files, err := filepath.Glob("../../engine/battle/testdata/traces/*.jsonl")
	if err != nil || len(files) < 3 {
		t.Fatalf("golden traces: %v %v", files, err)
	}
	code, out, errOut := runCLI(append([]string{"replay"}, files...)...)
	if code != 0 || strings.Count(out, "ok  ") != len(files) {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
}

func TestSimBattle(t *testing.T) {
	code, out, errOut := runCLI("sim", xiaopei, "--games", "4", "--players", "greedy,random", "--jobs", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"battle simulation: 小沛.yaml — 4 games", "player 1 (base (3,3))", "greedy     4  100.0%", "How the games ended: flag 4"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if code, _, errOut := runCLI("sim", xiaopei, "--players", "human,greedy"); code != exitUsage || !strings.Contains(errOut, "computer players") {
		t.Errorf("a person in a simulation: exit %d: %s", code, errOut)
	}
}

// A line of a round's orders that is no command (a syntax error) refuses
// the whole round, which is asked again: the other orders are not sent,
// and a round whose only line was wrong does not pass with no orders.
func TestPlayBattleRefusesARoundWithASyntaxError(t *testing.T) {
	stdin = strings.NewReader(strings.Join([]string{
		"PICK 吕布 赵云 关羽 刘备 曹操 孙权", "",
		"MOVE 吕布 4 4", "SK 赵云 1 2 3 4 5", "FROB 吕布", "MOVE 吕布 abc 3", "",
		"MOVE 吕布 4 4", "",
		"", "",
	}, "\n"))
	defer func() { stdin = os.Stdin }()
	code, out, errOut := runCLI("play", xiaopei, "--players", "human,greedy", "--turns", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	refused := strings.Index(out, "none of this round's orders were sent; type them again")
	moved := strings.Index(out, "吕布 (side 0) moves (3,3) → (4,4)")
	if refused < 0 || moved < refused || strings.Count(out, "吕布 (side 0) moves (3,3)") != 1 {
		t.Errorf("the round with syntax errors was sent, or the corrected one not:\n%s", out)
	}
	for _, bad := range []string{`"FROB 吕布"`, `"MOVE 吕布 abc 3"`} {
		if !strings.Contains(out, bad) {
			t.Errorf("the refusal does not name %s", bad)
		}
	}
}

// play builds the game's trace only when --trace asks for it: without it
// a game allocates less than half as much (it wrote every decision and
// event as JSON, and threw them away), and prints the same.
func TestPlayBattleBuildsNoTraceUnasked(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "t.jsonl")
	allocated := func(args ...string) (uint64, string) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code, out, errOut := runCLI(args...)
		runtime.ReadMemStats(&after)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %s", args, code, errOut)
		}
		return after.TotalAlloc - before.TotalAlloc, out
	}
	game := []string{"play", "../../samples/battle/赤壁.yaml", "--players", "greedy,greedy", "--turns", "1000"}
	plain, out := allocated(game...)
	traced, tracedOut := allocated(append(game, "--trace", trace)...)
	if out != tracedOut {
		t.Errorf("the game printed differs with --trace:\n%s\n%s", out, tracedOut)
	}
	if plain*2 > traced {
		t.Errorf("without --trace the game allocated %d bytes, with it %d: the trace is built unasked", plain, traced)
	}
}

// TestPlayBattleDrawsTheMap: a person types 'show map' and sees the map
// with the bases, the flag zone, the cities, the obstacles and the
// heroes where they stand, plain when the output is no terminal;
// --board draws it every round of a computer game, coloured on a
// terminal unless NO_COLOR is set; a family without a board refuses
// --board.
func TestPlayBattleDrawsTheMap(t *testing.T) {
	t.Setenv("TERM", "xterm-256color")
	stdin = strings.NewReader(strings.Join([]string{
		"PICK 吕布 赵云 关羽 刘备 曹操 孙权", "",
		"MOVE 吕布 4 4", "", "show map", "", "",
	}, "\n"))
	defer func() { stdin = os.Stdin }()
	code, out, errOut := runCLI("play", xiaopei, "--players", "human,greedy", "--turns", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{
		"map 41×31, round 3 · x to the right, y down · the flag zone is held by nobody",
		"   01234567890123456789012345678901234567890\n",
		" 3 ...*......S..............................\n", // side 0's heroes on their base, a level-1 city
		" 4 ....0.......................M............\n", // 吕布 (slot 0) a step out
		" 6 ..............^^..~~.....................\n", // mountains and water
		"15 ............L......FFF......L............\n", // the flag zone between two level-3 cities
		"B base of side 0 (3,3) · B base of side 1 (37,27) · F flag zone",
		"side 0: 0 吕布 (4,4) · 1 赵云 (3,3)",
		"side 1: a ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("colour codes in output that is no terminal")
	}

	old := progress.IsTerminal
	progress.IsTerminal = func(io.Writer) bool { return true }
	defer func() { progress.IsTerminal = old }()
	code, out, errOut = runCLI("play", xiaopei, "--board", "--turns", "3")
	if code != 0 || strings.Count(out, "map 41×31, round ") != 3 {
		t.Fatalf("--board: exit %d, %d maps: %s\n%s", code, strings.Count(out, "map 41×31"), errOut, out)
	}
	if !strings.Contains(out, "\x1b[1;97;41m*\x1b[0m") || !strings.Contains(out, "\x1b[1;33mFFF\x1b[0m") {
		t.Errorf("the map on a terminal is not coloured:\n%q", out)
	}
	t.Setenv("NO_COLOR", "1")
	if _, out, _ = runCLI("play", xiaopei, "--board", "--turns", "3"); strings.Contains(out, "\x1b") || !strings.Contains(out, "round 3 ·") {
		t.Errorf("NO_COLOR: %q", out)
	}
	if code, _, errOut := runCLI("play", "../../samples/mbg/赤壁.yaml", "--board"); code != exitUsage || !strings.Contains(errOut, "--board draws a battle map") {
		t.Errorf("--board on an mbg scenario: exit %d, %s", code, errOut)
	}
}
