package serve

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// TestSimultaneousRoundTakesBothAnswers: in the battle game both sides
// answer the same round. A side's decision stays valid while the other
// side answers (its hint's decision keeps the turn it was posed at), an
// answer for a round already resolved is stale, and the board a page draws
// carries the map's colours and the fields each skill takes.
func TestSimultaneousRoundTakesBothAnswers(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "samples", "battle", "小沛.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, base := startServer(t, Options{Documents: []*Document{document(t, "小沛.yaml", string(src))}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "小沛.yaml", Seed: ptr(int64(3)), Seats: []string{"person", "person"}})
	room := base + "/api/rooms/" + c.Room
	tokens := []string{tokenOf(c.Seats[0].Link), tokenOf(c.Seats[1].Link)}
	hint := func(k int) Hint {
		var h Hint
		call(t, "GET", room+"/hint", tokens[k], nil, &h)
		return h
	}
	react := func(k, turn int, answer any) (int, string) {
		var e apiError
		st := call(t, "POST", room+"/react", tokens[k], map[string]any{"turn": turn, "answer": answer}, &e)
		return st, e.Error.Code
	}
	team := []map[string]any{{"c": "PICK", "heroes": []string{"吕布", "赵云", "关羽", "刘备", "曹操", "孙权"}}}

	for k := range 2 {
		if h := hint(k); h.Status != "play" || h.Decision == nil || h.Decision.Kind != "orders" || h.Decision.Turn != 0 {
			t.Fatalf("side %d's first hint: %+v", k, h)
		}
	}
	if st, code := react(0, 0, team); st != http.StatusOK {
		t.Fatalf("side 0's team: HTTP %d %s", st, code)
	}
	if h := hint(1); h.Status != "play" || h.Turn != 1 || h.Decision.Turn != 0 {
		t.Fatalf("side 1's hint after side 0 answered: status %s, turn %d, decision posed at %+v; want play, 1, 0", h.Status, h.Turn, h.Decision)
	}
	if st, code := react(1, 0, team); st != http.StatusOK {
		t.Fatalf("side 1's team, on the hint it had before side 0 answered: HTTP %d %s", st, code)
	}
	h0 := hint(0)
	if h0.Status != "play" || h0.Decision.Turn != 2 {
		t.Fatalf("round 2's hint: %+v", h0)
	}
	if st, code := react(0, 1, []any{}); st != http.StatusConflict || code != CodeStaleTurn {
		t.Fatalf("an answer for round 1: HTTP %d %s, want 409 %s", st, code, CodeStaleTurn)
	}
	for k := range 2 {
		if st, code := react(k, 2, []any{}); st != http.StatusOK {
			t.Fatalf("side %d's round 2: HTTP %d %s", k, st, code)
		}
	}

	var state struct {
		Board struct {
			Family string `json:"family"`
			Colors struct {
				Cells map[string]string `json:"cells"`
				Sides []string          `json:"sides"`
			} `json:"colors"`
			Bases  [][][2]int `json:"bases"`
			Roster []struct {
				Name   string `json:"name"`
				Skills []struct {
					Name, Field string
				} `json:"skills"`
			} `json:"roster"`
			State struct {
				Round int `json:"round"`
			} `json:"state"`
		} `json:"board"`
	}
	call(t, "GET", room+"/state", tokens[0], nil, &state)
	b := state.Board
	if b.Family != "battle" || b.State.Round != 3 || b.Colors.Cells["0"] != "#e9e4c9" || len(b.Colors.Sides) != 2 || len(b.Bases) != 2 || len(b.Bases[0]) == 0 {
		raw, _ := json.Marshal(b)
		t.Fatalf("the board: %.600s", raw)
	}
	fields := map[string]string{}
	for _, h := range b.Roster {
		for _, s := range h.Skills {
			fields[s.Name] = s.Field
		}
	}
	for skill, want := range map[string]string{"龙胆突刺": "target", "火攻": "at", "制衡": "soldier", "斗转星移": "form", "无双乱舞": ""} {
		if fields[skill] != want {
			t.Errorf("skill %s takes %q, want %q", skill, fields[skill], want)
		}
	}
}
