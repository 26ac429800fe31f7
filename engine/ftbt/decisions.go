package ftbt

import (
	"fmt"

	"github.com/shapan/shapan/engine"
)

// Decision kinds: the questions of the original's controller interface
// (UISelect: SelObj in its three states, SelTech, Confirm).
const (
	KindSelPeople  = "sel_people"   // SelObj(SOS_PEOPLE): a person to act
	KindSelMoveObj = "sel_move_obj" // SelObj(SOS_MOVE_OBJ): a destination
	KindSelTech    = "sel_tech"     // SelTech: a tech or none
	KindSelTechObj = "sel_tech_obj" // SelObj(SOS_TECH_OBJ): a target cell
	KindConfirm    = "confirm"      // Confirm: quit or end the turn?
)

// Kinds lists every decision kind the rules ask.
var Kinds = []string{KindSelPeople, KindSelMoveObj, KindSelTech, KindSelTechObj, KindConfirm}

// Special answers to sel_people.
const (
	AnswerQuit    = -1 // quit the game (asks confirm)
	AnswerEndTurn = -2 // end this side's turn (asks confirm)
)

// Arguments of the decisions (what the player is shown).

// SelPeopleArgs are the arguments of sel_people: the side's people still
// to act this turn (index order) and their cells.
type SelPeopleArgs struct {
	Turn   int   `json:"turn"`
	Side   int   `json:"side"`
	People []int `json:"people"`
	Locs   []int `json:"locs"`
}

// SelMoveArgs are the arguments of sel_move_obj: person P on cell From,
// its movement range Valid in canonical order (spec §3.4; own people's
// cells included), and Dests, the cells of Valid accepted as a
// destination (From and the empty cells).
type SelMoveArgs struct {
	P     int   `json:"p"`
	From  int   `json:"from"`
	Valid []int `json:"valid"`
	Dests []int `json:"dests"`
}

// SelTechArgs are the arguments of sel_tech: person P, who started its
// action on From and now stands on Loc, and its techs (global ids; the
// answer is an index into this list). Retry counts the targets given up
// in this action so far (the question is asked again after each).
type SelTechArgs struct {
	P     int   `json:"p"`
	From  int   `json:"from"`
	Loc   int   `json:"loc"`
	Techs []int `json:"techs"`
	Retry int   `json:"retry"`
}

// SelTechObjArgs are the arguments of sel_tech_obj: person P (action
// started on From, now on Loc) uses its tech ITech (global id Tech).
// Range is the target range of spec §3.5 (file order, duplicates
// removed); Targets the cells of Range where a use is accepted (for a
// damage tech, those holding an enemy). Rejected counts the uses of this
// tech refused so far.
type SelTechObjArgs struct {
	P        int   `json:"p"`
	From     int   `json:"from"`
	Loc      int   `json:"loc"`
	ITech    int   `json:"itech"`
	Tech     int   `json:"tech"`
	Range    []int `json:"range"`
	Targets  []int `json:"targets"`
	Rejected int   `json:"rejected"`
}

// ConfirmArgs are the arguments of confirm: What is "quit" or "end_turn".
type ConfirmArgs struct {
	Side int    `json:"side"`
	What string `json:"what"`
}

// checkCell accepts the special values and the cells of the map; any
// other value crashes the original and is refused.
func (s *state) checkCell(v int, specials ...int) error {
	if v >= 0 && v < s.cells() {
		return nil
	}
	for _, sp := range specials {
		if v == sp {
			return nil
		}
	}
	switch len(specials) {
	case 1:
		return fmt.Errorf("the answer must be %d or a cell from 0 to %d, not %d", specials[0], s.cells()-1, v)
	case 2:
		return fmt.Errorf("the answer must be %d, %d or a cell from 0 to %d, not %d", specials[0], specials[1], s.cells()-1, v)
	}
	return fmt.Errorf("the answer must be a cell from 0 to %d, not %d", s.cells()-1, v)
}

// askInt poses a decision whose answer is an integer that valid accepts,
// and whose legal answers (those the rules act on) are legal.
func (g *game) askInt(player int, kind string, args any, valid func(int) error, legal []int) int {
	a := g.play.Ask(&engine.Decision{Player: player, Kind: kind, Args: args, Check: func(a engine.Answer) error {
		v, err := engine.DecodeInt(a)
		if err != nil {
			return err
		}
		return valid(v)
	}, Legal: func() engine.Legal { return engine.LegalValues(legal...) }})
	v, _ := engine.DecodeInt(a)
	return v
}

// askPeople asks side for a cell whose person acts, or -1 / -2.
func (g *game) askPeople(side int) int {
	args := SelPeopleArgs{Turn: g.turn, Side: side, People: []int{}, Locs: []int{}}
	for i, p := range g.people {
		if p.side == side && p.loc != -1 && !p.finished {
			args.People = append(args.People, i)
			args.Locs = append(args.Locs, p.loc)
		}
	}
	legal := append(append([]int{}, args.Locs...), AnswerEndTurn)
	g.at = at{kind: KindSelPeople}
	return g.askInt(side, KindSelPeople, args, func(v int) error { return g.checkCell(v, AnswerQuit, AnswerEndTurn) }, legal)
}

// confirm asks side to confirm what ("quit" or "end_turn"). The legal
// answer ends the turn, or keeps playing instead of quitting (quitting is
// never listed).
func (g *game) confirm(side int, what string) bool {
	g.at = at{kind: KindConfirm, what: what}
	a := g.play.Ask(&engine.Decision{Player: side, Kind: KindConfirm, Args: ConfirmArgs{Side: side, What: what},
		Check: func(a engine.Answer) error { _, err := engine.DecodeBool(a); return err },
		Legal: func() engine.Legal { return engine.LegalValues(what == "end_turn") }})
	v, _ := engine.DecodeBool(a)
	return v
}

// askMove asks for person p's destination: a cell, or -1 to cancel.
func (g *game) askMove(p, from int, valid []int) int {
	args := SelMoveArgs{P: p, From: from, Valid: append([]int{}, valid...), Dests: []int{}}
	for _, c := range valid {
		if c == from || g.occ[c] == -1 {
			args.Dests = append(args.Dests, c)
		}
	}
	return g.askInt(g.people[p].side, KindSelMoveObj, args, func(v int) error { return g.checkCell(v, -1) }, args.Dests)
}

// askTech asks for one of person p's techs (an index into its list) or
// -1 for none.
func (g *game) askTech(p, from, retry int) int {
	pp := &g.people[p]
	n := len(pp.techs)
	args := SelTechArgs{P: p, From: from, Loc: pp.loc, Techs: append([]int{}, pp.techs...), Retry: retry}
	legal := make([]int, n+1)
	for i := range legal {
		legal[i] = i - 1
	}
	return g.askInt(pp.side, KindSelTech, args, func(v int) error {
		if v == -1 || (v >= 0 && v < n) {
			return nil
		}
		return fmt.Errorf("the answer must be -1 or a tech index from 0 to %d, not %d", n-1, v)
	}, legal)
}

// askTarget asks for the target cell of person p's tech itech, or -1 to
// give the tech up.
func (g *game) askTarget(p, from, itech int, rng []int, rejected int) int {
	pp := &g.people[p]
	id := pp.techs[itech]
	args := SelTechObjArgs{P: p, From: from, Loc: pp.loc, ITech: itech, Tech: id, Range: []int{}, Targets: []int{}, Rejected: rejected}
	for _, c := range rng {
		if inList(args.Range, c) {
			continue
		}
		args.Range = append(args.Range, c)
		if g.rules.Techs[id].Class != 0 || (g.occ[c] != -1 && g.people[g.occ[c]].side != pp.side) {
			args.Targets = append(args.Targets, c)
		}
	}
	legal := args.Targets
	if len(legal) == 0 {
		legal = []int{-1} // give the tech up
	}
	return g.askInt(pp.side, KindSelTechObj, args, func(v int) error { return g.checkCell(v, -1) }, legal)
}
