package planetsplay

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/engine"
	peng "github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/formats"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// planetsRoundCap is how many rounds a test game of a Planet-Conquer map
// lasts at most (the legacy maps allow up to 8000); a game stopped there
// is ranked as it stands.
const planetsRoundCap = 1000

func init() {
	play.Register(pfmt.Kind, play.Family{Seats: planetsSeats, New: newPlanetsMatch, Computers: peng.Roster(peng.Setup{}, 0).Choices()})
	editor.RegisterSideNames("planets", editor.SideNames{Word: "player", First: 1})
}

// planetsSeats lists the players a map's game has: as many as shapan play
// lets join, the smaller of max_player and the number of start planets,
// each named by number and start planet as the map editor lists the
// starts ("Player 1 (starts on A)"; test play does not shuffle them, so
// choosing a seat chooses a start).
func planetsSeats(doc *formats.Document) ([]play.Seat, error) {
	m, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return nil, fmt.Errorf("not a Planet-Conquer map")
	}
	v, err := peng.InitialView(peng.Setup{Map: m})
	if err != nil {
		return nil, play.CannotPlay(doc, err)
	}
	tokens := m.Tokens()
	seats := make([]play.Seat, len(v.Players))
	for i := range seats {
		seats[i] = play.Seat{Name: planetsPlayerName(i)}
		for id, h := range v.Holds {
			if h.Owner == i && id < len(tokens) {
				seats[i].Name += " (starts on " + tokens[id] + ")"
			}
		}
	}
	return seats, nil
}

// planetsPlayerName names player i as the map editor and the hosting
// window do: Player 1, Player 2, … (the board shows each in its colour).
func planetsPlayerName(i int) string { return fmt.Sprintf("Player %d", i+1) }

// planetsMatch plays a Planet-Conquer map. The board shows the game as
// the events shown so far leave it (the engine is a whole step ahead
// while a step is being animated).
type planetsMatch struct {
	g      *peng.Game
	ais    []*peng.AI    // the computer player of each seat
	named  []peng.Player // computer seats that name another player
	seats  []play.Seat
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
	tell    *peng.Teller // tells the events, with the players' colours

	board *planetsBoard
	// form is the person's orders being put together (nil when nobody
	// is asked).
	form *planetsOrders
}

func newPlanetsMatch(doc *formats.Document, seats []play.Seat, o play.Options) (play.Match, error) {
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
	if m.named, err = play.NamedComputers(seats, peng.Roster(setup, len(seats)), seed); err != nil {
		g.Close()
		return nil, err
	}
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
	m.tell = &peng.Teller{Planets: m.tokens}
	for i := range v.Players {
		m.tell.Players = append(m.tell.Players, planetsPlayerName(i))
	}
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
	if p := play.SeatPlayer(m.named, d.Player); p != nil {
		return p.Answer(m.g, d), nil
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
func (m *planetsMatch) planet(id int) string { return m.tell.Planet(id) }

// player names player i by its colour.
func (m *planetsMatch) player(i int) string { return m.tell.Player(i) }

// planetsNum, planetsCount and planetsSteps write numbers as the
// engine's words do.
var (
	planetsNum   = peng.NumWords
	planetsCount = peng.Count
	planetsSteps = peng.StepWords
)

// beginStep starts showing a new step once the last one is over: its
// battle flags go.
func (m *planetsMatch) beginStep() {
	if m.ended {
		m.ended, m.arrived = false, false
		clear(m.battles)
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
	line := m.tell.Describe(e)
	switch ev := e.(type) {
	case peng.Join:
		m.setHold(ev.Planet, peng.Hold{Owner: ev.Player, Count: ev.Count})
		return line, 150 * time.Millisecond
	case peng.Alive:
		if ev.Player >= 0 && ev.Player < len(m.players) {
			m.players[ev.Player].Alive = ev.Alive
		}
		if ev.Alive && !ev.NoResponse {
			return line, 300 * time.Millisecond
		}
		return line, 600 * time.Millisecond
	case peng.Finish:
		return line, time.Second
	case peng.Launch:
		if ev.From >= 0 && ev.From < len(m.holds) {
			h := &m.holds[ev.From]
			h.Count = peng.Real(h.Count.Float() - float64(ev.Count))
			if ev.Emptied {
				*h = peng.Hold{Owner: peng.Neutral}
			}
		}
		m.fleets = append(m.fleets, peng.Fleet{Player: ev.Player, From: ev.From, To: ev.To, Count: ev.Count, Left: ev.Steps})
		return line, 120 * time.Millisecond
	case peng.Skip:
		return line, 100 * time.Millisecond
	case peng.TacticUsed:
		m.setHold(ev.Planet, peng.Hold{Owner: peng.Neutral})
		return line, 500 * time.Millisecond
	case peng.Lost:
		return line, 200 * time.Millisecond
	case peng.Battle:
		m.setHold(ev.Planet, ev.After)
		if ev.Outcome == peng.OutcomeReinforce || len(ev.Sides) == 1 {
			return line, 200 * time.Millisecond
		}
		m.battles[ev.Planet] = true
		return line, 400 * time.Millisecond
	case peng.Production:
		m.setHold(ev.Planet, ev.After)
		return line, 100 * time.Millisecond
	case peng.RoundEnd:
		m.round = ev.Round
		m.ended = true
		m.sync()
		return line, 250 * time.Millisecond
	}
	return line, 0
}

// setHold shows planet id held as h.
func (m *planetsMatch) setHold(id int, h peng.Hold) {
	if id >= 0 && id < len(m.holds) {
		m.holds[id] = h
	}
}

// Result is the winner and the ranking, or the ranking at the test
// play's round cap.
func (m *planetsMatch) Result() string {
	r, ok := m.g.Outcome()
	if !ok {
		return "the game stopped"
	}
	if !r.Finished {
		return fmt.Sprintf("stopped at the test play's cap of %d rounds; %s leads. Ranking: %s", r.Rounds, m.player(r.Winner), m.tell.Ranking(r.Ranking))
	}
	return fmt.Sprintf("%s wins after %d rounds. Ranking: %s", m.player(r.Winner), r.Rounds, m.tell.Ranking(r.Ranking))
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
