package mbg

import mbgfmt "github.com/shapan/shapan/formats/mbg"

// move is a role's movement and everything that follows on the square it
// reaches (spec §5.4).
func (g *game) move(r int) {
	ro := &g.roles[r]
	max := 0
	switch ro.mst {
	case mstNormal:
		max = maxStep
	case mstSlow:
		max = maxStep / slowScale
	case mstFast:
		max = maxStep * fastScale
	}
	step := 0
	if max > 0 {
		step = g.rng.Intn(max) + 1
	}
	g.board[ro.loc].present[r] = false
	from := ro.loc
	n := len(g.board)
	for i := 0; i < step; i++ {
		g.emit(MoveOneStep{Role: r, From: ro.loc, Dir: ro.dir})
		ro.loc = ((ro.loc+ro.dir)%n + n) % n
		if sq := &g.board[ro.loc]; sq.barrier || sq.robber {
			break
		}
	}
	g.emit(RoleMove{Role: r, From: from, To: ro.loc, Step: step})
	loc := ro.loc
	sq := &g.board[loc]
	sq.present[r] = true
	if sq.barrier {
		sq.barrier = false
		g.emit(SquareEvent{Name: "unset_barrier", Loc: loc})
	}
	if sq.robber {
		sq.robber = false
		g.emit(SquareEvent{Name: "unset_robber", Loc: loc})
		if g.fightRobber(r) != 1 {
			paid := g.changeMoney(r, -robberSteal)
			g.emit(StealMoney{Sub: -1, Obj: r, Money: paid, Moneys: g.moneys()})
		}
	}
	g.encounters(r, loc)
	switch sq.class {
	case mbgfmt.ClassCity:
		g.citySquare(r, sq.base)
	case mbgfmt.ClassSaloon:
		g.saloon(r)
	case mbgfmt.ClassInstitute:
		g.instituteSquare(r, sq.base)
	case mbgfmt.ClassTrainingRoom:
		g.trainingSquare(r, sq.base)
	case mbgfmt.ClassChance:
		c := g.rng.Intn(NumCards)
		ro.cards[c]++
		g.emit(GetCard{Role: r, Card: c})
	}
}

// encounters: the moving role r meets every other role on its square
// (spec §5.4 step 8).
func (g *game) encounters(r, loc int) {
	for i := range g.roles {
		if i == r || !g.board[loc].present[i] {
			continue
		}
		if g.roles[r].ast == i {
			g.emit(ToObj{Name: "skip_battle_by_align", To: r, Obj: i})
			continue
		}
		s := g.askScale(r, KindBattleWithRole, ObjArgs{Obj: i})
		if s == -1 {
			s = g.forced(r, i, s)
		}
		if s == -1 {
			continue
		}
		res := g.fightRoles(r, i, -1, s)
		winner, loser := r, i
		switch res {
		case 0:
			continue
		case -1:
			winner, loser = i, r
		}
		var paid float32
		if m := g.roles[loser].money; m > 0 {
			paid = g.changeMoney(loser, float32(-meetSteal*m))
			g.changeMoney(winner, -paid)
		}
		g.emit(StealMoney{Sub: winner, Obj: loser, Money: paid, Moneys: g.moneys()})
	}
}

// forced applies the public-enemy rule to a refused battle between mover r
// and o: it returns scale 0 if either is a public enemy, else s.
func (g *game) forced(r, o, s int) int {
	if g.roles[r].ast == astPublicEnemy {
		g.emit(ToObj{Name: "force_battle", To: r, Obj: o})
		s = 0
	}
	if g.roles[o].ast == astPublicEnemy {
		g.emit(ToObj{Name: "force_battle", To: o, Obj: r})
		s = 0
	}
	return s
}
