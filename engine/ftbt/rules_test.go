package ftbt

import (
	"math"
	"math/rand"
	"reflect"
	"testing"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

func testState(t *testing.T, l *ftbtfmt.Level, techs ...ftbtfmt.Tech) *state {
	t.Helper()
	s, err := newState(testRules(techs...), l)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestAreaOrder: Area is the diamond clipped to the map in ascending loc
// order; a huge radius costs no more than the map.
func TestAreaOrder(t *testing.T) {
	s := testState(t, testLevel(5, 4, pawn(0, 0, 0), pawn(1, 4, 3)))
	collect := func(c, r int) []int {
		out := []int{}
		s.area(c, r, func(cell int) { out = append(out, cell) })
		return out
	}
	// (1,1) radius 2 on 5×4: row -1 is off the map, row 0 has x 0..2,
	// row 1 x -1..3 clipped to 0..3, row 2 x 0..2, row 3 x 1.
	if got, want := collect(6, 2), []int{0, 1, 2, 5, 6, 7, 8, 10, 11, 12, 16}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Area((1,1), 2) = %v, want %v", got, want)
	}
	if got := collect(6, 0); !reflect.DeepEqual(got, []int{6}) {
		t.Fatalf("radius 0: %v", got)
	}
	if got := collect(6, -1); len(got) != 0 {
		t.Fatalf("radius -1: %v", got)
	}
	if got := collect(6, math.MaxInt64); len(got) != 20 || got[0] != 0 || got[19] != 19 {
		t.Fatalf("huge radius: %v", got)
	}
}

// TestMoveRangeCanonicalOrder: (cost, seq) order and predecessors on an
// open board (spec §3.4).
func TestMoveRangeCanonicalOrder(t *testing.T) {
	s := testState(t, testLevel(3, 3, pawn(0, 1, 1), pawn(1, 2, 2)))
	s.setLoc(1, -1) // no enemy on the board for this test
	s.computeWeights(0)
	valid, preds := s.moveRange(4, 20)
	if want := []int{4, 5, 3, 7, 1, 8, 2, 6, 0}; !reflect.DeepEqual(valid, want) {
		t.Fatalf("valid %v, want %v", valid, want)
	}
	if want := []int{-1, 4, 4, 4, 4, 5, 5, 3, 3}; !reflect.DeepEqual(preds, want) {
		t.Fatalf("preds %v, want %v", preds, want)
	}
	if got := path(valid, preds, 0); !reflect.DeepEqual(got, []int{4, 3, 0}) {
		t.Fatalf("path to 0: %v", got)
	}
}

// TestSidewaysDoublingChecksTheCellLeft (quirk 8.1): a horizontal step is
// doubled when an enemy is above or below the cell being left, not the
// cell entered.
func TestSidewaysDoublingChecksTheCellLeft(t *testing.T) {
	// 5×3; the mover at (0,1); an enemy at (1,0), above (1,1).
	s := testState(t, testLevel(5, 3, pawn(0, 0, 1), pawn(1, 1, 0)))
	s.computeWeights(0)
	reach := func(speed int) map[int]bool {
		valid, _ := s.moveRange(5, speed)
		m := map[int]bool{}
		for _, c := range valid {
			m[c] = true
		}
		return m
	}
	// (0,1)→(1,1) costs 10 (nothing beside (0,1)); (1,1)→(2,1) costs 20
	// (the enemy is above (1,1), the cell left); the way round below costs
	// 10+20+... so (2,1) = loc 7 needs 30.
	if r := reach(29); !r[6] || r[7] {
		t.Fatalf("speed 29 reaches %v; want (1,1) but not (2,1)", r)
	}
	if r := reach(30); !r[7] {
		t.Fatalf("speed 30 does not reach (2,1): %v", r)
	}
	// Enemy cells are never entered.
	if r := reach(1000); r[1] {
		t.Fatal("the enemy's cell is in the range")
	}
}

// TestReachedStartIsNoEnemyBeside (spec §3.4): a weight −1 cell beside
// the cell being left doubles the step only while it is unreached in the
// search. The only weight −1 cell a search reaches is the start of a
// person standing on impassable terrain; steps beside it are not doubled.
func TestReachedStartIsNoEnemyBeside(t *testing.T) {
	rules := testRules()
	rules.Terrains = append(rules.Terrains, ftbtfmt.Terrain{Name: "崖", Weight: -1})
	// 3×3 plain; the mover stands on the cliff at (1,1) with speed 20, the
	// enemy in the far corner (0,2).
	level := testLevel(3, 3, pawn(0, 1, 1), pawn(1, 0, 2))
	level.Terrain.Set(4, 3)
	level.People[0].Speed = 20
	g := newGame(t, Setup{Rules: rules, Level: level})
	answer(t, g, KindSelPeople, 4)
	// (1,1)→(2,1) costs 10; (2,1)→(2,0) runs past the start, which is
	// reached: 10 more, not 20. Likewise (1,0)→(2,0) and the cells below.
	args := g.Pending().Args.(SelMoveArgs)
	if want := []int{4, 5, 3, 7, 1, 8, 2, 0}; !reflect.DeepEqual(args.Valid, want) {
		t.Fatalf("valid %v, want %v (every cell but the enemy's, at cost 10 or 20)", args.Valid, want)
	}
	answer(t, g, KindSelMoveObj, 2)
	if got, want := eventsJSON(g, 1), `[{"e":"people_step","p":0,"loc":4,"dir":0},{"e":"people_step","p":0,"loc":5,"dir":3},{"e":"people_move","p":0,"from":4,"to":2}]`; got != want {
		t.Fatalf("events %s\nwant   %s", got, want)
	}
	answer(t, g, KindSelTech, -1)
}

// TestStepDir follows the original's derivation, wrong when nx == 1.
func TestStepDir(t *testing.T) {
	for _, tc := range []struct{ from, to, dir int }{{5, 6, 0}, {6, 5, 1}, {5, 10, 2}, {10, 5, 3}, {3, 4, 0}} {
		if got := stepDir(tc.from, tc.to); got != tc.dir {
			t.Errorf("stepDir(%d, %d) = %d, want %d", tc.from, tc.to, got, tc.dir)
		}
	}
}

// TestMoveEvents: steps from the start cell, then the move.
func TestMoveEvents(t *testing.T) {
	g := newGame(t, Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 1, 1), pawn(1, 2, 2))})
	answer(t, g, KindSelPeople, 4)
	answer(t, g, KindSelMoveObj, 0)
	if got, want := eventsJSON(g, 1), `[{"e":"people_step","p":0,"loc":4,"dir":1},{"e":"people_step","p":0,"loc":3,"dir":3},{"e":"people_move","p":0,"from":4,"to":0}]`; got != want {
		t.Fatalf("events %s\nwant   %s", got, want)
	}
	answer(t, g, KindSelTech, -1)
	// Side 0's only person has acted: side 1's turn.
	if d := g.Pending(); d.Player != 1 || g.People()[0].Loc != 0 || !g.People()[0].Finished {
		t.Fatalf("after the action: %+v, %+v", d, g.People()[0])
	}
}

// blast is a damage tech hitting the area around the target, own side
// included.
var blast = ftbtfmt.Tech{Name: "爆", Class: ftbtfmt.ClassPeople, Range: adjacent, AoeRange: 1, AoeRatio: 50, AoeSelf: true, Value: 10}

// TestDamage: main and area damage, the random bonus drawn per damaged
// person in Area order, the defence buff of side 1-s subtracted even from
// own people (quirk 8.2), the user hit by its own area.
func TestDamage(t *testing.T) {
	a := pawn(0, 1, 1, 0) // abi 20
	f := pawn(0, 2, 0)    // a friend above the target
	e := pawn(1, 2, 1)    // def 10
	g := newGame(t, Setup{Rules: testRules(blast), Level: testLevel(5, 3, a, f, e), Seed: 42})
	g.g.setEffect(1, 2, auxDef, Effect{Val: 3, Dur: 5})   // side 1's defence on the friend's cell
	g.g.setEffect(0, 6, auxDef, Effect{Val: 100, Dur: 5}) // side 0's own defence: ignored
	answer(t, g, KindSelPeople, 6)
	answer(t, g, KindSelMoveObj, 6)
	answer(t, g, KindSelTech, 0)
	answer(t, g, KindSelTechObj, 7)
	rng := rand.New(rand.NewSource(42))
	bonus := func(d int) int { return d + int(math.Floor((0.15*rng.Float64())*float64(d))) }
	main, other := 20, 10
	dF, dA, dE := max(1, bonus(other)-3), max(1, bonus(other)), max(1, bonus(main))
	want := []any{
		DoTech{Tech: 0, Src: 0, Obj: 2, Loc: 7},
		HPDown{P: 1, Loc: 2, HP: 100, DHP: dF},
		HPDown{P: 0, Loc: 6, HP: 100, DHP: dA},
		HPDown{P: 2, Loc: 7, HP: 100, DHP: dE},
	}
	if got := eventsJSON(g, 1); !sameJSON(g.Events()[1:], want) {
		t.Fatalf("events %s\nwant %v", got, want)
	}
}

// TestLongRangeOnProtectedCell (quirk 8.3): the use succeeds, nobody is
// hurt.
func TestLongRangeOnProtectedCell(t *testing.T) {
	shot := ftbtfmt.Tech{Name: "射", Class: ftbtfmt.ClassPeople, IsLong: true, Range: adjacent, Value: 10}
	g := newGame(t, Setup{Rules: testRules(shot), Level: testLevel(3, 1, pawn(0, 0, 0, 0), pawn(1, 1, 0))})
	g.g.setEffect(1, 1, auxDL, Effect{Val: 1, Dur: 3})
	answer(t, g, KindSelPeople, 0)
	answer(t, g, KindSelMoveObj, 0)
	answer(t, g, KindSelTech, 0)
	answer(t, g, KindSelTechObj, 1)
	if got, want := eventsJSON(g, 1), `[{"e":"do_tech","tech":0,"src":0,"obj":1,"loc":1},{"e":"turn_start","turn":1,"side":1}]`; got != want {
		t.Fatalf("events %s\nwant   %s", got, want)
	}
}

// TestUnknownClass: a tech of another class emits nothing, changes
// nothing, and ends the action as a successful use.
func TestUnknownClass(t *testing.T) {
	odd := ftbtfmt.Tech{Name: "怪", Class: 7, Range: [][2]int{{0, 0}}}
	g := newGame(t, Setup{Rules: testRules(odd), Level: testLevel(3, 1, pawn(0, 0, 0, 0), pawn(1, 2, 0))})
	answer(t, g, KindSelPeople, 0)
	answer(t, g, KindSelMoveObj, 0)
	answer(t, g, KindSelTech, 0)
	answer(t, g, KindSelTechObj, 0)
	if got := eventsJSON(g, 1); got != `[{"e":"turn_start","turn":1,"side":1}]` {
		t.Fatalf("events %s", got)
	}
}

// TestAuxEffects: buff, fly and disable-long values and durations, their
// countdown (an effect cast with duration D in round t is cleared at the
// start of round t+D) and the never-expiring duration 0 (quirk 8.9).
func TestAuxEffects(t *testing.T) {
	buf := ftbtfmt.Tech{Name: "攻", Class: ftbtfmt.ClassAbiBuf, Range: [][2]int{{0, 0}}, AoeRange: 1, AoeRatio: 50, Duration: 2, Value: 50}
	fly := ftbtfmt.Tech{Name: "飞", Class: ftbtfmt.ClassFly, Range: [][2]int{{0, 0}}, AoeRange: 1, AoeRatio: 50, Duration: 0, Value: 100}
	dl := ftbtfmt.Tech{Name: "防", Class: ftbtfmt.ClassDisableLong, Range: [][2]int{{0, 0}}, AoeRange: 2, Duration: 3}
	a, b := pawn(0, 0, 0, 0, 1, 2), pawn(0, 4, 0, 0, 1, 2)
	c := pawn(0, 2, 2, 0, 1, 2)
	a.Abi, b.Abi, c.Abi = 30, 30, 30
	g := newGame(t, Setup{Rules: testRules(buf, fly, dl), Level: testLevel(5, 3, a, b, c, pawn(1, 4, 2))})
	use := func(loc, itech int) {
		answer(t, g, KindSelPeople, loc)
		answer(t, g, KindSelMoveObj, loc)
		answer(t, g, KindSelTech, itech)
		answer(t, g, KindSelTechObj, loc)
	}
	use(0, 0) // attack buff: centre 30*50/100 = 15, around 7
	if got := eventsJSON(g, 1); got != `[{"e":"do_tech","tech":0,"src":0,"obj":-1,"loc":0},{"e":"loc_buf","loc":0,"ad":0,"val":15,"dur":2},{"e":"loc_buf","loc":1,"ad":0,"val":7,"dur":2},{"e":"loc_buf","loc":5,"ad":0,"val":7,"dur":2}]` {
		t.Fatalf("buff events %s", got)
	}
	n := len(g.Events())
	use(4, 1) // fly: radius 1*30*100/3000 = 1; weights 1 at the centre, 14*15/30+1 = 8 around
	if got := eventsJSON(g, n); got != `[{"e":"do_tech","tech":1,"src":1,"obj":-1,"loc":4},{"e":"loc_fly","loc":3,"weight":8,"dur":0},{"e":"loc_fly","loc":4,"weight":1,"dur":0},{"e":"loc_fly","loc":9,"weight":8,"dur":0}]` {
		t.Fatalf("fly events %s", got)
	}
	if g.g.weight[3] != 8 || g.g.weight[9] != 8 {
		t.Fatalf("the weights were not recomputed after the fly: %v", g.g.weight)
	}
	n = len(g.Events())
	use(12, 2) // disable-long: radius 2*30/30 = 2, duration max(1, 3*30/30) = 3; 9 cells on the map
	if evs := g.Events()[n:]; len(evs) != 1+9+1 || !sameJSON(evs[1], LocDisableLong{Loc: 2, Dur: 3}) {
		t.Fatalf("disable-long events %s", eventsJSON(g, n))
	}
	aux := func(c, k int) Effect { return g.g.effectAt(0, c, k) }
	endTurn := func(side int) {
		answer(t, g, KindSelPeople, AnswerEndTurn)
		answer(t, g, KindConfirm, true)
	}
	endTurn(1) // round 2 starts
	if aux(0, auxAbi) != (Effect{15, 1}) || aux(4, auxFly) != (Effect{1, 0}) || aux(12, auxDL) != (Effect{1, 2}) {
		t.Fatalf("round 2: %v %v %v", aux(0, auxAbi), aux(4, auxFly), aux(12, auxDL))
	}
	endTurn(0)
	endTurn(1) // round 3 starts: the buff cast in round 1 with duration 2 is gone
	if aux(0, auxAbi) != (Effect{}) || aux(4, auxFly) != (Effect{1, 0}) || aux(12, auxDL) != (Effect{1, 1}) {
		t.Fatalf("round 3: %v %v %v", aux(0, auxAbi), aux(4, auxFly), aux(12, auxDL))
	}
}

// TestRemovalAndWin: a killed person is announced after its hp_down and
// leaves the map; annihilating the other side wins at once.
func TestRemovalAndWin(t *testing.T) {
	hit := ftbtfmt.Tech{Name: "击", Class: ftbtfmt.ClassPeople, Range: adjacent, Value: 1000}
	e := pawn(1, 1, 0)
	e.HP = 5
	g := newGame(t, Setup{Rules: testRules(hit), Level: testLevel(3, 1, pawn(0, 0, 0, 0), e), Seed: 1})
	answer(t, g, KindSelPeople, 0)
	answer(t, g, KindSelMoveObj, 0)
	answer(t, g, KindSelTech, 0)
	answer(t, g, KindSelTechObj, 1)
	evs := g.Events()
	if !g.Over() || len(evs) != 5 || !sameJSON(evs[3], PeopleOut{P: 1, Loc: 1}) || !sameJSON(evs[4], GameOver{Winner: 0}) {
		t.Fatalf("events %s", eventsJSON(g, 0))
	}
	if res, ok := g.Winner(); !ok || res != 0 || g.People()[1].Loc != -1 || g.People()[1].HP != 0 {
		t.Fatalf("result %d %v, people %+v", res, ok, g.People())
	}
}

// TestSelfAnnihilationLoses: an area that kills the user's whole side
// (and not the enemy) makes the other side win.
func TestSelfAnnihilationLoses(t *testing.T) {
	boom := ftbtfmt.Tech{Name: "自爆", Class: ftbtfmt.ClassPeople, Range: adjacent, AoeRange: 1, AoeRatio: 100, AoeSelf: true, Value: 1000}
	a := pawn(0, 0, 0, 0)
	a.HP = 1
	e := pawn(1, 1, 0)
	e.HP, e.Def = 1_000_000, 0
	g := newGame(t, Setup{Rules: testRules(boom), Level: testLevel(3, 1, a, e)})
	answer(t, g, KindSelPeople, 0)
	answer(t, g, KindSelMoveObj, 0)
	answer(t, g, KindSelTech, 0)
	answer(t, g, KindSelTechObj, 1)
	if res, ok := g.Winner(); !ok || res != 1 {
		t.Fatalf("result %d %v; events %s", res, ok, eventsJSON(g, 0))
	}
}

// TestQuitEndTurnAndCap: quitting and ending a turn ask for confirmation;
// the turn cap ends the game before round cap+1 as a quit.
func TestQuitEndTurnAndCap(t *testing.T) {
	setup := Setup{Rules: testRules(), Level: testLevel(3, 1, pawn(0, 0, 0), pawn(1, 2, 0)), TurnCap: 2}
	g := newGame(t, setup)
	answer(t, g, KindSelPeople, AnswerQuit)
	answer(t, g, KindConfirm, false) // not confirmed: asked again
	answer(t, g, KindSelPeople, AnswerEndTurn)
	answer(t, g, KindConfirm, true)
	answer(t, g, KindSelPeople, AnswerQuit)
	answer(t, g, KindConfirm, true)
	if res, ok := g.Winner(); !ok || res != ResultQuit || g.Capped() {
		t.Fatalf("quit: %d %v capped %v", res, ok, g.Capped())
	}
	if got := eventsJSON(g, 0); got != `[{"e":"turn_start","turn":1,"side":0},{"e":"turn_start","turn":1,"side":1},{"e":"game_over","winner":-1}]` {
		t.Fatalf("quit events %s", got)
	}

	g = newGame(t, setup)
	for range 4 {
		answer(t, g, KindSelPeople, AnswerEndTurn)
		answer(t, g, KindConfirm, true)
	}
	if res, ok := g.Winner(); !ok || res != ResultQuit || !g.Capped() || g.Rounds() != 2 {
		t.Fatalf("cap: %d %v capped %v rounds %d", res, ok, g.Capped(), g.Rounds())
	}
	if evs := g.Events(); len(evs) != 5 || !sameJSON(evs[4], GameOver{Winner: -1}) {
		t.Fatalf("cap events %s", eventsJSON(g, 0))
	}
}

// TestDistShortcutsMatchTheHeap: the bucket queue gives the tables of the
// canonical heap search (zero weights included), a search cut at a limit
// settles exactly the cells below it with their distances, and the nearest enemy is the one the whole table of
// the mover's cell names.
func TestDistShortcutsMatchTheHeap(t *testing.T) {
	for i := range 40 {
		rng := rand.New(rand.NewSource(int64(i)))
		r := testRules()
		for k := range r.Terrains {
			r.Terrains[k].Weight = rng.Intn(4)*rng.Intn(30) + i%2 // odd boards: positive weights only
		}
		w, h := 2+rng.Intn(30), 1+rng.Intn(30)
		l := testLevel(w, h)
		for c := range l.Terrain.Len() {
			l.Terrain.Set(c, rng.Intn(3))
		}
		for k, c := range rng.Perm(w * h)[:2+rng.Intn(min(10, w*h-1))] {
			side := k % 2
			if k > 1 {
				side = rng.Intn(2)
			}
			l.People = append(l.People, pawn(side, c%w, c/w))
		}
		s := testState(t, l)
		var q distQueue
		var enemies []int
		for k, p := range s.people {
			if p.side == 1 {
				enemies = append(enemies, k)
			}
		}
		for range 5 {
			c := rng.Intn(s.cells())
			want := make([]int, s.cells())
			s.walkHeap(c, noLimit, &q.heap, func(c, cost int) bool { want[c] = cost; return true })
			if got := s.dist(c, nil, &q); !reflect.DeepEqual(got, want) {
				t.Fatalf("board %d, centre %d: buckets %v, heap %v", i, c, got, want)
			}
			limit := rng.Intn(100)
			below, reached := make([]int, s.cells()), make([]bool, s.cells())
			s.walk(c, limit, &q, func(c, cost int) bool { below[c], reached[c] = cost, true; return true })
			for k := range want {
				if reached[k] != (want[k] < limit) || reached[k] && want[k] != below[k] {
					t.Fatalf("board %d, centre %d, limit %d: cell %d is %d below the limit, %d in the whole table", i, c, limit, k, below[k], want[k])
				}
			}
			best := -1
			for _, e := range enemies {
				if best == -1 || want[s.people[e].loc] < want[s.people[best].loc] {
					best = e
				}
			}
			if got := newDistCache().nearest(s, c, enemies); got != best {
				t.Fatalf("board %d, from %d: nearest enemy %d, the whole table says %d", i, c, got, best)
			}
		}
	}
}
