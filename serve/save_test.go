package serve

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSavedGameDownloadsAndSurvivesARestart: an mbg seat that saves its
// game (answer -3, then a name) finds it at /save — the seat's own, not
// another's, not a spectator's — and finds it again after the server is
// restarted from its data folder (which holds no .sav: saves are kept in
// memory and made again as the room's answers are given again).
func TestSavedGameDownloadsAndSurvivesARestart(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "mbg-every-question.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	opts := Options{Documents: []*Document{document(t, "每问.yaml", string(src))}, Dir: dir, Logf: t.Logf}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	base := hs.URL
	c := create(t, base, CreateRequest{Document: "每问.yaml", Seed: ptr(int64(1)), Seats: []string{"person", "person"}})
	room, tok := base+"/api/rooms/"+c.Room, tokenOf(c.Seats[0].Link)
	for k, a := range []any{-3, "../存档"} {
		var h Hint
		call(t, "GET", room+"/hint", tok, nil, &h)
		if st := call(t, "POST", room+"/react", tok, map[string]any{"turn": h.Decision.Turn, "answer": a}, nil); st != http.StatusOK {
			t.Fatalf("answer %d: HTTP %d", k, st)
		}
	}
	get := func(base, token string) (int, string) {
		req, _ := http.NewRequest("GET", base+"/api/rooms/"+c.Room+"/save", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Header.Get("Content-Disposition")
	}
	want := `attachment; filename*=utf-8''%E5%AD%98%E6%A1%A3.sav`
	if st, cd := get(base, tok); st != http.StatusOK || cd != want {
		t.Fatalf("the seat's save: HTTP %d %q, want 200 %q", st, cd, want)
	}
	for _, other := range []string{tokenOf(c.Seats[1].Link), tokenOf(c.Spectator)} {
		if st, _ := get(base, other); st != http.StatusNotFound {
			t.Fatalf("another seat or a spectator gets HTTP %d for the save", st)
		}
	}
	hs.Close()
	s.Close()

	_, base2 := startServer(t, opts)
	if st, cd := get(base2, tok); st != http.StatusOK || cd != want {
		t.Fatalf("after the restart: HTTP %d %q", st, cd)
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".sav") {
			t.Errorf("the server wrote a save to disk: %s", path)
		}
		return nil
	})
}
