package planets

import (
	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/engine/sim"
	planetsfmt "github.com/shapan/shapan/formats/planets"
)

func init() {
	sim.RegisterFacts(planets.Family, func() sim.FactsSection { return new(PlanetsFacts) })
}

// PlanetsFacts are the facts of Planet-Conquer simulations: how many
// planets every start ends with, and which planets are fought over and
// change hands.
type PlanetsFacts struct {
	// RoundCap is the round after which a game still running is stopped
	// and ranked as it stands (most planets, then most units); RoundLimit
	// is the map's own max_round, which ends a game by the rules.
	RoundCap   int   `json:"round_cap"`
	RoundLimit int64 `json:"round_limit"`
	// Players is the number of players of every game; Orders the number
	// of different ways they can be placed on the start planets. Games
	// differ in that and in how the seeded computer players play.
	Players int `json:"players"`
	Orders  int `json:"orders"`
	// Battles, Captures and Changes are the totals of the planets'.
	Battles  int `json:"battles"`
	Captures int `json:"captures"`
	Changes  int `json:"changes"`
	// Starts are the report's sides: the start planets in map order.
	Starts []PlanetsStartFacts `json:"starts"`
	// Planets are the map's planets, in map order.
	Planets []PlanetFacts `json:"planets"`

	m *planetsfmt.Map // for charts: the map played
}

// Map returns the map the games were played on (nil for facts that were
// not made by an adapter, e.g. read from JSON); charts draw the heat map
// over it. It must not be changed.
func (f *PlanetsFacts) Map() *planetsfmt.Map { return f.m }

// PlanetsStartFacts are the facts of the players who began on one start
// planet.
type PlanetsStartFacts struct {
	Name   string `json:"name"`
	Planet string `json:"planet"`
	// Games counts the games a player began there (all of them unless
	// the map has more start planets than players).
	Games int `json:"games"`
	// MeanHeld is the mean number of planets held at the end of those
	// games; Eliminated counts those in which the player ended with no
	// planet and no units.
	MeanHeld   float64 `json:"mean_held"`
	Eliminated int     `json:"eliminated"`
}

// PlanetFacts are one planet's facts over the games: who held it while
// the games were played, who took it first and when, and the fights on
// it. (Who held it at the end says little: the winner of a finished game
// holds every planet.)
type PlanetFacts struct {
	Name string `json:"name"`
	// X and Y are the planet's cell on the map's grid (-1 when it is not
	// placed).
	X int `json:"x"`
	Y int `json:"y"`
	// Held is, per start (the report's sides), the share of all the
	// rounds played in which its player held the planet; Free the share
	// in which nobody did.
	Held []float64 `json:"held"`
	Free float64   `json:"free"`
	// First counts, per start, the games in which its player was the
	// first to hold the planet (a start planet is its player's from the
	// beginning); Never the games in which nobody ever held it.
	// FirstRound is the mean round it was first held, over the games in
	// which it was.
	First      []int   `json:"first"`
	Never      int     `json:"never"`
	FirstRound float64 `json:"first_round"`
	// Battles counts the fights on the planet (two sides or more),
	// Captures the times it was taken from a player, and Changes every
	// change of owner (taken, occupied when neutral, or fallen neutral).
	Battles  int `json:"battles"`
	Captures int `json:"captures"`
	Changes  int `json:"changes"`
}

// Facts implements Family.
func (p *Planets) Facts(games []sim.GameResult) sim.Facts {
	m := p.m
	limit, _ := m.Get(planetsfmt.MapFields.Field("max_round").Key).Int64()
	out := &PlanetsFacts{RoundCap: p.roundCap, RoundLimit: limit, Players: p.players, Orders: orders(len(p.starts), p.players), m: m}
	for k, side := range p.Sides() {
		out.Starts = append(out.Starts, PlanetsStartFacts{Name: side.Name, Planet: p.names[p.starts[k]]})
	}
	pos := m.Positions()
	for _, pl := range m.Planets {
		f := PlanetFacts{Name: pl.Name(), X: -1, Y: -1, Held: make([]float64, len(p.starts)), First: make([]int, len(p.starts))}
		if at, ok := pos[pl.Token.Key()]; ok {
			f.X, f.Y = at.X, at.Y
		}
		out.Planets = append(out.Planets, f)
	}
	held := make([]int, len(p.starts))
	heldRounds := make([][]int, len(out.Planets))
	for i := range heldRounds {
		heldRounds[i] = make([]int, len(p.starts))
	}
	firstRounds := make([]int64, len(out.Planets))
	rounds := 0
	for _, g := range games {
		rec := g.Facts.(*planetsGame)
		for s := range out.Starts {
			if rec.played[s] {
				out.Starts[s].Games++
				held[s] += rec.held[s]
				if rec.eliminated[s] {
					out.Starts[s].Eliminated++
				}
			}
		}
		rounds += rec.rounds
		for id := range rec.owners {
			i := p.byID[id]
			f := &out.Planets[i]
			for s, n := range rec.heldRounds[id] {
				heldRounds[i][s] += n
			}
			if o := rec.first[id]; o >= 0 {
				f.First[o]++
				firstRounds[i] += rec.firstRound[id]
			} else {
				f.Never++
			}
			f.Battles += rec.battles[id]
			f.Captures += rec.captures[id]
			f.Changes += rec.changes[id]
		}
	}
	for s := range out.Starts {
		if n := out.Starts[s].Games; n > 0 {
			out.Starts[s].MeanHeld = sim.Round4(float64(held[s]) / float64(n))
		}
	}
	for i := range out.Planets {
		f := &out.Planets[i]
		if rounds > 0 {
			free := rounds
			for s, n := range heldRounds[i] {
				f.Held[s] = sim.Round4(float64(n) / float64(rounds))
				free -= n
			}
			f.Free = sim.Round4(float64(free) / float64(rounds))
		}
		if taken := len(games) - f.Never; taken > 0 {
			f.FirstRound = sim.Round4(float64(firstRounds[i]) / float64(taken))
		}
		out.Battles += f.Battles
		out.Captures += f.Captures
		out.Changes += f.Changes
	}
	return sim.Facts{Family: planets.Family, Section: out}
}

// orders returns the number of ways of placing k players on n start
// planets, n!/(n-k)! (at most a billion, beyond which the count says
// nothing more).
func orders(n, k int) int {
	out := 1
	for i := 0; i < k && out < 1e9; i++ {
		out *= n - i
	}
	return min(out, 1e9)
}
