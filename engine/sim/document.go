package sim

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// DocOptions are the settings ForDocument makes a family's adapter with.
type DocOptions struct {
	// TurnCap is the turn (or round) cap of every game (0: the family's
	// default: DefaultTurnCap for mbg, DefaultFTBTTurnCap for ftbt,
	// DefaultPlanetsRoundCap for planets).
	TurnCap int
}

// ForDocument returns the simulation adapter of an open document: the
// command line's `shapan sim` and the studio's balance view both use it,
// so they play the same games. An mbg scenario, an ftbt level read with
// its rules and a Planet-Conquer map can be simulated. The ftbt and
// planets adapters copy the document's scenario; the mbg adapter uses it
// as it is, and it must not change while games are played.
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
	case ftbtfmt.KindLevel:
		setup, err := ftbt.DocumentSetup(doc)
		if err != nil {
			return nil, err
		}
		return NewFTBT(setup.Level, setup.Rules, FTBTOptions{TurnCap: o.TurnCap})
	case ftbtfmt.KindRules:
		return nil, errors.New("ftbt rules cannot be simulated on their own: simulate a level played with them")
	case planetsfmt.Kind:
		m, ok := doc.Value.(*planetsfmt.Map)
		if !ok {
			return nil, errors.New("not a Planet-Conquer map")
		}
		return NewPlanets(m, PlanetsOptions{RoundCap: o.TurnCap})
	}
	return nil, fmt.Errorf("a %s document cannot be simulated", doc.Kind)
}
