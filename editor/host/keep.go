package host

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// DataDir returns the folder the studio keeps its hosted games in, one
// folder each: os.UserConfigDir()/shapan/hosted (~/.config/shapan/hosted
// on Linux). Tests point it elsewhere.
var DataDir = func() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no folder to keep the hosted games in: %w", err)
	}
	return filepath.Join(d, "shapan", "hosted"), nil
}

// Kept is a hosted game kept on disk: its folder holds the room as
// `shapan serve --data` keeps rooms (every answer on disk before it is
// acknowledged), and how it was served.
type Kept struct {
	// Dir is the hosting's folder.
	Dir string `json:"-"`
	// Name is the document's name; Port the port it was served on last.
	Name   string    `json:"name"`
	Port   int       `json:"port"`
	Public bool      `json:"public"`
	Since  time.Time `json:"since"`
}

// keptFile names the description of a hosting in its folder.
const keptFile = "hosting.json"

// open lists the folders of the hostings running in this process: they
// are not offered for resuming.
var open = struct {
	sync.Mutex
	dirs map[string]bool
}{dirs: map[string]bool{}}

// newDir makes the folder of a new hosting.
func newDir() (string, error) {
	root, err := DataDir()
	if err != nil {
		return "", err
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	dir := filepath.Join(root, time.Now().UTC().Format("20060102-150405")+"-"+hex.EncodeToString(b[:]))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("keeping the hosted game: %w", err)
	}
	return dir, nil
}

// save writes k's description into its folder (whole, or not at all).
func (k Kept) save() error {
	b, err := json.MarshalIndent(k, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(k.Dir, keptFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("keeping the hosted game: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(k.Dir, keptFile)); err != nil {
		return fmt.Errorf("keeping the hosted game: %w", err)
	}
	return nil
}

// KeptGames lists the hosted games kept on disk that no window of this
// studio serves, oldest first: those of a studio that was closed or
// crashed while they were hosted.
func KeptGames() ([]Kept, error) {
	root, err := DataDir()
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	open.Lock()
	defer open.Unlock()
	var out []Kept
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		if !e.IsDir() || open.dirs[dir] {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, keptFile))
		if err != nil {
			continue // a hosting that failed before it started
		}
		k := Kept{Dir: dir}
		if json.Unmarshal(b, &k) == nil {
			out = append(out, k)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Since.Before(out[j].Since) })
	return out, nil
}

// Forget deletes a kept hosted game.
func (k Kept) Forget() error {
	open.Lock()
	defer open.Unlock()
	if open.dirs[k.Dir] {
		return fmt.Errorf("%s is being hosted", k.Name)
	}
	return os.RemoveAll(k.Dir)
}

// claim marks dir as served by this process; it fails when it is already.
func claim(dir string) error {
	open.Lock()
	defer open.Unlock()
	if open.dirs[dir] {
		return errors.New("this game is being hosted already")
	}
	open.dirs[dir] = true
	return nil
}

// release marks dir as no longer served.
func release(dir string) {
	open.Lock()
	defer open.Unlock()
	delete(open.dirs, dir)
}
