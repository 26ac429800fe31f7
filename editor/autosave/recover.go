package autosave

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/shapan/shapan/formats"
)

// Recovered is an unsaved document found in the autosave folder.
type Recovered struct {
	Meta Meta
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

// Recoverable lists the documents left in the autosave folder dir by a
// run that did not close them, the oldest first.
func Recoverable(dir string) []Recovered {
	metas, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var out []Recovered
	for _, m := range metas {
		b, err := os.ReadFile(m)
		if err != nil {
			continue
		}
		var meta Meta
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

// Read reads the recovered document as if it were its original file
// (Meta.Path), so that the rules a level names are found beside that
// file; a level whose rules were in memory only is read with the copy
// kept beside the autosave, and its rules are in memory again (RulesFile
// ""). The entry stays in the folder (Discard removes it).
func (r Recovered) Read() (*formats.Document, error) {
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
	return doc, nil
}

// Discard removes a recovered document from the folder.
func Discard(r Recovered) {
	os.Remove(r.file)
	os.Remove(r.meta)
	if r.Meta.Rules != "" {
		os.Remove(filepath.Join(filepath.Dir(r.file), r.Meta.Rules))
	}
}
