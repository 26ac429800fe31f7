package host

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

func openSample(t *testing.T, name string) (*editor.Studio, *editor.Session) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	src, err := samples.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(name))
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return st, s
}

// entries lists the texts of the entries in a window's content.
func entries(o fyne.CanvasObject) []string {
	var out []string
	switch o := o.(type) {
	case *widget.Entry:
		out = append(out, o.Text)
	case *fyne.Container:
		for _, c := range o.Objects {
			out = append(out, entries(c)...)
		}
	}
	return out
}

// TestHostShowsLinksThatPlay: hosting the open planets map serves it on
// loopback; the window shows a link per person seat and the spectators'
// link; a seat's link opens the page and its token plays (hint says
// play); closing the window stops the server.
func TestHostShowsLinksThatPlay(t *testing.T) {
	st, s := openSample(t, "planets/九州.yaml")
	if !editor.CanHost(s.Kind()) {
		t.Fatalf("a %s document cannot be hosted", s.Kind())
	}
	w, err := Open(st, s, Setup{Seats: []string{"person", "computer", "computer", "computer"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	var links []string // the fields with links (another shows the folder)
	for _, e := range entries(w.Content()) {
		if strings.HasPrefix(e, "http") {
			links = append(links, e)
		}
	}
	if len(links) != 2 || !strings.HasPrefix(links[0], "http://127.0.0.1:") || !strings.Contains(links[0], "#token=") {
		t.Fatalf("the window's links: %q, want seat 0's and the spectators'", links)
	}
	page, err := http.Get(links[0])
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK {
		t.Fatalf("the page: HTTP %d", page.StatusCode)
	}
	u, token, _ := strings.Cut(links[0], "#token=")
	req, _ := http.NewRequest("GET", strings.Replace(u, "/room/", "/api/rooms/", 1)+"/hint", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var h serveHint
	err = json.NewDecoder(resp.Body).Decode(&h)
	resp.Body.Close()
	if err != nil || h.Status != "play" || h.Family != "planets" {
		t.Fatalf("seat 0's hint: %+v (%v)", h, err)
	}
	w.Close()
	if _, err := http.Get(links[0]); err == nil {
		t.Fatal("the server still answers after the window closed")
	}
}

type serveHint struct {
	Status string `json:"status"`
	Family string `json:"family"`
}

// TestPlayMenuHostsPlayableDocuments: Play ▸ Host on the network
// is offered for every playable kind, and a document that cannot be
// played is told so.
func TestPlayMenuHostsPlayableDocuments(t *testing.T) {
	st, s := openSample(t, "ftbt/兵法.yaml")
	if editor.CanHost(s.Kind()) {
		t.Fatal("ftbt rules can be hosted")
	}
	found := false
	for _, m := range st.Window().MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == "Host on the network…" {
				found = true
				it.Action()
			}
		}
	}
	if !found {
		t.Fatal("the menus have no Host on the network…")
	}
	if !strings.Contains(st.StatusText(), "cannot be played over the network") {
		t.Fatalf("the status says %q", st.StatusText())
	}
}
