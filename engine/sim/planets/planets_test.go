package planets

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/engine/sim/simtest"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/planets"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/longtest"
)

// TestPlanetsSameSeedSameReport: the JSON report of a Planet-Conquer map
// is the same bytes with 1 and 4 workers, on the sample 九州 and the
// original game's fight_here.yml; another seed gives another report; and
// the facts add up.
func TestPlanetsSameSeedSameReport(t *testing.T) {
	for _, name := range []string{"九州", "fight_here"} {
		t.Run(name, func(t *testing.T) {
			f := planetsFamilies[name](t)
			n := longtest.Sized(16, 6, 16) // under -race 6 games: battles and captures, planets held apart from the win rates
			one := simtest.ReportJSON(t, f, sim.Options{Games: n, Seed: 7, Jobs: 1})
			if four := simtest.ReportJSON(t, f, sim.Options{Games: n, Seed: 7, Jobs: 4}); !bytes.Equal(four, one) {
				t.Fatalf("jobs 4 gives another report than jobs 1:\n%s\n---\n%s", four, one)
			}
			var r sim.Report
			if err := json.Unmarshal(one, &r); err != nil {
				t.Fatal(err)
			}
			if r.Family != "planets" || r.Games != n || r.Failed != 0 || r.Facts.Section.(*PlanetsFacts) == nil {
				t.Fatalf("unexpected report:\n%s", one)
			}
			checkPlanetsFacts(t, &r, f.(*Planets))
			if other := simtest.ReportJSON(t, f, sim.Options{Games: n, Seed: 8, Jobs: 2}); bytes.Equal(other, one) {
				t.Fatal("seeds 7 and 8 give the same report")
			}
		})
	}
}

// checkPlanetsFacts checks the planets facts of a report against each
// other, against the general counts and against the map.
func checkPlanetsFacts(t *testing.T, r *sim.Report, p *Planets) {
	t.Helper()
	pf, m, n := r.Facts.Section.(*PlanetsFacts), p.m, r.Games
	if len(pf.Starts) != len(m.Starts) || len(pf.Planets) != len(m.Planets) || len(r.Sides) != len(m.Starts) || pf.Players < 2 {
		t.Fatalf("facts %+v", pf)
	}
	if pf.Players == len(m.Starts) && pf.Orders != factorial(pf.Players) {
		t.Errorf("%d orders of %d players on their starts", pf.Orders, pf.Players)
	}
	wins := 0
	for _, s := range r.Sides {
		wins += s.Wins.Count
	}
	if wins != n || r.Draws.Count != 0 {
		t.Errorf("%d wins and %d draws in %d games (planets has no draws)", wins, r.Draws.Count, n)
	}
	if r.Length.Max > pf.RoundCap {
		t.Errorf("a game of %d rounds with the round cap %d", r.Length.Max, pf.RoundCap)
	}
	played := 0
	for k, s := range pf.Starts {
		if s.Planet != m.Starts[k].Key() || s.Games > n || s.Eliminated > s.Games || s.MeanHeld < 0 || s.MeanHeld > float64(len(m.Planets)) {
			t.Errorf("start %d: %+v", k, s)
		}
		if r.Sides[k].Wins.Count > s.Games {
			t.Errorf("start %d won %d of the %d games it took part in", k, r.Sides[k].Wins.Count, s.Games)
		}
		played += s.Games
	}
	if played != n*pf.Players {
		t.Errorf("the starts took part %d times in %d games of %d players", played, n, pf.Players)
	}
	battles, captures, changes := 0, 0, 0
	differ := false
	for i, pl := range pf.Planets {
		if pl.Name != m.Planets[i].Name() || len(pl.Held) != len(pf.Starts) || len(pl.First) != len(pf.Starts) {
			t.Errorf("planet %d: %+v", i, pl)
		}
		share, games := pl.Free, pl.Never
		for s, h := range pl.Held {
			share += h
			games += pl.First[s]
			if math.Abs(h-float64(r.Sides[s].Wins.Count)/float64(n)) > 0.05 {
				differ = true
			}
		}
		if math.Abs(share-1) > 1e-3 || games != n {
			t.Errorf("planet %s: held %v + nobody %v make %v of the rounds; first held in %d games of %d", pl.Name, pl.Held, pl.Free, share, games, n)
		}
		if pl.Captures > pl.Battles || pl.Captures > pl.Changes {
			t.Errorf("planet %s: %d captures, %d battles, %d changes of owner", pl.Name, pl.Captures, pl.Battles, pl.Changes)
		}
		battles += pl.Battles
		captures += pl.Captures
		changes += pl.Changes
	}
	// A start planet is its player's from the first round.
	for k, id := range p.starts {
		pl := pf.Planets[p.byID[id]]
		if pl.First[k] != pf.Starts[k].Games || pl.FirstRound != 0 {
			t.Errorf("start planet %s was first held by its start's player in %d of its %d games, in round %v", pl.Name, pl.First[k], pf.Starts[k].Games, pl.FirstRound)
		}
	}
	if !differ {
		t.Error("every planet's facts equal the win rates")
	}
	if battles != pf.Battles || captures != pf.Captures || changes != pf.Changes || battles == 0 || captures == 0 {
		t.Errorf("totals: battles %d/%d, captures %d/%d, changes %d/%d", battles, pf.Battles, captures, pf.Captures, changes, pf.Changes)
	}
	pos := m.Positions()
	for _, pl := range pf.Planets {
		if at, ok := pos[pl.Name]; ok && (at.X != pl.X || at.Y != pl.Y) {
			t.Errorf("planet %s at (%d, %d), on the grid at %v", pl.Name, pl.X, pl.Y, at)
		}
	}
}

func factorial(n int) int {
	if n <= 1 {
		return 1
	}
	return n * factorial(n-1)
}

// TestPlanetsStartSlots: a player's side is the slot of its start planet
// in map order, a planet named twice filling its slots in turn.
func TestPlanetsStartSlots(t *testing.T) {
	p := &Planets{starts: []int{4, 7, 4, 9}}
	if got := p.slots([]int{9, 4, 7, 4}); !slices.Equal(got, []int{3, 0, 1, 2}) {
		t.Errorf("slots %v", got)
	}
	if got := p.slots([]int{4, 4, 4}); !slices.Equal(got, []int{0, 2, -1}) {
		t.Errorf("slots of a planet named twice, asked three times: %v", got)
	}
}

// TestPlanetsRoundCap: games stopped at a low round cap are capped, last
// the cap's rounds and are won by the leader.
func TestPlanetsRoundCap(t *testing.T) {
	f := docFamily(t, simtest.SampleDoc(t, simtest.Jiuzhou), 30)
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 4, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Capped.Count != 4 || r.Length.Min != 30 || r.Length.Max != 30 || r.Facts.Section.(*PlanetsFacts).RoundCap != 30 || r.Facts.Section.(*PlanetsFacts).RoundLimit != 600 {
		t.Fatalf("capped %d, lengths %d…%d, facts %+v", r.Capped.Count, r.Length.Min, r.Length.Max, r.Facts.Section.(*PlanetsFacts))
	}
	if _, err := New(simtest.SampleDoc(t, simtest.Jiuzhou).Value.(*planetsfmt.Map), Options{RoundCap: -1}); err == nil {
		t.Error("a negative round cap was accepted")
	}
}

// TestPlanetsText: the text report names the starts and the planets.
func TestPlanetsText(t *testing.T) {
	f := planetsFamilies["九州"](t)
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"planets simulation", "start 1 (A)", "start 4 (D)", "Start planets (4 players a game; round cap 1000, the map's round limit 600)",
		"24 orders", "planets held mean", "eliminated", "Planets (share of all the rounds", "nobody", "captures", "\n  X "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestPlanetsPlaysACopy: editing the map after the adapter was made does
// not change its games.
func TestPlanetsPlaysACopy(t *testing.T) {
	doc := simtest.SampleDoc(t, simtest.Jiuzhou)
	f := docFamily(t, doc, 40).(*Planets)
	before := simtest.ReportJSON(t, f, sim.Options{Games: 2, Seed: 3})
	m := doc.Value.(*planetsfmt.Map)
	m.Planets[0].Max = planetsfmt.Value{}
	m.Routes = m.Routes[:1]
	if after := simtest.ReportJSON(t, f, sim.Options{Games: 2, Seed: 3}); !bytes.Equal(before, after) {
		t.Fatal("editing the document changed the adapter's games")
	}
}

// TestPlanetsEventCounting: a reinforcement is no battle, an occupied
// neutral planet changes hands without a capture, a planet taken from a
// player is a battle, a capture and a change, one falling neutral a
// change.
func TestPlanetsEventCounting(t *testing.T) {
	g := &planetsGame{}
	g.start(planets.View{Holds: []planets.Hold{{Owner: 1}, {Owner: planets.Neutral}, {Owner: 0}}}, []int{0, 1, 2}, 3)
	hold := func(owner int) planets.Hold { return planets.Hold{Owner: owner, Count: planets.Int(5)} }
	side := func(p int) planets.Pair { return planets.Pair{Player: p, Value: planets.Int(5)} }
	for _, e := range []engine.Event{
		planets.Battle{Planet: 0, Before: hold(1), Sides: []planets.Pair{side(1)}, Outcome: planets.OutcomeReinforce, After: hold(1)},
		planets.Battle{Planet: 1, Before: hold(planets.Neutral), Sides: []planets.Pair{side(0)}, Outcome: planets.OutcomeOccupy, After: hold(0)},
		planets.Battle{Planet: 1, Before: hold(0), Sides: []planets.Pair{side(0), side(2)}, Outcome: planets.OutcomeCapture, After: hold(2)},
		planets.Battle{Planet: 2, Before: hold(0), Sides: []planets.Pair{side(0), side(1)}, Outcome: planets.OutcomeDefend, After: hold(0)},
		planets.Production{Planet: 2, Before: hold(0), After: hold(planets.Neutral)},
		planets.Battle{Planet: 7, Before: hold(0), Sides: []planets.Pair{side(0), side(1)}, After: hold(1)}, // no such planet
	} {
		g.event(e)
	}
	if !slices.Equal(g.battles, []int{0, 1, 1}) || !slices.Equal(g.captures, []int{0, 1, 0}) || !slices.Equal(g.changes, []int{0, 2, 1}) {
		t.Errorf("battles %v, captures %v, changes %v", g.battles, g.captures, g.changes)
	}
}

// TestPlanetsGamesVary: the seeded computer players make the games of a
// simulation differ as games between players do, not only in who starts
// where. With a deterministic player, games of four players on a map of
// four start planets end in at most 4! = 24 different ways (winner,
// length); 40 games of 九州 and of fight_here.yml must end in more. And a
// game of a report plays again, as `shapan play --seed S --turns CAP`
// plays it: the same setup with planets.SeededSeats(S) in the seats.
func TestPlanetsGamesVary(t *testing.T) {
	for _, name := range []string{"九州", "fight_here"} {
		t.Run(name, func(t *testing.T) {
			p := planetsFamilies[name](t).(*Planets)
			n := longtest.Sized(40, 30, 40) // under -race 30: more outcomes than orders still
			type outcome struct{ winner, turns int }
			seen := map[outcome]bool{}
			lengths := map[int]bool{}
			for i := range n {
				r, err := p.Play(context.Background(), i, sim.GameSeed(7, i))
				if err != nil {
					t.Fatal(err)
				}
				seen[outcome{r.Winner, r.Turns}] = true
				lengths[r.Turns] = true
			}
			orders := orders(len(p.starts), p.players)
			t.Logf("%d games: %d different (winner, length) outcomes, %d different lengths; %d orders of the players on the starts",
				n, len(seen), len(lengths), orders)
			if len(seen) <= orders {
				t.Errorf("%d games end in only %d different ways (winner, length), no more than the %d orders", n, len(seen), orders)
			}

			seed := sim.GameSeed(7, 5)
			want, err := p.Play(context.Background(), 5, seed)
			if err != nil {
				t.Fatal(err)
			}
			setup := p.setup(seed)
			got, err := planets.PlayGame(setup, planets.SeededSeats(seed, p.players), 0)
			if err != nil {
				t.Fatal(err)
			}
			g, err := planets.New(setup, planets.Options{})
			if err != nil {
				t.Fatal(err)
			}
			slot := p.slots(g.Starts()[:g.NumPlayers()])
			g.Close()
			if int(got.Rounds) != want.Turns || slot[got.Winner] != want.Winner {
				t.Errorf("seed %d: the report's game was won by start %d after %d rounds, played again by start %d after %d",
					seed, want.Winner, want.Turns, slot[got.Winner], got.Rounds)
			}
		})
	}
}

// TestPlanetsHeldAndFirstHeld follows two games of a map of three planets
// event by event: the facts of every planet are the shares of the rounds
// its holders held it and who held it first, when, computed from the
// games (the winner, who holds everything at the end, says nothing of
// that).
func TestPlanetsHeldAndFirstHeld(t *testing.T) {
	m, _, err := planetsfmt.ReadLegacy("three.yml", []byte("max_round: 50\nmax_player: 2\nstarts: [A, B]\nmap: |\n  A.C.B\nplanets:\n  A: {def: 1, res: 1, cos: 1, max: 10}\n  B: {def: 1, res: 1, cos: 1, max: 10}\n  C: {def: 1, res: 1, cos: 1, max: 10}\nroutes:\n  - [A, C, 1]\n  - [C, B, 1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	hold := func(owner int) planets.Hold { return planets.Hold{Owner: owner, Count: planets.Int(5)} }
	side := func(pl int) planets.Pair { return planets.Pair{Player: pl, Value: planets.Int(5)} }
	const a, b, c = 0, 1, 2 // planet ids (the map's order)
	play := func(slot []int, events ...engine.Event) sim.GameResult {
		g := &planetsGame{}
		holds := []planets.Hold{hold(planets.Neutral), hold(planets.Neutral), hold(planets.Neutral)}
		for pl, s := range slot {
			holds[p.starts[s]] = hold(pl)
		}
		g.start(planets.View{Holds: holds}, slot, 2)
		for _, e := range events {
			g.event(e)
		}
		end := planets.View{Holds: holds, Players: []planets.PlayerView{{}, {}}}
		for i, o := range g.owner {
			end.Holds[i] = hold(planets.Neutral)
			for pl, s := range slot {
				if s == o {
					end.Holds[i] = hold(pl)
				}
			}
		}
		g.end(end, 2)
		return sim.GameResult{Facts: g}
	}
	round := func(r int64) engine.Event { return planets.RoundEnd{Round: r} }
	take := func(planet, from, to int) engine.Event {
		return planets.Battle{Planet: planet, Before: hold(from), Sides: []planets.Pair{side(to)}, After: hold(to)}
	}
	games := []sim.GameResult{
		// Player 0 on A: takes C in round 1, B in round 3; 4 rounds.
		play([]int{0, 1}, round(1), take(c, planets.Neutral, 0), round(2), round(3), take(b, 1, 0), round(4)),
		// Player 0 on B: player 1 (on A) takes C in round 2; 2 rounds.
		play([]int{1, 0}, round(1), round(2), take(c, planets.Neutral, 1), round(3)),
	}
	f := p.Facts(games).Section.(*PlanetsFacts)
	want := map[string]PlanetFacts{
		// A: start 1's from the beginning, whoever plays there.
		"A": {Held: []float64{1, 0}, First: []int{2, 0}},
		// B: start 2's in game 1 for 3 rounds, then start 1's; in game 2 start 2's for 3.
		"B": {Held: []float64{sim.Round4(1.0 / 7), sim.Round4(6.0 / 7)}, First: []int{0, 2}},
		// C: game 1 start 1 from round 1 (3 rounds held); game 2 start 1 from round 2 (1 round).
		"C": {Held: []float64{sim.Round4(4.0 / 7), 0}, Free: sim.Round4(3.0 / 7), First: []int{2, 0}, FirstRound: 1.5},
	}
	for _, pl := range f.Planets {
		w := want[pl.Name]
		if !slices.Equal(pl.Held, w.Held) || pl.Free != w.Free || !slices.Equal(pl.First, w.First) || pl.Never != 0 || pl.FirstRound != w.FirstRound {
			t.Errorf("planet %s: held %v, nobody %v, first %v (never %d) in round %v; want held %v, nobody %v, first %v in round %v",
				pl.Name, pl.Held, pl.Free, pl.First, pl.Never, pl.FirstRound, w.Held, w.Free, w.First, w.FirstRound)
		}
	}
}

// TestPlanetsOwnersFollowTheGame: the owner of every planet that the
// report follows from a game's events is, at the end of every game, the
// owner the game's own view shows — whatever changed hands, by a battle,
// a production or a terminator — and some game of each map made a planet
// neutral with the terminator, so the case is covered.
func TestPlanetsOwnersFollowTheGame(t *testing.T) {
	for _, name := range []string{"九州", "fight_here"} {
		t.Run(name, func(t *testing.T) {
			p := planetsFamilies[name](t).(*Planets)
			terminated := 0
			for i := range longtest.Sized(12, 6, 12) { // under -race 6: a terminator among them still
				seed := sim.GameSeed(3, i)
				res, err := p.Play(context.Background(), i, seed)
				if err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				rec := res.Facts.(*planetsGame)
				if !slices.Equal(rec.owner, rec.owners) {
					t.Fatalf("game %d (seed %d): the owners followed from the events are %v, the game ends with %v", i, seed, rec.owner, rec.owners)
				}
				terminated += rec.terminated
			}
			if terminated == 0 {
				t.Fatal("no game used the terminator on a held planet: the case is not covered")
			}
		})
	}
}
