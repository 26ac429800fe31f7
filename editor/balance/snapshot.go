package balance

import (
	"fmt"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats"
)

// snapshot copies a session's document as it is in the editor now,
// unsaved edits included, so that the games never see later edits and the
// editor never sees the games (the mbg adapter plays the document it is
// given). It is written as YAML and read back: a document that cannot
// make that round trip cannot be simulated either.
func snapshot(s *editor.Session) (*formats.Document, error) {
	doc := *s.Document()
	data, err := formats.Encode(&doc, formats.YAML)
	if err != nil {
		return nil, fmt.Errorf("copying %s for the simulation: %w", s.Name(), err)
	}
	fresh, err := formats.ReadBytes(doc.Path, data, formats.Options{From: formats.YAML, RulesPath: doc.RulesFile, Rules: doc.Rules})
	if err != nil {
		return nil, fmt.Errorf("copying %s for the simulation: %w", s.Name(), err)
	}
	fresh.Path, fresh.Rules, fresh.RulesFile = doc.Path, doc.Rules, doc.RulesFile
	if s.Path != "" {
		// The copy is the YAML document the session saves (a proposal's
		// diff is headed by its name, not by the game's file it was
		// imported from).
		fresh.Path, fresh.Format = s.Path, formats.YAML
	}
	return fresh, nil
}
