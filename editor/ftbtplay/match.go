package ftbtplay

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/engine"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// ftbtTurnCap is the last round of a test game of a level unless the
// options set another: the original has no turn limit and a level whose
// sides never meet never ends, so side 0 gives up after it, as `shapan
// play` does (spec §7.1).
const ftbtTurnCap = 100

// ftbtSideColours name the sides by the colour the board draws them in
// (preview.PlayerColor), since levels do not name their sides.
var ftbtSideColours = []string{"red", "blue"}

func init() {
	play.Register(ftbtfmt.KindLevel, play.Family{Seats: ftbtSeats, New: newFTBTMatch, Notice: ftbtNotice, Intro: ftbtIntro,
		Computers: ftbteng.Roster(ftbteng.Setup{}).Choices()})
	editor.RegisterSideNames("ftbt", editor.SideNames{Word: "side", Count: len(ftbtSideColours)})
}

// ftbtIntro is the level's intro (its .intro file), which the original
// shows before the battle.
func ftbtIntro(doc *formats.Document) string {
	if l, ok := doc.Value.(*ftbtfmt.Level); ok && l.Intro != nil {
		return *l.Intro
	}
	return ""
}

// ftbtNotice says who can never reach an enemy (check's FTB032 and
// FTB033), and so why they do not move towards the other side.
func ftbtNotice(doc *formats.Document) string {
	l, rules, err := ftbtLevel(doc)
	if err != nil {
		return ""
	}
	if ftbteng.SidesApart(l, rules) {
		return "Nobody can reach an enemy: terrain their speeds cannot enter separates the two sides (check's FTB033), " +
			"so nobody comes to fight and the game ends at the turn cap. Open a passage, move people or raise their speed in the editor."
	}
	var names []string
	for i, m := range ftbteng.PeopleMobility(l, rules) {
		if m != ftbteng.Reaches {
			names = append(names, l.People[i].Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("%s can never reach an enemy: terrain their speed cannot enter is in the way (check's FTB032 and FTB033), so they stay out of the fight.",
		strings.Join(names, ", "))
}

// ftbtLevel returns the level of doc and the rules it is played with.
func ftbtLevel(doc *formats.Document) (*ftbtfmt.Level, *ftbtfmt.Rules, error) {
	l, ok := doc.Value.(*ftbtfmt.Level)
	if !ok {
		return nil, nil, errors.New("not an ftbt level")
	}
	rules, _ := doc.Rules.(*ftbtfmt.Rules)
	if rules == nil {
		return nil, nil, errors.New("the level is played with its rules: name them in the Size & rules pane, then play")
	}
	return l, rules, nil
}

// refusal returns what a game of the level document is refused on, all
// at once and placed in its files, as `shapan play` refuses it
// (ftbteng.DocumentProblems), or nil.
func refusal(doc *formats.Document) error {
	problems := ftbteng.DocumentProblems(doc)
	if !problems.HasErrors() {
		return nil
	}
	var loc diag.Locator
	if doc.Source != nil {
		loc = doc.Source
	}
	out := problems.Locate(doc.Path, loc)
	out.Sort()
	return out
}

// ftbtSeats are the two sides of a level.
func ftbtSeats(doc *formats.Document) ([]play.Seat, error) {
	if _, _, err := ftbtLevel(doc); err != nil {
		return nil, err
	}
	seats := make([]play.Seat, len(ftbtSideColours))
	for s, c := range ftbtSideColours {
		seats[s] = play.Seat{Name: fmt.Sprintf("Side %d (%s)", s, c)}
	}
	return seats, nil
}

// ftbtMatch plays an ftbt level.
type ftbtMatch struct {
	g     *ftbteng.Game
	ai    *ftbteng.AI      // nil when every seat is a person's
	named []ftbteng.Player // computer seats that name another player
	rules *ftbtfmt.Rules
	level *ftbtfmt.Level
	cap   int // the turn cap
	seats []play.Seat
	tell  *ftbteng.Teller

	// What the board shows, as the events so far leave it.
	pos      []int // each person's cell (moves are animated), -1 once out
	hp       []int
	side     int // side whose turn is shown
	techSide int // side of the last tech's user (its cell effects are that side's)
	aux      ftbteng.Effects
	flash    []int // cells the last tech hit, until the next move or turn
	moving   int   // the person walking, drawn over the others (-1: none)

	// The question on the board: who acts, and the cells it offers.
	q     ftbtQuestion
	hover int // the cell under the pointer, -1 when none

	grid  *grid.GridView
	round *widget.Label
	info  *widget.Label
	board fyne.CanvasObject
}

// ftbtQuestion is what a person's question marks on the board and how a
// click on a cell answers it.
type ftbtQuestion struct {
	actor   int   // the person deciding (-1: none)
	pick    []int // sel_people: the cells of the people who may act
	reach   []int // sel_move_obj: the movement range
	dests   []int // sel_move_obj: the cells it may end on
	rng     []int // sel_tech_obj: the tech's target range
	targets []int // sel_tech_obj: the cells a use is accepted on
	tech    int   // sel_tech_obj: the tech (global id), -1 otherwise
	onCell  func(c int)
}

func newFTBTMatch(doc *formats.Document, seats []play.Seat, o play.Options) (play.Match, error) {
	seed := o.Seed
	l, rules, err := ftbtLevel(doc)
	if err != nil {
		return nil, err
	}
	if err := refusal(doc); err != nil {
		return nil, err
	}
	if len(seats) != 2 {
		return nil, fmt.Errorf("an ftbt game has 2 sides, not %d seats", len(seats))
	}
	turnCap := o.TurnCap
	if turnCap <= 0 {
		turnCap = ftbtTurnCap
	}
	setup := ftbteng.Setup{Rules: rules, Level: l, Seed: seed, TurnCap: turnCap}
	m := &ftbtMatch{rules: rules, level: l, cap: turnCap, seats: seats, hover: -1, moving: -1, q: ftbtQuestion{actor: -1, tech: -1}}
	m.tell = &ftbteng.Teller{Rules: rules, Level: l}
	for _, s := range seats {
		m.tell.Sides = append(m.tell.Sides, s.Name)
	}
	if !seats[0].Human || !seats[1].Human {
		// The computer plays as in `shapan play`: side 1 with the level's
		// AI settings, side 0 with the golden games' defaults.
		settings, err := ftbteng.GoldenAI(l)
		if err != nil {
			return nil, fmt.Errorf("the computer player: %w", err)
		}
		if m.ai, err = ftbteng.NewAI(setup, settings); err != nil {
			return nil, fmt.Errorf("the computer player: %w", err)
		}
	}
	// Threaded: the studio drives the game from its UI goroutine, which is
	// locked to its OS thread.
	g, err := ftbteng.New(setup, ftbteng.Options{Machine: engine.Options{Threaded: true}})
	if err != nil {
		return nil, fmt.Errorf("starting the game: %w", err)
	}
	m.g = g
	if m.named, err = play.NamedComputers(seats, ftbteng.Roster(setup), seed); err != nil {
		g.Close()
		return nil, err
	}
	for _, p := range l.People {
		m.pos = append(m.pos, p.Y*l.W+p.X)
		m.hp = append(m.hp, p.HP)
	}
	m.aux = ftbteng.NewEffects(l.W * l.H)
	m.board = m.newBoard()
	m.Show()
	return m, nil
}

func (m *ftbtMatch) Machine() *engine.Machine { return m.g.Machine }

func (m *ftbtMatch) Computer() (engine.Answer, error) {
	d := m.g.Pending()
	if d != nil {
		if p := play.SeatPlayer(m.named, d.Player); p != nil {
			return p.Answer(m.g, d), nil
		}
	}
	if m.ai == nil || d == nil {
		return nil, errors.New("no computer player in this game")
	}
	return m.ai.Answer(m.g, d), nil
}

func (m *ftbtMatch) Board() fyne.CanvasObject { return m.board }

func (m *ftbtMatch) Close() { m.g.Close() }

// Show redraws the board.
func (m *ftbtMatch) Show() { m.grid.Redraw() }

// name is person p's name.
func (m *ftbtMatch) name(p int) string { return m.tell.Person(p) }

// sideName is the seat name of side s.
func (m *ftbtMatch) sideName(s int) string { return m.tell.Side(s) }

// cellName writes cell c as (x, y).
func (m *ftbtMatch) cellName(c int) string { return m.tell.Cell(c) }

// tech returns the rules' tech id, or nil.
func (m *ftbtMatch) tech(id int) *ftbtfmt.Tech {
	if id >= 0 && id < len(m.rules.Techs) {
		return &m.rules.Techs[id]
	}
	return nil
}

// Event animates moves and tells what happened in the engine's words
// (those the server's page shows).
func (m *ftbtMatch) Event(e engine.Event) (string, time.Duration) {
	line := m.tell.Describe(e)
	switch ev := e.(type) {
	case ftbteng.TurnStart:
		if ev.Side == 0 {
			m.aux.Countdown()
		}
		m.side, m.flash = ev.Side, nil
		m.round.SetText(fmt.Sprintf("Round %d · %s", ev.Turn, m.sideName(ev.Side)))
		return line, 400 * time.Millisecond
	case ftbteng.PeopleStep:
		m.flash = nil
		if ev.P >= 0 && ev.P < len(m.pos) {
			m.pos[ev.P] = m.neighbour(ev.Loc, ev.Dir)
			m.moving = ev.P
		}
		return line, 110 * time.Millisecond
	case ftbteng.PeopleMove:
		if ev.P >= 0 && ev.P < len(m.pos) {
			m.pos[ev.P] = ev.To
		}
		m.moving = -1
		return line, 150 * time.Millisecond
	case ftbteng.DoTech:
		if ev.Src >= 0 && ev.Src < len(m.level.People) {
			m.techSide = min(max(m.level.People[ev.Src].Side, 0), 1)
		}
		m.flash = m.techArea(ev.Tech, ev.Src, ev.Loc)
		return line, 450 * time.Millisecond
	case ftbteng.HPDown:
		if ev.P >= 0 && ev.P < len(m.hp) {
			m.hp[ev.P] = max(0, ev.HP-ev.DHP)
		}
		return line, 300 * time.Millisecond
	case ftbteng.PeopleOut:
		if ev.P >= 0 && ev.P < len(m.pos) {
			m.pos[ev.P] = -1
		}
		return line, 500 * time.Millisecond
	case ftbteng.LocBuf:
		m.setEffect(ev.Loc, min(max(ev.AD, 0), 1), ev.Val, ev.Dur)
	case ftbteng.LocFly:
		m.setEffect(ev.Loc, ftbteng.EffectFly, ev.Weight, ev.Dur)
	case ftbteng.LocDisableLong:
		m.setEffect(ev.Loc, ftbteng.EffectDL, 1, ev.Dur)
	case ftbteng.GameOver:
		m.flash = nil
	}
	return line, 0
}

// neighbour is the cell next to c in direction dir (0 right, 1 left, 2
// down, 3 up), as a step event names it.
func (m *ftbtMatch) neighbour(c, dir int) int {
	switch dir {
	case 0:
		return c + 1
	case 1:
		return c - 1
	case 2:
		return c + m.level.W
	}
	return c - m.level.W
}

// setEffect records an effect of the last tech user's side on a cell.
func (m *ftbtMatch) setEffect(c, k, val, dur int) {
	if c >= 0 && c < len(m.aux[m.techSide]) {
		m.aux[m.techSide][c][k] = ftbteng.Effect{Val: val, Dur: dur}
	}
}

// techRadius is the radius of tech id's area effect when person p uses it
// (spec §3.6: fly and disable-long areas grow with the user's abi).
func (m *ftbtMatch) techRadius(id, p int) int {
	t := m.tech(id)
	if t == nil {
		return -1
	}
	abi := 0
	if p >= 0 && p < len(m.level.People) {
		abi = m.level.People[p].Abi
	}
	return ftbteng.TechRadius(m.rules, t, abi)
}

// techArea is the area tech id of person p affects around cell c: the
// Manhattan diamond of its radius, on the map, on the terrains the tech
// may touch.
func (m *ftbtMatch) techArea(id, p, c int) []int {
	t := m.tech(id)
	w, h := m.level.W, m.level.H
	if t == nil || c < 0 || c >= w*h {
		return nil
	}
	var out []int
	ftbteng.Area(w, h, c, m.techRadius(id, p), func(cell int) {
		if ftbteng.Allowed(t, m.level.Terrain.At(cell)) {
			out = append(out, cell)
		}
	})
	return out
}

func (m *ftbtMatch) Result() string {
	res, ok := m.g.Winner()
	switch {
	case !ok:
		return "the game stopped"
	case m.g.Capped():
		return fmt.Sprintf("no winner: the turn cap of %d rounds was reached with %d against %d people on the field",
			m.cap, m.g.Alive(0), m.g.Alive(1))
	case res == ftbteng.ResultQuit:
		return fmt.Sprintf("%s quit in round %d: no winner", m.sideName(m.g.Side()), m.g.Turn())
	}
	return fmt.Sprintf("%s wins in round %d with %d people left", m.sideName(res), m.g.Rounds(), m.g.Alive(res))
}

// occupant is the person on cell c in the game, or -1.
func (m *ftbtMatch) occupant(c int) int {
	for i, p := range m.g.People() {
		if p.Loc == c {
			return i
		}
	}
	return -1
}

// toAct counts side's people on the field who have not acted this round.
func (m *ftbtMatch) toAct(side int) int {
	n := 0
	for _, p := range m.g.People() {
		if p.Side == side && p.Loc != -1 && !p.Finished {
			n++
		}
	}
	return n
}

// notActing says why the person on cell c cannot act for side.
func (m *ftbtMatch) notActing(c, side int) string {
	p := m.occupant(c)
	switch {
	case p == -1:
		return fmt.Sprintf("Nobody stands on %s: click one of your marked people", m.cellName(c))
	case p >= len(m.level.People) || m.level.People[p].Side != side:
		return fmt.Sprintf("%s is the enemy's: click one of your marked people", m.name(p))
	}
	return fmt.Sprintf("%s has already acted this round: click one of your marked people", m.name(p))
}

// personLine describes person p with its hp and numbers.
func (m *ftbtMatch) personLine(p int) string {
	if p < 0 || p >= len(m.level.People) {
		return m.name(p)
	}
	l := m.level.People[p]
	return fmt.Sprintf("%s (hp %d/%d, attack %d, defence %d, speed %d)", l.Name, m.hp[p], l.HP, l.Abi, l.Def, l.Speed)
}

// techChoice describes tech id for person p standing on loc: what it does
// and, for a damage tech, how many enemies it can reach from there.
func (m *ftbtMatch) techChoice(p, loc, id int) string {
	t := m.tech(id)
	if t == nil || p < 0 || p >= len(m.level.People) {
		return fmt.Sprintf("tech %d", id)
	}
	abi := m.level.People[p].Abi
	var what string
	switch t.Class {
	case ftbtfmt.ClassPeople:
		what = fmt.Sprintf("damage %d", t.Value)
		if t.IsLong {
			what += ", long range"
		}
		if t.AoeRange > 0 {
			what += fmt.Sprintf(", area %d", t.AoeRange)
		}
		n := 0
		for _, c := range m.targetRange(loc, t) {
			if o := m.occupant(c); o != -1 && m.level.People[o].Side != m.level.People[p].Side {
				n++
			}
		}
		switch n {
		case 0:
			what += " — no enemy in range"
		case 1:
			what += " — 1 enemy in range"
		default:
			what += fmt.Sprintf(" — %d enemies in range", n)
		}
	case ftbtfmt.ClassAbiBuf:
		what = fmt.Sprintf("attack +%d, %d rounds", abi*t.Value/100, t.Duration)
	case ftbtfmt.ClassDefBuf:
		what = fmt.Sprintf("defence +%d, %d rounds", abi*t.Value/100, t.Duration)
	case ftbtfmt.ClassFly:
		what = fmt.Sprintf("eases the way within %d, %d rounds", m.techRadius(id, p), t.Duration)
	case ftbtfmt.ClassDisableLong:
		what = fmt.Sprintf("shields from long-range attacks within %d", m.techRadius(id, p))
	default:
		what = "no effect"
	}
	return t.Name + " · " + what
}

// targetRange is tech t's target range from loc (spec §3.5), each cell
// once.
func (m *ftbtMatch) targetRange(loc int, t *ftbtfmt.Tech) []int {
	var out []int
	for _, c := range ftbteng.TargetRange(m.level.W, m.level.H, m.level.Terrain.At, t, loc) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
