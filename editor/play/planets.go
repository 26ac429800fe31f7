package play

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/engine"
	peng "github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/formats"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// planetsRoundCap is how many rounds a test game of a Planet-Conquer map
// lasts at most (the legacy maps allow up to 8000); a game stopped there
// is ranked as it stands.
const planetsRoundCap = 1000

// planetsColourNames name the preview's player colours, in order.
var planetsColourNames = []string{"Red", "Blue", "Green", "Orange", "Purple", "Brown", "Pink", "Cyan"}

func init() {
	Register(pfmt.Kind, Family{Seats: planetsSeats, New: newPlanetsMatch})
}

// planetsSeats lists the players a map's game has: as many as shapan play
// lets join, the smaller of max_player and the number of start planets,
// each named by colour and start planet (the map editor shows the starts
// in the same colours; test play does not shuffle them, so choosing a
// seat chooses a start).
func planetsSeats(doc *formats.Document) ([]Seat, error) {
	m, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return nil, fmt.Errorf("not a Planet-Conquer map")
	}
	v, err := peng.InitialView(peng.Setup{Map: m})
	if err != nil {
		return nil, fmt.Errorf("this map cannot be played: %w", err)
	}
	tokens := m.Tokens()
	seats := make([]Seat, len(v.Players))
	for i := range seats {
		seats[i] = Seat{Name: planetsPlayerName(i)}
		for id, h := range v.Holds {
			if h.Owner == i && id < len(tokens) {
				seats[i].Name += " (starts on " + tokens[id] + ")"
			}
		}
	}
	return seats, nil
}

// planetsPlayerName names player i by the colour the board shows it in
// (numbered from the ninth player on, when the colours repeat).
func planetsPlayerName(i int) string {
	n := len(planetsColourNames)
	if i < n {
		return planetsColourNames[i]
	}
	return fmt.Sprintf("%s %d", planetsColourNames[i%n], i/n+1)
}

// planetsMatch plays a Planet-Conquer map. The board shows the game as
// the events shown so far leave it (the engine is a whole step ahead
// while a step is being animated).
type planetsMatch struct {
	g      *peng.Game
	ais    []*peng.AI // the computer player of each seat
	seats  []Seat
	m      *pfmt.Map
	tokens []string             // planet tokens by id
	routes map[[2]int]float64   // route steps by (from, to)
	adj    map[int][]peng.Route // routes by planet

	// What the board shows.
	holds   []peng.Hold
	fleets  []peng.Fleet // in flight, with the steps they have left
	players []peng.PlayerView
	round   int64
	battles map[int]bool // planets fought over in the step shown
	arrived bool         // the step shown has passed its arrival stage
	ended   bool         // the step shown is over (its round event came)
	gains   []int64      // production of the step shown, per player

	board *planetsBoard
	// form is the person's orders being put together (nil when nobody
	// is asked).
	form *planetsOrders
}

func newPlanetsMatch(doc *formats.Document, seats []Seat, o Options) (Match, error) {
	seed := o.Seed
	mp, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return nil, fmt.Errorf("not a Planet-Conquer map")
	}
	// The start planets are not shuffled: each seat starts where the map
	// editor shows it. The seed seeds the computer players, as shapan sim
	// and shapan play --seed seat them.
	setup := peng.Setup{Map: mp, Players: len(seats), Seed: seed, MaxRounds: planetsRoundCap}
	// Threaded: the studio drives the game from its UI goroutine, which is
	// locked to its OS thread.
	g, err := peng.New(setup, peng.Options{Machine: engine.Options{Threaded: true}})
	if err != nil {
		return nil, fmt.Errorf("starting the game: %w", err)
	}
	ais := make([]*peng.AI, len(seats))
	for p := range ais {
		ais[p] = peng.NewSeededAI(peng.SeatSeed(seed, p))
	}
	m := &planetsMatch{g: g, ais: ais, seats: seats, m: mp, tokens: g.Tokens(),
		routes: map[[2]int]float64{}, adj: map[int][]peng.Route{}, battles: map[int]bool{}}
	if d := g.Pending(); d != nil {
		if a, ok := d.Args.(peng.OrdersArgs); ok {
			for _, r := range a.Routes {
				m.routes[[2]int{r.From, r.To}] = r.Steps.Float()
				m.adj[r.From] = append(m.adj[r.From], r)
			}
		}
	}
	m.holds = make([]peng.Hold, g.NumPlanets())
	for i := range m.holds {
		m.holds[i] = peng.Hold{Owner: peng.Neutral}
	}
	v := g.View()
	m.players = make([]peng.PlayerView, len(v.Players))
	for i, p := range v.Players {
		m.players[i] = peng.PlayerView{Name: p.Name, Alive: true}
	}
	m.gains = make([]int64, len(v.Players))
	m.board = newPlanetsBoard(m)
	m.Show()
	return m, nil
}

// Machine is the running game.
func (m *planetsMatch) Machine() *engine.Machine { return m.g.Machine }

// Computer answers the pending orders decision with the AI.
func (m *planetsMatch) Computer() (engine.Answer, error) {
	d := m.g.Pending()
	if d == nil {
		return nil, fmt.Errorf("the game is over")
	}
	if d.Player < 0 || d.Player >= len(m.ais) {
		return nil, fmt.Errorf("no computer player for seat %d", d.Player)
	}
	return m.ais[d.Player].Answer(m.g, d), nil
}

// Board is the map with the players' totals above it.
func (m *planetsMatch) Board() fyne.CanvasObject { return m.board.object }

// Close releases the game.
func (m *planetsMatch) Close() { m.g.Close() }

// Show redraws the board and the players' totals.
func (m *planetsMatch) Show() {
	planets := make([]int, len(m.players))
	units := make([]float64, len(m.players))
	for _, h := range m.holds {
		if h.Owner >= 0 && h.Owner < len(planets) {
			planets[h.Owner]++
			units[h.Owner] += h.Count.Float()
		}
	}
	for _, f := range m.fleets {
		if f.Player >= 0 && f.Player < len(units) {
			units[f.Player] += float64(f.Count)
		}
	}
	for i := range m.players {
		m.players[i].Planets, m.players[i].Units = planets[i], peng.Real(units[i])
	}
	m.board.show()
}

// planet names planet id by its token.
func (m *planetsMatch) planet(id int) string {
	if id >= 0 && id < len(m.tokens) {
		return m.tokens[id]
	}
	return fmt.Sprintf("#%d", id)
}

// player names player i by its colour.
func (m *planetsMatch) player(i int) string {
	if i == peng.Neutral {
		return "nobody"
	}
	return planetsPlayerName(i)
}

// planetsNum writes a number of ships or a strength: whole numbers without a
// fraction, others with one decimal.
func planetsNum(n peng.Num) string {
	v := n.Float()
	if v == math.Trunc(v) {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

// planetsShips writes a number of ships.
func planetsShips(n int64) string {
	if n == 1 {
		return "1 ship"
	}
	return fmt.Sprintf("%d ships", n)
}

// planetsCount writes a count of things: "1 planet", "3 planets".
func planetsCount(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// planetsSteps writes a number of steps.
func planetsSteps(n peng.Num) string {
	if n.Float() == 1 {
		return "1 step"
	}
	return planetsNum(n) + " steps"
}

// beginStep starts showing a new step once the last one is over: its
// battle flags go.
func (m *planetsMatch) beginStep() {
	if m.ended {
		m.ended, m.arrived = false, false
		clear(m.battles)
		for i := range m.gains {
			m.gains[i] = 0
		}
	}
}

// arrive shows the arrival stage: every fleet comes a step closer; those
// with no steps left land (their battles follow), those past their
// destination are lost. It reports whether any fleet moved.
func (m *planetsMatch) arrive() bool {
	if m.arrived {
		return false
	}
	m.arrived = true
	moved := len(m.fleets) > 0
	kept := m.fleets[:0]
	for _, f := range m.fleets {
		f.Left = peng.Real(f.Left.Float() - 1)
		if f.Left.Float() > 0 {
			kept = append(kept, f)
		}
	}
	m.fleets = kept
	return moved
}

// sync replaces what the board shows by the game's state at the end of a
// step, in case the events left something out.
func (m *planetsMatch) sync() {
	v := m.g.View()
	if v.Round != m.round {
		return // the game is already further (never while a step is shown)
	}
	m.holds, m.fleets = v.Holds, v.Fleets
	for i := range m.players {
		if i < len(v.Players) {
			m.players[i].Points, m.players[i].Alive = v.Players[i].Points, v.Players[i].Alive
		}
	}
}

// Event applies one event to the board and describes it.
func (m *planetsMatch) Event(e engine.Event) (string, time.Duration) {
	m.beginStep()
	switch e.(type) {
	case peng.Lost, peng.Battle, peng.Production, peng.RoundEnd:
		// The arrival stage comes before these: the fleets move a step.
		if m.arrive() {
			line, pause := m.event(e)
			return line, max(pause, 300*time.Millisecond)
		}
	}
	return m.event(e)
}

func (m *planetsMatch) event(e engine.Event) (string, time.Duration) {
	switch ev := e.(type) {
	case peng.Join:
		if ev.Planet >= 0 && ev.Planet < len(m.holds) {
			m.holds[ev.Planet] = peng.Hold{Owner: ev.Player, Count: ev.Count}
		}
		return fmt.Sprintf("%s starts on %s with %s ships", m.player(ev.Player), m.planet(ev.Planet), planetsNum(ev.Count)), 150 * time.Millisecond
	case peng.Start:
		return "The game starts", 0
	case peng.Reset:
		return "A new game starts", 0
	case peng.Alive:
		if ev.Player >= 0 && ev.Player < len(m.players) {
			m.players[ev.Player].Alive = ev.Alive
		}
		switch {
		case ev.NoResponse:
			return fmt.Sprintf("%s missed three steps and is out (no-response rule)", m.player(ev.Player)), 500 * time.Millisecond
		case ev.Alive:
			return fmt.Sprintf("%s is back in the game", m.player(ev.Player)), 300 * time.Millisecond
		}
		return fmt.Sprintf("%s has no ships left and is out", m.player(ev.Player)), 600 * time.Millisecond
	case peng.Finish:
		why := fmt.Sprintf("only %s has ships left", m.player(ev.Winner))
		if ev.RoundLimit {
			why = fmt.Sprintf("the round limit is passed (round %d)", ev.Round)
		}
		return fmt.Sprintf("Game over: %s. %s wins. Ranking: %s", why, m.player(ev.Winner), m.ranking(ev.Ranking)), time.Second
	case peng.Launch:
		if ev.From >= 0 && ev.From < len(m.holds) {
			h := &m.holds[ev.From]
			h.Count = peng.Real(h.Count.Float() - float64(ev.Count))
			if ev.Emptied {
				*h = peng.Hold{Owner: peng.Neutral}
			}
		}
		m.fleets = append(m.fleets, peng.Fleet{Player: ev.Player, From: ev.From, To: ev.To, Count: ev.Count, Left: ev.Steps})
		line := fmt.Sprintf("%s sends %s %s → %s (%s)", m.player(ev.Player), planetsShips(ev.Count), m.planet(ev.From), m.planet(ev.To), planetsSteps(ev.Steps))
		if ev.Emptied {
			line += ", leaving " + m.planet(ev.From) + " empty and neutral"
		}
		return line, 120 * time.Millisecond
	case peng.Skip:
		return fmt.Sprintf("%s's move of %s %s → %s is dropped: %s has only %s", m.player(ev.Player), planetsShips(ev.Count),
			m.planet(ev.From), m.planet(ev.To), m.planet(ev.From), planetsNum(ev.Garrison)), 100 * time.Millisecond
	case peng.TacticUsed:
		if ev.Planet >= 0 && ev.Planet < len(m.holds) {
			m.holds[ev.Planet] = peng.Hold{Owner: peng.Neutral}
		}
		line := fmt.Sprintf("%s uses the %s on %s", m.player(ev.Player), ev.Type, m.planet(ev.Planet))
		if ev.Before.Owner != peng.Neutral {
			line += fmt.Sprintf(": %s loses it and %s ships", m.player(ev.Before.Owner), planetsNum(ev.Before.Count))
		}
		return line, 500 * time.Millisecond
	case peng.Lost:
		return fmt.Sprintf("%s of %s on the route %s → %s are lost (the route has no whole number of steps)",
			planetsShips(ev.Fleet.Count), m.player(ev.Fleet.Player), m.planet(ev.Fleet.From), m.planet(ev.Fleet.To)), 200 * time.Millisecond
	case peng.Battle:
		return m.battle(ev)
	case peng.Production:
		if ev.Planet >= 0 && ev.Planet < len(m.holds) {
			m.holds[ev.Planet] = ev.After
		}
		if ev.After.Owner == peng.Neutral {
			return fmt.Sprintf("%s has no ships left and becomes neutral", m.planet(ev.Planet)), 100 * time.Millisecond
		}
		if o := ev.After.Owner; o >= 0 && o < len(m.gains) && ev.Before.Owner == o {
			m.gains[o] += ev.After.Count.Int64() - ev.Before.Count.Int64()
		}
		return "", 0
	case peng.RoundEnd:
		m.round = ev.Round
		m.ended = true
		m.sync()
		var made []string
		for i, g := range m.gains {
			if g != 0 {
				made = append(made, fmt.Sprintf("%s %+d", m.player(i), g))
			}
		}
		line := fmt.Sprintf("Round %d over", ev.Round)
		if len(made) > 0 {
			line += " · produced " + strings.Join(made, ", ")
		}
		return line, 250 * time.Millisecond
	}
	return "", 0
}

// battle describes a battle and flags the planet: the outcome first,
// then the strengths (the defender's garrison weighted by the planet's
// def).
func (m *planetsMatch) battle(ev peng.Battle) (string, time.Duration) {
	p := m.planet(ev.Planet)
	if ev.Planet >= 0 && ev.Planet < len(m.holds) {
		m.holds[ev.Planet] = ev.After
	}
	var sides []string
	for _, s := range ev.Sides {
		side := m.player(s.Player) + " " + planetsNum(s.Value)
		if s.Player == ev.Before.Owner {
			side += " defending"
		}
		sides = append(sides, side)
	}
	strengths := " (" + strings.Join(sides, " against ") + ")"
	left := planetsNum(ev.After.Count)
	winner := m.player(ev.Winner)
	switch ev.Outcome {
	case peng.OutcomeReinforce:
		return fmt.Sprintf("%s reinforces %s: %s ships there", winner, p, left), 150 * time.Millisecond
	case peng.OutcomeOccupy:
		if len(ev.Sides) == 1 {
			return fmt.Sprintf("%s occupies %s with %s ships", winner, p, left), 250 * time.Millisecond
		}
		m.battles[ev.Planet] = true
		return fmt.Sprintf("Battle at %s: %s occupies it, %s left%s", p, winner, left, strengths), 400 * time.Millisecond
	case peng.OutcomeDefend:
		m.battles[ev.Planet] = true
		return fmt.Sprintf("Battle at %s: %s holds it, %s left%s", p, winner, left, strengths), 400 * time.Millisecond
	case peng.OutcomeCapture:
		m.battles[ev.Planet] = true
		return fmt.Sprintf("Battle at %s: %s captures it from %s, %s left%s", p, winner, m.player(ev.Before.Owner), left, strengths), 500 * time.Millisecond
	case peng.OutcomeTie:
		m.battles[ev.Planet] = true
		return fmt.Sprintf("Battle at %s: a tie, every ship is lost; %s goes to %s with none%s", p, p, m.player(ev.After.Owner), strengths), 400 * time.Millisecond
	}
	m.battles[ev.Planet] = true
	return fmt.Sprintf("Battle at %s: %s%s", p, ev.Outcome, strengths), 300 * time.Millisecond
}

// ranking writes a ranking in one line.
func (m *planetsMatch) ranking(r []peng.Standing) string {
	var parts []string
	for i, s := range r {
		parts = append(parts, fmt.Sprintf("%d. %s — %s, %s ships", i+1, m.player(s.Player), planetsCount(s.Planets, "planet"), planetsNum(s.Units)))
	}
	return strings.Join(parts, "; ")
}

// Result is the winner and the ranking, or the ranking at the test
// play's round cap.
func (m *planetsMatch) Result() string {
	r, ok := m.g.Outcome()
	if !ok {
		return "the game stopped"
	}
	if !r.Finished {
		return fmt.Sprintf("stopped at the test play's cap of %d rounds; %s leads. Ranking: %s", r.Rounds, m.player(r.Winner), m.ranking(r.Ranking))
	}
	return fmt.Sprintf("%s wins after %d rounds. Ranking: %s", m.player(r.Winner), r.Rounds, m.ranking(r.Ranking))
}

// Reasons name planets by id and players by index from 0; say them as
// the board does.
var (
	planetsPlanetID = regexp.MustCompile(`planet (\d+)`)
	planetsPlayerID = regexp.MustCompile(`player (\d+)`)
)

// words rewrites the engine's reason for refusing an order in the board's
// names.
func (m *planetsMatch) words(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "answer refused: ")
	s = strings.TrimPrefix(s, peng.KindOrders+": ")
	s = planetsPlanetID.ReplaceAllStringFunc(s, func(t string) string {
		id, _ := strconv.Atoi(strings.TrimPrefix(t, "planet "))
		return "planet " + m.planet(id)
	})
	s = planetsPlayerID.ReplaceAllStringFunc(s, func(t string) string {
		i, _ := strconv.Atoi(strings.TrimPrefix(t, "player "))
		return m.player(i)
	})
	return s
}
