package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// FuzzRoomRequests sends any body to react and to room creation: the
// reply is always a JSON object — an acknowledgement, a room, or an error
// with a code and a message — never a panic, and a refused answer leaves
// the room where it was.
func FuzzRoomRequests(f *testing.F) {
	for _, seed := range []string{
		`{"turn":0,"answer":{"moves":[]},"request":"r1"}`,
		`{"turn":0,"answer":{"moves":[[10,0,1]]}}`,
		`{"turn":-1,"answer":null}`,
		`{"turn":0,"answer":{"moves":[[1e99,0,1]]}}`,
		`{"document":"决斗.yml","seed":3,"seats":["person","computer"]}`,
		`{"source":"kind: planets/map\nplanets: {}","filename":"x.yml"}`,
		`{"source":"","filename":"../../etc/passwd"}`,
		`[1,2]`, `"`, `{}`, ``, "{\"turn\":0,\"answer\":\"\xff\"}",
	} {
		f.Add([]byte(seed))
	}
	s, err := New(Options{Documents: []*Document{document(f, "决斗.yml", duelMap)}, Logf: func(string, ...any) {}, Rate: 1e9, MaxRooms: 1 << 20})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { s.Close() })
	c, err := s.CreateRoom(CreateRequest{Document: "决斗.yml", Seed: ptr(int64(1)), Seats: []string{"person", "person"}})
	if err != nil {
		f.Fatal(err)
	}
	token := tokenOf(c.Seats[0].Link)
	send := func(t *testing.T, method, path string, body []byte) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		req.Host = "localhost"
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		var reply map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &reply); err != nil {
			t.Fatalf("%s %s: HTTP %d, not a JSON object: %q", method, path, rec.Code, rec.Body.String())
		}
		if rec.Code >= 400 {
			e, _ := reply["error"].(map[string]any)
			if e == nil || e["code"] == "" || e["message"] == "" || e["code"] == "internal" {
				t.Fatalf("%s %s: HTTP %d without a clear error: %s", method, path, rec.Code, rec.Body.String())
			}
		}
		return rec
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		before := send(t, "GET", "/api/rooms/"+c.Room+"/state", nil).Body.String()
		if rec := send(t, "POST", "/api/rooms/"+c.Room+"/react", body); rec.Code != http.StatusOK {
			if after := send(t, "GET", "/api/rooms/"+c.Room+"/state", nil).Body.String(); after != before {
				t.Fatalf("a refused answer (HTTP %d) changed the room:\n%s\n%s", rec.Code, before, after)
			}
		}
		send(t, "POST", "/api/rooms", body)
	})
}
