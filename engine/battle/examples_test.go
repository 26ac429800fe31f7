package battle

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// The worked examples of spec §19, one test each.

func TestE01SetupOnTheStandardMap(t *testing.T) {
	g, err := New(Setup{Map: bfmt.NewStandard(80, 60)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	b := g.Board()
	eq(t, "spawn 0", b.Spawn[0], pt(6, 6))
	eq(t, "spawn 1", b.Spawn[1], pt(73, 53))
	eq(t, "flag", fmt.Sprint(b.Flag[0], b.Flag[8]), "{39 29} {41 31}")
	var cities []string
	for i, c := range b.CityCells {
		cities = append(cities, fmt.Sprintf("(%d,%d) L%d", c.X, c.Y, b.CityLevel[i]))
	}
	eq(t, "cities", strings.Join(cities, ", "), "(20,6) L1, (56,9) L2, (8,18) L1, (55,29) L3, (24,30) L3, (71,41) L1, (23,50) L2, (59,53) L1")
	answer(t, g, 0, `[{"c":"PICK","heroes":["吕布","赵云","关羽","刘备","曹操","孙权"]}]`)
	answer(t, g, 1, `[{"c":"PICK","heroes":["诸葛亮","周瑜","司马懿","吕布","刘备","孙权"]}]`)
	var got []string
	for _, e := range g.Events() {
		b, _ := json.Marshal(e)
		got = append(got, string(b))
	}
	want := []string{`{"e":"round","round":1}`}
	for s, team := range [][]string{{"吕布", "赵云", "关羽", "刘备", "曹操", "孙权"}, {"诸葛亮", "周瑜", "司马懿", "吕布", "刘备", "孙权"}} {
		for k, h := range team {
			want = append(want, fmt.Sprintf(`{"e":"pick","side":%d,"slot":%d,"hero":"%s","old":""}`, s, k, h))
		}
	}
	hps := [][]int{{1500, 1500, 1500, 1600, 1600, 1600}, {1200, 1200, 1200, 1500, 1600, 1600}}
	for s, team := range [][]string{{"吕布", "赵云", "关羽", "刘备", "曹操", "孙权"}, {"诸葛亮", "周瑜", "司马懿", "吕布", "刘备", "孙权"}} {
		at := []string{"[6,6]", "[73,53]"}[s]
		for k, h := range team {
			want = append(want, fmt.Sprintf(`{"e":"spawn","side":%d,"slot":%d,"hero":"%s","at":%s,"hp":%d}`, s, k, h, at, hps[s][k]))
		}
	}
	want = append(want, `{"e":"round","round":2}`)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	p := g.Position()
	for s := range p.Sides {
		eq(t, "grain", p.Sides[s].Grain, 100)
		eq(t, "morale", p.Sides[s].Morale, 0)
	}
	eq(t, "pending", g.Pending().Player, 0)
}

// answer gives player s's answer to g, failing the test if it is refused.
func answer(t *testing.T, g *Game, s int, a string) {
	t.Helper()
	if err := g.Answer(s, engine.Answer(a)); err != nil {
		t.Fatalf("side %d's %s: %v", s, a, err)
	}
}

func TestE02PickRefusals(t *testing.T) {
	g, err := New(Setup{Map: bfmt.NewStandard(80, 60)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	for _, a := range []string{
		`[{"c":"PICK","heroes":["吕布","吕布","关羽","刘备","曹操","孙权"]}]`,
		`[{"c":"PICK","heroes":["吕布","赵云","关羽","刘备","曹操"]}]`,
		`[{"c":"PICK","heroes":["吕布","赵云","关羽","刘备","曹操","张飞"]}]`,
		`[{"c":"PICK","heroes":["吕布","赵云","关羽","刘备","曹操","孙权"]},{"c":"MOVE","hero":"吕布","to":[7,7]}]`,
	} {
		before := len(g.Events())
		if err := g.Answer(0, engine.Answer(a)); err == nil {
			t.Errorf("%s accepted", a)
		}
		if g.Pending() == nil || g.Pending().Player != 0 || len(g.Events()) != before || g.Round() != 1 {
			t.Errorf("%s changed the game", a)
		}
	}
	team := `[{"c":"PICK","heroes":["吕布","赵云","关羽","刘备","曹操","孙权"]}]`
	answer(t, g, 0, team)
	answer(t, g, 1, team)
	if err := g.Answer(0, engine.Answer(team)); err == nil || !strings.Contains(err.Error(), "round 1 only") {
		t.Errorf("PICK with heroes in round 2: %v", err)
	}
}

func TestE03AStepAndTwoIllegalSteps(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 0, "吕布", pt(5, 5))
	x.put(0, 2, "关羽", pt(27, 17))
	x.st.Round = 5
	x.refused(0, `[{"c":"MOVE","hero":"吕布","to":[7,5]}]`, "2 cells away")
	x.refused(0, `[{"c":"MOVE","hero":"关羽","to":[28,18]}]`, "(28,18) is not passable")
	ev := x.play(5, `[{"c":"MOVE","hero":"吕布","to":[6,6]}]`, "")
	wantEvents(t, ev, `{"e":"move","side":0,"hero":"吕布","how":"move","from":[5,5],"to":[6,6]}`)
	eq(t, "吕布", x.st.Sides[0].Team[0].At, pt(6, 6))
}

func TestE04ContestedCellAndTheChainItBlocks(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 0, "吕布", pt(5, 5))
	x.put(0, 2, "关羽", pt(4, 5))
	x.put(1, 1, "赵云", pt(7, 5))
	ev := x.play(5, `[{"c":"MOVE","hero":"吕布","to":[6,5]},{"c":"MOVE","hero":"关羽","to":[5,5]}]`,
		`[{"c":"MOVE","hero":"赵云","to":[6,5]}]`)
	wantEvents(t, ev,
		`{"e":"blocked","side":0,"hero":"吕布","how":"move","from":[5,5],"to":[6,5],"reason":"contested"}`,
		`{"e":"blocked","side":0,"hero":"关羽","how":"move","from":[4,5],"to":[5,5],"reason":"occupied"}`,
		`{"e":"blocked","side":1,"hero":"赵云","how":"move","from":[7,5],"to":[6,5],"reason":"contested"}`)
}

func TestE05Swap(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 0, "吕布", pt(5, 5))
	x.put(1, 1, "赵云", pt(6, 5))
	ev := x.play(5, `[{"c":"MOVE","hero":"吕布","to":[6,5]}]`, `[{"c":"MOVE","hero":"赵云","to":[5,5]}]`)
	wantEvents(t, ev,
		`{"e":"blocked","side":0,"hero":"吕布","how":"move","from":[5,5],"to":[6,5],"reason":"swap"}`,
		`{"e":"blocked","side":1,"hero":"赵云","how":"move","from":[6,5],"to":[5,5],"reason":"swap"}`)

	x.put(0, 2, "关羽", pt(4, 4))
	ev = x.play(6, `[{"c":"MOVE","hero":"吕布","to":[6,5]},{"c":"MOVE","hero":"关羽","to":[5,5]}]`, `[{"c":"MOVE","hero":"赵云","to":[5,5]}]`)
	wantEvents(t, ev,
		`{"e":"blocked","side":0,"hero":"吕布","how":"move","from":[5,5],"to":[6,5],"reason":"occupied"}`,
		`{"e":"blocked","side":0,"hero":"关羽","how":"move","from":[4,4],"to":[5,5],"reason":"contested"}`,
		`{"e":"blocked","side":1,"hero":"赵云","how":"move","from":[6,5],"to":[5,5],"reason":"contested"}`)
}

func TestE06ChainsAndACycle(t *testing.T) {
	chain := `[{"c":"MOVE","hero":"吕布","to":[3,8]},{"c":"MOVE","hero":"赵云","to":[4,8]},{"c":"MOVE","hero":"关羽","to":[5,8]}]`
	setup := func() *table {
		x := newTable(t, mapT(nil))
		x.put(0, 0, "吕布", pt(2, 8))
		x.put(0, 1, "赵云", pt(3, 8))
		x.put(0, 2, "关羽", pt(4, 8))
		return x
	}
	x := setup()
	ev := x.play(5, chain, "")
	eq(t, "moves", len(only(ev, "move")), 3)
	eq(t, "关羽", x.st.Sides[0].Team[2].At, pt(5, 8))

	x = setup()
	x.put(1, 0, "刘备", pt(5, 8))
	ev = x.play(5, chain, "")
	wantEvents(t, ev,
		`{"e":"blocked","side":0,"hero":"吕布","how":"move","from":[2,8],"to":[3,8],"reason":"occupied"}`,
		`{"e":"blocked","side":0,"hero":"赵云","how":"move","from":[3,8],"to":[4,8],"reason":"occupied"}`,
		`{"e":"blocked","side":0,"hero":"关羽","how":"move","from":[4,8],"to":[5,8],"reason":"occupied"}`)

	x = newTable(t, mapT(nil))
	x.put(0, 0, "吕布", pt(10, 1))
	x.put(0, 1, "赵云", pt(11, 1))
	x.put(0, 2, "关羽", pt(11, 2))
	ev = x.play(5, `[{"c":"MOVE","hero":"吕布","to":[11,1]},{"c":"MOVE","hero":"赵云","to":[11,2]},{"c":"MOVE","hero":"关羽","to":[10,1]}]`, "")
	eq(t, "moves in a cycle", len(only(ev, "move")), 3)
	eq(t, "关羽", x.st.Sides[0].Team[2].At, pt(10, 1))
}

func TestE07OwnBaseStacks(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 0, "吕布", pt(1, 1))
	x.put(0, 3, "刘备", pt(1, 1))
	x.put(0, 4, "曹操", pt(1, 1))
	x.put(0, 2, "关羽", pt(2, 2))
	x.put(0, 1, "赵云", pt(0, 2))
	ev := x.play(5, `[{"c":"MOVE","hero":"关羽","to":[1,1]},{"c":"MOVE","hero":"赵云","to":[1,1]}]`, "")
	eq(t, "moves", len(only(ev, "move")), 2)
	n := 0
	for k := range x.st.Sides[0].Team {
		if u := x.st.Sides[0].Team[k]; u.Alive && u.At == (pt(1, 1)) {
			n++
		}
	}
	eq(t, "units on (1,1)", n, 5)
}

func TestE08NormalAttackThroughSoldiers(t *testing.T) {
	x := newTable(t, mapT(nil))
	soldiers(x.put(0, 0, "吕布", pt(5, 5)), 4, 2)
	lb := soldiers(x.put(1, 3, "刘备", pt(8, 7)), 1, 1)
	lb.ShieldHP = 100
	ev := x.play(5, `[{"c":"AD","hero":"吕布","target":"刘备"}]`, "")
	wantEvents(t, ev, `{"e":"damage","src_side":0,"src":"吕布","via":"AD","side":1,"hero":"刘备","amount":230,"shields_lost":1,"archers_lost":0,"hp":1600}`)
	eq(t, "archer_hp", lb.ArcherHP, 110)
	eq(t, "soldier_kills", x.st.Sides[0].SoldierKills, 1)
	eq(t, "morale", x.st.Sides[0].Morale, 10)
}

func TestE09TwoAttackersAKillAndTheDeadHerosOwnAttack(t *testing.T) {
	x := newTable(t, mapT(nil))
	zy := x.put(0, 1, "赵云", pt(5, 5))
	soldiers(x.put(0, 2, "关羽", pt(5, 7)), 6, 0)
	x.put(1, 5, "孙权", pt(7, 6)).HP = 300
	ev := x.play(5, `[{"c":"AD","hero":"赵云","target":"孙权"},{"c":"AD","hero":"关羽","target":"孙权"}]`,
		`[{"c":"AD","hero":"孙权","target":"赵云"}]`)
	wantEvents(t, ev,
		`{"e":"damage","src_side":0,"src":"赵云","via":"AD","side":1,"hero":"孙权","amount":100,"shields_lost":0,"archers_lost":0,"hp":200}`,
		`{"e":"damage","src_side":0,"src":"关羽","via":"AD","side":1,"hero":"孙权","amount":250,"shields_lost":0,"archers_lost":0,"hp":0}`,
		`{"e":"kill","side":1,"hero":"孙权","by":0,"at":[7,6],"respawn":10}`,
		`{"e":"damage","src_side":1,"src":"孙权","via":"AD","side":0,"hero":"赵云","amount":60,"shields_lost":0,"archers_lost":0,"hp":1440}`)
	eq(t, "hero_kills", x.st.Sides[0].HeroKills, 1)
	eq(t, "grain", x.st.Sides[0].Grain, 220)
	eq(t, "morale", x.st.Sides[0].Morale, 80)
	eq(t, "赵云 hp", zy.HP, 1440)
}

// sixHeroes puts six heroes of side s in a row from (x0, y), without
// soldiers, and returns them.
func sixHeroes(x *table, s int, names []string, x0, y int) []*Unit {
	var out []*Unit
	for k, n := range names {
		if n != "" {
			out = append(out, x.put(s, k, n, pt(x0+k, y)))
		}
	}
	return out
}

func TestE10Formations(t *testing.T) {
	x := newTable(t, mapT(nil))
	p0 := sixHeroes(x, 0, []string{"关羽", "赵云", "吕布", "刘备", "曹操", "孙权"}, 3, 5)
	soldiers(p0[0], 6, 0)
	soldiers(p0[3], 4, 4) // 6 + 8 = 14 soldiers, n0 = 20
	p1 := sixHeroes(x, 1, []string{"吕布", "赵云", "关羽", "刘备", "曹操", ""}, 3, 8)
	soldiers(p1[3], 3, 3) // 5 heroes + 6 soldiers, n1 = 11
	x.st.Sides[0].Formation, x.st.Sides[1].Formation = Crane, Bagua
	eq(t, "n0", x.st.People(0), 20)
	eq(t, "n1", x.st.People(1), 11)
	ev := x.play(5, `[{"c":"AD","hero":"关羽","target":"吕布"}]`, "")
	wantEvents(t, ev, `{"e":"damage","src_side":0,"src":"关羽","via":"AD","side":1,"hero":"吕布","amount":248,"shields_lost":0,"archers_lost":0,"hp":1252}`)
}

func TestE11PctTable(t *testing.T) {
	for n, want := range map[int]int{1: 10, 2: 10, 5: 10, 6: 11, 10: 11, 11: 12, 20: 13, 21: 14, 25: 14, 26: 15, 60: 15, 0: 10} {
		eq(t, fmt.Sprintf("pct(%d)", n), Pct(n), want)
	}
}

func TestE12StrategistAgainstWarrior(t *testing.T) {
	for _, tc := range []struct {
		target string
		want   int
	}{{"吕布", 156}, {"刘备", 130}} {
		x := newTable(t, mapT(nil))
		soldiers(x.put(1, 0, "诸葛亮", pt(5, 5)), 2, 2)
		x.put(0, 0, tc.target, pt(7, 5))
		ev := x.play(5, "", fmt.Sprintf(`[{"c":"AD","hero":"诸葛亮","target":"%s"}]`, tc.target))
		d := only(ev, "damage")
		if len(d) != 1 || !strings.Contains(d[0], fmt.Sprintf(`"amount":%d,`, tc.want)) {
			t.Errorf("AD on %s: %v, want amount %d", tc.target, d, tc.want)
		}
	}
}

func TestE13CooldownPersistingAcrossDeath(t *testing.T) {
	x := newTable(t, mapT(nil))
	gy := x.put(0, 2, "关羽", pt(5, 5))
	cc := soldiers(x.put(1, 4, "曹操", pt(7, 5)), 0, 5)
	lb := x.put(1, 0, "吕布", pt(6, 7))
	ev := x.play(10, `[{"c":"SK","hero":"关羽","skill":1,"target":"曹操"}]`, "")
	wantEvents(t, ev,
		`{"e":"skill","side":0,"hero":"关羽","skill":1,"name":"一骑当千","target":"曹操","at":null}`,
		`{"e":"damage","src_side":0,"src":"关羽","via":"SK1","side":1,"hero":"曹操","amount":300,"shields_lost":0,"archers_lost":0,"hp":1300}`)
	eq(t, "shields", cc.Shields, 5)
	eq(t, "ready", x.st.UnitView(0, 2).Ready.Skill1, 60)
	gy.HP = 10
	x.play(20, "", `[{"c":"AD","hero":"吕布","target":"关羽"}]`)
	eq(t, "关羽 dead", gy.Alive, false)
	eq(t, "respawn", gy.Respawn, 25)
	for r := 21; r <= 25; r++ {
		x.play(r, "", "")
	}
	eq(t, "关羽 back", gy.Alive, true)
	eq(t, "at base", gy.At, pt(1, 1))
	lb.At = pt(2, 3)
	x.st.Round = 59
	x.refused(0, `[{"c":"SK","hero":"关羽","skill":1,"target":"吕布"}]`, "skill 1 is cooling down until round 60")
	x.st.Round = 60
	x.orders(0, `[{"c":"SK","hero":"关羽","skill":1,"target":"吕布"}]`)
}

func TestE14DragonThrustBothBranches(t *testing.T) {
	for _, tc := range []struct {
		hp   int
		want []string
	}{
		{299, []string{
			`{"e":"damage","src_side":0,"src":"赵云","via":"SK1","side":1,"hero":"司马懿","amount":299,"shields_lost":0,"archers_lost":0,"hp":0}`,
			`{"e":"kill","side":1,"hero":"司马懿","by":0,"at":[7,5],"respawn":10}`}},
		{300, []string{
			`{"e":"damage","src_side":0,"src":"赵云","via":"SK1","side":1,"hero":"司马懿","amount":200,"shields_lost":0,"archers_lost":0,"hp":100}`}},
	} {
		x := newTable(t, mapT(nil))
		x.put(0, 1, "赵云", pt(5, 5))
		sm := soldiers(x.put(1, 2, "司马懿", pt(7, 5)), 0, 3)
		sm.HP = tc.hp
		ev := x.play(5, `[{"c":"SK","hero":"赵云","skill":1,"target":"司马懿"}]`, "")
		wantEvents(t, ev, tc.want...)
		if tc.hp == 299 {
			eq(t, "grain", x.st.Sides[0].Grain, 220)
			eq(t, "morale", x.st.Sides[0].Morale, 80)
			eq(t, "soldier kills", x.st.Sides[0].SoldierKills, 0)
		} else {
			eq(t, "shields", sm.Shields, 3)
		}
	}
}

func TestE15ChargeIntoSoldiers(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 1, "赵云", pt(10, 10))
	a := soldiers(x.put(1, 0, "吕布", pt(12, 10)), 0, 1)
	a.ShieldHP = 30
	x.put(1, 3, "刘备", pt(8, 12))
	d := soldiers(x.put(1, 4, "曹操", pt(11, 13)), 4, 0)
	x.put(1, 5, "孙权", pt(14, 10))
	ev := x.play(5, `[{"c":"SK","hero":"赵云","skill":2}]`, "")
	wantEvents(t, ev,
		`{"e":"damage","src_side":0,"src":"赵云","via":"SK2","side":1,"hero":"吕布","amount":50,"shields_lost":1,"archers_lost":0,"hp":1500}`,
		`{"e":"damage","src_side":0,"src":"赵云","via":"SK2","side":1,"hero":"刘备","amount":100,"shields_lost":0,"archers_lost":0,"hp":1500}`,
		`{"e":"damage","src_side":0,"src":"赵云","via":"SK2","side":1,"hero":"曹操","amount":50,"shields_lost":0,"archers_lost":0,"hp":1600}`)
	eq(t, "front archer", d.ArcherHP, 190)
	eq(t, "soldier kills", x.st.Sides[0].SoldierKills, 1)
	eq(t, "morale", x.st.Sides[0].Morale, 10)
}

func TestE16FireAndShields(t *testing.T) {
	for _, lianying := range []bool{false, true} {
		x := newTable(t, mapT(nil))
		zy := x.put(0, 1, "周瑜", pt(5, 5))
		if lianying {
			zy.Status[Lianying] = Interval{4, 6}
		}
		X := soldiers(x.put(1, 3, "刘备", pt(8, 9)), 1, 2)
		Y := soldiers(x.put(1, 5, "孙权", pt(10, 10)), 1, 1)
		Y.ShieldHP, Y.HP = 100, 1500
		x.put(1, 4, "曹操", pt(11, 8))
		ev := x.play(5, `[{"c":"SK","hero":"周瑜","skill":1,"at":[7,7]}]`, "")
		if lianying {
			d := only(ev, "damage")
			if len(d) != 2 || !strings.Contains(d[0], `"amount":150,`) {
				t.Errorf("with 连营: %v", d)
			}
			continue
		}
		wantEvents(t, ev,
			`{"e":"skill","side":0,"hero":"周瑜","skill":1,"name":"火攻","target":"","at":[7,7]}`,
			`{"e":"damage","src_side":0,"src":"周瑜","via":"SK1","side":1,"hero":"刘备","amount":125,"shields_lost":0,"archers_lost":0,"hp":1600}`,
			`{"e":"damage","src_side":0,"src":"周瑜","via":"SK1","side":1,"hero":"孙权","amount":125,"shields_lost":1,"archers_lost":0,"hp":1500}`)
		eq(t, "X front shield", X.ShieldHP, 150)
		eq(t, "X shields", X.Shields, 2)
		eq(t, "Y archer", Y.ArcherHP, 165)
		eq(t, "Y shields", Y.Shields, 0)
	}
}

func TestE17GuimouOverFiveRoundsWithABuff(t *testing.T) {
	x := newTable(t, mapT(nil))
	lb := x.put(0, 0, "吕布", pt(5, 5))
	x.put(1, 2, "司马懿", pt(7, 5))
	x.play(198, "", `[{"c":"SK","hero":"司马懿","skill":1,"target":"吕布"}]`)
	eq(t, "silence", lb.Status[Silence], Interval{199, 203})
	var ticks []int
	for r := 199; r <= 204; r++ {
		a0 := ""
		if r == 200 {
			a0 = `[{"c":"BUFF","id":1003}]`
		}
		x.st.Round = r
		if r <= 203 {
			x.refused(0, `[{"c":"SK","hero":"吕布","skill":1}]`, "吕布 is silenced until round 203")
			x.refused(0, `[{"c":"SP","hero":"吕布","to":[9,9]}]`, "silenced")
			x.orders(0, `[{"c":"AD","hero":"吕布","target":"司马懿"},{"c":"MOVE","hero":"吕布","to":[5,6]}]`)
		} else {
			x.orders(0, `[{"c":"SK","hero":"吕布","skill":1},{"c":"SP","hero":"吕布","to":[9,9]}]`)
		}
		for _, d := range only(x.play(r, a0, ""), "damage") {
			var e Damage
			json.Unmarshal([]byte(d), &e)
			ticks = append(ticks, e.Amount)
		}
	}
	eq(t, "ticks", fmt.Sprint(ticks), "[75 60 60 60 60]")
	eq(t, "hp", lb.HP, 1185)
}

func TestE18IncomingChain(t *testing.T) {
	for _, crane := range []bool{false, true} {
		x := newTable(t, mapT(nil))
		soldiers(x.put(0, 2, "关羽", pt(5, 5)), 6, 0)
		lb := x.put(1, 3, "刘备", pt(7, 5))
		lb.Status[Rende] = Interval{4, 8}
		lb.Status[Qinglong] = Interval{5, 9}
		// P1 in 八卦阵 with pct 12: 11 people
		sixHeroes(x, 1, []string{"吕布", "赵云", "关羽", "", "曹操", "孙权"}, 10, 12)
		soldiers(&x.st.Sides[1].Team[4], 3, 2)
		x.st.Sides[1].Formation = Bagua
		eq(t, "pct1", Pct(x.st.People(1)), 12)
		want := 88
		if crane {
			// P0 in 鹤翼阵 with pct 11: 6 to 10 people
			sixHeroes(x, 0, []string{"吕布", "赵云"}, 10, 2)
			x.st.Sides[0].Formation = Crane
			eq(t, "pct0", Pct(x.st.People(0)), 11)
			want = 96
		}
		ev := x.play(5, `[{"c":"AD","hero":"关羽","target":"刘备"}]`, "")
		d := only(ev, "damage")
		if len(d) != 1 || !strings.Contains(d[0], fmt.Sprintf(`"amount":%d,`, want)) {
			t.Errorf("crane %v: %v, want %d", crane, d, want)
		}
	}
}

func TestE19Immunity(t *testing.T) {
	x := newTable(t, mapT(map[Point]int{pt(9, 5): bfmt.CodeCity1}))
	x.put(0, 2, "关羽", pt(5, 5))
	x.put(0, 1, "赵云", pt(4, 4))
	zg := x.put(1, 0, "诸葛亮", pt(7, 5))
	x.play(40, "", `[{"c":"SK","hero":"诸葛亮","skill":1}]`)
	eq(t, "immune", zg.Status[Immune], Interval{41, 43})
	hp := zg.HP
	eq(t, "hp after the city's fire of round 40", hp, 1140)
	ev := x.play(41, `[{"c":"SK","hero":"关羽","skill":1,"target":"诸葛亮"}]`, "")
	// the city (9,5) fires at him too (distance 2), for 0 as well
	wantEvents(t, ev,
		`{"e":"damage","src_side":0,"src":"关羽","via":"SK1","side":1,"hero":"诸葛亮","amount":0,"shields_lost":0,"archers_lost":0,"hp":1140}`,
		`{"e":"damage","src_side":-1,"src":"city","via":"CITY","side":1,"hero":"诸葛亮","amount":0,"shields_lost":0,"archers_lost":0,"hp":1140}`)
	eq(t, "ready", x.st.UnitView(0, 2).Ready.Skill1, 91)
	zg.HP = 200
	ev = x.play(42, `[{"c":"SK","hero":"赵云","skill":1,"target":"诸葛亮"}]`, "")
	wantEvents(t, only(ev, "damage")[:1], `{"e":"damage","src_side":0,"src":"赵云","via":"SK1","side":1,"hero":"诸葛亮","amount":0,"shields_lost":0,"archers_lost":0,"hp":200}`)
	eq(t, "alive", zg.Alive, true)
	ev = x.play(43, "", "")
	wantEvents(t, only(ev, "damage")[:1], `{"e":"damage","src_side":-1,"src":"city","via":"CITY","side":1,"hero":"诸葛亮","amount":0,"shields_lost":0,"archers_lost":0,"hp":200}`)
}

func TestE20SiegeCaptureNoFire(t *testing.T) {
	x := newTable(t, mapT(map[Point]int{pt(5, 9): bfmt.CodeCity1}))
	soldiers(x.put(0, 0, "吕布", pt(5, 6)), 4, 2)
	soldiers(x.put(0, 2, "关羽", pt(3, 8)), 6, 0)
	soldiers(x.put(1, 1, "赵云", pt(8, 10)), 6, 0)
	x.st.Cities[0].Defence = 600
	ev := x.play(50, `[{"c":"SG","hero":"吕布","city":[5,9]},{"c":"SG","hero":"关羽","city":[5,9]}]`, `[{"c":"SG","hero":"赵云","city":[5,9]}]`)
	wantEvents(t, ev,
		`{"e":"siege","side":0,"hero":"吕布","at":[5,9],"amount":230,"defence":370}`,
		`{"e":"siege","side":0,"hero":"关羽","at":[5,9],"amount":250,"defence":120}`,
		`{"e":"siege","side":1,"hero":"赵云","at":[5,9],"amount":250,"defence":-130}`,
		`{"e":"city_fall","at":[5,9],"level":1,"damage":[480,250],"rewards":[100,0],"respawn":150}`)
	eq(t, "no city fire", len(only(ev, "damage")), 0)
	eq(t, "grain", x.st.Sides[0].Grain, 200)
	eq(t, "cities", x.st.Sides[0].Cities, 1)
	eq(t, "cities 1", x.st.Sides[1].Cities, 0)
	x.refused(0, `[{"c":"SG","hero":"吕布","city":[5,9]}]`, "(5,9) is not a standing city")
	ev = x.play(150, "", "")
	wantEvents(t, ev, `{"e":"city_respawn","at":[5,9],"level":1,"defence":1000}`)

	x = newTable(t, mapT(map[Point]int{pt(5, 9): bfmt.CodeCity1}))
	soldiers(x.put(0, 2, "关羽", pt(3, 8)), 6, 0)
	soldiers(x.put(1, 1, "赵云", pt(8, 10)), 6, 0)
	x.st.Cities[0].Defence = 500
	ev = x.play(50, `[{"c":"SG","hero":"关羽","city":[5,9]}]`, `[{"c":"SG","hero":"赵云","city":[5,9]}]`)
	wantEvents(t, ev, `{"e":"city_fall","at":[5,9],"level":1,"damage":[250,250],"rewards":[50,50],"respawn":150}`)
	eq(t, "cities", x.st.Sides[0].Cities+x.st.Sides[1].Cities, 2)
}

func TestE21CityFire(t *testing.T) {
	for _, bagua := range []bool{false, true} {
		x := newTable(t, bfmt.NewStandard(80, 60))
		lb := soldiers(x.put(0, 3, "刘备", pt(28, 33)), 0, 1)
		sq := x.put(0, 5, "孙权", pt(30, 30))
		lu := x.put(0, 0, "吕布", pt(19, 25))
		want := 180
		if bagua {
			// 12 people: pct 12
			soldiers(lu, 5, 0)
			soldiers(sq, 5, 0)
			x.st.Sides[0].Formation = Bagua
			eq(t, "pct", Pct(x.st.People(0)), 12)
			want = 158
		}
		ev := x.play(5, "", "")
		wantEvents(t, ev,
			fmt.Sprintf(`{"e":"damage","src_side":-1,"src":"city","via":"CITY","side":0,"hero":"吕布","amount":%d,"shields_lost":0,"archers_lost":0,"hp":%d}`, want, map[bool]int{false: 1320, true: 1500}[bagua]),
			fmt.Sprintf(`{"e":"damage","src_side":-1,"src":"city","via":"CITY","side":0,"hero":"刘备","amount":%d,"shields_lost":0,"archers_lost":0,"hp":1600}`, want))
		eq(t, "刘备's shield", lb.ShieldHP, 400-want)
		eq(t, "孙权 untouched", sq.HP, 1600)
	}
}

func TestE22DeathPickAndRespawn(t *testing.T) {
	x := newTable(t, bfmt.NewStandard(80, 60))
	lb := x.put(1, 3, "吕布", pt(40, 40))
	lb.HP = 10
	x.put(0, 0, "关羽", pt(40, 42))
	x.play(200, `[{"c":"AD","hero":"关羽","target":"吕布"}]`, "")
	eq(t, "respawn", lb.Respawn, 205)
	for r := 201; r <= 205; r++ {
		x.st.Round = r
		x.refused(1, `[{"c":"MOVE","hero":"吕布","to":[41,41]}]`, "吕布 is dead until the end of round 205")
		x.refused(0, `[{"c":"AD","hero":"关羽","target":"吕布"}]`, "the enemy 吕布 is dead")
		if r == 204 {
			x.refused(1, `[{"c":"PICK","hero":"吕布","as":"赵云"}]`, "PICK 吕布): 吕布 respawns at the end of round 205")
		}
		if r == 205 {
			x.refused(1, `[{"c":"PICK","hero":"吕布","as":"司马懿"}]`, "司马懿 is already in the team")
			ev := x.play(r, "", `[{"c":"PICK","hero":"吕布","as":"赵云"}]`)
			wantEvents(t, ev,
				`{"e":"pick","side":1,"slot":3,"hero":"赵云","old":"吕布"}`,
				`{"e":"spawn","side":1,"slot":3,"hero":"赵云","at":[73,53],"hp":1500}`)
			continue
		}
		x.play(r, "", "")
	}
	x.st.Round = 206
	x.orders(1, `[{"c":"MOVE","hero":"赵云","to":[72,52]}]`)
}

func TestE23Caps(t *testing.T) {
	x := newTable(t, mapT(nil))
	x.put(0, 0, "吕布", pt(5, 5))
	gy := soldiers(x.put(1, 2, "关羽", pt(7, 5)), 1, 0)
	gy.ArcherHP, gy.HP = 100, 500
	x.st.Sides[0].Grain, x.st.Sides[0].Morale = 1450, 260
	x.st.Round = 5
	x.st.hit(source{side: 0, slot: 0, name: "吕布", via: "AD"}, 1, 2, 1000, unitDamage)
	eq(t, "morale", x.st.Sides[0].Morale, 300)
	eq(t, "grain", x.st.Sides[0].Grain, 1500)
	eq(t, "dead", gy.Alive, false)
}
