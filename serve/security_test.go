package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/serve/pcserver"
)

// The security review of the server: every route against every attack,
// with the answer expected. Each cell is "STATUS code" (the JSON error
// code, the Planet-Conquer status, or "-" when the reply is not a JSON
// refusal). The table is docs/PROTOCOL.md's "Security review" table; go
// test -run TestSecurityReview -v prints it.

// attacks, in the table's order.
var attacks = []string{"no token", "forged token", "other seat's", "other room's", "spectator's", "out of turn",
	"oversized", "cross-origin", "wrong Host", "traversal", "hostile includes & names"}

// review is the expected answer of every route to every attack.
var review = []struct {
	route string
	want  [11]string
}{
	{"GET /api/documents", [11]string{"200 -", "200 -", "200 -", "200 -", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 not_found", "200 -"}},
	{"POST /api/rooms", [11]string{"201 -", "201 -", "201 -", "201 -", "201 -", "201 -", "413 too_large", "403 cross_site", "421 wrong_host", "400 bad_request", "400 bad_request"}},
	{"POST /api/documents/seats", [11]string{"200 -", "200 -", "200 -", "200 -", "200 -", "200 -", "413 too_large", "403 cross_site", "421 wrong_host", "400 bad_request", "400 bad_request"}},
	{"GET /api/rooms/{id}/hint", [11]string{"403 wrong_token", "403 wrong_token", "200 seat 1", "403 wrong_token", "200 spectator", "200 seat 1", "431 -", "200 seat 0", "421 wrong_host", "404 no_room", "404 no_room"}},
	{"POST /api/rooms/{id}/react", [11]string{"403 wrong_token", "403 wrong_token", "409 not_your_turn", "403 wrong_token", "403 wrong_token", "409 stale_turn", "413 too_large", "403 cross_site", "421 wrong_host", "404 no_room", "409 illegal"}},
	{"GET /api/rooms/{id}/state", [11]string{"403 wrong_token", "403 wrong_token", "200 -", "403 wrong_token", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 no_room", "404 no_room"}},
	{"GET /api/rooms/{id}/events", [11]string{"403 wrong_token", "403 wrong_token", "200 -", "403 wrong_token", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 no_room", "404 no_room"}},
	{"GET /api/rooms/{id}/record", [11]string{"403 wrong_token", "403 wrong_token", "200 -", "403 wrong_token", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 no_room", "404 no_room"}},
	{"GET /api/rooms/{id}/save", [11]string{"403 wrong_token", "403 wrong_token", "404 no_save", "403 wrong_token", "404 no_save", "404 no_save", "431 -", "404 no_save", "421 wrong_host", "404 no_room", "404 no_room"}},
	{"GET /api/games", [11]string{"200 -", "200 -", "200 -", "200 -", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 no_room", "200 -"}},
	{"GET /api/games/{id}", [11]string{"403 wrong_token", "403 wrong_token", "200 -", "403 wrong_token", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 no_room", "404 no_room"}},
	{"GET /api/planet-conquer/games", [11]string{"200 -", "200 -", "200 -", "200 -", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 no_game", "200 -"}},
	{"GET /api/planet-conquer/games/{name}", [11]string{"200 -", "200 -", "200 -", "200 -", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "404 no_game", "404 no_game"}},
	{"POST /cmd", [11]string{"200 'id'", "200 noid", "200 not your planet", "200 noid", "200 noid", "200 ok", "200 request body too large", "403 cross_site", "421 wrong_host", "404 -", "200 joined"}},
	{"GET /room/{id} (the page)", [11]string{"200 -", "200 -", "200 -", "200 -", "200 -", "200 -", "431 -", "200 -", "421 wrong_host", "400 -", "200 -"}},
}

// fixture is a server with rooms to attack.
type fixture struct {
	t    *testing.T
	s    *Server
	base string
	// a is a room of two people, waiting for seat 0; b another room; c
	// a closed room's kept game; pc a finished Planet-Conquer game.
	a, b, c Created
	pc      string
	pcID    string // a player of Planet-Conquer room 1
	level   []byte // an ftbt level naming its rules 兵法.yaml
}

func newFixture(t *testing.T) *fixture {
	f := &fixture{t: t}
	doc := document(t, "决斗.yml", duelMap)
	f.s, f.base = startServer(t, Options{Documents: []*Document{doc}, Dir: t.TempDir(), MaxBody: 64 << 10, CreateRate: 1e6,
		Protocol: &pcserver.Options{Map: planetsMap(t, doc), Computers: 1, Seed: 2}})
	f.a = create(t, f.base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(1)), Seats: []string{"person", "person"}})
	f.b = create(t, f.base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(2)), Seats: []string{"person", "person"}})
	f.c = create(t, f.base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(3)), Seats: []string{"person", "person"}})
	f.s.hub.sweep(time.Now().Add(48 * time.Hour)) // closes every room idle for 24 h: a, b and c
	f.a = create(t, f.base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(1)), Seats: []string{"person", "person"}})
	f.b = create(t, f.base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(2)), Seats: []string{"person", "person"}})
	var h Hint
	call(t, "GET", f.base+"/api/rooms/"+f.a.Room+"/hint", tokenOf(f.a.Seats[0].Link), nil, &h)
	if h.Status != "play" {
		t.Fatalf("room a waits for %v, not seat 0", h.Waiting)
	}
	rep := pcPost(t, f.base, url.Values{"op": {"add"}, "room": {"0"}, "name": {"张飞"}})
	if rep["id"] == nil {
		t.Fatalf("add: %v", rep)
	}
	for range 200 {
		f.s.pc.(*pcserver.Server).StepRoom(0)
	}
	games, _ := f.s.pc.(*pcserver.Server).Games()
	if len(games) == 0 {
		t.Fatal("no finished Planet-Conquer game")
	}
	f.pc = games[0].Name
	f.pcID, _ = pcPost(t, f.base, url.Values{"op": {"add"}, "room": {"1"}, "name": {"关羽"}})["id"].(string)
	var err error
	if f.level, err = os.ReadFile("../samples/ftbt/长坂坡.yaml"); err != nil {
		t.Fatal(err)
	}
	return f
}

func pcPost(t *testing.T, base string, v url.Values) map[string]any {
	resp, err := http.PostForm(base+"/cmd", v)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(resp.Body).Decode(&m)
	return m
}

// request builds the request of a route under an attack.
func (f *fixture) request(route, attack string) *http.Request {
	seat0, seat1 := tokenOf(f.a.Seats[0].Link), tokenOf(f.a.Seats[1].Link)
	tok := map[string]string{"no token": "", "forged token": strings.Repeat("0f", 16), "other seat's": seat1, "other room's": tokenOf(f.b.Seats[0].Link),
		"spectator's": tokenOf(f.a.Spectator), "out of turn": seat1}[attack]
	if !strings.Contains(attack, "token") && !strings.Contains(attack, "'s") && attack != "out of turn" {
		tok = seat0 // the attacks that are not about tokens hold the right one
	}
	room := f.a.Room
	if strings.Contains(route, "/api/games/") {
		room = f.c.Room
		tok = map[string]string{"no token": "", "forged token": tok, "other seat's": tokenOf(f.c.Seats[1].Link), "other room's": tokenOf(f.b.Seats[0].Link),
			"spectator's": tokenOf(f.c.Spectator)}[attack]
		if tok == "" && attack != "no token" {
			tok = tokenOf(f.c.Seats[0].Link)
		}
	}
	switch attack {
	case "traversal":
		room = "..%2F..%2Fserve.lock"
	case "hostile includes & names":
		room = "%3Cscript%3Ealert(1)%3C%2Fscript%3E"
	}
	method, path, _ := strings.Cut(route, " ")
	path, _, _ = strings.Cut(path, " ")
	path = strings.NewReplacer("{id}", room, "{name}", f.pc).Replace(path)
	if strings.HasSuffix(route, "{name}") {
		switch attack {
		case "traversal":
			path = strings.Replace(path, f.pc, "..%2F..%2Fseed", 1)
		case "hostile includes & names":
			path = strings.Replace(path, f.pc, "%3Cb%3E.jsonl", 1)
		}
	}
	upload := route == "POST /api/rooms" || route == "POST /api/documents/seats"
	if attack == "traversal" && !strings.Contains(route, "{") && !upload {
		path += "/..%2F..%2Fetc%2Fpasswd"
	}
	var body []byte
	switch {
	case upload:
		req := map[string]any{"document": "决斗.yml", "seats": []string{"person", "person"}}
		if route == "POST /api/documents/seats" {
			req = map[string]any{"source": duelMap, "filename": "决斗.yml"}
		}
		switch attack {
		case "traversal":
			req = map[string]any{"source": string(f.level), "filename": "../../../etc/passwd", "files": map[string]string{"兵法.yaml": "x"}}
		case "hostile includes & names":
			req = map[string]any{"source": strings.Replace(string(f.level), "rules: 兵法.yaml", "rules: /etc/passwd", 1), "filename": "level.yaml"}
		}
		body, _ = json.Marshal(req)
	case strings.HasSuffix(route, "/react"):
		turn := 0
		if attack == "out of turn" {
			tok, turn = seat0, 7
		}
		answer := json.RawMessage(`{"moves":[]}`)
		if attack == "hostile includes & names" {
			room, tok = f.a.Room, seat0
			path = "/api/rooms/" + room + "/react"
			answer = json.RawMessage(`{"moves":[[1e400,"../../etc/passwd",{"$ref":"/etc/passwd"}]]}`)
		}
		body, _ = json.Marshal(map[string]any{"turn": turn, "answer": answer, "request": "r-" + attack})
	case route == "POST /cmd":
		v := url.Values{"op": {"moves"}, "room": {"1"}, "moves": {"[]"}, "id": {tok}}
		switch attack {
		case "other seat's", "out of turn":
			v.Set("id", f.pcID)
			if attack == "other seat's" {
				v.Set("moves", "[[1, 1, 0]]") // the computer's planet or a neutral one
			}
		case "traversal":
			path = "/cmd/..%2F..%2Fetc%2Fpasswd"
		case "hostile includes & names":
			v = url.Values{"op": {"add"}, "room": {"2"}, "name": {"<script>\x00../../etc/passwd"}, "side": {"\xff"}}
		}
		body = []byte(v.Encode())
	}
	if attack == "oversized" && method == "POST" {
		body = bytes.Repeat([]byte(" "), 65<<10+1)
		if route == "POST /cmd" {
			body = []byte("op=info&room=0&name=" + strings.Repeat("x", 2<<20))
		}
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, f.base+path, rd)
	if err != nil {
		f.t.Fatal(err)
	}
	if route == "POST /cmd" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	switch attack {
	case "oversized":
		if method == "GET" {
			req.Header.Set("X-Padding", strings.Repeat("x", 200<<10))
		}
	case "cross-origin":
		req.Header.Set("Origin", "http://attacker.example")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
	case "wrong Host":
		req.Host = "attacker.example"
	}
	return req
}

// answer sends a request and tells its answer as the table does.
func (f *fixture) answer(req *http.Request) (string, http.Header, []byte) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b []byte
	if resp.Header.Get("Content-Type") != "text/event-stream" {
		b, _ = io.ReadAll(resp.Body)
	}
	var m struct {
		Error  *Refused `json:"error"`
		Status any      `json:"status"`
		ID     string   `json:"id"`
		Seat   *int     `json:"seat"`
	}
	code := "-"
	if json.Unmarshal(b, &m) == nil {
		switch {
		case m.Error != nil:
			code = m.Error.Code
		case m.ID != "":
			code = "joined"
		case req.URL.Path == "/cmd":
			code = fmt.Sprint(m.Status)
			if strings.Contains(code, "not your planet") {
				code = "not your planet"
			}
			code, _, _ = strings.Cut(code, ":")
		case strings.HasSuffix(req.URL.Path, "/hint") && m.Seat != nil:
			code = fmt.Sprintf("seat %d", *m.Seat)
		case strings.HasSuffix(req.URL.Path, "/hint"):
			code = "spectator"
		}
	}
	return fmt.Sprintf("%d %s", resp.StatusCode, code), resp.Header, b
}

func TestSecurityReview(t *testing.T) {
	f := newFixture(t)
	secret, _ := os.ReadFile("/etc/passwd")
	var table strings.Builder
	table.WriteString("| route | " + strings.Join(attacks, " | ") + " |\n|---" + strings.Repeat("|---", len(attacks)) + "|\n")
	for _, row := range review {
		cells := []string{}
		for i, attack := range attacks {
			got, hdr, body := f.answer(f.request(row.route, attack))
			if got != row.want[i] {
				t.Errorf("%s × %s: %s, want %s (%.300s)", row.route, attack, got, row.want[i], body)
			}
			if hdr.Get("Access-Control-Allow-Origin") != "" {
				t.Errorf("%s × %s: the reply may be read by another site", row.route, attack)
			}
			if len(secret) > 20 && bytes.Contains(body, secret[:20]) || bytes.Contains(body, []byte("<script>")) {
				t.Errorf("%s × %s: the reply quotes a file of the machine or unescaped markup: %.300s", row.route, attack, body)
			}
			cells = append(cells, "`"+got+"`")
		}
		table.WriteString("| " + row.route + " | " + strings.Join(cells, " | ") + " |\n")
	}
	t.Logf("\n%s", table.String())
	// Nothing changed: room a still waits for seat 0's first answer.
	var h Hint
	call(t, "GET", f.base+"/api/rooms/"+f.a.Room+"/hint", tokenOf(f.a.Seats[0].Link), nil, &h)
	if h.Status != "play" || h.Turn != 0 {
		t.Fatalf("the attacks changed room a: %+v", h)
	}
}

// TestMaxRoomsUnderConcurrentCreation: rooms created at once never pass
// --max-rooms.
func TestMaxRoomsUnderConcurrentCreation(t *testing.T) {
	s, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, MaxRooms: 20, CreateRate: 1e6})
	codes := make(chan int, 100)
	body, _ := json.Marshal(CreateRequest{Document: "决斗.yml", Seats: []string{"computer", "computer"}})
	for range 100 {
		go func() {
			req, _ := http.NewRequest("POST", base+"/api/rooms", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := testClient.Do(req)
			if err != nil {
				codes <- 0
				return
			}
			resp.Body.Close()
			codes <- resp.StatusCode
		}()
	}
	count := map[int]int{}
	for range 100 {
		count[<-codes]++
	}
	s.hub.mu.Lock()
	n := len(s.hub.rooms)
	s.hub.mu.Unlock()
	if count[http.StatusCreated] != 20 || n != 20 || count[http.StatusServiceUnavailable] != 80 {
		t.Fatalf("answers %v, %d rooms; want 20 created and 80 refused", count, n)
	}
}

// TestCreationAndSpectatorsAreRateLimited: one address creates at most
// its burst of rooms at once, and a spectator's link shared by many
// requests from one address is limited too.
func TestCreationAndSpectatorsAreRateLimited(t *testing.T) {
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, CreateRate: 0.01, WatchRate: 0.01})
	body, _ := json.Marshal(CreateRequest{Document: "决斗.yml"})
	statuses := []int{}
	var c Created
	for range 12 {
		req, _ := http.NewRequest("POST", base+"/api/rooms", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := testClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusCreated {
			json.NewDecoder(resp.Body).Decode(&c)
		}
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
	}
	if fmt.Sprint(statuses[9:]) != "[201 429 429]" {
		t.Fatalf("statuses %v, want 10 rooms and then 429", statuses)
	}
	var limited int
	for range 5 {
		var e struct{ Error *Refused }
		if call(t, "GET", base+"/api/rooms/"+c.Room+"/state", tokenOf(c.Spectator), nil, &e) == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited != 4 { // the burst of a watch rate of 0.01 is one request
		t.Fatalf("%d of 5 spectator requests limited, want 4", limited)
	}
}

// TestHostileCreateRequests: names, titles and seats a room is made with
// are checked, and an upload's files never reach the machine.
func TestHostileCreateRequests(t *testing.T) {
	level, err := os.ReadFile("../samples/ftbt/长坂坡.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := os.ReadFile("../samples/ftbt/兵法.yaml")
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, CreateRate: 1e6})
	for _, tc := range []struct {
		why  string
		req  map[string]any
		want int
	}{
		{"a level with its rules", map[string]any{"source": string(level), "filename": "长坂坡.yaml", "files": map[string]string{"兵法.yaml": string(rules)}}, 201},
		{"a level without its rules", map[string]any{"source": string(level), "filename": "长坂坡.yaml"}, 400},
		{"rules named by a path", map[string]any{"source": strings.Replace(string(level), "rules: 兵法.yaml", "rules: ../helpers_test.go", 1), "filename": "l.yaml"}, 400},
		{"rules named -", map[string]any{"source": strings.Replace(string(level), "rules: 兵法.yaml", "rules: '-'", 1), "filename": "l.yaml"}, 400},
		{"a file name that is a path", map[string]any{"source": string(level), "filename": "/etc/x.yaml", "files": map[string]string{"兵法.yaml": string(rules)}}, 400},
		{"a file name -", map[string]any{"source": string(level), "filename": "-"}, 400},
		{"a file name with a NUL", map[string]any{"source": duelMap, "filename": "a\x00.yml"}, 400},
		{"a title of 201 characters", map[string]any{"document": "决斗.yml", "title": strings.Repeat("长", 201)}, 400},
		{"a title with a control character", map[string]any{"document": "决斗.yml", "title": "a\x1b[2Jb"}, 400},
		{"a seat that is neither", map[string]any{"document": "决斗.yml", "seats": []string{"root"}}, 400},
		{"a document not offered", map[string]any{"document": "../../etc/passwd"}, 400},
	} {
		var e struct{ Error *Refused }
		if st := call(t, "POST", base+"/api/rooms", "", tc.req, &e); st != tc.want {
			t.Errorf("%s: HTTP %d %+v, want %d", tc.why, st, e.Error, tc.want)
		} else if e.Error != nil && strings.Contains(e.Error.Message, "package serve") {
			t.Errorf("%s: the refusal quotes a file: %s", tc.why, e.Error.Message)
		}
	}
}
