package sim

import (
	"errors"
	"fmt"
	"strings"

	"github.com/shapan/shapan/formats"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// DocOptions are the settings ForDocument makes a family's adapter with.
type DocOptions struct {
	// TurnCap is the turn (or round) cap of every game (0: the family's
	// default).
	TurnCap int
}

// ForDocument returns the simulation adapter of an open document: the
// command line's `shapan sim` and the studio's balance view both use it,
// so they play the same games.
func ForDocument(doc *formats.Document, o DocOptions) (Family, error) {
	if doc == nil {
		return nil, errors.New("sim: no document")
	}
	switch doc.Kind {
	case mbgfmt.KindScenario:
		sc, ok := doc.Value.(*mbgfmt.Scenario)
		if !ok {
			return nil, errors.New("not an mbg scenario")
		}
		return NewMBG(sc, MBGOptions{TurnCap: o.TurnCap})
	case mbgfmt.KindSave:
		return nil, errors.New("a save cannot be simulated: simulate the scenario it was played from")
	}
	switch family, _, _ := strings.Cut(doc.Kind, "/"); family {
	case "ftbt", "planets":
		return nil, fmt.Errorf("simulation of %s scenarios is not available yet", family)
	}
	return nil, fmt.Errorf("a %s document cannot be simulated", doc.Kind)
}
