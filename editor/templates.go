package editor

import (
	"fmt"
	"io/fs"
	"sort"

	"github.com/shapan/shapan/formats"
)

// template makes a new document of one kind.
type template struct {
	title string // menu title
	make  func() (*formats.Document, error)
}

// templates are the starting points of File ▸ New, by document kind.
var templates = map[string]template{}

// RegisterTemplate adds the starting point of File ▸ New for documents of
// kind: yamlDoc returns the new document as YAML.
func RegisterTemplate(kind, title string, yamlDoc func() ([]byte, error)) {
	templates[kind] = template{title: title, make: func() (*formats.Document, error) {
		src, err := yamlDoc()
		if err != nil {
			return nil, err
		}
		return formats.ReadBytes("new.yaml", src, formats.Options{From: formats.YAML})
	}}
}

// RegisterTemplateFS is RegisterTemplate for a document that names other
// files (an ftbt level names its rules): they are read from fsys,
// relative to name, the document's own path in fsys. The new document
// keeps the names as written (a level saved beside a copy of its rules
// finds them), not the paths in fsys, which are no files on disk.
func RegisterTemplateFS(kind, title string, fsys fs.FS, name string, yamlDoc func() ([]byte, error)) {
	templates[kind] = template{title: title, make: func() (*formats.Document, error) {
		src, err := yamlDoc()
		if err != nil {
			return nil, err
		}
		doc, err := formats.ReadBytes(name, src, formats.Options{From: formats.YAML, FS: fsys})
		if err != nil {
			return nil, err
		}
		doc.RulesFile = ""
		return doc, nil
	}}
}

// TemplateKinds lists the document kinds File ▸ New can start, sorted.
func TemplateKinds() []string {
	kinds := make([]string, 0, len(templates))
	for k := range templates {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return kinds
}

// New opens a new, unsaved document of kind from its template.
func (st *Studio) New(kind string) (*Session, error) {
	t, ok := templates[kind]
	if !ok {
		return nil, fmt.Errorf("%w: %s", errNoTemplate, kind)
	}
	doc, err := t.make()
	if err != nil {
		return nil, fmt.Errorf("the %s template is broken: %w", kind, err)
	}
	n := 1
	for _, o := range st.Sessions() {
		if o.Path == "" {
			n++
		}
	}
	return st.AddNew(doc, fmt.Sprintf("new %s %d", t.title, n)), nil
}

// AddNew shows doc, a document that is in no file yet, in a new tab with
// the given title: unsaved, so that closing it asks and Save asks for a
// file name (Save As).
func (st *Studio) AddNew(doc *formats.Document, title string) *Session {
	doc.Path = ""
	s := NewSession(doc)
	s.Path, s.Format = "", formats.YAML
	s.Title = title
	s.dirty = true
	return st.Add(s)
}

func init() {
	RegisterTemplate("mbg/scenario", "mbg scenario", func() ([]byte, error) {
		return []byte(`kind: mbg/scenario
version: 1
win_money: 30000
grid_size: {nx: 5, ny: 5}
board:
  - {type: city, city: 城一}
  - {type: saloon}
  - {type: city, city: 城二}
  - {type: chance}
  - {type: city, city: 城三}
  - {type: institute, institute: 研究所}
  - {type: city, city: 城四}
  - {type: training_room, training_room: 修炼所}
  - {type: city, city: 城五}
  - {type: saloon}
  - {type: city, city: 城六}
  - {type: chance}
  - {type: city, city: 城七}
  - {type: empty}
  - {type: city, city: 城八}
  - {type: chance}
officers:
  - {name: 武将一, wu: 80, zhan: 70, mou: 50, zheng: 40, jing: 40}
  - {name: 武将二, wu: 70, zhan: 80, mou: 50, zheng: 40, jing: 40}
  - {name: 谋士一, wu: 30, zhan: 60, mou: 85, zheng: 70, jing: 60}
  - {name: 谋士二, wu: 30, zhan: 60, mou: 80, zheng: 75, jing: 65}
  - {name: 文官一, wu: 20, zhan: 40, mou: 60, zheng: 80, jing: 85}
  - {name: 文官二, wu: 25, zhan: 45, mou: 55, zheng: 85, jing: 80}
cities:
  - {name: 城一, scope: medium, garrison: []}
  - {name: 城二, scope: small, garrison: []}
  - {name: 城三, scope: small, garrison: []}
  - {name: 城四, scope: large, garrison: []}
  - {name: 城五, scope: medium, garrison: []}
  - {name: 城六, scope: small, garrison: []}
  - {name: 城七, scope: small, garrison: []}
  - {name: 城八, scope: large, garrison: []}
roles:
  - {name: 甲, start: 0, money: 10000, dir: 1, retinue: [武将一, 谋士一]}
  - {name: 乙, start: 8, money: 10000, dir: 1, retinue: [武将二, 谋士二]}
institutes:
  - {name: 研究所, techs: [弓箭, 医疗, 攻城]}
training_rooms:
  - {name: 修炼所, item: wu}
`), nil
	})
}
