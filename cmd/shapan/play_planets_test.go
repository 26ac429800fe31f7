package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/formats"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/shared"
)

func TestPlayPlanetsWithATraceThatReplays(t *testing.T) {
	m := filepath.Join(shared.Dir(t), "legacy/planets/fight_here.yml")
	trace := filepath.Join(t.TempDir(), "game.jsonl")
	code, out, errOut := runCLI("play", m, "--seed", "5", "--turns", "40", "--trace", trace)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"4 players (AI)", "shuffled with seed 5", "round cap 40", "winner: player", "planets", "units"} {
		if !strings.Contains(out, want) {
			t.Fatalf("summary lacks %q:\n%s", want, out)
		}
	}
	if code, out, errOut := runCLI("replay", trace); code != 0 || !strings.Contains(out, "ok  ") {
		t.Fatalf("replaying the trace: exit %d: %s%s", code, out, errOut)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(data), `"e":"production","planet":`, `"e":"production","planet":1`, 1)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(changed), 0o644)
	if code, _, errOut := runCLI("replay", bad); code != 1 || !strings.Contains(errOut, "DIVERGED") {
		t.Fatalf("a changed trace: exit %d: %s", code, errOut)
	}
}

// TestPlayPlanetsSeeded: with --seed, every seat is played by the seeded
// AI of planets.SeededSeats (as shapan sim plays its games), and the same
// seed plays the same game.
func TestPlayPlanetsSeeded(t *testing.T) {
	m := filepath.Join(shared.Dir(t), "legacy/planets/fight_here.yml")
	code, out, errOut := runCLI("play", m, "--seed", "11", "--turns", "150")
	if code != 0 || !strings.Contains(out, "shuffled with seed 11, every seat's AI seeded from it") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if _, again, _ := runCLI("play", m, "--seed", "11", "--turns", "150"); again != out {
		t.Errorf("the same seed played another game:\n%s---\n%s", out, again)
	}
	doc, err := formats.Read(m, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	setup := planets.Setup{Map: doc.Value.(*planetsfmt.Map), Seed: 11, Shuffle: true, MaxRounds: 150}
	r, err := planets.PlayGame(setup, planets.SeededSeats(11, 4), 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("winner: player %d after %d rounds", r.Winner, r.Rounds); !strings.Contains(out, want) {
		t.Errorf("the summary lacks %q:\n%s", want, out)
	}
}

func TestPlayPlanetsDefaults(t *testing.T) {
	m := filepath.Join(shared.Dir(t), "legacy/planets/oneline.yml")
	code, out, errOut := runCLI("play", m)
	if code != 0 || !strings.Contains(out, "2 players (AI), start planets in map order, the map's round limit") ||
		!strings.Contains(out, "the game finished") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
}

func TestReplayPlanetsFacts(t *testing.T) {
	root := shared.Dir(t)
	golden := filepath.Join(root, "golden/planets/peer_basic.json")
	code, out, errOut := runCLI("replay", golden)
	if code != 0 || !strings.Contains(out, "8 scenarios") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(data), `[[0, 166], [1, 80], [2, 80], [1, 10], [null, 0]]`, `[[0, 166], [1, 80], [2, 80], [1, 11], [null, 0]]`, 1)
	bad := filepath.Join(t.TempDir(), "peer.json")
	os.WriteFile(bad, []byte(changed), 0o644)
	code, _, errOut = runCLI("replay", "--root", root, bad)
	if code != 1 || !strings.Contains(errOut, "scenario tie_capture, op 10 (check)") || !strings.Contains(errOut, "expected 11, got 10") {
		t.Fatalf("a changed fact: exit %d: %s", code, errOut)
	}
}
