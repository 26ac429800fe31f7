package mbg

// citySquare is the action on a city square (spec §5.5).
func (g *game) citySquare(r, c int) {
	ci := &g.cities[c]
	switch o := ci.role; {
	case o == r:
		tax := float32(g.earn(c) * ownTaxScale)
		g.changeMoney(r, tax)
		g.emit(NoteCollectTax{Role: r, City: c, Tax: tax, Money: g.roles[r].money})
	case o == -1:
		if g.askBool(r, KindIsOccuCity, CityArgs{City: c}) {
			g.occupy(r, c)
		}
	default:
		tax := float32(g.earn(c) * taxScale)
		g.changeMoney(r, -tax)
		g.emit(NotePayTax{Role: r, Owner: o, City: c, Tax: tax, Money: g.roles[r].money})
		if g.roles[r].ast == o {
			g.emit(ToObj{Name: "skip_battle_by_align", To: r, Obj: o})
			return
		}
		s := g.askScale(r, KindIsAttackCity, CityArgs{City: c})
		if s == -1 {
			s = g.forced(r, o, s)
		}
		if s >= 0 && g.fightRoles(r, o, c, s) == 1 {
			g.drop(o, c)
			g.occupy(r, c)
		}
	}
}

// occupy is Occupy(r, c): the role chooses the officers that garrison the
// unowned city, then its mayor and treasurer.
func (g *game) occupy(r, c int) {
	ci := &g.cities[c]
	if ci.role != -1 {
		return
	}
	pl := g.roles[r].mos.list()
	picks := g.askIndices(r, KindSelCityMos, CityMosArgs{PList: pl, City: c}, len(pl))
	if len(picks) == 0 {
		g.emit(OccuCityFail{To: r, City: c})
		return
	}
	ci.role = r
	g.roles[r].mcs.add(c)
	g.emit(RoleCity{Name: "note_role_occupy_city", Role: r, City: c})
	for _, i := range picks {
		g.enterCity(pl[i], c, false)
	}
	g.appoint(r, c)
}

// appoint is the appointment step: ask for a mayor, then a treasurer, from
// the garrison.
func (g *game) appoint(r, c int) {
	ci := &g.cities[c]
	pl := ci.mos.list()
	a := g.askIndex(r, KindSelMayor, OfficialArgs{City: c, PList: pl, OldMayor: ci.mayor, OldTreasurer: ci.treasurer}, len(pl))
	if a != -1 {
		g.appointMayor(pl[a])
	}
	a = g.askIndex(r, KindSelTreasurer, OfficialArgs{City: c, PList: pl, OldMayor: ci.mayor, OldTreasurer: ci.treasurer}, len(pl))
	if a != -1 {
		g.appointTreasurer(pl[a])
	}
}

// drop is Drop(o, c): the garrison returns to o's travelling party and the
// city becomes unowned.
func (g *game) drop(o, c int) {
	for _, p := range g.cities[c].mos.list() {
		g.leaveCity(p, false)
	}
	g.emit(RoleCity{Name: "note_role_drop_city", Role: o, City: c})
}
