package mbg

// Card target sides (odir) and kinds (otype), spec §4.3.
const (
	odirAny   = 0
	odirSelf  = 1
	odirOther = 2

	otypeSelf    = 0
	otypeRole    = 2
	otypeSquare  = 3
	otypeOfficer = 4
)

// cardInfo is one row of the card table.
type cardInfo struct{ odir, otype int }

// cards is the static card table (spec §4.3), by card id.
var cards = [NumCards]cardInfo{
	{odirAny, otypeSquare},    // 0 障碍 barrier
	{odirAny, otypeRole},      // 1 慢行 slow
	{odirAny, otypeRole},      // 2 急行 fast
	{odirAny, otypeRole},      // 3 停止 stop
	{odirSelf, otypeSelf},     // 4 双行 double move
	{odirOther, otypeRole},    // 5 偷盗 steal
	{odirSelf, otypeSelf},     // 6 恢复 recover
	{odirOther, otypeOfficer}, // 7 流言 rumour
	{odirOther, otypeOfficer}, // 8 毒药 poison
	{odirOther, otypeOfficer}, // 9 离间 defection
	{odirAny, otypeSquare},    // 10 山贼 robber
	{odirOther, otypeRole},    // 11 联盟 alliance
	{odirOther, otypeRole},    // 12 公愤 public enemy
	{odirAny, otypeRole},      // 13 反向 reverse
}

// playCard is the card procedure of spec §5.8 for role u and card a (held
// at least once); it reports whether the card was used (and so consumed).
func (g *game) playCard(u, a int) bool {
	switch cards[a].otype {
	case otypeSelf:
		if g.askInt(u, KindConfirmCard, CardArgs{Card: a}, nil) != 0 {
			return false
		}
		g.applySelfCard(u, a)
		return true
	case otypeRole:
		return g.roleCard(u, a)
	case otypeSquare:
		loc := g.askInt(u, KindSelCardObjLoc, CardArgs{Card: a}, func(v int) error {
			return index(v, len(g.board), true, "the square")
		})
		if loc == -1 {
			return false
		}
		if a == 0 {
			g.board[loc].barrier = true
			g.emit(SquareEvent{Name: "set_barrier", Loc: loc})
		} else {
			g.board[loc].robber = true
			g.emit(SquareEvent{Name: "set_robber", Loc: loc})
		}
		return true
	case otypeOfficer:
		return g.officerCard(u, a)
	}
	return false
}

// applySelfCard applies card 4 (double move) or 6 (recover).
func (g *game) applySelfCard(u, a int) {
	ro := &g.roles[u]
	if a == 4 {
		ro.cst = true
		g.emit(RoleEvent{Name: "set_continue", Role: u})
		return
	}
	for _, p := range ro.mos.list() {
		o := &g.people[p]
		changeHP(&o.hp, o.hpmax, float32(o.hpmax*cardRecover))
	}
	g.emit(RoleEvent{Name: "self_recover", Role: u})
}

// roleCard plays a card aimed at a role (1, 2, 3, 5, 11, 12, 13).
func (g *game) roleCard(u, a int) bool {
	nr := len(g.roles)
	for {
		o := g.askInt(u, KindSelCardObjRole, CardArgs{Card: a}, func(v int) error {
			return index(v, nr, true, "the role")
		})
		if o == -1 || !g.live(o) {
			return false
		}
		if (cards[a].odir == odirSelf && o != u) || (cards[a].odir == odirOther && o == u) {
			continue
		}
		if g.applyRoleCard(u, a, o) {
			return true
		}
	}
}

// applyRoleCard applies a role card to target o; false when the effect
// failed (alliance, public enemy).
func (g *game) applyRoleCard(u, a, o int) bool {
	t := &g.roles[o]
	switch a {
	case 1, 2, 3:
		t.mst, t.mtime = a, 3 // slow 1, fast 2, stop 3
		g.emit(RoleEvent{Name: [...]string{"", "set_slow", "set_fast", "set_stop"}[a], Role: o})
	case 5:
		paid := g.changeMoney(o, -cardSteal)
		g.changeMoney(u, -paid)
		g.emit(StealMoney{Sub: u, Obj: o, Money: paid, Moneys: g.moneys()})
	case 11:
		if g.roles[u].ast != astNone || t.ast != astNone {
			g.emit(ToObj{Name: "align_fail", To: u, Obj: o})
			return false
		}
		t.ast, g.roles[u].ast = u, o
		t.atime, g.roles[u].atime = 7, 7
		g.emit(SetAlign{Sub: u, Obj: o})
	case 12:
		if t.ast != astNone {
			g.emit(ToObj{Name: "pe_fail", To: u, Obj: o})
			return false
		}
		t.ast, t.atime = astPublicEnemy, 5
		g.emit(RoleEvent{Name: "set_pe", Role: o})
	case 13:
		t.dir = -t.dir
		g.emit(RoleEvent{Name: "change_dir", Role: o})
	}
	return true
}

// officerCard plays a card aimed at an officer (7 rumour, 8 poison, 9
// defection): first a place (a role, city, institute or training room),
// then one of the officers there.
func (g *game) officerCard(u, a int) bool {
	allowed := g.officerAllowed(u, a)
	for {
		st, obj := g.askPair(u, KindSelCardObjAny, CardArgs{Card: a}, nil)
		var list []int
		switch st {
		case -1:
			return false
		case 0:
			if obj < 0 || obj >= len(g.roles) || !allowed[obj] {
				continue
			}
			list = g.roles[obj].mos.list()
		case 1:
			if obj < 0 || obj >= len(g.cities) {
				continue
			}
			owner := g.cities[obj].role
			if (cards[a].odir == odirSelf && owner != u) || (cards[a].odir == odirOther && (owner == -1 || owner == u)) {
				continue
			}
			list = g.cities[obj].mos.list()
		case 2:
			if obj < 0 || obj >= len(g.insts) {
				continue
			}
			list = slots(g.insts[obj].researcher, allowed)
		case 3:
			if obj < 0 || obj >= len(g.trains) {
				continue
			}
			list = slots(g.trains[obj].trainee, allowed)
		default:
			return true // consumed without effect
		}
		k := g.askIndex(u, KindSelCardObjPeople, CardPeopleArgs{Card: a, PList: list}, len(list))
		if k == -1 {
			continue
		}
		g.applyOfficerCard(a, list[k])
		return true
	}
}

// applyOfficerCard applies card a to officer p.
func (g *game) applyOfficerCard(a, p int) {
	o := &g.people[p]
	switch a {
	case 7:
		o.lst = 4
		g.emit(OfficerEvent{Name: "set_liuyan", P: p})
	case 8:
		o.pst = 8
		g.emit(OfficerEvent{Name: "set_poison", P: p})
	case 9:
		o.quit = true
		g.emit(OfficerEvent{Name: "set_quit", P: p})
	}
}
