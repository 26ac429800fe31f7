package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/shapan/shapan/internal/longtest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// TestTracesReplay: a game written by PlayTraced replays exactly, and a
// changed trace diverges.
func TestTracesReplay(t *testing.T) {
	m := bfmt.NewStandard(41, 31)
	b, err := NewBoard(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	// under -race 50 rounds: a shorter trace still of every kind of line the
	// changes below alter
	r, err := PlayTraced(Setup{Map: m, MaxRounds: longtest.Sized(150, 50, 150)}, []Player{NewGreedy(b), NewRandom(4)}, TraceHeader{Case: "greedy-random", Players: "greedy,random"}, &buf, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReplayTrace(buf.Bytes(), "", ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Checked || !s.Over || s.Result != r || s.Events == 0 || s.Decisions == 0 {
		t.Fatalf("replayed %+v, played %+v", s, r)
	}
	for _, change := range []struct{ from, to, want string }{
		{`"amount":`, `"amount":1`, "amount"},
		{`"e":"move"`, `"e":"moved"`, "event"},
		{`"grain":`, `"grain":7`, "grain"},
	} {
		lines := strings.Split(buf.String(), "\n")
		for i, l := range lines[1:] {
			if strings.Contains(l, change.from) {
				lines[i+1] = strings.Replace(l, change.from, change.to, 1)
				break
			}
		}
		_, err := ReplayTrace([]byte(strings.Join(lines, "\n")), "", ReplayOptions{})
		var d *engine.Divergence
		if !errors.As(err, &d) || !strings.Contains(err.Error(), change.want) {
			t.Errorf("changing %s: %v", change.from, err)
		}
	}
}

// TestAHandMadeTraceRuns: a header with a start position and a map file,
// and answers without args or events, is run and its events come out.
func TestAHandMadeTraceRuns(t *testing.T) {
	dir := t.TempDir()
	m := mapT(map[Point]int{pt(8, 7): bfmt.CodeMountain})
	grid, err := bfmt.WriteGrid(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "t.grid"), grid, 0o644); err != nil {
		t.Fatal(err)
	}
	trace := `{"game":"battle","format":"battle-trace/1","case":"E32","map_file":"t.grid","setup":{"start":{"round":5,"sides":[{"units":[{"slot":4,"hero":"曹操","at":[3,3]}]},{"units":[{"slot":1,"hero":"周瑜","at":[5,4]}]}]}}}
{"q":"orders","player":0,"a":[{"c":"SK","hero":"曹操","skill":1,"target":"周瑜"}]}
{"q":"orders","player":1,"a":[]}
`
	var events []string
	s, err := ReplayTrace([]byte(trace), dir, ReplayOptions{OnEvent: func(e engine.Event) {
		b, _ := json.Marshal(e)
		events = append(events, string(b))
	}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Checked || s.Over || s.Decisions != 2 {
		t.Errorf("summary %+v", s)
	}
	wantEvents(t, events, `{"e":"knockback","side":1,"hero":"周瑜","from":[5,4],"to":[7,6]}`)
}
