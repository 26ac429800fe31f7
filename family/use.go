package family

import (
	"errors"
	"fmt"
	"github.com/shapan/shapan/formats/diag"
	"io"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
)

// PlayDocument plays doc computer against computer, as `shapan play`
// does, with the play of its family.
func PlayDocument(doc *formats.Document, o PlayOptions, out io.Writer) error {
	f, err := player(doc.Kind)
	if err != nil {
		return err
	}
	if o.Players != "" && len(f.Play.Players) == 0 {
		return sim.BadPlayers(fmt.Errorf("the players of a %s document cannot be chosen", doc.Kind))
	}
	if o.Board && !f.Play.Board {
		return fmt.Errorf("--board: the board of a %s document is not drawn at the terminal (a battle map's is)", doc.Kind)
	}
	return locate(doc, f.Play.Run(doc, o, out))
}

// StartGame begins a game of doc any player can drive (see Game).
func StartGame(doc *formats.Document, o GameOptions) (*Game, error) {
	f, err := player(doc.Kind)
	if err != nil {
		return nil, err
	}
	g, err := f.Play.Start(doc, o)
	return g, locate(doc, err)
}

// ResumeGame rebuilds a game from its snapshot, with the family the
// snapshot names.
func ResumeGame(snap *engine.Snapshot, o GameOptions) (*Game, error) {
	f := ByName(snap.Family)
	if f == nil || f.Play == nil {
		return nil, fmt.Errorf("family: no family %q plays games", snap.Family)
	}
	return f.Play.Resume(snap, o)
}

func player(kind string) (*Family, error) {
	f, k := Of(kind)
	if k == nil || !k.Play {
		return nil, fmt.Errorf("a %s document cannot be played", kind)
	}
	return f, nil
}

// Simulate returns the simulation adapter of doc, the one `shapan sim`
// and the studio's balance view both use, so that they play the same
// games.
func Simulate(doc *formats.Document, o SimOptions) (sim.Family, error) {
	if doc == nil {
		return nil, fmt.Errorf("family: no document")
	}
	f, k := Of(doc.Kind)
	switch {
	case k == nil || (!k.Sim && k.NoSim == ""):
		return nil, fmt.Errorf("a %s document cannot be simulated", doc.Kind)
	case !k.Sim:
		return nil, fmt.Errorf("%s", k.NoSim)
	case o.Players != "" && len(f.Sim.Players) == 0:
		return nil, sim.BadPlayers(fmt.Errorf("the players of a %s document cannot be chosen", doc.Kind))
	}
	a, err := f.Sim.New(doc, o)
	return a, locate(doc, err)
}

// locate places the problems an engine refuses a document's model for
// (a diag.List by path) in the document's file; other errors pass.
func locate(doc *formats.Document, err error) error {
	var problems diag.List
	if !errors.As(err, &problems) {
		return err
	}
	var loc diag.Locator
	if doc.Source != nil {
		loc = doc.Source
	}
	out := problems.Locate(doc.Path, loc)
	out.Sort()
	return out
}

// DefaultTurnCap returns the turn cap simulations of documents of kind
// use when none is given (0 for a kind that cannot be simulated).
func DefaultTurnCap(kind string) int {
	f, k := Of(kind)
	if k == nil || !k.Sim {
		return 0
	}
	return f.Sim.DefaultTurnCap
}

// NewDocument makes a new document of kind from its template.
func NewDocument(kind string) (*formats.Document, error) {
	_, k := Of(kind)
	if k == nil || k.Template == nil {
		return nil, fmt.Errorf("there is no template of %s documents", kind)
	}
	t := k.Template
	src, err := t.YAML()
	if err != nil {
		return nil, err
	}
	path := "new.yaml"
	if t.FS != nil {
		path = t.Path
	}
	doc, err := formats.ReadBytes(path, src, formats.Options{From: formats.YAML, FS: t.FS})
	if err != nil {
		return nil, fmt.Errorf("the %s template is broken: %w", kind, err)
	}
	if t.FS != nil {
		doc.RulesFile = "" // the files it names are in no folder on disk
	}
	return doc, nil
}

// GoldenFormats lists every family's golden and trace formats.
func GoldenFormats() []Golden {
	var out []Golden
	for _, f := range families {
		out = append(out, f.Golden...)
	}
	return out
}

// ServedProtocol returns the server of the game's own network protocol
// for doc, which `shapan serve` answers beside its rooms, and a line
// saying what it serves; nil when doc's family has none.
func ServedProtocol(doc *formats.Document, o ProtocolOptions) (Protocol, string) {
	f, _ := Of(doc.Kind)
	if f == nil || f.Protocol == nil {
		return nil, ""
	}
	return f.Protocol(doc, o)
}
