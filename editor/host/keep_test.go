package host

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/guitest"
)

// TestMain keeps the tests' hosted games in a folder of their own, never
// in the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "shapan-host-test-")
	if err != nil {
		panic(err)
	}
	DataDir = func() (string, error) { return filepath.Join(dir, "hosted"), nil }
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// useDataDir points DataDir at a fresh folder for one test.
func useDataDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	old := DataDir
	DataDir = func() (string, error) { return dir, nil }
	t.Cleanup(func() { DataDir = old })
	return dir
}

// hintOf asks the hosting for a seat's hint.
func hintOf(t *testing.T, base, link string) roomHint {
	t.Helper()
	u, token, _ := strings.Cut(link, "#token=")
	req, _ := http.NewRequest("GET", base+strings.Replace(u, "/room/", "/api/rooms/", 1)+"/hint", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h roomHint
	if err := json.NewDecoder(resp.Body).Decode(&h); err != nil {
		t.Fatal(err)
	}
	return h
}

type roomHint struct {
	Status   string `json:"status"`
	Turn     int    `json:"turn"`
	Decision *struct {
		Turn int `json:"turn"`
	} `json:"decision"`
}

// react sends seat link's answer and checks that it is acknowledged.
func react(t *testing.T, base, link string, turn int, answer string) {
	t.Helper()
	u, token, _ := strings.Cut(link, "#token=")
	body := `{"turn":` + strconv.Itoa(turn) + `,"answer":` + answer + `,"request":"r` + strconv.Itoa(turn) + `"}`
	req, _ := http.NewRequest("POST", base+strings.Replace(u, "/room/", "/api/rooms/", 1)+"/react", bytes.NewReader([]byte(body)))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("react: HTTP %d", resp.StatusCode)
	}
}

// TestHostedGameSurvivesACrash: a game hosted from the studio is kept on
// disk; its folder as an acknowledged answer left it (what a studio
// killed then leaves) is offered by Play ▸ Host on the network, and
// resuming it serves the same room with the same links, at the turn after
// that answer. Closing a hosting keeps it, and resuming it then serves it
// on its port again; Forget deletes it.
func TestHostedGameSurvivesACrash(t *testing.T) {
	root := useDataDir(t)
	st, s := openSample(t, "planets/九州.yaml")
	w, err := Open(st, s, Setup{Seats: []string{"person", "computer", "computer", "computer"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	h := w.Hosting
	if filepath.Dir(h.Kept.Dir) != root {
		t.Fatalf("the game is kept in %s, not in a folder of %s", h.Kept.Dir, root)
	}
	link := h.Created.Seats[0].Link
	first := hintOf(t, h.Base, link)
	if first.Status != "play" || first.Decision == nil {
		t.Fatalf("seat 0's hint: %+v", first)
	}
	react(t, h.Base, link, first.Decision.Turn, `{"moves":[]}`)
	if kept, _ := KeptGames(); len(kept) != 0 {
		t.Fatalf("a game being hosted is offered for resuming: %+v", kept)
	}

	// The crash: the folder as the acknowledged answer left it.
	crashed := t.TempDir()
	if out, err := exec.Command("cp", "-a", h.Kept.Dir, crashed).CombinedOutput(); err != nil {
		t.Fatalf("copying the folder: %v %s", err, out)
	}
	useCopy := DataDir
	DataDir = func() (string, error) { return crashed, nil }
	kept, err := KeptGames()
	if err != nil || len(kept) != 1 || kept[0].Name != "九州.yaml" || kept[0].Port == 0 {
		t.Fatalf("the kept games after the crash: %+v (%v)", kept, err)
	}
	again, err := Resume(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	if again.Created.Room != h.Created.Room || again.Created.Seats[0].Link != link || again.Created.Spectator != h.Created.Spectator {
		t.Fatalf("the resumed room's links %+v differ from the hosted one's %+v", again.Created, h.Created)
	}
	after := hintOf(t, again.Base, link)
	if after.Turn <= first.Turn {
		t.Fatalf("the resumed game is at turn %d, the answer was given at turn %d", after.Turn, first.Turn)
	}
	if _, err := Resume(kept[0]); err == nil {
		t.Fatal("a game being hosted was resumed twice")
	}
	again.Close()
	DataDir = useCopy

	// Closing a hosting keeps it; Forget deletes it.
	w.Close()
	kept, err = KeptGames()
	if err != nil || len(kept) != 1 || kept[0].Dir != h.Kept.Dir {
		t.Fatalf("after Stop hosting, the kept games: %+v (%v)", kept, err)
	}
	back, err := Resume(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	if back.Base != h.Base {
		t.Errorf("resumed at %s, not on its free port at %s: the links handed out no longer work", back.Base, h.Base)
	}
	if err := kept[0].Forget(); err == nil {
		t.Error("a game being hosted was forgotten")
	}
	back.Close()
	if err := kept[0].Forget(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(h.Kept.Dir); !os.IsNotExist(err) {
		t.Fatalf("the forgotten game's folder: %v", err)
	}
}

// TestHostDialogResumesAKeptGame: after a hosting stopped, Play ▸ Host
// on the network lists it with a Resume button, and tapping it serves the
// game again in a hosting window.
func TestHostDialogResumesAKeptGame(t *testing.T) {
	useDataDir(t)
	st, s := openSample(t, "planets/九州.yaml")
	w, err := Open(st, s, Setup{Seats: []string{"person", "computer", "computer", "computer"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	room := w.Hosting.Created.Room
	w.Close()
	st.Host()
	over := st.Window().Canvas().Overlays().Top()
	if over == nil {
		t.Fatal("Host on the network shows no dialog")
	}
	if !guitest.Button(over, "Resume") {
		t.Fatal("the dialog offers no kept game to resume")
	}
	kept, _ := KeptGames()
	if len(kept) != 0 {
		t.Fatalf("the resumed game is still offered: %+v", kept)
	}
	if !strings.Contains(st.StatusText(), "hosting 九州.yaml") {
		t.Fatalf("the status says %q", st.StatusText())
	}
	resumed := false
	for _, win := range st.App().Driver().AllWindows() {
		if win.Title() == "Hosting 九州.yaml" {
			resumed = strings.Contains(strings.Join(entries(win.Content()), " "), "/room/"+room+"#token=")
			win.Close()
		}
	}
	if !resumed {
		t.Fatal("no hosting window shows the links of the kept room")
	}
}
