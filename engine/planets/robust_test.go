package planets

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/formats/diag"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/longtest"
)

// TestRandomGamesNeverFail plays many games on every legacy map — random
// players in every seat, the AI against random players, and players that
// give odd (but legal) answers, skip steps under the no-response rule and
// try illegal answers first: no game panics, stalls or gets a legal
// answer refused, illegal answers change nothing, and the state stays
// consistent.
func TestRandomGamesNeverFail(t *testing.T) {
	// under -race a few games a map: the games are played on one
	// goroutine, and the full sample is for the engine's answers
	games := longtest.Sized(100, 8, 100)
	if testing.Short() {
		games = min(games, 20)
	}
	for _, name := range legacyMaps {
		m := legacyMap(t, name)
		t.Run(name, func(t *testing.T) { playMixed(t, m, games) })
	}
}

// TestSampleGamesNeverFail does the same on Shapan's own sample map, which
// has the maintenance fee on.
func TestSampleGamesNeverFail(t *testing.T) {
	playMixed(t, sampleMap(t), longtest.Sized(40, 8, 40))
}

// playMixed plays games on m: random players, the AI and odd players in
// turn in the seats, with and without start shuffling and the
// no-response rule; round cap 400.
func playMixed(t *testing.T, m *pfmt.Map, games int) {
	for i := 0; i < games; i++ {
		setup := Setup{Map: m, Seed: int64(i), Shuffle: i%2 == 0, MaxRounds: 400, NoResponse: i%3 == 0}
		g, err := New(setup, Options{Machine: engine.Options{DropEvents: true}})
		if err != nil {
			t.Fatal(err)
		}
		players := make([]Player, g.NumPlayers())
		for p := range players {
			switch (i + p) % 4 {
			case 0:
				players[p] = NewRandomPlayer(int64(i*10 + p))
			case 3:
				players[p] = legalPlayer(t, int64(i*10+p))
			case 1:
				players[p] = &oddPlayer{t: t, rand: rand.New(rand.NewSource(int64(i*10 + p)))}
			default:
				players[p] = NewAI()
			}
		}
		if _, err := PlayOut(g, players, 20_000); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if !g.Over() || g.Err() != nil {
			t.Fatalf("game %d did not end cleanly: %v", i, g.Err())
		}
		checkInvariants(t, g)
	}
}

// legalPlayer is engine's random player, drawing from the listed legal
// orders, after checking them against the decision's check.
func legalPlayer(t *testing.T, seed int64) Player {
	random := engine.NewRandomPlayer[*Game](seed)
	return engine.PlayerFunc[*Game](func(g *Game, d *engine.Decision) engine.Answer {
		if err := engine.VerifyLegal(d, 32); err != nil {
			t.Fatal(err)
		}
		return random.Answer(g, d)
	})
}

// checkInvariants checks the state between two steps: neutral planets
// have no units, owned ones some, owners and fleets name players.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	st := g.st
	for p, h := range st.holds {
		switch {
		case h.owner == Neutral && !h.count.Same(Int(0)):
			t.Fatalf("round %d: neutral planet %d has %s units", st.round, p, h.count)
		case h.owner != Neutral && (h.owner < 0 || h.owner >= len(st.players) || !h.count.Positive()) && st.status != StatusWaiting:
			t.Fatalf("round %d: planet %d is held by %d with %s units", st.round, p, h.owner, h.count)
		}
	}
	for _, f := range st.fleets {
		if f.count < 1 || f.player < 0 || f.player >= len(st.players) || !f.left.Positive() {
			t.Fatalf("round %d: fleet %+v", st.round, f)
		}
	}
	for i, p := range st.players {
		if p.points < 0 {
			t.Fatalf("round %d: player %d has %d points", st.round, i, p.points)
		}
	}
}

// oddPlayer first tries an illegal answer (which must be refused without
// changing anything), then gives an odd legal one: no order at all,
// counts as strings, reals or zero, moves that ask for more than the
// planet will have left, a terminator on any planet.
type oddPlayer struct {
	t    testing.TB
	rand *rand.Rand
}

var illegalAnswers = []string{
	`{"moves": [[1, 0, 99]]}`, `{"moves": [[1, -1, 0]]}`, `{"moves": [[1, 0]]}`, `{"moves": "all"}`,
	`{"moves": [], "tactic": {"type": "god", "planet": 0}}`, `{"moves": [], "tactic": {"type": "terminator", "planet": 99}}`,
	`{"moves": [[1e400, 0, 1]]}`, `17`, `{"op": "map"}`, `not json`,
}

// Answer implements Player.
func (p *oddPlayer) Answer(g *Game, d *engine.Decision) engine.Answer {
	before, _ := json.Marshal(g.View())
	n := len(g.Answers())
	bad := illegalAnswers[p.rand.Intn(len(illegalAnswers))]
	if err := g.Answer(d.Player, engine.Answer(bad)); err == nil {
		p.t.Fatalf("round %d: the illegal answer %s was accepted", g.Round(), bad)
	}
	after, _ := json.Marshal(g.View())
	if string(before) != string(after) || len(g.Answers()) != n || g.Pending() != d {
		p.t.Fatalf("round %d: the refused answer %s changed the game", g.Round(), bad)
	}
	if p.rand.Intn(4) == 0 {
		return NoOrder
	}
	st := g.st
	var moves []string
	for from, h := range st.holds {
		if h.owner != d.Player || len(st.b.adj[from]) == 0 {
			continue
		}
		u := units(h.count)
		for k := p.rand.Intn(3); k > 0; k-- {
			to := st.b.adj[from][p.rand.Intn(len(st.b.adj[from]))].to
			c := p.rand.Int63n(u + 1)
			var count string
			switch p.rand.Intn(4) {
			case 0:
				count = fmt.Sprintf(`"%d"`, c)
			case 1:
				count = fmt.Sprintf("%d.75", c)
			case 2:
				count = fmt.Sprint(-c)
			default:
				count = fmt.Sprint(c)
			}
			moves = append(moves, fmt.Sprintf("[%s, %d, %d]", count, from, to))
		}
	}
	a := `{"moves": [` + join(moves) + `]`
	if st.players[d.Player].points >= 3 && p.rand.Intn(3) == 0 {
		a += fmt.Sprintf(`, "tactic": {"type": "terminator", "planet": %d}`, p.rand.Intn(len(st.holds)))
	}
	return engine.Answer(a + "}")
}

func join(parts []string) string {
	out := ""
	for i, s := range parts {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}

// oddYAML is a map the validator warns about but the original plays:
// real max (real garrisons), def 0, res below 1, negative cos, max 0, a
// route from a planet to itself.
const oddYAML = `name: odd
max_round: 60
max_player: 3
start_unit: 50
starts: [A, B, C]
map: |
  A.B.C
  D.E.F
planets:
  A: {def: 0, res: 0.5, cos: 3, max: 100.0}
  B: {def: 1.5, res: 1.2, cos: 0, max: 80}
  C: {def: 3, res: 2, cos: -1, max: 60.0}
  D: {def: 2, res: 1, cos: 0, max: 0}
  E: {def: 0.5, res: 1.5, cos: 5, max: 300}
  F: {def: 1, res: 1, cos: 1, max: 10}
routes:
  - [A, B, 1]
  - [B, C, 2]
  - [A, D, 1]
  - [B, E, 1]
  - [C, F, 2]
  - [E, F, 3]
  - [D, E, 1]
  - [A, A, 1]
`

// oddSteps are routes of oddYAML with steps the original plays but that
// are no whole number of at least 1 (a fleet on them never arrives: its
// units are lost; check calls them errors, PLN009): what each route's
// steps become, and the route's index.
var oddSteps = []struct {
	from, to string
	route    int
}{
	{"- [B, C, 2]", "- [B, C, 2.0]", 1},
	{"- [A, D, 1]", "- [A, D, 0.5]", 2},
	{"- [B, E, 1]", "- [B, E, 0]", 3},
	{"- [C, F, 2]", "- [C, F, -1]", 4},
}

// TestOddStepsAreRefused: routes of steps that are no whole number of at
// least 1 are refused, each with PLN009 at its steps, as check reports
// them.
func TestOddStepsAreRefused(t *testing.T) {
	src := oddYAML
	for _, o := range oddSteps {
		if !strings.Contains(src, o.from) {
			t.Fatalf("%q is not in the odd map", o.from)
		}
		src = strings.Replace(src, o.from, o.to, 1)
	}
	m, _, err := pfmt.ReadLegacy("odd.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(Setup{Map: m}, Options{})
	var problems diag.List
	if !errors.As(err, &problems) {
		t.Fatalf("the map of odd steps is not refused with diagnostics: %v", err)
	}
	refused := map[string]bool{}
	for _, d := range problems {
		refused[d.Code+" "+d.Path] = true
	}
	for _, o := range oddSteps {
		if want := fmt.Sprintf("%s routes[%d][2]", CodeSteps, o.route); !refused[want] {
			t.Errorf("%s is not refused: %v", want, problems)
		}
	}
	if len(refused) != len(oddSteps) {
		t.Errorf("want only the %d odd steps refused, got %v", len(oddSteps), problems)
	}
}

func TestOddMapGamesNeverFail(t *testing.T) {
	m, _, err := pfmt.ReadLegacy("odd.yml", []byte(oddYAML))
	if err != nil {
		t.Fatal(err)
	}
	playMixed(t, m, 60)
}
