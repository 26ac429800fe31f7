package editor

import (
	"fmt"

	"github.com/shapan/shapan/editor/autosave"
	"github.com/shapan/shapan/formats"
)

// watchAutosave keeps s in the autosave folder a while after each change
// of its model (nothing when autosave is off).
func (st *Studio) watchAutosave(s *Session) {
	if st.autosave == nil {
		return
	}
	s.Listen(func(c Change) {
		if c == ModelChanged {
			st.autosave.Changed(s, func() { st.keepAutosave(s) })
		}
	})
}

// keepAutosave writes s's autosave entry when it has unsaved changes.
func (st *Studio) keepAutosave(s *Session) error {
	if !s.Dirty() {
		return nil
	}
	return st.autosave.Save(s, autosave.Entry{Doc: s.Document(), Path: s.Path, Title: s.Name(), Imported: s.imported})
}

// AutosaveNow writes the autosave copy of s at once.
func (st *Studio) AutosaveNow(s *Session) error {
	if st.autosave == nil {
		return fmt.Errorf("autosave is off")
	}
	return st.keepAutosave(s)
}

// Restore opens a recovered document as an unsaved tab belonging to its
// original file (an import not saved as YAML yet stays one: its first
// Save asks where to write the YAML document), and removes it from the
// autosave folder.
func (st *Studio) Restore(r autosave.Recovered) (*Session, error) {
	doc, err := r.Read()
	if err != nil {
		return nil, err
	}
	s := NewSession(doc)
	s.Path, s.Format, s.Title = r.Meta.Path, formats.YAML, r.Meta.Title
	if r.Meta.Imported != "" {
		doc.Path = r.Meta.Imported
		s.imported = true
	}
	s.MarkUnsaved()
	autosave.Discard(r)
	st.Add(s)
	return s, nil
}
