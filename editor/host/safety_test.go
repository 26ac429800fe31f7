package host

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/samples"
)

// TestHostedServerGuardsTheMachine: the server of Play ▸ Host refuses an
// uploaded level whose rules name a file of the machine (the refusal
// quotes none of it), a Host name it does not serve, and a room asked for
// by a page of another site.
func TestHostedServerGuardsTheMachine(t *testing.T) {
	useDataDir(t)
	st, s := openSample(t, "planets/九州.yaml")
	w, err := Open(st, s, Setup{Seats: []string{"person", "computer", "computer", "computer"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	level, err := samples.Read("ftbt/长坂坡.yaml")
	if err != nil {
		t.Fatal(err)
	}
	hostile := strings.Replace(string(level), "rules: 兵法.yaml", "rules: /etc/passwd", 1)
	body, _ := json.Marshal(map[string]any{"source": hostile, "filename": "level.yaml"})
	send := func(host, origin string) (int, string) {
		req, _ := http.NewRequest("POST", w.Hosting.Base+"/api/rooms", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if host != "" {
			req.Host = host
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if st, msg := send("", ""); st != http.StatusBadRequest || strings.Contains(msg, "root:") || !strings.Contains(msg, "/etc/passwd") {
		t.Errorf("a level naming /etc/passwd: HTTP %d %s", st, msg)
	}
	if st, msg := send("attacker.example", ""); st != http.StatusMisdirectedRequest {
		t.Errorf("Host attacker.example: HTTP %d %s", st, msg)
	}
	if st, msg := send("", "http://attacker.example"); st != http.StatusForbidden {
		t.Errorf("a page of another site: HTTP %d %s", st, msg)
	}
}

// TestResumingADamagedGameNamesIt: a kept hosted game whose room file has
// a damaged byte is not resumed; the error says where it is kept,
// untouched.
func TestResumingADamagedGameNamesIt(t *testing.T) {
	useDataDir(t)
	st, s := openSample(t, "planets/九州.yaml")
	w, err := Open(st, s, Setup{Seats: []string{"person", "computer", "computer", "computer"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	dir := w.Hosting.Kept.Dir
	w.Close()
	logs, _ := filepath.Glob(filepath.Join(dir, "rooms", "*.log"))
	if len(logs) != 1 {
		t.Fatalf("room files %v", logs)
	}
	data, _ := os.ReadFile(logs[0])
	data[len(data)/2] ^= 0x10
	os.WriteFile(logs[0], data, 0o600)
	kept, err := KeptGames()
	if err != nil || len(kept) != 1 {
		t.Fatalf("kept %v %v", kept, err)
	}
	_, err = Resume(kept[0])
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "quarantine")) {
		t.Fatalf("resuming a damaged game: %v", err)
	}
}
