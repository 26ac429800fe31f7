// Package autosave keeps the unsaved changes of the studio's open
// documents in a folder, a couple of seconds after each change, so that
// after a crash the next start can offer them back (Recoverable, then
// Recovered.Read or Discard). A document's entry is removed when it is
// saved or closed (Keeper.Forget).
//
// The package knows documents (formats) and files only: the studio's
// shell says when a document changed and what to keep of it, and opens
// what is recovered as a tab of its own.
package autosave

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/shapan/shapan/formats"
)

// Delay is how long after a change a document is kept.
const Delay = 2 * time.Second

// Entry is what is kept of one open document.
type Entry struct {
	Doc   *formats.Document // the document (Doc.Rules: its companion, in memory when Doc.RulesFile is "")
	Path  string            // the file it belongs to ("" for a new document)
	Title string            // the tab title
	// Imported says that Doc was read from a game's own file (Doc.Path)
	// and not saved as YAML yet.
	Imported bool
}

// Meta describes one kept document (the .json beside its YAML).
type Meta struct {
	Path  string    `json:"path"`  // the file it belongs to ("" for a new document)
	Title string    `json:"title"` // the tab title
	Kind  string    `json:"kind"`
	Time  time.Time `json:"time"`
	// Imported is the game's own file an imported document was read
	// from, when it was not saved as YAML yet: Path is then only the name
	// suggested for it, and the restored document asks where to save as
	// the import did (it never writes over a file at Path silently).
	Imported string `json:"imported,omitempty"`
	// RulesFile is the file of the companion document it was read with
	// (an ftbt level's rules); Rules the copy of a companion held in
	// memory only (a new level's rules), written beside the autosave.
	RulesFile string `json:"rules_file,omitempty"`
	Rules     string `json:"rules,omitempty"`
}

// Keeper writes the entries of the open documents into its folder. Its
// documents are known by a key of the caller's (the studio's session).
type Keeper struct {
	dir    string
	later  func(d time.Duration, f func()) (cancel func())
	mu     sync.Mutex
	ids    map[any]string
	timers map[any]func() // cancels a pending save
	next   int
}

// New returns a Keeper writing into dir; later runs f after d (on the
// thread the documents may be read on) and returns what cancels it.
func New(dir string, later func(d time.Duration, f func()) (cancel func())) *Keeper {
	return &Keeper{dir: dir, later: later, ids: map[any]string{}, timers: map[any]func(){}}
}

// id returns the name of key's files (made on first use; k.mu held).
func (k *Keeper) id(key any, path, title string) string {
	if id, ok := k.ids[key]; ok {
		return id
	}
	k.next++
	sum := sha1.Sum(fmt.Appendf(nil, "%s|%s|%d|%d", path, title, time.Now().UnixNano(), k.next))
	id := hex.EncodeToString(sum[:8])
	k.ids[key] = id
	return id
}

// Changed says that key's document changed: save is called once it has
// not changed again for Delay.
func (k *Keeper) Changed(key any, save func()) {
	k.mu.Lock()
	if cancel := k.timers[key]; cancel != nil {
		cancel()
	}
	k.mu.Unlock()
	cancel := k.later(Delay, save)
	k.mu.Lock()
	k.timers[key] = cancel
	k.mu.Unlock()
}

// Save writes key's entry now: the document as YAML, its description,
// and a copy of a companion held in memory only (without it the
// document could not be read back).
func (k *Keeper) Save(key any, e Entry) error {
	data, err := formats.Encode(e.Doc, formats.YAML)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(k.dir, 0o700); err != nil {
		return err
	}
	k.mu.Lock()
	id := k.id(key, e.Path, e.Title)
	k.mu.Unlock()
	// Absolute paths: the next run may start in another folder.
	m := Meta{Path: absOrEmpty(e.Path), Title: e.Title, Kind: e.Doc.Kind, Time: time.Now(), RulesFile: absOrEmpty(e.Doc.RulesFile)}
	if e.Imported {
		m.Imported = absOrEmpty(e.Doc.Path)
	}
	if rules := e.Doc.Rules; rules != nil && m.RulesFile == "" {
		data, err := formats.Encode(&formats.Document{Kind: formats.CompanionKind(e.Doc.Kind), Value: rules}, formats.YAML)
		if err != nil {
			return err
		}
		m.Rules = id + ".rules.yaml"
		if err := formats.WriteFileAtomic(filepath.Join(k.dir, m.Rules), data); err != nil {
			return err
		}
	}
	meta, _ := json.Marshal(m)
	if err := formats.WriteFileAtomic(filepath.Join(k.dir, id+".yaml"), data); err != nil {
		return err
	}
	return formats.WriteFileAtomic(filepath.Join(k.dir, id+".json"), meta)
}

// Forget cancels key's pending save and removes its entry (after a save
// or a close).
func (k *Keeper) Forget(key any) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if cancel := k.timers[key]; cancel != nil {
		cancel()
		delete(k.timers, key)
	}
	if id, ok := k.ids[key]; ok {
		for _, ext := range []string{".yaml", ".json", ".rules.yaml"} {
			os.Remove(filepath.Join(k.dir, id+ext))
		}
		delete(k.ids, key)
	}
}

// Stop cancels every pending save (the entries stay: the studio is
// closing with its documents unsaved).
func (k *Keeper) Stop() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, cancel := range k.timers {
		cancel()
	}
}

// absOrEmpty returns p made absolute ("" stays "").
func absOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
