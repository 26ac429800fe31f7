// Package battleplay is the studio's test play of battle maps (the game of
// engine/battle): a play window (package play) whose board is the map
// with the heroes, their soldiers and hp, the cities' defence and the
// flag zone's holder, the sides' grain, morale, formation and held rounds,
// and every hero's cooldowns and statuses.
//
// Each side is a person or one of the engine's computer players. Both
// sides give their orders for a round before it is resolved (spec Part 2
// §4): a person selects a hero on the map and clicks where it moves and
// what it attacks, besieges or casts a skill on; the board shows the
// hero's moves, its attack range and the enemies and cities within it.
// When both sides are people on one screen (hot-seat), side 0's orders
// are hidden once given, and side 1's form opens behind a hand-over
// screen. The events of the round are told in words in the log.
package battleplay

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/engine"
	battle "github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
)

// defaultSideColours name the sides' default colours (preview.Palette),
// in which the board and the map editor draw them and their bases.
var defaultSideColours = [2]string{"red", "blue"}

// sideColour names the colour the board draws side s in: its name while
// it is the default, its #rrggbb value once the user chose another in
// View ▸ Side colours.
func sideColour(s int) string {
	c := preview.PlayerColor(s)
	if c == preview.Palette[s] {
		return defaultSideColours[s]
	}
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

func init() {
	play.Register(bfmt.Kind, play.Family{
		Seats:     seats,
		New:       newMatch,
		Computers: battle.ComputerPlayers,
		TurnCap:   &play.TurnCap{Label: "Round cap", Default: battle.MaxRounds, Min: 2, Max: battle.MaxRounds},
		HotSeat: "Hot-seat: both sides give their orders on this screen, side 0 first. Side 0's orders are hidden once given, " +
			"and side 1's form opens behind a hand-over screen; nothing is resolved before both have given theirs.",
	})
	editor.RegisterSideNames("battle", editor.SideNames{Word: "side", Count: 2})
}

// mapOf returns the battle map of doc.
func mapOf(doc *formats.Document) (*bfmt.Map, error) {
	m, ok := doc.Value.(*bfmt.Map)
	if !ok {
		return nil, fmt.Errorf("not a battle map")
	}
	return m, nil
}

// seats are the two sides, named by colour and base.
func seats(doc *formats.Document) ([]play.Seat, error) {
	m, err := mapOf(doc)
	if err != nil {
		return nil, err
	}
	b, err := battle.NewBoard(m, m.Roster)
	if err != nil {
		return nil, play.CannotPlay(doc, err)
	}
	out := make([]play.Seat, 2)
	for s := range out {
		out[s] = play.Seat{Name: fmt.Sprintf("Side %d (%s, base %v)", s, sideColour(s), battle.CellOf(b.Spawn[s]))}
	}
	return out, nil
}

// match is a battle being played. The board shows the game as the events
// shown so far leave it: shown is that position, brought up to date from
// the game at the start of every round shown.
type match struct {
	g       *battle.Game
	seats   []play.Seat
	players [2]battle.Player // the computer player of each seat (nil for a person)
	cap     int              // the last round

	shown *battle.Position
	// fights are the cells where units were hit in the round shown, and
	// sieged the cities besieged; both go at the next round.
	fights map[battle.Point]bool
	sieged map[battle.Point]bool

	board *board
	// form is the orders a person is giving (nil when nobody is asked).
	form *orders
}

// newMatch starts a game of a battle map; computer seats take the
// computer player they name (the tactician by default), seeded as
// `shapan play --seed` seeds them.
func newMatch(doc *formats.Document, seats []play.Seat, o play.Options) (play.Match, error) {
	mp, err := mapOf(doc)
	if err != nil {
		return nil, err
	}
	if len(seats) != 2 {
		return nil, fmt.Errorf("a battle has 2 sides, not %d seats", len(seats))
	}
	setup := battle.SetupOf(mp)
	setup.MaxRounds = o.TurnCap
	// Threaded: the studio drives the game from its UI goroutine, which is
	// locked to its OS thread.
	g, err := battle.New(setup, battle.Options{Machine: engine.Options{Threaded: true}})
	if err != nil {
		return nil, fmt.Errorf("starting the game: %w", err)
	}
	m := &match{g: g, seats: seats, cap: setup.MaxRounds, fights: map[battle.Point]bool{}, sieged: map[battle.Point]bool{}}
	if m.cap == 0 {
		m.cap = battle.MaxRounds
	}
	for s, seat := range seats {
		if seat.Human {
			continue
		}
		name := seat.Computer
		if name == "" {
			name = battle.ComputerPlayers[0]
		}
		if m.players[s], err = battle.NewComputer(name, g.Board(), o.Seed*2+int64(s)); err != nil {
			g.Close()
			return nil, err
		}
	}
	m.shown = g.Position()
	m.board = newBoard(m)
	m.Show()
	return m, nil
}

// Machine is the running game.
func (m *match) Machine() *engine.Machine { return m.g.Machine }

// Computer answers the pending orders with the seat's computer player.
func (m *match) Computer() (engine.Answer, error) {
	d := m.g.Pending()
	if d == nil {
		return nil, fmt.Errorf("the game is over")
	}
	if d.Player < 0 || d.Player >= len(m.players) || m.players[d.Player] == nil {
		return nil, fmt.Errorf("no computer player for side %d", d.Player)
	}
	return m.players[d.Player].Answer(m.g, d), nil
}

// Board is the map with the sides' state beside it.
func (m *match) Board() fyne.CanvasObject { return m.board.object }

// Show draws the board.
func (m *match) Show() { m.board.show() }

// Close releases the game.
func (m *match) Close() { m.g.Close() }

// sideName is the seat name of side s.
func (m *match) sideName(s int) string {
	if s >= 0 && s < len(m.seats) {
		return m.seats[s].Name
	}
	return fmt.Sprintf("side %d", s)
}

// Result says how the game ended.
func (m *match) Result() string {
	r, ok := m.g.Outcome()
	if !ok {
		return "the game stopped"
	}
	text := battle.DescribeResult(r)
	if r.Reason != battle.ReasonFlag && r.Reason != battle.ReasonForfeit && m.cap < battle.MaxRounds {
		text += fmt.Sprintf(" (this test game's round cap, %d, stands for the limit)", m.cap)
	}
	var sides []string
	for s, sd := range r.Sides {
		sides = append(sides, fmt.Sprintf("side %d: held %d, kills %d heroes %d soldiers, cities %d, grain %d",
			s, sd.Held, sd.HeroKills, sd.SoldierKills, sd.Cities, sd.Grain))
	}
	return text + " — " + sides[0] + "; " + sides[1]
}

// Event applies one event to the board and tells it in words; moves,
// hits and kills pause the game a little at normal speed.
func (m *match) Event(e engine.Event) (string, time.Duration) {
	m.apply(e)
	line := battle.Describe(e)
	switch e.(type) {
	case battle.RoundStart:
		return line, 250 * time.Millisecond
	case battle.Move, battle.Knockback:
		return line, 60 * time.Millisecond
	case battle.Damage, battle.Siege:
		return line, 90 * time.Millisecond
	case battle.Kill, battle.CityFall, battle.FlagTaken:
		return line, 500 * time.Millisecond
	case battle.End:
		return line, time.Second
	}
	return line, 20 * time.Millisecond
}
