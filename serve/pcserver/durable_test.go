package pcserver

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRoomsResumeAfterARestart: joins, orders and steps are kept on disk;
// a server opened again on the same folder shows every room as it was,
// the ids still valid, and plays on identically.
func TestRoomsResumeAfterARestart(t *testing.T) {
	dir := t.TempDir()
	m := readMap(t, smallMap)
	play := func(s *Server, base string) (string, string) {
		a := join(t, base, 4, "ann", "go", 0)
		b := join(t, base, 4, "ben", "go", 1)
		ha, hb := home(t, base, 4, 0), home(t, base, 4, 1)
		same(t, "ann", post(t, base, "op=moves&room=4&id="+a+"&moves=[[60, "+itoa(ha)+", 2]]"), `{"status": "ok", "op": "moves"}`)
		s.StepRoom(4)
		same(t, "ben", post(t, base, "op=moves&room=4&id="+b+"&moves=[[30, "+itoa(hb)+", 2]]"), `{"status": "ok", "op": "moves"}`)
		s.StepRoom(4)
		same(t, "ann again", post(t, base, "op=moves&room=4&id="+a+"&moves=[[10, "+itoa(ha)+", "+itoa(hb)+"]]"), `{"status": "ok", "op": "moves"}`)
		return a, b
	}
	s1, base1 := start(t, Options{Map: m, Dir: dir, Seed: 9})
	a, b := play(s1, base1)
	before := post(t, base1, "op=info&room=4")
	s1.Close()

	s2, base2 := start(t, Options{Map: m, Dir: dir, Seed: 1234})
	same(t, "info after the restart", post(t, base2, "op=info&room=4"), string(before))
	// The kept seed wins over the new option: the same start order.
	if s2.opts.Seed != 9 {
		t.Fatalf("seed %d after the restart, want the kept 9", s2.opts.Seed)
	}
	same(t, "ben after the restart", post(t, base2, "op=moves&room=4&id="+b+"&moves=[]"), `{"status": "ok", "op": "moves"}`)

	// The same game, never interrupted, reaches the same state.
	s3, base3 := start(t, Options{Map: m, Seed: 9})
	a3, b3 := play(s3, base3)
	post(t, base3, "op=moves&room=4&id="+b3+"&moves=[]")
	for _, srv := range []*Server{s2, s3} {
		srv.StepRoom(4)
		srv.StepRoom(4)
	}
	same(t, "resumed = uninterrupted", post(t, base2, "op=info&room=4"), string(post(t, base3, "op=info&room=4")))
	_, _ = a, a3
}

// TestATornLogLosesOnlyTheUnacknowledgedRecord cuts the last record of a
// room's log in half, as a crash in the middle of a write would.
func TestATornLogLosesOnlyTheUnacknowledgedRecord(t *testing.T) {
	dir := t.TempDir()
	m := readMap(t, smallMap)
	s1, base1 := start(t, Options{Map: m, Dir: dir})
	a := join(t, base1, 0, "ann", "go", 0)
	want := post(t, base1, "op=info&room=0")
	join(t, base1, 0, "ben", "go", 1)
	s1.Close()
	path := filepath.Join(s1.opts.Dir, "rooms", "00.log")
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, st.Size()-5); err != nil {
		t.Fatal(err)
	}
	_, base2 := start(t, Options{Map: m, Dir: dir})
	same(t, "info", post(t, base2, "op=info&room=0"), string(want))
	same(t, "ann", post(t, base2, "op=moves&room=0&id="+a+"&moves=[]"), `{"status": "ok", "op": "moves"}`)
}

// TestAnotherMapKeepsTheOldGamesApart: a server started on the same
// folder with another map does not play the old map's joins and orders
// on it; started again on the first map, the old room is as it was.
func TestAnotherMapKeepsTheOldGamesApart(t *testing.T) {
	dir := t.TempDir()
	m := readMap(t, smallMap)
	s1, base1 := start(t, Options{Map: m, Dir: dir, Seed: 3})
	a := join(t, base1, 0, "ann", "go", 0)
	want := post(t, base1, "op=info&room=0")
	s1.Close()
	other := readMap(t, strings.Replace(smallMap, "name: small", "name: other", 1))
	s2, base2 := start(t, Options{Map: other, Dir: dir, Seed: 3})
	if got := decodeReply(t, post(t, base2, "op=info&room=0")); len(got["players"].([]any)) != 0 {
		t.Fatalf("the other map's room 0 has the old players: %v", got)
	}
	same(t, "the old id on the other map", post(t, base2, "op=moves&room=0&id="+a+"&moves=[]"), `{"status": "noid", "op": "moves"}`)
	s2.Close()
	_, base3 := start(t, Options{Map: m, Dir: dir, Seed: 3})
	same(t, "the first map again", post(t, base3, "op=info&room=0"), string(want))
	if s1.opts.Dir == s2.opts.Dir {
		t.Fatalf("both maps keep their rooms in %s", s1.opts.Dir)
	}
}

// TestADamagedRoomIsSetAside: a flipped byte in one room's log sets that
// log aside untouched and names it; the room starts anew and every other
// room resumes.
func TestADamagedRoomIsSetAside(t *testing.T) {
	dir := t.TempDir()
	m := readMap(t, smallMap)
	s1, base1 := start(t, Options{Map: m, Dir: dir})
	join(t, base1, 0, "ann", "go", 0)
	join(t, base1, 0, "ben", "go", 1)
	b := join(t, base1, 1, "bob", "go", 0)
	want := post(t, base1, "op=info&room=1")
	s1.Close()
	path := filepath.Join(s1.opts.Dir, "rooms", "00.log")
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0x20
	os.WriteFile(path, data, 0o600)
	var logged []string
	s2, base2 := start(t, Options{Map: m, Dir: dir, Logf: func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }})
	d := s2.Damaged()
	if len(d) != 1 || d[0].Room != 0 {
		t.Fatalf("damaged %v, want room 0", d)
	}
	if kept, _ := os.ReadFile(d[0].File); !bytes.Equal(kept, data) {
		t.Fatal("the damaged log was not kept as it was")
	}
	if !strings.Contains(strings.Join(logged, "\n"), d[0].File) {
		t.Fatalf("the log does not name %s: %q", d[0].File, logged)
	}
	same(t, "room 1 resumes", post(t, base2, "op=info&room=1"), string(want))
	same(t, "bob plays on", post(t, base2, "op=moves&room=1&id="+b+"&moves=[]"), `{"status": "ok", "op": "moves"}`)
	if got := decodeReply(t, post(t, base2, "op=info&room=0")); got["status"] != "waitforplayer" {
		t.Fatalf("room 0 after it was set aside: %v", got)
	}
}

// TestOtherMethodsAndPaths: GET on /cmd is 405, other paths 404, and a
// body beyond the limit gets a JSON refusal.
func TestOtherMethodsAndPaths(t *testing.T) {
	s, base := start(t, Options{Map: readMap(t, smallMap), MaxBody: 64})
	_ = s
	for path, want := range map[string]int{"/cmd": http.StatusMethodNotAllowed, "/other": http.StatusNotFound} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("GET %s: HTTP %d, want %d", path, resp.StatusCode, want)
		}
	}
	b := post(t, base, "op=add&room=0&name="+strings.Repeat("x", 100))
	if m := decodeReply(t, b); !strings.Contains(m["status"].(string), "too large") {
		t.Fatalf("a body over the limit: %s", b)
	}
	// Invalid UTF-8 and Chinese names get JSON answers.
	rep := decodeReply(t, post(t, base, "op=add&room=1&name=%E4%B8%AD%E6%96%87&side=%FF"))
	if rep["id"] == nil {
		t.Fatalf("a Chinese name cannot join: %v", rep)
	}
	info := decodeReply(t, post(t, base, "op=info&room=1"))
	p := info["players"].([]any)[0].(map[string]any)
	if p["name"] != "中文" || p["side"] != "\uFFFD" {
		t.Fatalf("name %q side %q, want 中文 and a replacement character", p["name"], p["side"])
	}
}

// FuzzRequest sends arbitrary requests: every answer is HTTP 200 and one
// JSON object, and nothing panics.
func FuzzRequest(f *testing.F) {
	for _, seed := range []string{"op=map&room=0", "op=add&room=0&name=a", `data={"op":"moves","room":0,"id":"x","moves":[[1,0,1]]}`,
		"op=moves&room=0&id=x&moves=[[1,2]]&tactic={}", "room=1.5&op=info", `data=[1,2]`, `data={"op":"setmap","room":2,"data":{"planets":1}}`,
		"op=info&room=%20+7%20", "op=&room=", `data={"op":"info","room":null}`, `data={"op":"add","room":1e2}`} {
		f.Add(seed, "application/x-www-form-urlencoded", "")
	}
	f.Add("--b\r\nContent-Disposition: form-data; name=\"op\"\r\n\r\ninfo\r\n--b--\r\n", "multipart/form-data; boundary=b", "room=3")
	m, _, err := readSmallMap()
	if err != nil {
		f.Fatal(err)
	}
	s, err := New(Options{Map: m, MaxBody: 4096, Logf: func(string, ...any) {}})
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	f.Fuzz(func(t *testing.T, body, contentType, query string) {
		req := httptest.NewRequest(http.MethodPost, "/cmd", strings.NewReader(body))
		req.URL.RawQuery = query
		req.Header.Set("Content-Type", contentType)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("HTTP %d %s", w.Code, w.Header().Get("Content-Type"))
		}
		if b := w.Body.Bytes(); len(b) == 0 || b[0] != '{' || !jsonValid(b) {
			t.Fatalf("not a JSON object: %q", b)
		}
	})
}

// home returns the planet player seq holds (its start planet).
func home(t *testing.T, base string, room, seq int) int {
	t.Helper()
	info := decodeReply(t, post(t, base, "op=info&room="+itoa(room)))
	for p, h := range info["holds"].([]any) {
		if o, ok := h.([]any)[0].(float64); ok && int(o) == seq {
			return p
		}
	}
	t.Fatalf("player %d holds no planet", seq)
	return 0
}
