package planets

import (
	"bytes"
	"errors"
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/internal/longtest"
	"strings"
	"testing"
)

// TestTracesReplay: a game written by PlayTraced replays exactly, and a
// changed trace diverges.
func TestTracesReplay(t *testing.T) {
	for _, name := range []string{"fight_here.yml", "test.yml"} {
		var buf bytes.Buffer
		setup := Setup{Map: legacyMap(t, name), Seed: 3, Shuffle: true, MaxRounds: longtest.Sized[int64](60, 25, 60)}
		r, err := PlayTraced(setup, Seats(NewAI(), 4), TraceHeader{Case: name, Map: name, Players: "ai"}, &buf, 0)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ReplayTrace(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Events == 0 || s.Decisions == 0 || s.Result.Winner != r.Winner {
			t.Fatalf("%s: replayed %+v", name, s)
		}
		lines := strings.Split(buf.String(), "\n")
		for i, l := range lines {
			if strings.Contains(l, `"e":"launch"`) {
				lines[i] = strings.Replace(l, `"count":`, `"count":1`, 1)
				break
			}
		}
		_, err = ReplayTrace([]byte(strings.Join(lines, "\n")))
		var d *engine.Divergence
		if !errors.As(err, &d) || !strings.Contains(err.Error(), "count") {
			t.Fatalf("%s: a changed trace replays: %v", name, err)
		}
	}
}
