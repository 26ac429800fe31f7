package planets

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
)

// playTable plays a game on tb to its end: three players join, one of
// them late, while the game runs; the computer orders for every player
// alive but the last, who never orders; a refused order is not traced.
func playTable(t *testing.T, tb *Table) {
	t.Helper()
	ai := NewAI()
	for _, name := range []string{"甲", "b"} {
		if _, err := tb.Join(name); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; tb.Status() != StatusFinished; n++ {
		if n == 3 {
			if _, err := tb.Join("late"); err != nil {
				t.Fatal(err)
			}
		}
		if n > 2000 {
			t.Fatal("the game does not end")
		}
		for k := 0; k < tb.NumPlayers()-1; k++ {
			if tb.Alive(k) {
				o, _ := json.Marshal(tb.Order(ai, k))
				if err := tb.Submit(k, o); err != nil {
					t.Fatal(err)
				}
			}
		}
		tb.Submit(0, []byte(`{"moves": [[1, 0, 99]]}`)) // refused
		if _, err := tb.Step(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestTableTraceReplays: a game played on a table, traced, replays on a
// new table event for event — the first game and the one after a reset
// alike — and a changed event or a lost line is a divergence.
func TestTableTraceReplays(t *testing.T) {
	tb, err := NewTable(TableSetup{Map: sampleMap(t), Shuffle: true, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for game := 1; game <= 2; game++ {
		var buf bytes.Buffer
		tb.Record(&buf, "九州")
		playTable(t, tb)
		if err := tb.EndRecord(); err != nil {
			t.Fatal(err)
		}
		sum, err := ReplayTableTrace(buf.Bytes())
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		if sum.Final != StatusFinished || sum.Joins != 3 || sum.Steps == 0 || sum.Orders == 0 || sum.Events == 0 {
			t.Fatalf("game %d: %+v", game, sum)
		}
		t.Logf("game %d: %+v", game, sum)
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		for name, broken := range map[string]string{
			"an event changed": strings.Replace(buf.String(), `"e":"launch","player":0,"from":2,"to":23`, `"e":"launch","player":0,"from":2,"to":24`, 1),
			"a step lost":      strings.Join(append(append([]string{}, lines[:len(lines)-2]...), lines[len(lines)-1]), "\n"),
		} {
			if broken == buf.String() {
				t.Fatalf("game %d, %s: the trace did not change", game, name)
			}
			var div *engine.Divergence
			if _, err := ReplayTableTrace([]byte(broken)); !errors.As(err, &div) {
				t.Errorf("game %d, %s: %v, want a divergence", game, name, err)
			}
		}
		tb.Reset()
	}
}
