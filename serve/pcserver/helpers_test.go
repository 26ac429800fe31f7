package pcserver

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/jsondiff"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/shared"
)

// testYML reads the original's test map from the shared folder, with its
// starts in the order the runs of spec 12.15 drew (B, D, A, C): alice
// (seq 0) starts on planet 1 and bob (seq 1) on planet 3.
func testYML(t testing.TB) *pfmt.Map {
	t.Helper()
	path := filepath.Join(shared.Dir(t), "legacy", "planets", "test.yml")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := pfmt.ReadLegacy(path, src)
	if err != nil {
		t.Fatal(err)
	}
	s := m.Starts
	m.Starts = []pfmt.Value{s[1], s[3], s[0], s[2]}
	return m
}

// smallMap is a map of this test's own: two bases and a centre.
const smallMap = `name: small
desc: three planets in a row
author: shapan tests
max_round: 60
max_player: 2
min_player: 2
start_unit: 100
starts: [A, B]
map: |
  A.c.B
planets:
  A: {type: base, def: 1.5, res: 1.1, cos: 5, max: 500}
  B: {type: base, def: 1.5, res: 1.1, cos: 5, max: 500}
  c: {type: resource, def: 0.5, res: 1.3, cos: 3, max: 300}
routes:
  - [A, c, 2]
  - [B, c, 2]
  - [A, B, 5]
`

func readMap(t testing.TB, src string) *pfmt.Map {
	t.Helper()
	m, _, err := pfmt.ReadLegacy("small.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// start serves a server with opts on a loopback port.
func start(t testing.TB, opts Options) (*Server, string) {
	t.Helper()
	if opts.Logf == nil {
		opts.Logf = t.Logf
	}
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		hs.Close()
		s.Close()
	})
	return s, hs.URL
}

// post sends a form-encoded body (as the bots do) and returns the reply,
// which must be HTTP 200 and JSON.
func post(t testing.TB, base, body string) []byte {
	t.Helper()
	return send(t, base+"/cmd", "application/x-www-form-urlencoded", body)
}

func send(t testing.TB, url, contentType, body string) []byte {
	t.Helper()
	resp, err := http.Post(url, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("%s: HTTP %d %s: %s", body, resp.StatusCode, resp.Header.Get("Content-Type"), b)
	}
	if !json.Valid(b) || b[0] != '{' {
		t.Fatalf("%s: the reply is not a JSON object: %s", body, b)
	}
	return b
}

// same fails unless got is the JSON want: numbers compared by value and
// kind (2 is not 2.0), routes as a set.
func same(t testing.TB, request string, got []byte, want string) {
	t.Helper()
	w, err := jsondiff.Decode([]byte(want))
	if err != nil {
		t.Fatalf("bad expectation %s: %v", want, err)
	}
	g, err := jsondiff.Decode(got)
	if err != nil {
		t.Fatal(err)
	}
	sortRoutes(w)
	sortRoutes(g)
	if d := jsondiff.Diff("", w, g, jsondiff.ValueAndKind); d != "" {
		t.Fatalf("%s\n  got  %s\n  want %s\n  %s", request, got, want, d)
	}
}

func sortRoutes(v any) {
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	rl, ok := m["routes"].([]any)
	if !ok {
		return
	}
	key := func(x any) string {
		r := x.([]any)
		return string(r[0].(json.Number)) + "," + string(r[1].(json.Number))
	}
	sort.Slice(rl, func(i, j int) bool { return key(rl[i]) < key(rl[j]) })
}

// decodeReply decodes a reply into a map.
func decodeReply(t testing.TB, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

var idForm = regexp.MustCompile(`^[0-9a-f]{32}$`)

// join adds a player and returns its id, checking the reply's shape.
func join(t testing.TB, base string, room int, name, side string, seq int) string {
	t.Helper()
	b := post(t, base, "op=add&room="+itoa(room)+"&name="+name+"&side="+side)
	m := decodeReply(t, b)
	id, _ := m["id"].(string)
	if !idForm.MatchString(id) || m["seq"] != float64(seq) || m["op"] != "add" || m["status"] != nil || len(m) != 3 {
		t.Fatalf("add %s: %s, want seq %d and a 32-digit hex id, no status", name, b, seq)
	}
	return id
}

func itoa(n int) string { return strconv.Itoa(n) }

func readSmallMap() (*pfmt.Map, any, error) {
	m, sm, err := pfmt.ReadLegacy("small.yml", []byte(smallMap))
	return m, sm, err
}

func jsonValid(b []byte) bool { return json.Valid(b) }
