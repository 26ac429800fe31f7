package editor

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/shapan/shapan/formats"
)

// autosaver keeps the unsaved changes of every open document in a folder,
// a couple of seconds after each change, so that after a crash the next
// start can offer them back. A document's entry is removed when it is
// saved or closed.
type autosaver struct {
	dir    string
	studio *Studio
	mu     sync.Mutex
	ids    map[*Session]string
	timers map[*Session]func() // cancels a pending save
	next   int
}

// autosaveMeta describes one recovered document.
type autosaveMeta struct {
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

// Recovered is an unsaved document found in the autosave folder.
type Recovered struct {
	Meta autosaveMeta
	file string // the YAML content
	meta string // the description
}

// Describe says what was recovered, for the offer dialog.
func (r Recovered) Describe() string {
	name := r.Meta.Path
	if r.Meta.Imported != "" {
		name = r.Meta.Imported + ", not saved as YAML yet"
	} else if name == "" {
		name = r.Meta.Title
	}
	return fmt.Sprintf("%s (%s, changed %s)", name, r.Meta.Kind, r.Meta.Time.Local().Format("2006-01-02 15:04"))
}

func newAutosaver(dir string, st *Studio) *autosaver {
	return &autosaver{dir: dir, studio: st, ids: map[*Session]string{}, timers: map[*Session]func(){}}
}

func (a *autosaver) id(s *Session) string {
	if id, ok := a.ids[s]; ok {
		return id
	}
	a.next++
	key := fmt.Sprintf("%s|%s|%d|%d", s.Path, s.Title, time.Now().UnixNano(), a.next)
	sum := sha1.Sum([]byte(key))
	id := hex.EncodeToString(sum[:8])
	a.ids[s] = id
	return id
}

// watch starts keeping s.
func (a *autosaver) watch(s *Session) {
	s.Listen(func(c Change) {
		if c != ModelChanged {
			return
		}
		a.mu.Lock()
		if cancel := a.timers[s]; cancel != nil {
			cancel()
		}
		a.mu.Unlock()
		cancel := a.studio.later(2*time.Second, func() { a.Save(s) })
		a.mu.Lock()
		a.timers[s] = cancel
		a.mu.Unlock()
	})
}

// Save writes s's current content now (when it has unsaved changes).
func (a *autosaver) Save(s *Session) error {
	if !s.Dirty() {
		return nil
	}
	data, err := formats.Encode(s.Document(), formats.YAML)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(a.dir, 0o700); err != nil {
		return err
	}
	a.mu.Lock()
	id := a.id(s)
	a.mu.Unlock()
	// Absolute paths: the next run may start in another folder.
	m := autosaveMeta{Path: absOrEmpty(s.Path), Title: s.Name(), Kind: s.Kind(), Time: time.Now(), RulesFile: absOrEmpty(s.Document().RulesFile)}
	if s.imported {
		m.Imported = absOrEmpty(s.Document().Path)
	}
	if rules := s.Document().Rules; rules != nil && m.RulesFile == "" {
		// Rules in memory only: keep a copy, or the level cannot be read
		// back.
		data, err := formats.Encode(&formats.Document{Kind: formats.CompanionKind(s.Kind()), Value: rules}, formats.YAML)
		if err != nil {
			return err
		}
		m.Rules = id + ".rules.yaml"
		if err := formats.WriteFileAtomic(filepath.Join(a.dir, m.Rules), data); err != nil {
			return err
		}
	}
	meta, _ := json.Marshal(m)
	if err := formats.WriteFileAtomic(filepath.Join(a.dir, id+".yaml"), data); err != nil {
		return err
	}
	return formats.WriteFileAtomic(filepath.Join(a.dir, id+".json"), meta)
}

// forget removes s's entry (after a save or a close).
func (a *autosaver) forget(s *Session) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if cancel := a.timers[s]; cancel != nil {
		cancel()
		delete(a.timers, s)
	}
	if id, ok := a.ids[s]; ok {
		for _, ext := range []string{".yaml", ".json", ".rules.yaml"} {
			os.Remove(filepath.Join(a.dir, id+ext))
		}
		delete(a.ids, s)
	}
}

func (a *autosaver) stop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, cancel := range a.timers {
		cancel()
	}
}

// Recoverable lists the documents left in the autosave folder by a
// previous run that did not close them.
func Recoverable(dir string) []Recovered {
	metas, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var out []Recovered
	for _, m := range metas {
		b, err := os.ReadFile(m)
		if err != nil {
			continue
		}
		var meta autosaveMeta
		if json.Unmarshal(b, &meta) != nil {
			continue
		}
		file := m[:len(m)-len(".json")] + ".yaml"
		if _, err := os.Stat(file); err != nil {
			continue
		}
		out = append(out, Recovered{Meta: meta, file: file, meta: m})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Meta.Time.Before(out[j].Meta.Time) })
	return out
}

// Restore opens a recovered document as an unsaved tab belonging to its
// original file, and removes it from the autosave folder. The document is
// read as if it were its original file, so that the rules a level names
// are found beside that file; a level whose rules were in memory only is
// read with the copy kept beside the autosave.
func (st *Studio) Restore(r Recovered) (*Session, error) {
	data, err := os.ReadFile(r.file)
	if err != nil {
		return nil, err
	}
	name := r.Meta.Path
	if name == "" {
		name = r.file
	}
	opts := formats.Options{From: formats.YAML, RulesPath: r.Meta.RulesFile}
	if r.Meta.Rules != "" {
		opts.RulesPath = filepath.Join(filepath.Dir(r.file), r.Meta.Rules)
	}
	doc, err := formats.ReadBytes(name, data, opts)
	if err != nil {
		return nil, err
	}
	doc.Path = r.Meta.Path
	if r.Meta.Rules != "" {
		doc.RulesFile = "" // in memory again: saving writes them beside
	}
	s := NewSession(doc)
	s.Path, s.Format, s.Title = r.Meta.Path, formats.YAML, r.Meta.Title
	if r.Meta.Imported != "" {
		// Still an import: named after the game's file, and its first
		// Save asks where to write the YAML document.
		doc.Path = r.Meta.Imported
		s.imported = true
	}
	s.MarkUnsaved()
	Discard(r)
	st.Add(s)
	return s, nil
}

// Discard removes a recovered document without opening it.
func Discard(r Recovered) {
	os.Remove(r.file)
	os.Remove(r.meta)
	if r.Meta.Rules != "" {
		os.Remove(filepath.Join(filepath.Dir(r.file), r.Meta.Rules))
	}
}

// absOrEmpty returns p made absolute ("" stays "").
func absOrEmpty(p string) string {
	if p == "" {
		return ""
	}
	return absPath(p)
}
