package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	_ "github.com/shapan/shapan/internal/toyfamily" // the toy family's one registration line
	"github.com/shapan/shapan/serve"
)

// TestAToyFamilyNeedsOnlyItsPackage: Nim (internal/toyfamily), a family
// that lives in one package and is registered by the one import line
// above, is converted, checked, previewed, played and simulated by the
// command line, named in its help, and passes the completeness test —
// with no shared file naming it.
func TestAToyFamilyNeedsOnlyItsPackage(t *testing.T) {
	dir := t.TempDir()
	legacy := filepath.Join(dir, "game.nim")
	os.WriteFile(legacy, []byte("nim 3 4 5\n"), 0o644)
	y := filepath.Join(dir, "game.yaml")
	back := filepath.Join(dir, "back.nim")
	for _, step := range [][]string{
		{"convert", legacy, y},
		{"convert", y, back},
		{"check", y},
		{"preview", y, "-o", filepath.Join(dir, "game.png")},
		{"play", legacy, "--seed", "4"},
		{"sim", y, "--games", "20", "--jobs", "2"},
	} {
		code, out, errOut := runCLI(step...)
		if code != 0 {
			t.Fatalf("shapan %s: exit %d: %s%s", strings.Join(step, " "), code, out, errOut)
		}
		if step[0] == "play" && !strings.Contains(out, "took the last stone") {
			t.Errorf("shapan play printed %q", out)
		}
		if step[0] == "sim" && !strings.Contains(out, "first") {
			t.Errorf("shapan sim printed %q", out)
		}
	}
	if b, _ := os.ReadFile(back); string(b) != "nim 3 4 5\n" {
		t.Errorf("the round trip wrote %q", b)
	}
	bad := filepath.Join(dir, "bad.nim")
	os.WriteFile(bad, []byte("nim 2 0\n  -1\n"), 0o644)
	code, out, _ := runCLI("check", bad)
	if code != 1 || !strings.Contains(out, "bad.nim:2:3: error: heap 2 holds -1 stones [NIM002]") || !strings.Contains(out, "warning: heap 1 is empty [NIM001]") {
		t.Errorf("shapan check of a bad file: exit %d:\n%s", code, out)
	}
	for _, cmd := range []string{"play", "sim", "preview", "convert"} {
		_, help, _ := runCLI("help", cmd)
		if !strings.Contains(help, "Nim heaps") && !strings.Contains(help, "nim-heaps") {
			t.Errorf("shapan help %s does not name the toy family:\n%s", cmd, help)
		}
	}
	for _, err := range family.Verify(family.ByName("nim"), func(kind string) []*formats.Document {
		doc, err := family.NewDocument(kind)
		if err != nil {
			t.Fatal(err)
		}
		return []*formats.Document{doc}
	}) {
		t.Error(err)
	}
}

// TestAToyFamilyHasEverySurfaceOrSaysSo: what the command line and the
// server give the toy family beyond reading, checking, previewing,
// playing and simulating it — a balance that says it has no knobs, a
// simulation report and charts without a heat map, a server room that a
// person plays to the end on the page's generic controls (it has no board
// module: the page loads none for it) — and where it opts out it says so.
func TestAToyFamilyHasEverySurfaceOrSaysSo(t *testing.T) {
	dir := t.TempDir()
	y := filepath.Join(dir, "game.yaml")
	os.WriteFile(y, []byte("kind: nim/heaps\nversion: 1\nheaps: [3, 4, 5]\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"balance", y, "--budget", "40"}, 1, "a nim/heaps document cannot be balanced"},
		{[]string{"sim", y, "--games", "4", "--chart", filepath.Join(dir, "c.png")}, 0, "wrote " + filepath.Join(dir, "c.png")},
		{[]string{"sim", y, "--games", "4", "--players", "random,random"}, 2, "the players of a nim/heaps document cannot be chosen"},
		{[]string{"play", y, "--board"}, 2, "the board of a nim/heaps document is not drawn at the terminal"},
	} {
		code, out, errOut := runCLI(tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("shapan %s: exit %d, want %d and %q:\n%s%s", strings.Join(tc.args, " "), code, tc.code, tc.want, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "c.png")); err != nil {
		t.Errorf("no charts: %v", err)
	}
	playNimRoom(t, y)
}

// playNimRoom serves the Nim document, hosts a room of a person and the
// computer, and plays the person's seat with the first legal answer of
// every question, as the page's generic controls offer them, to the end.
func playNimRoom(t *testing.T, file string) {
	doc, status := readServed(file, io.Discard)
	if status != exitOK {
		t.Fatalf("the server refuses %s", file)
	}
	srv, err := serve.New(serve.Options{Documents: []*serve.Document{{Name: "game.yaml", Doc: doc}}, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer func() { hs.Close(); srv.Close() }()
	page := get(t, hs.URL+"/")
	if !strings.Contains(page, `/static/family/mbg.js`) || strings.Contains(page, "family/nim") {
		t.Errorf("the page loads the wrong modules:\n%s", page)
	}
	if code := httpStatus(t, hs.URL+"/static/family/nim.js"); code != http.StatusNotFound {
		t.Errorf("a module for Nim: HTTP %d", code)
	}
	var c serve.Created
	post(t, hs.URL+"/api/rooms", "", map[string]any{"document": "game.yaml", "seed": 3, "seats": []string{"person", "computer"}}, &c)
	if c.Family != "nim" || len(c.Seats) != 2 {
		t.Fatalf("created %+v", c)
	}
	token := c.Seats[0].Link[strings.Index(c.Seats[0].Link, "#token=")+len("#token="):]
	room := hs.URL + "/api/rooms/" + c.Room
	answered := 0
	for range 200 {
		var h struct {
			Status   string
			Turn     int
			Decision *struct {
				Kind  string
				Legal *struct{ Answers []json.RawMessage }
			}
		}
		getJSON(t, room+"/hint", token, &h)
		if h.Status == "over" {
			break
		}
		if h.Status != "play" || h.Decision == nil {
			time.Sleep(10 * time.Millisecond) // the computer's move
			continue
		}
		if h.Decision.Legal == nil || len(h.Decision.Legal.Answers) == 0 {
			t.Fatalf("a %s question without legal answers", h.Decision.Kind)
		}
		post(t, room+"/react", token, map[string]any{"turn": h.Turn, "answer": h.Decision.Legal.Answers[0], "request": fmt.Sprint("r", answered)}, nil)
		answered++
	}
	var st serve.State
	getJSON(t, room+"/state", token, &st)
	if !st.Over || st.Family != "nim" || answered == 0 {
		t.Fatalf("the room did not end: over %v after %d answers: %+v", st.Over, answered, st)
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func httpStatus(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func getJSON(t *testing.T, url, token string, out any) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("GET %s: HTTP %d: %v", url, resp.StatusCode, err)
	}
}

func post(t *testing.T, url, token string, body, out any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	rb, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("POST %s: HTTP %d: %s", url, resp.StatusCode, rb)
	}
	if out != nil {
		if err := json.Unmarshal(rb, out); err != nil {
			t.Fatal(err)
		}
	}
}
