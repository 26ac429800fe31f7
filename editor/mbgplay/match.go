package mbgplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/play"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"math"
	"time"

	"fyne.io/fyne/v2"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/mbgview"
	"github.com/shapan/shapan/engine"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// mbgTurnLimit is how many turns a test game of a scenario lasts at most
// unless the options set another (the richest role wins after it, as the
// original decides).
const mbgTurnLimit = 100

func init() {
	fam := play.Family{Seats: mbgSeats, New: newMBGMatch, Computers: mbgeng.Roster(0).Choices()}
	play.Register(mbgfmt.KindScenario, fam)
	play.Register(mbgfmt.KindSave, fam)
	editor.RegisterSideNames("mbg", editor.SideNames{Word: "role", First: 1})
}

func mbgSeats(doc *formats.Document) ([]play.Seat, error) {
	var seats []play.Seat
	switch v := doc.Value.(type) {
	case *mbgfmt.Scenario:
		for _, r := range v.Roles {
			name := r.Name
			if r.Start == -1 {
				name += " (not playing)"
			}
			seats = append(seats, play.Seat{Name: name})
		}
	case *mbgfmt.Save:
		for _, r := range v.Roles {
			name := r.Name
			if r.Loc == -1 {
				name += " (eliminated)"
			}
			seats = append(seats, play.Seat{Name: name})
		}
	default:
		return nil, fmt.Errorf("not an mbg scenario or save")
	}
	return seats, nil
}

// mbgMatch plays an mbg scenario or saved game.
type mbgMatch struct {
	g     *mbgeng.Game
	ai    *mbgeng.AI
	named []mbgeng.Player // computer seats that name another player
	seats []play.Seat
	names mbgeng.Names
	scope []int // city scopes (they never change in play)

	board *mbgview.BoardCanvas
	shown mbgpreview.BoardView // what the board shows
	pos   []int                // the square each role is drawn on (moves are animated)
	// onSquare, when set, receives a click on a board square (a card
	// asks for a square).
	onSquare func(i int)
}

func newMBGMatch(doc *formats.Document, seats []play.Seat, o play.Options) (play.Match, error) {
	seed := o.Seed
	limit := mbgTurnLimit
	if o.TurnCap > 0 {
		limit = o.TurnCap
	}
	setup := mbgeng.Setup{Seed: seed, MaxTurn: limit}
	m := &mbgMatch{seats: seats, ai: mbgeng.NewAI(seed + 1)}
	switch v := doc.Value.(type) {
	case *mbgfmt.Scenario:
		setup.Scenario = v
		for _, c := range v.Cities {
			m.scope = append(m.scope, c.Scope)
		}
	case *mbgfmt.Save:
		setup.Save = v
		setup.MaxTurn = v.Turn + limit
		for _, c := range v.Cities {
			m.scope = append(m.scope, c.Scope)
		}
	}
	// Threaded: the studio drives the game from its UI goroutine, which is
	// locked to its OS thread.
	g, err := mbgeng.New(setup, mbgeng.Options{Machine: engine.Options{Threaded: true}})
	if err != nil {
		return nil, err
	}
	m.g = g
	if m.named, err = play.NamedComputers(seats, mbgeng.Roster(g.NumRoles()), seed); err != nil {
		g.Close()
		return nil, err
	}
	m.names = g.Names()
	m.pos = make([]int, g.NumRoles())
	for r := range m.pos {
		m.pos[r] = g.View().Roles[r].Loc
	}
	m.board = mbgview.NewBoardCanvas(func() mbgpreview.BoardView { return m.shown }, func(i int) {
		if m.onSquare != nil {
			m.onSquare(i)
		}
	}, nil)
	m.Show()
	return m, nil
}

func (m *mbgMatch) Machine() *engine.Machine { return m.g.Machine }

func (m *mbgMatch) Computer() (engine.Answer, error) {
	d := m.g.Pending()
	if d == nil {
		return nil, errors.New("the game is over")
	}
	if p := play.SeatPlayer(m.named, d.Player); p != nil {
		return p.Answer(m.g, d), nil
	}
	return m.ai.Answer(m.g, d), nil
}

func (m *mbgMatch) Board() fyne.CanvasObject { return m.board.Grid }

func (m *mbgMatch) Close() { m.g.Close() }

// Show draws the board: the game's state with the roles where the
// animation has them.
func (m *mbgMatch) Show() {
	gv := m.g.View()
	v := mbgpreview.BoardView{WinMoney: gv.WinMoney, Turn: gv.Turn, Selected: -1}
	marks := map[int]string{}
	for _, l := range gv.Barriers {
		marks[l] = "障"
	}
	for _, l := range gv.Robbers {
		marks[l] = "贼"
	}
	for i, class := range gv.BoardClass {
		base := gv.BoardBase[i]
		sq := mbgpreview.BoardSquare{Class: class, Owner: -1, Scope: -1, Mark: marks[i]}
		switch class {
		case mbgfmt.ClassCity:
			sq.Label = m.names.City(base)
			if base >= 0 && base < len(gv.Cities) {
				sq.Owner = gv.Cities[base].Role
			}
			if base >= 0 && base < len(m.scope) {
				sq.Scope = m.scope[base]
			}
		case mbgfmt.ClassInstitute:
			sq.Label = m.names.Institute(base)
		case mbgfmt.ClassTrainingRoom:
			sq.Label = m.names.TrainingRoom(base)
		default:
			sq.Label = []string{"空地", "城", "会馆", "研究所", "修炼所", "机会"}[min(max(class, 0), 5)]
		}
		v.Squares = append(v.Squares, sq)
	}
	for r, ro := range gv.Roles {
		at := ro.Loc
		if r < len(m.pos) && at != -1 {
			at = m.pos[r]
		}
		v.Roles = append(v.Roles, mbgpreview.BoardRole{Name: m.names.Role(r), At: at, Money: ro.Money, Out: ro.Loc == -1})
	}
	m.shown = v
	m.board.Refresh()
}

func money(f float32) string { return fmt.Sprintf("%.0f", math.Round(float64(f))) }

// Event animates moves and tells what happened in the engine's words
// (those the server's page shows).
func (m *mbgMatch) Event(e engine.Event) (string, time.Duration) {
	line := m.names.Describe(e)
	ngrid := len(m.g.View().BoardClass)
	switch ev := e.(type) {
	case mbgeng.MoveOneStep:
		if ev.Role < len(m.pos) && ngrid > 0 {
			m.pos[ev.Role] = ((ev.From+ev.Dir)%ngrid + ngrid) % ngrid
		}
		return line, 140 * time.Millisecond
	case mbgeng.RoleMove:
		if ev.Role < len(m.pos) {
			m.pos[ev.Role] = ev.To
		}
		return line, 250 * time.Millisecond
	case mbgeng.RoleStartAction:
		if ev.Role < len(m.pos) {
			m.pos[ev.Role] = ev.Loc
		}
		return line, 150 * time.Millisecond
	}
	return line, mbgPauses[e.EventName()]
}

// mbgPauses are how long the play window lingers on an event that is not
// a move, so that a person can follow.
var mbgPauses = map[string]time.Duration{
	"note_role_occupy_city": 400 * time.Millisecond, "note_role_drop_city": 400 * time.Millisecond,
	"note_join": 200 * time.Millisecond, "note_get_card": 200 * time.Millisecond,
	"battle_start": 300 * time.Millisecond, "battle_end": 500 * time.Millisecond, "battle_no_general": 200 * time.Millisecond,
	"note_role_win": time.Second, "end_turn": 300 * time.Millisecond,
	"set_barrier": 200 * time.Millisecond, "unset_barrier": 200 * time.Millisecond, "set_robber": 200 * time.Millisecond, "unset_robber": 200 * time.Millisecond,
	"set_slow": 200 * time.Millisecond, "set_fast": 200 * time.Millisecond, "set_stop": 200 * time.Millisecond, "set_continue": 200 * time.Millisecond,
	"change_dir": 200 * time.Millisecond, "self_recover": 200 * time.Millisecond, "set_pe": 200 * time.Millisecond,
	"note_role_loss": 200 * time.Millisecond, "role_forbid_action": 200 * time.Millisecond, "set_align": 200 * time.Millisecond,
	"set_liuyan": 200 * time.Millisecond, "set_poison": 200 * time.Millisecond, "set_quit": 200 * time.Millisecond,
}

// SavePosition implements PositionSaver: the legacy save the original
// writes when the acting role saves at its move.
func (m *mbgMatch) SavePosition() (*formats.Document, error) {
	sv, err := m.g.SaveState()
	if err != nil {
		return nil, errors.New("the game can be saved when a role is asked for its move (pause, then Step until it is)")
	}
	return &formats.Document{Format: formats.YAML, Kind: mbgfmt.KindSave, Value: sv}, nil
}

func (m *mbgMatch) Result() string {
	res, ok := m.g.Winner()
	switch {
	case !ok:
		return "the game stopped"
	case res == mbgeng.ResultDraw:
		return "everybody went bankrupt: a draw"
	case res == mbgeng.ResultQuit:
		return "a player quit"
	}
	return fmt.Sprintf("%s wins at turn %d", m.names.Role(res), m.g.Turn())
}

// officerLine describes an officer with his abilities.
func (m *mbgMatch) officerLine(p int) string {
	v := m.g.View()
	if p < 0 || p >= len(v.People) {
		return m.names.Officer(p)
	}
	o := v.People[p]
	return fmt.Sprintf("%s  武%.0f 战%.0f 谋%.0f 政%.0f 经%.0f  hp %.0f", m.names.Officer(p), o.Prop[0], o.Prop[1], o.Prop[2], o.Prop[3], o.Prop[4], o.HP)
}

func decodeArgs(d *engine.Decision, into any) {
	b, _ := json.Marshal(d.Args)
	json.Unmarshal(b, into)
}

func (m *mbgMatch) lines(list []int, f func(int) string) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = f(v)
	}
	return out
}

// pickOne asks for one officer of list; none answers -1.
func (m *mbgMatch) pickOne(title fyne.CanvasObject, list []int, none string, pick func(int)) fyne.CanvasObject {
	var buttons []fyne.CanvasObject
	for i, p := range list {
		i := i
		buttons = append(buttons, widget.NewButton(m.officerLine(p), func() { pick(i) }))
	}
	buttons = append(buttons, widget.NewButton(none, func() { pick(-1) }))
	return container.NewVBox(title, play.OptionGrid(buttons))
}

// pickMany asks for several officers of list.
func (m *mbgMatch) pickMany(title fyne.CanvasObject, list []int, ok string, pick func([]int)) fyne.CanvasObject {
	cg := widget.NewCheckGroup(m.lines(list, m.officerLine), nil)
	return container.NewVBox(title, play.LimitedScroll(cg), widget.NewButton(ok, func() { pick(selectedIndices(cg)) }))
}

func selectedIndices(cg *widget.CheckGroup) []int {
	idx := []int{}
	for i, o := range cg.Options {
		for _, s := range cg.Selected {
			if s == o {
				idx = append(idx, i)
				break
			}
		}
	}
	return idx
}

// allocation lists the places a role can rearrange.
func (m *mbgMatch) allocation(title fyne.CanvasObject, send func(any)) fyne.CanvasObject {
	v := m.g.View()
	me := m.g.Pending().Player
	box := container.NewVBox(title)
	if me >= 0 && me < len(v.Roles) {
		for _, c := range v.Roles[me].Mcs {
			c := c
			box.Add(widget.NewButton("Garrison of "+m.names.City(c), func() { send([]int{0, c}) }))
		}
		for i, in := range v.Insts {
			if me < len(in.Mos) && in.Mos[me] >= 0 {
				i := i
				box.Add(widget.NewButton("Researcher at "+m.names.Institute(i), func() { send([]int{1, i}) }))
			}
		}
		for i, t := range v.Trains {
			if me < len(t.Mos) && t.Mos[me] >= 0 {
				i := i
				box.Add(widget.NewButton("Trainee at "+m.names.TrainingRoom(i), func() { send([]int{2, i}) }))
			}
		}
	}
	box.Add(widget.NewButton("Finish", func() { send([]int{-1, -1}) }))
	return container.NewVBox(box.Objects[0], play.OptionGrid(box.Objects[1:]))
}
