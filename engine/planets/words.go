package planets

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/shapan/shapan/engine"
)

// Teller tells a game's events in words, as the studio's play log and
// the server's page show them: "Red sends 30 ships A → B (2 steps)". It
// adds up each round's production, which it tells with the round's end.
type Teller struct {
	// Planets are the planets' tokens, by id; Players the players' names,
	// by index.
	Planets, Players []string
	gains            []int64
}

// Planet names planet id by its token.
func (t *Teller) Planet(id int) string {
	if id >= 0 && id < len(t.Planets) {
		return t.Planets[id]
	}
	return fmt.Sprintf("#%d", id)
}

// Player names player i ("nobody" for Neutral).
func (t *Teller) Player(i int) string {
	if i == Neutral {
		return "nobody"
	}
	if i >= 0 && i < len(t.Players) {
		return t.Players[i]
	}
	return fmt.Sprintf("player %d", i)
}

// NumWords writes a number of ships or a strength: whole numbers without
// a fraction, others with one decimal.
func NumWords(n Num) string {
	v := n.Float()
	if v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

// Ships writes a number of ships: "1 ship", "30 ships".
func Ships(n int64) string { return Count(int(n), "ship") }

// Count writes a count of things: "1 planet", "3 planets".
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// StepWords writes a number of steps.
func StepWords(n Num) string {
	if n.Float() == 1 {
		return "1 step"
	}
	return NumWords(n) + " steps"
}

// Ranking writes a ranking in one line.
func (t *Teller) Ranking(r []Standing) string {
	var parts []string
	for i, s := range r {
		parts = append(parts, fmt.Sprintf("%d. %s — %s, %s ships", i+1, t.Player(s.Player), Count(s.Planets, "planet"), NumWords(s.Units)))
	}
	return strings.Join(parts, "; ")
}

// Describe tells an event in words: "" for a production (told with the
// round's end), engine.RawWords for an event it does not know.
func (t *Teller) Describe(e engine.Event) string {
	switch ev := e.(type) {
	case Join:
		return fmt.Sprintf("%s starts on %s with %s ships", t.Player(ev.Player), t.Planet(ev.Planet), NumWords(ev.Count))
	case Start:
		return "The game starts"
	case Reset:
		return "A new game starts"
	case Alive:
		switch {
		case ev.NoResponse:
			return fmt.Sprintf("%s missed three steps and is out (no-response rule)", t.Player(ev.Player))
		case ev.Alive:
			return fmt.Sprintf("%s is back in the game", t.Player(ev.Player))
		}
		return fmt.Sprintf("%s has no ships left and is out", t.Player(ev.Player))
	case Finish:
		why := fmt.Sprintf("only %s has ships left", t.Player(ev.Winner))
		if ev.RoundLimit {
			why = fmt.Sprintf("the round limit is passed (round %d)", ev.Round)
		}
		return fmt.Sprintf("Game over: %s. %s wins. Ranking: %s", why, t.Player(ev.Winner), t.Ranking(ev.Ranking))
	case Launch:
		line := fmt.Sprintf("%s sends %s %s → %s (%s)", t.Player(ev.Player), Ships(ev.Count), t.Planet(ev.From), t.Planet(ev.To), StepWords(ev.Steps))
		if ev.Emptied {
			line += ", leaving " + t.Planet(ev.From) + " empty and neutral"
		}
		return line
	case Skip:
		return fmt.Sprintf("%s's move of %s %s → %s is dropped: %s has only %s", t.Player(ev.Player), Ships(ev.Count),
			t.Planet(ev.From), t.Planet(ev.To), t.Planet(ev.From), NumWords(ev.Garrison))
	case TacticUsed:
		line := fmt.Sprintf("%s uses the %s on %s", t.Player(ev.Player), ev.Type, t.Planet(ev.Planet))
		if ev.Before.Owner != Neutral {
			line += fmt.Sprintf(": %s loses it and %s ships", t.Player(ev.Before.Owner), NumWords(ev.Before.Count))
		}
		return line
	case Lost:
		return fmt.Sprintf("%s of %s on the route %s → %s are lost (the route has no whole number of steps)",
			Ships(ev.Fleet.Count), t.Player(ev.Fleet.Player), t.Planet(ev.Fleet.From), t.Planet(ev.Fleet.To))
	case Battle:
		return t.battle(ev)
	case Production:
		return t.production(ev)
	case RoundEnd:
		return t.roundEnd(ev)
	}
	return engine.RawWords(e)
}

// battle tells a battle: the outcome first, then the strengths (the
// defender's garrison weighted by the planet's def).
func (t *Teller) battle(ev Battle) string {
	p := t.Planet(ev.Planet)
	var sides []string
	for _, s := range ev.Sides {
		side := t.Player(s.Player) + " " + NumWords(s.Value)
		if s.Player == ev.Before.Owner {
			side += " defending"
		}
		sides = append(sides, side)
	}
	strengths := " (" + strings.Join(sides, " against ") + ")"
	left := NumWords(ev.After.Count)
	winner := t.Player(ev.Winner)
	switch ev.Outcome {
	case OutcomeReinforce:
		return fmt.Sprintf("%s reinforces %s: %s ships there", winner, p, left)
	case OutcomeOccupy:
		if len(ev.Sides) == 1 {
			return fmt.Sprintf("%s occupies %s with %s ships", winner, p, left)
		}
		return fmt.Sprintf("Battle at %s: %s occupies it, %s left%s", p, winner, left, strengths)
	case OutcomeDefend:
		return fmt.Sprintf("Battle at %s: %s holds it, %s left%s", p, winner, left, strengths)
	case OutcomeCapture:
		return fmt.Sprintf("Battle at %s: %s captures it from %s, %s left%s", p, winner, t.Player(ev.Before.Owner), left, strengths)
	case OutcomeTie:
		return fmt.Sprintf("Battle at %s: a tie, every ship is lost; %s goes to %s with none%s", p, p, t.Player(ev.After.Owner), strengths)
	}
	return fmt.Sprintf("Battle at %s: %s%s", p, ev.Outcome, strengths)
}

// production adds a planet's production to its owner's gains of the
// round; it tells only a planet that became neutral.
func (t *Teller) production(ev Production) string {
	if ev.After.Owner == Neutral {
		return fmt.Sprintf("%s has no ships left and becomes neutral", t.Planet(ev.Planet))
	}
	if o := ev.After.Owner; o >= 0 && ev.Before.Owner == o {
		for len(t.gains) <= o {
			t.gains = append(t.gains, 0)
		}
		t.gains[o] += ev.After.Count.Int64() - ev.Before.Count.Int64()
	}
	return ""
}

// roundEnd tells the end of a round with what each player produced in it.
func (t *Teller) roundEnd(ev RoundEnd) string {
	var made []string
	for i, g := range t.gains {
		if g != 0 {
			made = append(made, fmt.Sprintf("%s %+d", t.Player(i), g))
		}
	}
	clear(t.gains)
	line := fmt.Sprintf("Round %d over", ev.Round)
	if len(made) > 0 {
		line += " · produced " + strings.Join(made, ", ")
	}
	return line
}
