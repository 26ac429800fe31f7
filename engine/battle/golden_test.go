package battle

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/samples"
)

var update = flag.Bool("update", false, "record the golden traces in testdata/traces again")

// goldenGames are the games recorded in testdata/traces: full games of
// the computer players on the small sample map and on map T.
// The long games are written without the decisions' args (a trace of
// the events and answers), the short one with them.
var goldenGames = []struct {
	name    string
	sample  string // a sample map, or "" for map T
	rounds  int
	players [2]string
	args    bool
}{
	{"greedy-random-小沛", "battle/小沛.yaml", 0, [2]string{"greedy", "random"}, false},
	{"tactician-greedy-小沛-120", "battle/小沛.yaml", 120, [2]string{"tactician", "greedy"}, false},
	{"random-random-T-12", "", 12, [2]string{"random", "random"}, true},
}

// TestGoldenTracesReplay replays the recorded games: the engine must
// produce every decision's args, every event and the result again (with
// -update it records them).
func TestGoldenTracesReplay(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			path := filepath.Join("testdata", "traces", gg.name+".jsonl")
			if *update {
				recordGolden(t, path, gg.sample, gg.rounds, gg.players, gg.args)
			}
			s, err := ReplayTraceFile(path, ReplayOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !s.Checked || !s.Over || s.Events == 0 {
				t.Errorf("replayed %+v", s)
			}
		})
	}
}

func recordGolden(t *testing.T, path, sample string, rounds int, names [2]string, args bool) {
	m := mapT(map[Point]int{pt(8, 6): bfmt.CodeCity2, pt(21, 13): bfmt.CodeCity2})
	if sample != "" {
		src, err := samples.Read(sample)
		if err != nil {
			t.Fatal(err)
		}
		if m, _, err = bfmt.Decode(sample, src); err != nil {
			t.Fatal(err)
		}
	}
	setup := Setup{Map: m, MaxRounds: rounds}
	b, err := NewBoard(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	var players []Player
	for s, n := range names {
		p, err := NewComputer(n, b, int64(s+1))
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p)
	}
	var buf bytes.Buffer
	header := TraceHeader{Case: filepath.Base(path), Map: sample, Players: names[0] + "," + names[1]}
	if _, err := PlayTraced(setup, players, header, &buf, Options{TraceWithoutArgs: !args}); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
