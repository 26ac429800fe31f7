package serve

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCrashServerProcess is not a test: run with SHAPAN_CRASH_DIR set, it
// is the server process that TestKilledServerResumesEveryRoom kills.
func TestCrashServerProcess(t *testing.T) {
	dir := os.Getenv("SHAPAN_CRASH_DIR")
	if dir == "" {
		t.Skip("the server process of TestKilledServerResumesEveryRoom")
	}
	s, err := New(Options{Documents: []*Document{document(t, "决斗.yml", duelMap), document(t, "长局.yml", longDuel)}, Dir: dir, Logf: t.Logf,
		Rate: 1e6, CreateRate: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "url.tmp"), []byte("http://"+ln.Addr().String()), 0o600)
	os.Rename(filepath.Join(dir, "url.tmp"), filepath.Join(dir, "url"))
	http.Serve(ln, s.Handler())
}

// serverProcess starts the test binary as a server on dir and returns
// its URL and process.
func serverProcess(t *testing.T, dir string) (string, *exec.Cmd) {
	t.Helper()
	os.Remove(filepath.Join(dir, "url"))
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashServerProcess$")
	cmd.Env = append(os.Environ(), "SHAPAN_CRASH_DIR="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(filepath.Join(dir, "url")); err == nil {
			return strings.TrimSpace(string(b)), cmd
		}
	}
	t.Fatal("the server process did not start")
	return "", nil
}

// playPerson answers for seat 0 (no orders, every round) until the game
// is over or stop answers have been given; it returns the answers given.
func playPerson(t *testing.T, room, token string, stop int) int {
	t.Helper()
	n := 0
	for end := time.Now().Add(patience); n < stop && time.Now().Before(end); {
		var h Hint
		call(t, "GET", room+"/hint", token, nil, &h)
		if h.Status == "over" {
			return n
		}
		if h.Status != "play" {
			time.Sleep(2 * time.Millisecond)
			continue
		}
		req := map[string]any{"turn": h.Turn, "answer": map[string]any{"moves": []any{}}, "request": fmt.Sprint("a", n)}
		if st := call(t, "POST", room+"/react", token, req, nil); st != http.StatusOK {
			t.Fatalf("answer %d: HTTP %d", n, st)
		}
		n++
	}
	return n
}

// TestKilledServerResumesEveryRoom kills a server process (SIGKILL) in the
// middle of a game, starts it again on the same folder, and finishes the
// game: every event and the result are those of the same game played by
// a server that never stopped, with the same answers; and a spectator
// who followed the stream until the kill, then reconnected from the last
// item it saw, has seen exactly that game's stream.
func TestKilledServerResumesEveryRoom(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dir := t.TempDir()
	base, cmd := serverProcess(t, dir)
	req := CreateRequest{Document: "决斗.yml", Seed: ptr(int64(11)), Seats: []string{"person", "computer"}}
	c := create(t, base, req)
	token := tokenOf(c.Seats[0].Link)
	items, _ := readStream(t, base, c.Room, tokenOf(c.Spectator), 0)
	given := playPerson(t, base+"/api/rooms/"+c.Room, token, 2)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	var seen []sseItem
	for it := range items {
		seen = append(seen, it)
	}
	base, _ = serverProcess(t, dir)
	items, _ = readStream(t, base, c.Room, tokenOf(c.Spectator), len(seen))
	given += playPerson(t, base+"/api/rooms/"+c.Room, token, 1000)
	crashed := fetchRecord(t, base, c)
	seen = append(seen, collect(t, items)...)

	_, ref := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}})
	c2 := create(t, ref, req)
	if n := playPerson(t, ref+"/api/rooms/"+c2.Room, tokenOf(c2.Seats[0].Link), 1000); n != given {
		t.Fatalf("the uninterrupted game took %d answers, the killed one %d", n, given)
	}
	whole := fetchRecord(t, ref, c2)
	t.Logf("%d answers of the person, %d in all, %d events", given, len(whole.Answers), len(whole.Events))
	if !crashed.Over || len(crashed.Events) == 0 {
		t.Fatalf("the resumed game did not end: %+v", crashed)
	}
	a, _ := json.Marshal([]any{crashed.Answers, crashed.Events, crashed.Result})
	b, _ := json.Marshal([]any{whole.Answers, whole.Events, whole.Result})
	if string(a) != string(b) {
		t.Fatalf("the resumed game differs from the uninterrupted one:\n%s\n%s", a, b)
	}
	refItems, _ := readStream(t, ref, c2.Room, tokenOf(c2.Spectator), 0)
	want := collect(t, refItems)
	a, _ = json.Marshal(seen)
	b, _ = json.Marshal(want)
	if string(a) != string(b) {
		t.Fatalf("the spectator across the restart saw\n%s\nthe uninterrupted stream is\n%s", a, b)
	}
}

func fetchRecord(t *testing.T, base string, c Created) Record {
	t.Helper()
	var rec Record
	for end := time.Now().Add(patience); ; time.Sleep(5 * time.Millisecond) {
		call(t, "GET", base+"/api/rooms/"+c.Room+"/record", tokenOf(c.Spectator), nil, &rec)
		if rec.Over || time.Now().After(end) {
			break
		}
	}
	return rec
}
