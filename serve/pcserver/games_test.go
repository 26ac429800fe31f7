package pcserver

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/planets"
)

// TestFinishedGamesAreKeptAsReplayableTraces: a room's game, played
// across a restart of the server, is kept as a table trace when the room
// resets; the trace replays event for event to the game's end, the next
// game is kept under the next number, and the oldest beyond the limit go.
func TestFinishedGamesAreKeptAsReplayableTraces(t *testing.T) {
	dir := t.TempDir()
	m := readMap(t, smallMap)
	opts := Options{Map: m, Dir: dir, Seed: 5, Computers: 1, KeepGames: 2}
	s1, base1 := start(t, opts)
	a := join(t, base1, 3, "ann", "go", 0)
	home := home(t, base1, 3, 0)
	same(t, "ann", post(t, base1, "op=moves&room=3&id="+a+"&moves=[[40, "+itoa(home)+", 2]]"), `{"status": "ok", "op": "moves"}`)
	for range 3 {
		s1.StepRoom(3)
	}
	s1.Close()

	s2, base2 := start(t, opts)
	for game := 1; game <= 3; game++ {
		if game > 1 {
			join(t, base2, 3, "ann", "go", 0)
		}
		var winner string
		for n := 0; winner == ""; n++ {
			if n > 500 {
				t.Fatal("the game does not end")
			}
			s2.StepRoom(3)
			if info := decodeReply(t, post(t, base2, "op=info&room=3")); info["status"] == planets.StatusFinished {
				winner = info["logs"].([]any)[0].(map[string]any)["msg"].(string)
			}
		}
		s2.StepRoom(3) // the reset
		name := fmt.Sprintf("03-%d.jsonl", game)
		path, ok := s2.GamePath(name)
		if !ok {
			t.Fatalf("game %d is not kept as %s", game, name)
		}
		sum, err := planets.ReplayTableTraceFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sum.Final != planets.StatusFinished || sum.Joins != 2 || sum.Steps == 0 || !strings.HasSuffix(winner, []string{"ann", "computer"}[sum.Winner]) {
			t.Fatalf("%s: %+v; the room said %q", name, sum, winner)
		}
		t.Logf("%s: %+v", name, sum)
	}
	kept, err := s2.Games()
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 2 || kept[0].Name != "03-2.jsonl" || kept[1].Name != "03-3.jsonl" {
		t.Fatalf("kept %+v, want games 2 and 3 of room 3 (the limit is 2)", kept)
	}
	s2.Close()
	s3, _ := start(t, Options{Map: m, Dir: dir, Seed: 5, Computers: 1, KeepGames: 3})
	defer s3.Close()
	if _, ok := s3.GamePath("03-1.jsonl"); ok {
		t.Fatal("game 1 is still kept beyond the limit")
	}
	if _, ok := s3.GamePath("../rooms/03.log"); ok {
		t.Fatal("a path outside the kept games is served")
	}
	if _, err := os.Stat(s3.games.current(3)); err != nil {
		t.Fatalf("the game room 3 plays has no trace: %v", err)
	}
}
