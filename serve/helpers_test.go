package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shapan/shapan/engine"
	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/formats"
)

// duelMap is a Planet-Conquer map of these tests: two planets two steps
// apart; whoever attacks first wins in three rounds.
const duelMap = `name: 决斗
desc: two planets, two steps apart
author: shapan tests
max_round: 50
max_player: 2
min_player: 2
start_unit: 100
starts: [A, B]
map: |
  A...B
planets:
  A: {def: 0.5, res: 1, cos: 0, max: 500}
  B: {def: 0.5, res: 1, cos: 0, max: 500}
routes:
  - [A, B, 2]
`

func document(t testing.TB, name, src string) *Document {
	t.Helper()
	doc, err := formats.ReadBytes(name, []byte(src), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &Document{Name: name, Doc: doc}
}

// startServer serves a server on a loopback port.
func startServer(t testing.TB, opts Options) (*Server, string) {
	t.Helper()
	if opts.Logf == nil {
		opts.Logf = t.Logf
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(s.Handler())
	hs.Config.MaxHeaderBytes = s.HTTPServer().MaxHeaderBytes
	hs.Start()
	t.Cleanup(func() {
		s.Close()
		hs.Close()
	})
	return s, hs.URL
}

// testClient keeps many connections to the test servers alive (the load
// benchmark's persons play at once).
var testClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512}}

// call sends a JSON request and decodes the JSON reply into out (when
// not nil); it returns the HTTP status.
func call(t testing.TB, method, url, token string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: HTTP %d, not JSON: %s", method, url, resp.StatusCode, b)
		}
	}
	return resp.StatusCode
}

// tokenOf returns the token of a link.
func tokenOf(link string) string {
	const key = "#token="
	for i := 0; i+len(key) <= len(link); i++ {
		if link[i:i+len(key)] == key {
			return link[i+len(key):]
		}
	}
	return ""
}

// create makes a room and returns its creation reply.
func create(t testing.TB, base string, req CreateRequest) Created {
	t.Helper()
	var c Created
	if st := call(t, "POST", base+"/api/rooms", "", req, &c); st != http.StatusCreated {
		t.Fatalf("create: HTTP %d", st)
	}
	return c
}

func writeBody(resp *http.Response, path string) error {
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// sseItem is one item of an event stream as a client reads it.
type sseItem struct {
	ID   int
	Data string
}

// readStream follows a room's event stream from a sequence number (with
// Last-Event-ID, as a reconnecting browser does) and sends its items on
// the channel, closed when the stream ends; stop ends it.
func readStream(t testing.TB, base, room, token string, from int) (items <-chan sseItem, stop func()) {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/api/rooms/"+room+"/events?token="+token, nil)
	if err != nil {
		t.Fatal(err)
	}
	if from > 0 {
		req.Header.Set("Last-Event-ID", strconv.Itoa(from))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("events: HTTP %d", resp.StatusCode)
	}
	out := make(chan sseItem, 1024)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var it sseItem
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				it.ID, _ = strconv.Atoi(line[4:])
			case strings.HasPrefix(line, "data: "):
				it.Data = line[6:]
			case line == "" && it.Data != "":
				out <- it
				it = sseItem{}
			}
		}
	}()
	var once sync.Once
	stop = func() { once.Do(func() { resp.Body.Close() }) }
	t.Cleanup(stop)
	return out, stop
}

// patience is how long a test waits for what must happen (a game of
// computers to end, a server process to start): a loaded machine under
// the race detector stretches seconds into minutes, and a test that waits
// for a count of polls instead of a time fails there.
const patience = 3 * time.Minute

// waitOver polls a room's state until its game is over, for at most
// patience, and returns the last state.
func waitOver(t testing.TB, room, token string) State {
	t.Helper()
	var st State
	for end := time.Now().Add(patience); ; time.Sleep(2 * time.Millisecond) {
		call(t, "GET", room+"/state", token, nil, &st)
		if st.Over || time.Now().After(end) {
			return st
		}
	}
}

// collect reads items until one says the game is over, or the stream
// is silent for a while.
func collect(t testing.TB, items <-chan sseItem) []sseItem {
	t.Helper()
	var out []sseItem
	for {
		select {
		case it, ok := <-items:
			if !ok {
				return out
			}
			out = append(out, it)
			if strings.Contains(it.Data, `"over":true`) {
				return out
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the stream fell silent after %d items", len(out))
		}
	}
}

// computerDecisionLocked is computerDecision with the room's lock.
func (r *Room) computerDecisionLocked() *engine.Decision {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.computerDecision()
}
