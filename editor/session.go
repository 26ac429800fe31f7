package editor

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/editor/history"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/validate"
)

// undoBudget bounds the memory the undo history of one document holds.
const undoBudget = 256 << 20

// Session is one open document: its model, where it is saved, its edit
// history and its problems. Views read the model through Model() every
// time they draw (an undo may replace it) and change it only through Edit
// or EditCells.
type Session struct {
	doc *formats.Document
	// Path is where the document is saved; "" for a new document.
	Path string
	// Format is the form Save writes (YAML for new documents and YAML
	// files; the legacy form for imported legacy files only after an
	// explicit export).
	Format formats.Format
	// Title names the document when it has no path.
	Title string
	// imported is set while the document is a game's own file opened in
	// the studio and not yet saved as YAML: Path is then only the name
	// suggested for it, and saving asks for a name (see NeedsName).
	imported bool

	dirty bool
	hist  *history.History
	// saved is the state of the model the file at Path holds (-1 when it
	// holds none of them: a new or imported document); sourced the state
	// the document's Source describes (its positions and notes).
	saved, sourced int
	problems       diag.List
	// typed holds the keys of fields showing text not yet committed;
	// refused the typed values that could not be applied, by key, and
	// refusedOrder their keys in the order they were refused.
	typed        map[string]bool
	refused      map[string]forms.Refusal
	refusedOrder []string

	mu        sync.Mutex
	listeners []func(Change)
	revision  int

	// runAsync runs validation off the UI thread; tests replace it to run
	// synchronously. post brings results back to the UI thread. A session
	// in no studio has no UI thread: it checks on the goroutine that edits
	// it, so it may be used from any goroutine, one at a time
	// (TestSessionDefaultIsSafeForAnyGoroutine); Studio.Add gives it the
	// studio's.
	runAsync func(func())
	post     func(func())
	checking bool
	again    bool
	named    namedFiles
	// readProblems are the problems reading the saved file back gave (nil
	// when it read): the file's problems while the model is as saved.
	readProblems diag.List
	// disk is the file at Path as the session last read or wrote it.
	disk fileStamp
}

// Change tells listeners what happened to a session.
type Change int

// The kinds of change.
const (
	ModelChanged    Change = iota // the model was edited, undone or redone
	DirtyChanged                  // the saved/unsaved state changed
	ProblemsChanged               // validation finished
	PathChanged                   // saved under a new name
)

// NewSession wraps a loaded document. Legacy files are imported: saving
// writes YAML beside them unless the user exports.
func NewSession(doc *formats.Document) *Session {
	s := &Session{doc: doc, Path: doc.Path, Format: doc.Format, hist: history.New(undoBudget),
		runAsync: func(f func()) { f() }, post: func(f func()) { f() }}
	if doc.Format != formats.YAML && doc.Path != "" {
		// An imported legacy file is saved as a YAML document beside it.
		s.Path = strings.TrimSuffix(doc.Path, filepath.Ext(doc.Path)) + ".yaml"
		s.Format = formats.YAML
		s.imported = true
		s.MarkUnsaved()
	}
	s.rememberDisk()
	return s
}

// MarkUnsaved says that the document is in no file as it is (a new
// document, an import, a recovered autosave): it is marked changed until
// saved.
func (s *Session) MarkUnsaved() {
	s.saved = -1
	s.setDirty(true)
}

// Document returns the underlying document (its Value is the model).
func (s *Session) Document() *formats.Document { return s.doc }

// Model returns the current model (*mbg.Scenario, *ftbt.Level, ...).
func (s *Session) Model() any { return s.doc.Value }

// Kind returns the document kind.
func (s *Session) Kind() string { return s.doc.Kind }

// Name is the tab title: the file name (the game's file an imported
// document was read from, until it is saved), or the title of a new
// document.
func (s *Session) Name() string {
	if s.imported && s.doc.Path != "" {
		return filepath.Base(s.doc.Path)
	}
	if s.Path != "" {
		return filepath.Base(s.Path)
	}
	if s.Title != "" {
		return s.Title
	}
	return "untitled"
}

// Dirty reports unsaved changes: edits not saved, text typed in a field
// and not yet committed, or typed values that could not be applied.
func (s *Session) Dirty() bool { return s.dirty || len(s.typed) > 0 || len(s.refused) > 0 }

// Modified reports edits of the document that are not saved.
func (s *Session) Modified() bool { return s.dirty }

// Typing records whether the field key shows text not yet committed.
func (s *Session) Typing(key string, on bool) {
	was := s.Dirty()
	if on {
		if s.typed == nil {
			s.typed = map[string]bool{}
		}
		s.typed[key] = true
	} else {
		delete(s.typed, key)
	}
	if s.Dirty() != was {
		s.notify(DirtyChanged)
	}
}

// Refuse records a typed value that could not be applied: the Problems
// panel lists it and Save warns about it until it is corrected, reverted
// or accepted.
func (s *Session) Refuse(r forms.Refusal) {
	was := s.Dirty()
	if s.refused == nil {
		s.refused = map[string]forms.Refusal{}
	}
	if _, ok := s.refused[r.Key]; !ok {
		s.refusedOrder = append(s.refusedOrder, r.Key)
	}
	s.refused[r.Key] = r
	s.notify(ProblemsChanged)
	if s.Dirty() != was {
		s.notify(DirtyChanged)
	}
}

// Accept forgets the refusal of the field key (its value was applied or
// reverted).
func (s *Session) Accept(key string) {
	if _, ok := s.refused[key]; !ok {
		return
	}
	was := s.Dirty()
	delete(s.refused, key)
	for i, k := range s.refusedOrder {
		if k == key {
			s.refusedOrder = append(s.refusedOrder[:i:i], s.refusedOrder[i+1:]...)
			break
		}
	}
	s.notify(ProblemsChanged)
	if s.Dirty() != was {
		s.notify(DirtyChanged)
	}
}

// Refusal returns the refused value of the field key.
func (s *Session) Refusal(key string) (forms.Refusal, bool) {
	r, ok := s.refused[key]
	return r, ok
}

// Refusals lists the typed values that could not be applied, in the
// order they were typed.
func (s *Session) Refusals() []forms.Refusal {
	out := make([]forms.Refusal, 0, len(s.refusedOrder))
	for _, k := range s.refusedOrder {
		out = append(out, s.refused[k])
	}
	return out
}

// Attach records that field shows the refused value key.
func (s *Session) Attach(key string, field fyne.Focusable) {
	if r, ok := s.refused[key]; ok {
		r.Field = field
		s.refused[key] = r
	}
}

// Problems returns the latest validation result.
func (s *Session) Problems() diag.List { return s.problems }

// Revision counts the edits, undos and redos since the session opened.
func (s *Session) Revision() int { return s.revision }

// Listen registers f to be called (on the UI thread) after every change.
func (s *Session) Listen(f func(Change)) {
	s.mu.Lock()
	s.listeners = append(s.listeners, f)
	s.mu.Unlock()
}

func (s *Session) notify(c Change) {
	s.mu.Lock()
	ls := append(([]func(Change))(nil), s.listeners...)
	s.mu.Unlock()
	for _, f := range ls {
		f(c)
	}
}

func (s *Session) setDirty(d bool) {
	if s.dirty != d {
		s.dirty = d
		s.notify(DirtyChanged)
	}
}

func (s *Session) changed() {
	s.revision++
	s.setDirty(s.hist.State() != s.saved)
	s.notify(ModelChanged)
	s.Revalidate()
}

// Edit applies change to the model as one undoable step named label.
func (s *Session) Edit(label string, change func()) {
	before := history.Clone(s.doc.Value)
	change()
	s.hist.Push(history.Snapshot(label, before))
	s.changed()
}

// EditCells changes cells of a grid in place as one undoable step: grid
// finds the grid in a model, cells are indices and values the new values.
func (s *Session) EditCells(label string, grid func(model any) history.Cells, cells, values []int) {
	e, changed := history.SetCells(label, grid, s.doc.Value, cells, values)
	if !changed {
		return
	}
	s.hist.Push(e)
	s.changed()
}

// CanUndo and CanRedo report whether there is something to undo or redo;
// UndoLabel and RedoLabel name it.
func (s *Session) CanUndo() bool { return s.hist.CanUndo() }

// CanRedo reports whether an undone step can be redone.
func (s *Session) CanRedo() bool { return s.hist.CanRedo() }

// UndoLabel names the step Undo would revert.
func (s *Session) UndoLabel() string { return s.hist.UndoLabel() }

// RedoLabel names the step Redo would apply.
func (s *Session) RedoLabel() string { return s.hist.RedoLabel() }

// Undo reverts the last step.
func (s *Session) Undo() bool {
	if !s.hist.Undo(&s.doc.Value) {
		return false
	}
	s.changed()
	return true
}

// Redo applies the last undone step again.
func (s *Session) Redo() bool {
	if !s.hist.Redo(&s.doc.Value) {
		return false
	}
	s.changed()
	return true
}

// Save writes the document to its path in its format (atomically). An
// imported document that was not saved yet is not written over a file
// already at the path suggested for it.
func (s *Session) Save() error {
	if s.Path == "" {
		return fmt.Errorf("the document has no file name yet: use Save As")
	}
	if s.imported && stampOf(s.Path).exists {
		return fmt.Errorf("%s exists and was not read from %s: choose another name with File ▸ Save As", s.Path, filepath.Base(s.doc.Path))
	}
	return s.SaveAs(s.Path, s.Format)
}

// NeedsName reports whether saving must first ask for a file name: the
// document is new, or imported from a game's file and not saved yet.
func (s *Session) NeedsName() bool { return s.Path == "" || s.imported }

// Imported reports whether the document is a game's own file opened in
// the studio and not yet saved as YAML.
func (s *Session) Imported() bool { return s.imported }

// SuggestedPath is the file Save As offers: the document's own, or for an
// imported document a name beside its game's file that no file has yet
// (sanguo.yaml, else sanguo-2.yaml, …).
func (s *Session) SuggestedPath() string {
	if !s.imported {
		return s.Path
	}
	return freePath(s.Path)
}

// freePath returns path, or when a file is there the first of
// NAME-2.EXT, NAME-3.EXT, … that is free.
func freePath(path string) string {
	if !stampOf(path).exists {
		return path
	}
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	for n := 2; ; n++ {
		if p := fmt.Sprintf("%s-%d%s", base, n, ext); !stampOf(p).exists {
			return p
		}
	}
}

// SaveAs writes the document to path in format f and makes that its
// file. The file is read back for the positions of its problems.
func (s *Session) SaveAs(path string, f formats.Format) error {
	if _, err := formats.Write(path, s.doc, f); err != nil {
		return err
	}
	pathChanged := path != s.Path || s.imported
	s.Path, s.Format = path, f
	s.imported = false
	s.doc.Path, s.doc.Format = path, f
	s.saved = s.hist.State()
	s.rememberDisk()
	s.readBack()
	if pathChanged {
		s.notify(PathChanged)
	}
	s.setDirty(false)
	s.Revalidate()
	return nil
}

// readBack reads the saved file for the positions of the problems in it
// (the one parse of a save, as opening a file is one parse); when it
// does not read, what reading it says is the problem.
func (s *Session) readBack() {
	s.readProblems = nil
	fresh, err := formats.Read(s.Path, formats.Options{From: s.Format, Rules: s.doc.Rules, RulesPath: s.doc.RulesFile})
	if err != nil {
		s.readProblems = diag.AsList(err, s.Path)
		s.doc.Source = nil
	} else {
		s.doc.Source = fresh.Source
	}
	s.sourced = s.hist.State()
}

// Export writes the document in a game's own form at path, without
// changing the session's file.
func (s *Session) Export(path string) ([]string, error) {
	target, err := formats.TargetFormat(s.doc, path, "")
	if err != nil {
		return nil, err
	}
	return formats.Write(path, s.doc, target)
}

// Revalidate checks the document off the UI thread and publishes the
// result; a check requested while one runs is run once more afterwards.
// The checks run on the model: positions (and the notes of a legacy
// file) come from the file the document was read from or saved to, as
// long as the model is in the state that file holds; after an edit the
// problems name their items only, until the document is saved.
func (s *Session) Revalidate() {
	if s.checking {
		s.again = true
		return
	}
	s.checking = true
	doc := *s.doc
	doc.Value = history.CloneFull(s.doc.Value)
	inFile := s.hist.State() == s.sourced
	if !inFile {
		doc.Source = nil
	}
	path, readProblems := "", s.readProblems
	if s.Format == formats.YAML {
		path = s.Path
	}
	rev := s.revision
	s.runAsync(func() {
		var problems diag.List
		if inFile && readProblems != nil {
			problems = readProblems
		} else {
			problems = s.check(&doc, path)
		}
		s.post(func() {
			s.checking = false
			if rev == s.revision {
				s.problems = problems
				s.notify(ProblemsChanged)
			}
			if s.again || rev != s.revision {
				s.again = false
				s.Revalidate()
			}
		})
	})
}

// CheckNow checks the document as it is now, on the calling goroutine
// (Revalidate does it in the background): what the Problems panel shows
// once that check is done.
func (s *Session) CheckNow() diag.List {
	if s.hist.State() == s.sourced && s.readProblems != nil {
		return s.readProblems
	}
	doc := *s.doc
	if s.hist.State() != s.sourced {
		doc.Source = nil
	}
	path := ""
	if s.Format == formats.YAML {
		path = s.Path
	}
	return s.check(&doc, path)
}

// check validates doc, which is saved (or is to be saved) as YAML at path
// ("" for none): when a file it names would not read (an ftbt level's
// rules), that is the problem, as `shapan check` reports it; else the
// validator's problems.
func (s *Session) check(doc *formats.Document, path string) diag.List {
	if path != "" {
		if err := s.named.check(doc, path); err != nil {
			return diag.AsList(err, path)
		}
	}
	return validate.Check(doc)
}

// namedFiles remembers what reading the files a document names gave, as
// long as they do not change on disk, so that they are not read again
// at every edit.
type namedFiles struct {
	mu  sync.Mutex
	key string
	err error
}

func (n *namedFiles) check(doc *formats.Document, path string) error {
	files := formats.NamedFiles(doc, path)
	if len(files) == 0 {
		return nil
	}
	key := path
	for _, f := range files {
		key += "\x00" + f
		if fi, err := os.Stat(f); err == nil {
			key += fmt.Sprintf("\x00%d\x00%d", fi.Size(), fi.ModTime().UnixNano())
		}
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if key != n.key {
		n.key, n.err = key, formats.CheckNamedFiles(doc, path)
	}
	return n.err
}
