package mbg

// saloon is the saloon square (spec §5.6): one candidate per non-empty
// level with a random price; the role may hire one if it can pay.
func (g *game) saloon(r int) {
	cands, prices := []int{}, []float32{}
	for lv := range g.free {
		pool := g.free[lv].list()
		if len(pool) == 0 {
			continue
		}
		p := pool[g.rng.Intn(len(pool))]
		cands = append(cands, p)
		prices = append(prices, g.price(p))
	}
	for {
		a := g.askIndex(r, KindSaloonSelPeople, SaloonArgs{PList: cands, Price: prices}, len(cands))
		if a == -1 {
			return
		}
		if g.roles[r].money > prices[a] {
			g.changeMoney(r, -prices[a])
			g.join(cands[a], r)
			return
		}
		g.emit(ToOfficer{Name: "recruit_fail", To: r, P: cands[a]})
	}
}

// price is the hire price of officer p, drawing its random factor:
// (30 × ((0.1 × sum) + (0.5 × max))) × (0.9 + (0.2 × Float32())).
func (g *game) price(p int) float32 {
	f := 0.9 + float32(0.2*g.rng.Float32())
	return float32(priceBase(g.people[p].prop) * f)
}

// priceBase is the hire price before its random factor:
// 30 × ((0.1 × sum) + (0.5 × max)).
func priceBase(prop [5]float32) float32 {
	var max float32
	for _, v := range prop {
		if v > max {
			max = v
		}
	}
	base := float32(0.1*propSum(prop)) + float32(0.5*max)
	return float32(pPriceScale * base)
}

// instituteSquare: a role without researcher at institute i may send a
// travelling officer to study one of the techs it does not know.
func (g *game) instituteSquare(r, i int) {
	in := &g.insts[i]
	if in.researcher[r] != -1 {
		return
	}
	tl := []int{}
	for _, t := range in.techs {
		if !g.roles[r].tech.has(t) {
			tl = append(tl, t)
		}
	}
	pl := g.roles[r].mos.list()
	sp, st := g.askPair(r, KindSelStudy, StudyArgs{Inst: i, PList: pl, TList: tl}, func(sp, st int) error {
		if sp == -1 || st == -1 {
			return nil
		}
		if err := index(sp, len(pl), false, "the officer"); err != nil {
			return err
		}
		return index(st, len(tl), false, "the tech")
	})
	if sp != -1 && st != -1 {
		g.enterInst(pl[sp], i, tl[st])
	}
}

// trainingSquare: a role without trainee at room t may send a travelling
// officer to train.
func (g *game) trainingSquare(r, t int) {
	tr := &g.trains[t]
	if tr.trainee[r] != -1 {
		return
	}
	pl := g.roles[r].mos.list()
	sp := g.askIndex(r, KindSelTrain, TrainArgs{Train: t, PList: pl, Item: tr.item}, len(pl))
	if sp != -1 {
		g.enterTrain(pl[sp], t)
	}
}
