package editor

import (
	"fmt"

	"github.com/shapan/shapan/family"
	_ "github.com/shapan/shapan/family/all" // every game family
	"github.com/shapan/shapan/formats"
)

// TemplateKinds lists the document kinds File ▸ New can start (those the
// family registry has a template of), sorted.
func TemplateKinds() []string {
	return family.KindsWhere(func(k *family.Kind) bool { return k.Template != nil })
}

// templateTitle names the template of kind in the File ▸ New menu.
func templateTitle(kind string) string {
	_, k := family.Of(kind)
	return k.Template.Title
}

// New opens a new, unsaved document of kind from its template, at the
// template's size.
func (st *Studio) New(kind string) (*Session, error) {
	return st.NewDocument(NewSpec{Kind: kind})
}

// newTemplate reads the template of kind.
func newTemplate(kind string) (*formats.Document, error) {
	if _, k := family.Of(kind); k == nil || k.Template == nil {
		return nil, fmt.Errorf("%w: %s", errNoTemplate, kind)
	}
	return family.NewDocument(kind)
}

// AddNew shows doc, a document that is in no file yet, in a new tab with
// the given title: unsaved, so that closing it asks and Save asks for a
// file name (Save As).
func (st *Studio) AddNew(doc *formats.Document, title string) *Session {
	doc.Path = ""
	s := NewSession(doc)
	s.Path, s.Format = "", formats.YAML
	s.Title = title
	s.MarkUnsaved()
	s.sourced = -1 // no file: its problems have no positions until it is saved
	return st.Add(s)
}
