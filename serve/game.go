package serve

import (
	"fmt"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// The games of the rooms come from the family registry (package family):
// every family whose kind claims Play can be hosted, with its Start,
// Resume, seats, computer player and board view.

// playable returns the family that plays documents of kind.
func playable(kind string) (*family.Family, bool) {
	f, k := family.Of(kind)
	return f, k != nil && k.Play
}

// machine adjusts a room's decision machine: events go to onEvent only.
func machine(onEvent func(engine.Event)) engine.Options {
	return engine.Options{DropEvents: true, OnEvent: onEvent}
}

// startGame begins the game of a document; onSave keeps the games its
// players save (nil: none is kept).
func startGame(doc *formats.Document, seed int64, onEvent func(engine.Event), onSave func(string, []byte) bool) (*family.Game, error) {
	return family.StartGame(doc, family.GameOptions{Seed: seed, Machine: machine(onEvent), SaveFile: onSave})
}

// resumeGame rebuilds the game of a room from its setup; seed seeds its
// computer players as it did when the room was made.
func resumeGame(snap *engine.Snapshot, seed int64, onEvent func(engine.Event), onSave func(string, []byte) bool) (*family.Game, error) {
	if family.ByName(snap.Family) == nil {
		return nil, fmt.Errorf("a game of the unknown family %q", snap.Family)
	}
	return family.ResumeGame(snap, family.GameOptions{Seed: seed, Machine: machine(onEvent), SaveFile: onSave})
}

// board returns what the page draws of a room's game.
func board(f *family.Family, g *family.Game) any {
	if g.View == nil {
		return map[string]any{"family": f.Name}
	}
	return g.View()
}
