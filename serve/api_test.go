package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

type apiError struct {
	Error Refused `json:"error"`
}

// TestEveryRefusalChangesNothing: wrong token, spectator token, wrong
// player, stale turn, illegal answer and replayed request are refused with
// their status and code, and the game stays where it was.
func TestEveryRefusalChangesNothing(t *testing.T) {
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}})
	c := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(5)), Seats: []string{"person", "person"}})
	room := base + "/api/rooms/" + c.Room
	p0, p1, watch := tokenOf(c.Seats[0].Link), tokenOf(c.Seats[1].Link), tokenOf(c.Spectator)
	var h0, h1 Hint
	call(t, "GET", room+"/hint", p0, nil, &h0)
	call(t, "GET", room+"/hint", p1, nil, &h1)
	if h0.Status != "play" || h0.Decision == nil || h0.Decision.Kind != "orders" || h1.Status != "wait" || len(h1.Waiting) != 1 || h1.Waiting[0].Seat != 0 {
		t.Fatalf("hints: %+v / %+v", h0, h1)
	}
	var before State
	call(t, "GET", room+"/state", watch, nil, &before)
	ok := map[string]any{"turn": 0, "answer": map[string]any{"moves": []any{}}, "request": "r1"}
	for _, tc := range []struct {
		name, token string
		body        any
		status      int
		code        string
	}{
		{"wrong token", "0123456789abcdef0123456789abcdef", ok, http.StatusForbidden, CodeWrongToken},
		{"no token", "", ok, http.StatusForbidden, CodeWrongToken},
		{"spectator", watch, ok, http.StatusForbidden, CodeWrongToken},
		{"wrong player", p1, ok, http.StatusConflict, CodeNotYourTurn},
		{"stale turn", p0, map[string]any{"turn": 7, "answer": map[string]any{"moves": []any{}}}, http.StatusConflict, CodeStaleTurn},
		{"illegal", p0, map[string]any{"turn": 0, "answer": map[string]any{"moves": [][]int{{500, 0, 1}}}}, http.StatusConflict, CodeIllegal},
		{"not an answer", p0, map[string]any{"turn": 0}, http.StatusBadRequest, CodeBadRequest},
		{"unknown field", p0, map[string]any{"turn": 0, "answer": 1, "extra": 1}, http.StatusBadRequest, CodeBadRequest},
	} {
		var e apiError
		if st := call(t, "POST", room+"/react", tc.token, tc.body, &e); st != tc.status || e.Error.Code != tc.code || e.Error.Message == "" {
			t.Errorf("%s: HTTP %d %+v, want %d %s", tc.name, st, e.Error, tc.status, tc.code)
		}
	}
	var after State
	call(t, "GET", room+"/state", watch, nil, &after)
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if string(b1) != string(b2) {
		t.Fatalf("a refusal changed the room:\n%s\n%s", b1, b2)
	}
	var res map[string]any
	if st := call(t, "POST", room+"/react", p0, ok, &res); st != http.StatusOK || res["turn"] != float64(1) {
		t.Fatalf("a legal answer: HTTP %d %v", st, res)
	}
	var e apiError
	if st := call(t, "POST", room+"/react", p0, ok, &e); st != http.StatusConflict || e.Error.Code != CodeReplayed {
		t.Fatalf("the same request again: HTTP %d %+v, want 409 %s", st, e.Error, CodeReplayed)
	}
	if st := call(t, "GET", base+"/api/rooms/nope/hint", p0, nil, &e); st != http.StatusNotFound {
		t.Fatalf("an unknown room: HTTP %d", st)
	}
	if st := call(t, "GET", base+"/api/nothing", "", nil, &e); st != http.StatusNotFound || e.Error.Code != "not_found" {
		t.Fatalf("an unknown API: HTTP %d %+v", st, e)
	}
}

// TestAComputerRoomPlaysToTheEndAndItsRecordReplays: a room of computers
// plays by itself; its record replays event for event.
func TestAComputerRoomPlaysToTheEndAndItsRecordReplays(t *testing.T) {
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}})
	c := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(2)), Seats: []string{"computer", "computer"}})
	room := base + "/api/rooms/" + c.Room
	watch := tokenOf(c.Spectator)
	if st := waitOver(t, room, watch); !st.Over {
		t.Fatal("the computers did not finish")
	}
	resp, err := http.Get(room + "/record?token=" + watch)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	path := t.TempDir() + "/room.json"
	if err := writeBody(resp, path); err != nil {
		t.Fatal(err)
	}
	sum, err := ReplayRecordFile(path)
	if err != nil || !sum.Over || sum.Events == 0 {
		t.Fatalf("replay: %+v %v", sum, err)
	}
}

// TestEventStreamResumesFromASequenceNumber: the stream numbers its items
// from 1 without gaps and ends with the game; a client that reconnects
// with Last-Event-ID N gets exactly the items after N.
func TestEventStreamResumesFromASequenceNumber(t *testing.T) {
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}})
	c := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(4)), Seats: []string{"computer", "computer"}})
	items, _ := readStream(t, base, c.Room, tokenOf(c.Spectator), 0)
	all := collect(t, items)
	if len(all) < 5 {
		t.Fatalf("only %d items", len(all))
	}
	for i, it := range all {
		if it.ID != i+1 || !strings.Contains(it.Data, fmt.Sprintf(`"seq":%d,`, i+1)) {
			t.Fatalf("item %d: id %d, %s", i+1, it.ID, it.Data)
		}
	}
	from := len(all) / 2
	again, _ := readStream(t, base, c.Room, tokenOf(c.Spectator), from)
	rest := collect(t, again)
	if len(rest) != len(all)-from || rest[0] != all[from] || rest[len(rest)-1] != all[len(all)-1] {
		t.Fatalf("from %d: %d items (%v…), want the last %d", from, len(rest), rest[0], len(all)-from)
	}
}

// TestAnswerItemsWaitForTheDisk: the items that follow a person's answer
// reach the event streams only once the answer is on disk, with the
// computers' answers that came after it; a room kept nowhere shows them
// at once.
func TestAnswerItemsWaitForTheDisk(t *testing.T) {
	for _, dir := range []string{t.TempDir(), ""} {
		s, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, Dir: dir, ComputerWorkers: 1})
		c := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(5)), Seats: []string{"person", "computer"}})
		r, _ := s.hub.room(c.Room)
		r.mu.Lock()
		shown := r.shown
		w, err := r.react(Access{Seat: 0}, ReactRequest{Turn: ptr(0), Answer: json.RawMessage(`{"moves":[]}`)})
		if err != nil {
			t.Fatal(err)
		}
		if (dir == "") != (r.shown > shown) || (dir == "") != (w == nil) {
			t.Fatalf("kept in %q: %d items shown before the answer, %d after it (of %d)", dir, shown, r.shown, len(r.items))
		}
		r.mu.Unlock()
		s.hub.kick(r)
		deadline := time.Now().Add(patience)
		for r.computerDecisionLocked() != nil && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if err := r.durable(w); err != nil {
			t.Fatal(err)
		}
		r.mu.Lock()
		if r.shown != len(r.items) || r.turn != 2 {
			t.Errorf("kept in %q: after the disk, %d of %d items shown at turn %d", dir, r.shown, len(r.items), r.turn)
		}
		r.mu.Unlock()
	}
}

// TestSeatsOfAnUpload: the seats of an uploaded document are answered
// before any room is made; a document that cannot be played is refused
// with the reason, and no room is made either way.
func TestSeatsOfAnUpload(t *testing.T) {
	s, base := startServer(t, Options{})
	var got struct {
		Family string   `json:"family"`
		Kind   string   `json:"kind"`
		Seats  []string `json:"seats"`
	}
	if st := call(t, "POST", base+"/api/documents/seats", "", CreateRequest{Source: duelMap, Filename: "决斗.yml"}, &got); st != http.StatusOK {
		t.Fatalf("seats: HTTP %d", st)
	}
	if got.Family != "planets" || got.Kind != "planets/map" || strings.Join(got.Seats, ",") != "player 0,player 1" {
		t.Fatalf("the seats of 决斗.yml: %+v", got)
	}
	for _, tc := range []struct{ name, source, want string }{
		{"nothing", "", "no document uploaded"},
		{"not a document", "kind: nothing/at-all\nversion: 1\n", "nothing/at-all"},
	} {
		var e apiError
		if st := call(t, "POST", base+"/api/documents/seats", "", CreateRequest{Source: tc.source, Filename: "x.yaml"}, &e); st != http.StatusBadRequest || !strings.Contains(e.Error.Message, tc.want) {
			t.Errorf("%s: HTTP %d %+v, want 400 saying %q", tc.name, st, e.Error, tc.want)
		}
	}
	if n := len(s.hub.rooms); n != 0 {
		t.Fatalf("asking for seats made %d rooms", n)
	}
}

// TestSlowRoomCreationIsAnswered: a room whose document takes longer to
// read and build than the write timeout is still answered with its links
// (it was made and stored; a reply lost to the deadline left the asker
// with a room it could not reach).
func TestSlowRoomCreationIsAnswered(t *testing.T) {
	// The document takes twice the write timeout to read; the timeout is
	// long enough for the reply's own writing on a loaded machine.
	const timeout = 300 * time.Millisecond
	s, err := New(Options{Dir: t.TempDir(), WriteTimeout: timeout, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	s.hub.buildHook = func() { time.Sleep(2 * timeout) }
	hs := httptest.NewUnstartedServer(s.Handler())
	hs.Config = s.HTTPServer()
	hs.Start()
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	var c Created
	if st := call(t, "POST", hs.URL+"/api/rooms", "", CreateRequest{Source: duelMap, Filename: "决斗.yml", Seats: []string{"person", "person"}}, &c); st != http.StatusCreated {
		t.Fatalf("HTTP %d, want 201", st)
	}
	if c.Room == "" || len(c.Seats) != 2 {
		t.Fatalf("reply %+v: want the room and its two seats", c)
	}
	var seats map[string]any
	if st := call(t, "POST", hs.URL+"/api/documents/seats", "", CreateRequest{Source: duelMap, Filename: "决斗.yml"}, &seats); st != http.StatusOK {
		t.Fatalf("seats: HTTP %d, want 200", st)
	}
}

// TestUploadedLegacyRulesAndNamedPlayers: the host page uploads an ftbt
// level with the game's own rules file (its name tells its form, as a
// document's does), and a seat may name any computer player the family
// has, hyphenated names included.
func TestUploadedLegacyRulesAndNamedPlayers(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "samples", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	_, base := startServer(t, Options{})
	level := CreateRequest{Source: read("ftbt/长坂坡.map"), Filename: "长坂坡.map",
		Files: map[string]string{"长坂坡.intro": read("ftbt/长坂坡.intro")}, Rules: read("ftbt/兵法.tech")}
	var e apiError
	if st := call(t, "POST", base+"/api/documents/seats", "", level, &e); st != http.StatusBadRequest {
		t.Fatalf("a .tech read as YAML rules: HTTP %d, want 400", st)
	}
	level.RulesFilename = "兵法.tech"
	var seats struct {
		Family string   `json:"family"`
		Seats  []string `json:"seats"`
	}
	if st := call(t, "POST", base+"/api/documents/seats", "", level, &seats); st != http.StatusOK || seats.Family != "ftbt" || len(seats.Seats) != 2 {
		t.Fatalf("the level with 兵法.tech: HTTP %d %+v, want ftbt's two seats", st, seats)
	}
	level.Seats = []string{"person", "computer"}
	if c := create(t, base, level); len(c.Seats) != 2 || c.Seats[0].Link == "" {
		t.Fatalf("the level's room: %+v", c)
	}
	mbg := CreateRequest{Source: read("mbg/赤壁.yaml"), Filename: "赤壁.yaml", Seats: []string{"search-screened:20ms", "person", "computer"}}
	if c := create(t, base, mbg); !c.Seats[0].Computer || c.Seats[1].Computer {
		t.Fatalf("赤壁 with search-screened on seat 0: %+v", c)
	}
	mbg.Seats[0] = "no-such-player"
	if st := call(t, "POST", base+"/api/rooms", "", mbg, &e); st != http.StatusBadRequest || !strings.Contains(e.Error.Message, "no-such-player") {
		t.Fatalf("an unknown player: HTTP %d %+v, want 400 naming it", st, e.Error)
	}
	// A seat's search thinks at most a second or 2,000 playouts a
	// decision: one decision holds a worker of every room's computers.
	for _, seat := range []string{"search-wide:1h", "search:5s", "search-screened:100000"} {
		mbg.Seats[0] = seat
		if st := call(t, "POST", base+"/api/rooms", "", mbg, &e); st != http.StatusBadRequest || !strings.Contains(e.Error.Message, "at most 1s of CPU") {
			t.Fatalf("seat %s: HTTP %d %+v, want 400 saying the most a seat may think", seat, st, e.Error)
		}
	}
	mbg.Seats[0] = "search-wide:1s"
	if c := create(t, base, mbg); !c.Seats[0].Computer {
		t.Fatalf("赤壁 with search-wide:1s on seat 0: %+v", c)
	}
	// The host page offers a seat the players the seats reply lists: the
	// search variants too (search-wide, the strongest mbg player).
	var offered struct {
		Computers []string `json:"computers"`
	}
	mbg.Seats = nil
	if st := call(t, "POST", base+"/api/documents/seats", "", mbg, &offered); st != http.StatusOK || !slices.Contains(offered.Computers, "search-wide") {
		t.Fatalf("the players offered for 赤壁: HTTP %d %v, want search-wide among them", st, offered.Computers)
	}
}
