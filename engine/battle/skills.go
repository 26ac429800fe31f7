package battle

// A skill is identified by its hero's roster index and its number:
// skillOf(h, k) = 2h + k − 1.
const (
	sk1Wushuang  = iota // 吕布 无双乱舞
	sk2Rage             // 吕布 大杀四方
	sk1Dragon           // 赵云 龙胆突刺
	sk2Charge           // 赵云 冲锋陷阵
	sk1Yiqi             // 关羽 一骑当千
	sk2Moon             // 关羽 青龙偃月斩
	sk1Rende            // 刘备 仁德之君
	sk2Flag             // 刘备 蜀汉旗
	sk1Tiger            // 曹操 虎豹骑召令
	sk2Xiaoxiong        // 曹操 乱世枭雄
	sk1Navy             // 孙权 江东水师
	sk2Balance          // 孙权 制衡
	sk1Jinnang          // 诸葛亮 锦囊妙计
	sk2Stars            // 诸葛亮 斗转星移
	sk1Fire             // 周瑜 火攻
	sk2Lianying         // 周瑜 连营
	sk1Guimou           // 司马懿 鬼谋
	sk2Tianming         // 司马懿 天命
)

// skillOf returns the skill k (1 or 2) of the hero with roster index h.
func skillOf(h, k int) int { return 2*h + k - 1 }

// damaging reports whether a skill resolves in stage 9b (the others are
// support skills of step 8).
func damaging(sk int) bool {
	switch sk {
	case sk1Wushuang, sk1Dragon, sk2Charge, sk1Yiqi, sk2Moon, sk1Tiger, sk1Fire, sk1Guimou, sk2Tianming:
		return true
	}
	return false
}

// Skill durations (D21).
const (
	rageRounds     = 3
	weakRounds     = 2
	chargeRounds   = 2
	rendeRounds    = 5
	buffRounds     = 3 // 乱世枭雄, 制衡, 锦囊妙计, 连营
	controlRounds  = 5 // 鬼谋, 天命
	qinglongRounds = 5
	drunkRounds    = 3
)

// setStatus sets status st on a living unit for rounds from…until.
func setStatus(u *Unit, st Status, from, until int) {
	if u.Alive {
		u.Status[st] = Interval{from, until}
	}
}

// support resolves the support skills of step 8, side order, slot order.
func (st *state) support() {
	for s := range st.Sides {
		for k := range st.Sides[s].Team {
			a := &st.ord[s].act[k]
			u := &st.Sides[s].Team[k]
			if a.op != OpSK || !u.Alive {
				continue
			}
			if sk := skillOf(u.Hero, a.skill); !damaging(sk) {
				st.supportSkill(s, k, sk, a)
			}
		}
	}
}

func (st *state) supportSkill(s, k, sk int, a *actOrder) {
	r := st.Round
	sd := &st.Sides[s]
	u := &sd.Team[k]
	var at *Point
	if sk == sk2Flag {
		at = &a.at
	}
	st.skillEvent(s, k, a, "", at)
	sd.Last[u.Hero][a.skill-1] = r
	switch sk {
	case sk2Rage:
		u.Status[Rage] = Interval{r + 1, r + rageRounds}
		u.Status[Weak] = Interval{r + rageRounds + 1, r + rageRounds + weakRounds}
	case sk1Rende:
		for j := range sd.Team {
			setStatus(&sd.Team[j], Rende, r+1, r+rendeRounds)
		}
	case sk2Flag:
		if Dist(u.At, a.at) <= MarkRange {
			u.Mark, u.MarkRound = a.at, r+1
		} else {
			st.miss(s, k, "SK2", "out_of_range")
		}
	case sk2Xiaoxiong:
		u.Status[Xiaoxiong] = Interval{r + 1, r + buffRounds}
	case sk1Navy:
		st.healSide(s, 20)
	case sk2Balance:
		u.Status[Zhiheng] = Interval{r + 1, r + buffRounds}
		u.ZhihengKind = a.soldier
	case sk1Jinnang:
		u.Status[Immune] = Interval{r + 1, r + buffRounds}
	case sk2Stars:
		st.healSide(s, 15)
		if a.form != NoFormation && a.form != sd.Formation {
			sd.Formation = a.form
			if st.emit != nil {
				st.emit(Form{Side: s, Form: a.form.String(), Free: true, Morale: sd.Morale, Grain: sd.Grain})
			}
		}
	case sk2Lianying:
		u.Status[Lianying] = Interval{r + 1, r + buffRounds}
	}
}

// skillEvent emits skill for the SK of side s's slot k.
func (st *state) skillEvent(s, k int, a *actOrder, target string, at *Point) {
	if st.emit == nil {
		return
	}
	u := &st.Sides[s].Team[k]
	h := &st.Board.Roster[u.Hero]
	e := Skill{Side: s, Hero: h.Name, Skill: a.skill, Name: h.Skills[a.skill-1], Target: target}
	if at != nil {
		e.At = cellPtr(*at)
	}
	st.emit(e)
}

// miss emits miss.
func (st *state) miss(s, k int, via, reason string) {
	if st.emit != nil {
		st.emit(Miss{Side: s, Hero: st.name(s, k), Via: via, Reason: reason})
	}
}

// name is the name of the hero in side s's slot k.
func (st *state) name(s, k int) string { return st.Board.Roster[st.Sides[s].Team[k].Hero].Name }
