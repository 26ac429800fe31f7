// Package restrict is restricted play (Jaffe et al., "Evaluating
// Competitive Game Balance with Restricted Play", AIIDE 2012): a player
// forbidden to use one element of a scenario — an officer, a tech, a
// hero, a planet, a card — plays against unrestricted ones, and how much
// its win rate falls says how much the element matters (a dominant tech
// costs a lot, a useless officer nothing).
//
// A family lists its elements and says, for each, which answers use it
// (a Restriction); Player turns any computer player into the restricted
// one: an answer that uses the element is replaced by the family's
// repair of it (a team with another hero, the same order without the
// fleet to the planet) or, without one, by the first legal answer that
// does not use it.
package restrict

import (
	"fmt"

	"github.com/shapan/shapan/engine"
)

// Element is a piece of a scenario a side can be forbidden to use.
type Element struct {
	// Kind is the element's kind ("tech", "hero", "officer", "planet",
	// "card"), ID its index in the scenario's or the rules' list of its
	// kind, Name how the scenario names it.
	Kind string `json:"kind"`
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// String names the element ("tech 火计").
func (e Element) String() string { return fmt.Sprintf("%s %s", e.Kind, e.Name) }

// Restriction is what forbidding an element means for a family's
// answers.
type Restriction struct {
	Element
	// Uses reports whether answer a to decision d uses the element.
	// It is not part of the restriction's JSON (the Element names it).
	Uses func(d *engine.Decision, a engine.Answer) bool `json:"-"`
	// Repair, when set, returns an answer to d like a that does not use
	// the element (it need not check the answer: Player does).
	Repair func(d *engine.Decision, a engine.Answer) engine.Answer `json:"-"`
}

// Side is a restriction of one side of a game (an index of the
// simulation's sides).
type Side struct {
	Side int
	Restriction
}

// Player returns p restricted by r: it answers as p does, except that an
// answer that uses the element is repaired (a repair that d's Check
// refuses or that still uses the element is not taken), and failing that
// replaced by the first of d's legal answers that does not use it. When every legal answer uses it, p's answer stands: the
// rules leave no choice.
func Player[G any](p engine.Player[G], r Restriction) engine.Player[G] {
	return engine.PlayerFunc[G](func(g G, d *engine.Decision) engine.Answer {
		a := p.Answer(g, d)
		if !r.Uses(d, a) {
			return a
		}
		if r.Repair != nil {
			if b := r.Repair(d, a); b != nil && !r.Uses(d, b) && (d.Check == nil || d.Check(b) == nil) {
				return b
			}
		}
		if l, ok := engine.LegalOf(d); ok {
			for b := range l.All() {
				if !r.Uses(d, b) {
					return b
				}
			}
		}
		return a
	})
}

// SideOf returns the restricted side, -1 for no restriction (s nil).
func (s *Side) SideOf() int {
	if s == nil {
		return -1
	}
	return s.Side
}
