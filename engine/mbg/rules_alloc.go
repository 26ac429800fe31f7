package mbg

import (
	"fmt"

	"github.com/shapan/shapan/engine"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// allocation is the allocation phase (人员调度) of spec §5.10: every live
// role may exchange garrisons and call researchers and trainees back.
func (g *game) allocation() {
	for r := range g.roles {
		if !g.live(r) {
			continue
		}
		for g.allocStep(r) {
		}
	}
}

// allocLocs lists the squares of role r's cities, researchers and trainees.
func (g *game) allocLocs(r int) []int {
	locs := []int{}
	for i, sq := range g.board {
		switch {
		case sq.class == mbgfmt.ClassCity && g.cities[sq.base].role == r,
			sq.class == mbgfmt.ClassInstitute && g.insts[sq.base].researcher[r] != -1,
			sq.class == mbgfmt.ClassTrainingRoom && g.trains[sq.base].trainee[r] != -1:
			locs = append(locs, i)
		}
	}
	return locs
}

// allocStep is one round of the allocation loop; it reports whether the
// role goes on.
func (g *game) allocStep(r int) bool {
	g.emit(StartAllocate{To: r, Locs: g.allocLocs(r)})
	st, obj := g.askPair(r, KindSelAllocObj, NoArgs{}, func(st, obj int) error {
		if st == -1 || obj == -1 {
			return nil
		}
		n, what := 0, ""
		switch st {
		case 0:
			n, what = len(g.cities), "city"
		case 1:
			n, what = len(g.insts), "institute"
		case 2:
			n, what = len(g.trains), "training room"
		default:
			return nil
		}
		if obj < 0 || obj >= n {
			return fmt.Errorf("%s %d does not exist", what, obj)
		}
		return nil
	})
	if st == -1 || obj == -1 {
		return false
	}
	switch st {
	case 0:
		if g.cities[obj].role == r {
			g.exchange(r, obj)
		}
	case 1:
		in := &g.insts[obj]
		if p := in.researcher[r]; p != -1 {
			if g.askBool(r, KindIsCancelStudy, CancelStudyArgs{P: p, OnStudy: in.onStudy[r], LeftPoint: in.point[r]}) {
				g.leaveInst(p, true)
			}
		}
	case 2:
		tr := &g.trains[obj]
		if p := tr.trainee[r]; p != -1 {
			if g.askBool(r, KindIsCancelTrain, CancelTrainArgs{P: p, Item: tr.item, LeftRound: tr.round[r]}) {
				g.leaveTrain(p, true)
			}
		}
	}
	return true
}

// exchange lets role r move officers into and out of its city c, then
// appoint its mayor and treasurer.
func (g *game) exchange(r, c int) {
	spl := g.roles[r].mos.list()
	opl := g.cities[c].mos.list()
	a := g.ask(r, KindExchangeCityPeople, ExchangeArgs{City: c, SPList: spl, OPList: opl}, func(a engine.Answer) error {
		x, err := DecodeExchange(a)
		if err != nil {
			return err
		}
		for _, i := range x.In {
			if err := index(i, len(spl), false, "every index of in"); err != nil {
				return err
			}
		}
		for _, i := range x.Out {
			if err := index(i, len(opl), false, "every index of out"); err != nil {
				return err
			}
		}
		return nil
	})
	x, _ := DecodeExchange(a)
	for _, i := range x.In {
		g.enterCity(spl[i], c, true)
	}
	for _, i := range x.Out {
		g.leaveCity(opl[i], true)
	}
	if g.cities[c].role == r {
		g.appoint(r, c)
	}
}
