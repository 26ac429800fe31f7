package mbg

import (
	"errors"
	"math/rand"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// Results of Run besides a winning role (spec §5.2).
const (
	ResultDraw = -1 // everyone was eliminated in the same round end
	ResultQuit = -3 // a player answered -2 (quit) to sel_role_action
)

// game is the state of a game together with what runs its rules: the
// random generator, the player interface and the run's parameters.
type game struct {
	*state
	rng       *rand.Rand
	play      *engine.Play
	maxTurn   int
	firstRole int
	quitAsked bool
	// saveFile stores a save requested by answer -3 and get_file_name;
	// it reports whether the save succeeded.
	saveFile func(name string, data []byte) bool
	// acting is the role whose action is in progress (-1 between actions).
	acting int
	// src is rng's source; cp, once Fork turned it on, the state at the
	// last sel_role_action and the answers given since.
	src *engine.Source
	cp  *checkpoint
}

// rules is the sequential rule code: the UI-connection events, then
// Run(max_turn, first_role). It returns the result of Run.
func (g *game) rules(p *engine.Play) any {
	g.play = p
	g.acting = -1
	g.connectUI()
	return g.run()
}

func (g *game) emit(e engine.Event) { g.play.Emit(e) }

// connectUI emits the events of a UI connecting to the game (spec §10.1).
func (g *game) connectUI() {
	g.emit(InitMap{NGrid: len(g.board), NRole: len(g.roles), NPeople: len(g.people), NCity: len(g.cities),
		NInst: len(g.insts), NTrain: len(g.trains), NTech: NumTechs, NCard: NumCards, NX: g.nx, NY: g.ny})
	for i, c := range g.cities {
		g.emit(ShowCity{ID: i, Name: c.name, Scope: c.scope, X0: c.rect.X0, Y0: c.rect.Y0, X1: c.rect.X1, Y1: c.rect.Y1})
	}
	for i, in := range g.insts {
		g.emit(ShowInstitute{ID: i, Name: in.name, X0: in.rect.X0, Y0: in.rect.Y0, X1: in.rect.X1, Y1: in.rect.Y1})
	}
	for i, t := range g.trains {
		g.emit(ShowTrainingRoom{ID: i, Name: t.name, Item: t.item, X0: t.rect.X0, Y0: t.rect.Y0, X1: t.rect.X1, Y1: t.rect.Y1})
	}
	for i, sq := range g.board {
		g.emit(ShowMap{ID: i, Class: sq.class, Base: sq.base, X: sq.x, Y: sq.y})
	}
}

// run is Run(max_turn, first_role) of spec §5.2.
func (g *game) run() int {
	g.emit(Plain{Name: "start_game"})
	for r := range g.roles {
		g.emit(ToRole{Name: "oi_start_game", To: r})
	}
	first := true
	for {
		for i := range g.roles {
			if first && i < g.firstRole {
				continue
			}
			cont := g.roleAction(i)
			for {
				if g.quitAsked {
					g.emit(Plain{Name: "note_force_quit"})
					return ResultQuit
				}
				if !cont {
					break
				}
				g.roles[i].cst = false
				cont = g.roleAction(i)
			}
		}
		first = false
		if over, res := g.roundEnd(); over {
			return res
		}
		if g.turn > g.maxTurn {
			break
		}
	}
	winner := 0
	for r := range g.roles {
		if g.roles[r].money > g.roles[winner].money {
			winner = r
		}
	}
	g.emit(RoleWin{Role: winner, Moneys: g.moneys()})
	return winner
}

// roleAction is role_action(r) of spec §5.3; it reports whether the role
// gets another action right away.
func (g *game) roleAction(r int) bool {
	ro := &g.roles[r]
	if ro.loc == -1 {
		return false
	}
	if ro.mst == mstStopped {
		g.emit(RoleEvent{Name: "role_forbid_action", Role: r})
		if ro.cst {
			g.emit(RoleEvent{Name: "role_continue_action", Role: r})
		}
		return ro.cst
	}
	g.emit(RoleStartAction{Role: r, Loc: ro.loc, Money: ro.money})
	g.acting = r
	defer func() { g.acting = -1 }()
	for {
		g.checkpoint(r)
		a := g.askInt(r, KindSelRoleAction, CardsArgs{Cards: ro.cards}, func(v int) error {
			if v < -3 || v >= NumCards {
				return errRoleAction
			}
			return nil
		})
		switch {
		case a == -1:
			g.move(r)
		case a == -2:
			g.quitAsked = true
			return false
		case a == -3:
			g.saveAsked(r)
			continue
		default:
			if ro.cards[a] > 0 && g.playCard(r, a) {
				ro.cards[a]--
			}
			continue
		}
		break
	}
	if ro.cst {
		g.emit(RoleEvent{Name: "role_continue_action", Role: r})
	}
	return ro.cst
}

var errRoleAction = errors.New("the answer must be -1 (move), -2 (quit), -3 (save) or a card from 0 to 13")

// saveAsked is answer -3: ask for a file name and save the game there.
func (g *game) saveAsked(r int) {
	name := g.askString(r, KindGetFileName, NoArgs{})
	if name == "" {
		return
	}
	data, err := mbgfmt.WriteSave(g.toSave(r))
	ok := err == nil && g.saveFile != nil && g.saveFile(name, data)
	g.emit(SaveReport{To: r, OK: ok})
}
