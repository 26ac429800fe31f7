package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/family"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/serve/pcserver"
)

// TestPlanetConquerGamesAreDownloadedAndReplayed: a finished game of a
// Planet-Conquer room is listed, downloaded, and replayed by the golden
// format `shapan replay` finds for it.
func TestPlanetConquerGamesAreDownloadedAndReplayed(t *testing.T) {
	doc := document(t, "决斗.yml", duelMap)
	s, base := startServer(t, Options{Dir: t.TempDir(), Protocol: &pcserver.Options{Map: planetsMap(t, doc), Computers: 1, Seed: 2}})
	resp, err := http.PostForm(base+"/cmd", url.Values{"op": {"add"}, "room": {"0"}, "name": {"张飞"}, "side": {"go"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for n := 0; n < 200; n++ {
		s.pc.(*pcserver.Server).StepRoom(0)
	}
	var list struct{ Games []pcserver.Game }
	if st := call(t, "GET", base+"/api/planet-conquer/games", "", nil, &list); st != http.StatusOK || len(list.Games) == 0 {
		t.Fatalf("HTTP %d, %+v", st, list)
	}
	name := list.Games[0].Name
	resp, err = http.Get(base + "/api/planet-conquer/games/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), name) {
		t.Fatalf("download: HTTP %d %v", resp.StatusCode, resp.Header)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var head family.Head
	first, _ := bufio.NewReader(bytes.NewReader(data)).ReadBytes('\n')
	if err := json.Unmarshal(first, &head); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	found := false
	for _, g := range family.GoldenFormats() {
		if g.Detect(head) {
			found = true
			if err := g.Replay(path, "", &out); err != nil {
				t.Fatalf("%s: %v", g.Name, err)
			}
		}
	}
	if !found || !strings.Contains(out.String(), "ok ") || !strings.Contains(out.String(), planets.StatusFinished) {
		t.Fatalf("replay: found %v, %q", found, out.String())
	}
	t.Log(strings.TrimSpace(out.String()))
	var e apiError
	if st := call(t, "GET", base+"/api/planet-conquer/games/00.jsonl", "", nil, &e); st != http.StatusNotFound || e.Error.Code != "no_game" {
		t.Fatalf("the game being played is not a kept game: HTTP %d %+v", st, e)
	}
}

// planetsMap returns the map of a planets document.
func planetsMap(t testing.TB, d *Document) *pfmt.Map {
	t.Helper()
	m, ok := d.Doc.Value.(*pfmt.Map)
	if !ok {
		t.Fatalf("%s is not a planets map", d.Name)
	}
	return m
}
