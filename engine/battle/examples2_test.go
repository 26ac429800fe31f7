package battle

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	bfmt "github.com/shapan/shapan/formats/battle"
)

func TestE24Make(t *testing.T) {
	make1 := `[{"c":"MAKE","hero":"刘备","archers":3,"shields":2}]`
	x := newTable(t, mapT(nil))
	lb := x.put(0, 3, "刘备", pt(5, 5))
	soldiers(x.put(0, 0, "吕布", pt(8, 8)), 3, 1)
	x.st.Sides[0].Morale = 50
	x.st.Round = 5
	x.refused(0, `[{"c":"FORM","form":"鹤翼阵"},`+make1[1:], "grain 100 is less than the 200 these orders cost")
	x.refused(0, `[{"c":"MAKE","hero":"吕布","archers":3,"shields":0}]`, "7 soldiers would exceed command 6")
	ev := x.play(5, make1, "")
	wantEvents(t, ev,
		`{"e":"make","side":0,"hero":"刘备","archers":3,"shields":2,"cost":100,"grain":0}`,
		`{"e":"produce","side":0,"hero":"刘备","archers":3,"shields":2}`)
	eq(t, "soldiers", fmt.Sprint(lb.Archers, lb.ArcherHP, lb.Shields, lb.ShieldHP), "3 240 2 400")

	x = newTable(t, mapT(nil))
	lb = x.put(0, 3, "刘备", pt(5, 5))
	lb.HP = 10
	x.put(1, 0, "吕布", pt(7, 5))
	ev = x.play(5, make1, `[{"c":"AD","hero":"吕布","target":"刘备"}]`)
	eq(t, "produce after death", len(only(ev, "produce")), 0)
	eq(t, "grain", x.st.Sides[0].Grain, 0)
}

func TestE25Form(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(1, 0, "吕布", pt(5, 5))
	x.st.Sides[1].Morale, x.st.Sides[1].Grain = 49, 150
	x.st.Round = 5
	x.refused(1, `[{"c":"FORM","form":"八卦阵"}]`, "morale 49 is less than the 50")
	x.st.Sides[1].Morale = 60
	ev := x.play(5, "", `[{"c":"FORM","form":"八卦阵"}]`)
	wantEvents(t, ev, `{"e":"form","side":1,"form":"八卦阵","free":false,"morale":10,"grain":50}`)
	x.st.Sides[1].Morale = 60
	x.refused(1, `[{"c":"FORM","form":"八卦阵"}]`, "already 八卦阵")
}

func TestE26BuffsSealAndWine(t *testing.T) {
	x := newTable(t, mapT(nil))
	lu := soldiers(x.put(0, 0, "吕布", pt(5, 5)), 2, 1)
	x.put(1, 0, "吕布", pt(7, 5))
	x.put(1, 1, "诸葛亮", pt(9, 9)).HP = 40
	x.st.Round = 250
	x.refused(0, `[{"c":"BUFF","id":1002}]`, "not in round 250")
	ev := x.play(300, `[{"c":"BUFF","id":1001,"hero":"吕布"}]`, `[{"c":"BUFF","id":1004}]`)
	wantEvents(t, ev,
		`{"e":"buff","side":0,"id":1001,"hero":"吕布","archers":3,"shields":0}`,
		`{"e":"buff","side":1,"id":1004,"hero":"","archers":0,"shields":0}`)
	wantEvents(t, ev,
		`{"e":"drain","side":1,"hero":"吕布","amount":75,"hp":1425}`,
		`{"e":"drain","side":1,"hero":"诸葛亮","amount":39,"hp":1}`)
	eq(t, "soldiers", fmt.Sprint(lu.Archers, lu.Shields), "5 1")
	soldiers(&x.st.Sides[1].Team[0], 4, 0)
	ev = x.play(301, "", `[{"c":"AD","hero":"吕布","target":"吕布"}]`)
	d := only(ev, "damage")
	if len(d) != 1 || !strings.Contains(d[0], `"amount":230,`) {
		t.Errorf("drunk AD: %v", d)
	}

	x = newTable(t, mapT(nil))
	lu = soldiers(x.put(0, 0, "吕布", pt(5, 5)), 2, 1)
	ev = x.play(300, `[{"c":"BUFF","id":1001,"hero":"吕布"},{"c":"MAKE","hero":"吕布","archers":1,"shields":0}]`, "")
	eq(t, "produce", len(only(ev, "produce")), 0)
	eq(t, "grain", x.st.Sides[0].Grain, 80)
	eq(t, "soldiers", lu.Archers+lu.Shields, 6)
}

func TestE27Heals(t *testing.T) {
	x := newTable(t, mapT(nil))
	lb := soldiers(x.put(0, 3, "刘备", pt(5, 5)), 2, 1)
	lb.HP, lb.ShieldHP, lb.ArcherHP = 1000, 100, 200
	x.put(0, 0, "吕布", pt(7, 7)).HP = 1400
	x.put(0, 5, "孙权", pt(9, 9))
	ev := x.play(5, `[{"c":"SK","hero":"孙权","skill":1}]`, "")
	wantEvents(t, ev,
		`{"e":"heal","side":0,"hero":"吕布","gain":100,"hp":1500,"shield_hp":0,"archer_hp":0}`,
		`{"e":"heal","side":0,"hero":"刘备","gain":320,"hp":1320,"shield_hp":180,"archer_hp":240}`,
		`{"e":"heal","side":0,"hero":"孙权","gain":0,"hp":1600,"shield_hp":0,"archer_hp":0}`)
}

func TestE28ClaimUpkeepTieStarvation(t *testing.T) {
	x := newTable(t, mapT(nil))
	soldiers(x.put(0, 3, "刘备", pt(14, 9)), 2, 0)
	x.put(0, 5, "孙权", pt(15, 9))
	soldiers(x.put(0, 0, "吕布", pt(16, 9)), 4, 2)
	x.put(1, 0, "吕布", pt(14, 11))
	x.put(1, 1, "赵云", pt(15, 11))
	x.put(1, 2, "关羽", pt(16, 12))
	ev := x.play(150, `[{"c":"AC","hero":"刘备"}]`, "")
	wantEvents(t, ev,
		`{"e":"flag_taken","side":0,"n":[3,2]}`,
		`{"e":"flag_held","side":0,"upkeep":14,"grain":86,"held":1}`)
	ev = x.play(151, "", `[{"c":"MOVE","hero":"关羽","to":[16,11]},{"c":"AC","hero":"吕布"}]`)
	wantEvents(t, ev,
		`{"e":"flag_void","side":1,"n":[3,3],"reason":"tie"}`,
		`{"e":"flag_held","side":0,"upkeep":14,"grain":72,"held":2}`)
	x.st.Sides[0].Grain = 10
	ev = x.play(152, "", "")
	wantEvents(t, ev, `{"e":"flag_starved","side":0,"upkeep":14,"grain":10}`)
	eq(t, "held", x.st.Sides[0].Held, 2)
	eq(t, "holder", x.st.Holder, 0)
	ev = x.play(153, `[{"c":"MOVE","hero":"刘备","to":[13,8]},{"c":"MOVE","hero":"孙权","to":[15,8]},{"c":"MOVE","hero":"吕布","to":[17,8]}]`, "")
	eq(t, "no flag event", len(only(ev, "flag_taken", "flag_void", "flag_held", "flag_starved")), 0)
	eq(t, "holder", x.st.Holder, 0)
}

func TestE29ACBeforeTheZoneOpens(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 3, "刘备", pt(5, 5))
	x.st.Round = 100
	x.refused(0, `[{"c":"AC","hero":"刘备"}]`, "opens in round 101")
	ev := x.play(101, `[{"c":"AC","hero":"刘备"}]`, "")
	wantEvents(t, ev, `{"e":"miss","side":0,"hero":"刘备","via":"AC","reason":"not_on_flag"}`)
}

func TestE30VictoryByTheFlag(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 3, "刘备", pt(15, 10))
	x.st.Holder = 0
	x.st.Sides[0].Held, x.st.Sides[0].Grain = 59, 30
	ev := x.play(300, "", "")
	wantEvents(t, ev, `{"e":"flag_held","side":0,"upkeep":2,"grain":28,"held":60}`)
	if last := ev[len(ev)-1]; !strings.HasPrefix(last, `{"e":"end","round":300,"winner":0,"reason":"flag",`) {
		t.Errorf("last event %s", last)
	}
	if x.st.result == nil || x.st.result.Winner != 0 {
		t.Errorf("result %+v", x.st.result)
	}
}

func TestE31TheRoundLimit(t *testing.T) {
	for _, tc := range []struct {
		held, heroes, soldierKills [2]int
		want                       string
	}{
		{[2]int{40, 40}, [2]int{7, 5}, [2]int{0, 0}, `"winner":0,"reason":"hero_kills"`},
		{[2]int{40, 40}, [2]int{5, 5}, [2]int{30, 31}, `"winner":1,"reason":"soldier_kills"`},
		{[2]int{40, 40}, [2]int{5, 5}, [2]int{30, 30}, `"winner":-1,"reason":"draw"`},
		{[2]int{41, 40}, [2]int{5, 5}, [2]int{30, 30}, `"winner":0,"reason":"held"`},
	} {
		x := newTable(t, mapT(nil))
		for s := range x.st.Sides {
			sd := &x.st.Sides[s]
			sd.Held, sd.HeroKills, sd.SoldierKills = tc.held[s], tc.heroes[s], tc.soldierKills[s]
		}
		ev := x.play(1000, "", "")
		if last := ev[len(ev)-1]; !strings.HasPrefix(last, `{"e":"end","round":1000,`+tc.want) {
			t.Errorf("%+v: last event %s", tc, last)
		}
	}
}

func TestE32TigerCavalryWithKnockback(t *testing.T) {
	x := newTable(t, mapT(map[Point]int{pt(8, 7): bfmt.CodeMountain}))
	x.put(0, 4, "曹操", pt(3, 3))
	x.put(1, 1, "周瑜", pt(5, 4))
	ev := x.play(5, `[{"c":"SK","hero":"曹操","skill":1,"target":"周瑜"}]`, "")
	wantEvents(t, ev,
		`{"e":"damage","src_side":0,"src":"曹操","via":"SK1","side":1,"hero":"周瑜","amount":90,"shields_lost":0,"archers_lost":0,"hp":1110}`,
		`{"e":"damage","src_side":0,"src":"曹操","via":"SK1","side":1,"hero":"周瑜","amount":90,"shields_lost":0,"archers_lost":0,"hp":1020}`,
		`{"e":"knockback","side":1,"hero":"周瑜","from":[5,4],"to":[7,6]}`)
}

func TestE33RageAndWeakness(t *testing.T) {
	x := newTable(t, mapT(map[Point]int{pt(5, 8): bfmt.CodeCity3}))
	lu := soldiers(x.put(0, 0, "吕布", pt(5, 5)), 4, 0)
	x.put(1, 3, "刘备", pt(7, 4))
	lu.HP = 1000
	x.st.Round = 50
	x.refused(0, `[{"c":"SK","hero":"吕布","skill":2}]`, "大杀四方 needs hp below 1000")
	lu.HP = 900
	x.play(50, `[{"c":"SK","hero":"吕布","skill":2}]`, "")
	eq(t, "rage", lu.Status[Rage], Interval{51, 53})
	eq(t, "weak", lu.Status[Weak], Interval{54, 55})
	for _, tc := range []struct {
		r    int
		cmd  string
		want string
	}{
		{51, `{"c":"AD","hero":"吕布","target":"刘备"}`, `"e":"damage","src_side":0,"src":"吕布","via":"AD","side":1,"hero":"刘备","amount":300,`},
		{52, `{"c":"SG","hero":"吕布","city":[5,8]}`, `"amount":200,`},
		{54, `{"c":"AD","hero":"吕布","target":"刘备"}`, `"src":"吕布","via":"AD","side":1,"hero":"刘备","amount":100,`},
		{56, `{"c":"AD","hero":"吕布","target":"刘备"}`, `"src":"吕布","via":"AD","side":1,"hero":"刘备","amount":200,`},
	} {
		lu.HP, lu.Archers, lu.ArcherHP = 1500, 4, ArcherHP // the city fires at him
		ev := x.play(tc.r, "["+tc.cmd+"]", "")
		if !strings.Contains(strings.Join(ev, "\n"), tc.want) {
			t.Errorf("round %d: %s\nwant %s", tc.r, strings.Join(ev, "\n"), tc.want)
		}
	}
}

func TestE34Lifesteal(t *testing.T) {
	x := newTable(t, mapT(nil))
	cc := x.put(0, 4, "曹操", pt(5, 5))
	cc.HP = 1500
	x.put(1, 2, "关羽", pt(7, 5))
	x.play(30, `[{"c":"SK","hero":"曹操","skill":2}]`, "")
	soldiers(cc, 6, 6)
	ev := x.play(31, `[{"c":"AD","hero":"曹操","target":"关羽"}]`, "")
	wantEvents(t, ev,
		`{"e":"damage","src_side":0,"src":"曹操","via":"AD","side":1,"hero":"关羽","amount":320,"shields_lost":0,"archers_lost":0,"hp":1180}`)
	wantEvents(t, ev, `{"e":"heal","side":0,"hero":"曹操","gain":32,"hp":1532,"shield_hp":400,"archer_hp":240}`)
	ev = x.play(32, "", "")
	eq(t, "no heal", len(only(ev, "heal")), 0)
}

func TestE35DoTKillAfterTheCasterDied(t *testing.T) {
	x := newTable(t, mapT(nil))
	zy := x.put(0, 1, "赵云", pt(5, 5))
	sm := x.put(1, 2, "司马懿", pt(7, 5))
	x.play(60, "", `[{"c":"SK","hero":"司马懿","skill":2,"target":"赵云"}]`)
	sm.HP = 50
	x.play(61, `[{"c":"AD","hero":"赵云","target":"司马懿"}]`, "")
	eq(t, "司马懿 dead", sm.Alive, false)
	for r := 61; r <= 65; r++ {
		x.st.Round = r
		x.refused(0, `[{"c":"MOVE","hero":"赵云","to":[5,6]}]`, "赵云 is imprisoned until round 65")
		x.refused(0, `[{"c":"SP","hero":"赵云","to":[5,9]}]`, "imprisoned")
		if r > 61 && r < 65 {
			x.play(r, "", "")
		}
	}
	zy.HP = 20
	grain, morale := x.st.Sides[1].Grain, x.st.Sides[1].Morale
	ev := x.play(65, "", "")
	wantEvents(t, ev,
		`{"e":"damage","src_side":1,"src":"司马懿","via":"DOT","side":0,"hero":"赵云","amount":50,"shields_lost":0,"archers_lost":0,"hp":0}`,
		`{"e":"kill","side":0,"hero":"赵云","by":1,"at":[5,5],"respawn":70}`)
	eq(t, "grain", x.st.Sides[1].Grain, grain+120)
	eq(t, "morale", x.st.Sides[1].Morale, morale+80)
}

func TestE36ShuHanBanner(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 3, "刘备", pt(2, 2))
	ev := x.play(20, `[{"c":"MOVE","hero":"刘备","to":[3,3]},{"c":"SK","hero":"刘备","skill":2,"at":[10,9]}]`, "")
	wantEvents(t, ev,
		`{"e":"move","side":0,"hero":"刘备","how":"move","from":[2,2],"to":[3,3]}`,
		`{"e":"skill","side":0,"hero":"刘备","skill":2,"name":"蜀汉旗","target":"","at":[10,9]}`)
	eq(t, "ready", x.st.UnitView(0, 3).Ready.Skill2, 50)
	ev = x.play(21, `[{"c":"MOVE","hero":"刘备","to":[10,9]}]`, "")
	wantEvents(t, ev, `{"e":"move","side":0,"hero":"刘备","how":"mark","from":[3,3],"to":[10,9]}`)
	x.st.Round = 22
	x.refused(0, `[{"c":"MOVE","hero":"刘备","to":[3,3]}]`, "7 cells away")

	x = newTable(t, mapT(nil))
	lb := x.put(0, 3, "刘备", pt(2, 2))
	ev = x.play(20, `[{"c":"MOVE","hero":"刘备","to":[3,3]},{"c":"SK","hero":"刘备","skill":2,"at":[12,9]}]`, "")
	wantEvents(t, ev, `{"e":"miss","side":0,"hero":"刘备","via":"SK2","reason":"out_of_range"}`)
	eq(t, "no mark", lb.MarkRound, 0)
	eq(t, "spent", x.st.UnitView(0, 3).Ready.Skill2, 50)
}

func TestE37AnswerShapes(t *testing.T) {
	x := newTable(t, mapT(map[Point]int{pt(5, 9): bfmt.CodeCity1}))
	x.put(0, 0, "吕布", pt(5, 5))
	x.put(0, 3, "刘备", pt(7, 7))
	x.put(1, 1, "赵云", pt(6, 6))
	x.st.Round = 5
	for _, tc := range []struct{ answer, want string }{
		{`[{"c":"MOVE","hero":"吕布","to":[6,5],"speed":2}]`, `unknown field "speed"`},
		{`[{"c":"AD","hero":"吕布","target":"赵云"},{"c":"SG","hero":"吕布","city":[5,9]}]`, "吕布 already has an action (command 1)"},
		{`[{"c":"MAKE","hero":"刘备","archers":1.5,"shields":0}]`, "not an integer"},
		{`[{"c":"MAKE","hero":"刘备","archers":1.0,"shields":0}]`, "not an integer"},
		{`[{"c":"QUIT"},{"c":"AC","hero":"刘备"}]`, "QUIT must be the only command"},
		{`[{"c":"move","hero":"吕布","to":[6,5]}]`, `unknown command "move"`},
		{`[{"c":"MOVE","Hero":"吕布","to":[6,5]}]`, `unknown field "Hero"`},
		{`{"c":"QUIT"}`, "list of commands"},
	} {
		x.refused(0, tc.answer, tc.want)
	}
	for _, a := range []string{`[]`, `null`, ` [ ] `,
		`[{"c":"MOVE","hero":"吕布","to":[6,5]},{"c":"AD","hero":"吕布","target":"赵云"},{"c":"MAKE","hero":"吕布","archers":1,"shields":0}]`,
		`[{"c":"MOVE","hero":"吕布","to":"x","to":[6,5]}]`,
	} {
		x.orders(0, a)
	}
}

func TestE38MoonBladeAndCharging(t *testing.T) {
	x := newTable(t, mapT(map[Point]int{pt(1, 9): bfmt.CodeCity1}))
	x.put(0, 2, "关羽", pt(5, 5))
	a := soldiers(x.put(1, 3, "刘备", pt(7, 5)), 0, 3)
	b := x.put(1, 4, "曹操", pt(5, 7))
	x.play(70, `[{"c":"SK","hero":"关羽","skill":2}]`, "")
	eq(t, "A's front shield", a.ShieldHP, 200)
	eq(t, "B", b.HP, 1400)
	for r := 71; r <= 73; r++ {
		x.st.Round = r
		for _, cmd := range []string{`{"c":"AD","hero":"关羽","target":"刘备"}`, `{"c":"SG","hero":"关羽","city":[1,9]}`,
			`{"c":"SK","hero":"关羽","skill":1,"target":"刘备"}`} {
			if r < 73 {
				x.refused(0, "["+cmd+"]", "关羽 is charging until round 72")
			} else {
				x.orders(0, "["+cmd+"]")
			}
		}
		x.orders(0, `[{"c":"MOVE","hero":"关羽","to":[5,4]}]`)
	}
	x.st.Round = 101
	x.st.Sides[0].Team[2].Status[Charge] = Interval{100, 102}
	x.refused(0, `[{"c":"AC","hero":"关羽"}]`, "charging")
}

func TestE39Balance(t *testing.T) {
	x := newTable(t, mapT(nil))
	sq := soldiers(x.put(0, 5, "孙权", pt(5, 5)), 5, 5)
	grain := x.st.Sides[0].Grain
	x.play(80, `[{"c":"SK","hero":"孙权","skill":2,"soldier":8}]`, "")
	var counts []string
	for r := 81; r <= 83; r++ {
		ev := x.play(r, "", "")
		counts = append(counts, fmt.Sprint(sq.Shields+sq.Archers, len(only(ev, "produce"))))
	}
	eq(t, "soldiers, produce events", strings.Join(counts, " "), "11 1 12 1 12 0")
	eq(t, "grain", x.st.Sides[0].Grain, grain)
}

func TestE40Forfeit(t *testing.T) {
	start := `{"round":412,"sides":[{"units":[{"hero":"吕布","at":[5,5]}]},{"units":[{"hero":"赵云","at":[9,9]}]}]}`
	var st Start
	if err := json.Unmarshal([]byte(start), &st); err != nil {
		t.Fatal(err)
	}
	g, err := New(Setup{Map: mapT(nil), Start: &st}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	answer(t, g, 0, `[{"c":"MOVE","hero":"吕布","to":[6,5]}]`)
	answer(t, g, 1, `[{"c":"QUIT"}]`)
	var got []string
	for _, e := range g.Events() {
		b, _ := json.Marshal(e)
		got = append(got, string(b))
	}
	want := `{"e":"round","round":412}
{"e":"end","round":412,"winner":0,"reason":"forfeit","sides":[{"held":0,"hero_kills":0,"soldier_kills":0,"cities":0,"grain":100,"morale":0,"heroes_alive":1,"soldiers":0},{"held":0,"hero_kills":0,"soldier_kills":0,"cities":0,"grain":100,"morale":0,"heroes_alive":1,"soldiers":0}]}`
	eq(t, "events", strings.Join(got, "\n"), want)
	if r, ok := g.Outcome(); !ok || r.Winner != 0 || r.Reason != ReasonForfeit || g.Pending() != nil {
		t.Errorf("outcome %+v %v", r, ok)
	}
}
