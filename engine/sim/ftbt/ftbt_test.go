package ftbt

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/engine/sim/simtest"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/ftbt"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/ftbttest"
	"github.com/shapan/shapan/internal/longtest"
)

// TestFTBTSameSeedSameReport: the JSON report of an ftbt level is the
// same bytes with 1 and 4 workers, on the sample 长坂坡 and the original
// game's m1.map; another seed gives another report; and the facts add up.
func TestFTBTSameSeedSameReport(t *testing.T) {
	for _, tc := range []struct {
		name  string
		games int
	}{{"长坂坡", 3}, {"m1", longtest.Sized(12, 4, 12)}} { // under -race 4 games of m1: one for each of the 4 workers
		t.Run(tc.name, func(t *testing.T) {
			f := ftbtFamilies[tc.name](t)
			one := simtest.ReportJSON(t, f, sim.Options{Games: tc.games, Seed: 7, Jobs: 1})
			if four := simtest.ReportJSON(t, f, sim.Options{Games: tc.games, Seed: 7, Jobs: 4}); !bytes.Equal(four, one) {
				t.Fatalf("jobs 4 gives another report than jobs 1:\n%s\n---\n%s", four, one)
			}
			var r sim.Report
			if err := json.Unmarshal(one, &r); err != nil {
				t.Fatal(err)
			}
			if r.Family != "ftbt" || r.Games != tc.games || r.Failed != 0 || r.Facts.Section.(*FTBTFacts) == nil {
				t.Fatalf("unexpected report:\n%s", one)
			}
			if r.Facts.Section.(*FTBTFacts).Attacks == 0 {
				t.Fatalf("no fight in any game: the test's turn cap is too low\n%s", one)
			}
			checkFTBTFacts(t, &r, f.(*FTBT))
			if other := simtest.ReportJSON(t, f, sim.Options{Games: tc.games, Seed: 8, Jobs: 2}); bytes.Equal(other, one) {
				t.Fatal("seeds 7 and 8 give the same report")
			}
		})
	}
}

// checkFTBTFacts checks the ftbt facts of a report against each other,
// against the general counts and against the level.
func checkFTBTFacts(t *testing.T, r *sim.Report, f *FTBT) {
	t.Helper()
	ff, l, n := r.Facts.Section.(*FTBTFacts), f.setup.Level, r.Games
	if ff.TurnCap != f.turnCap || ff.Width != l.W || ff.Height != l.H || len(ff.People) != len(l.People) || len(ff.Sides) != 2 {
		t.Fatalf("facts %+v", ff)
	}
	if r.Length.Max > ff.TurnCap || (r.Capped.Count > 0 && r.Length.Max != ff.TurnCap) {
		t.Errorf("lengths %d…%d with %d capped games and the cap %d", r.Length.Min, r.Length.Max, r.Capped.Count, ff.TurnCap)
	}
	wins, capWins := 0, 0
	for s, side := range ff.Sides {
		if side.Routs+side.CapWins != r.Sides[s].Wins.Count {
			t.Errorf("side %d: %d routs + %d wins at the cap ≠ %d wins", s, side.Routs, side.CapWins, r.Sides[s].Wins.Count)
		}
		wins += r.Sides[s].Wins.Count
		capWins += side.CapWins
		if side.MeanSurvivors < 0 || side.MeanSurvivors > float64(side.People) || side.MeanHPLeft < 0 || side.MeanHPLeft > 1 {
			t.Errorf("side %d: %+v", s, side)
		}
	}
	if wins+r.Draws.Count != n || capWins+r.Draws.Count != r.Capped.Count {
		t.Errorf("wins %d + draws %d ≠ games %d, or wins at the cap %d + draws ≠ capped %d", wins, r.Draws.Count, n, capWins, r.Capped.Count)
	}
	survived := make([]int, 2)
	damage, falls, kills := 0, 0, 0
	for i, p := range ff.People {
		if p.Name != l.People[i].Name || p.Side != l.People[i].Side || p.Survived.Count > n || p.TotalDamage < 0 {
			t.Errorf("person %d: %+v", i, p)
		}
		if math.Abs(p.MeanDamage*float64(n)-float64(p.TotalDamage)) > 1e-3*float64(n) {
			t.Errorf("person %d: mean damage %v over %d games, total %d", i, p.MeanDamage, n, p.TotalDamage)
		}
		survived[p.Side] += p.Survived.Count
		damage += p.TotalDamage + p.FriendlyDamage
		falls += n - p.Survived.Count
		kills += p.Kills
	}
	for s, side := range ff.Sides {
		if math.Abs(side.MeanSurvivors*float64(n)-float64(survived[s])) > 1e-3*float64(n) {
			t.Errorf("side %d: mean survivors %v, but its people survived %d times in %d games", s, side.MeanSurvivors, survived[s], n)
		}
	}
	cellAttacks, cellDamage, cellFalls := 0, 0, 0
	for i, c := range ff.Cells {
		if c.X < 0 || c.Y < 0 || c.X >= l.W || c.Y >= l.H || c.Hits < 0 || c.Damage < c.Hits || (c.Attacks == 0 && c.Hits == 0) {
			t.Errorf("cell %+v", c)
		}
		if i > 0 && c.Y*l.W+c.X <= ff.Cells[i-1].Y*l.W+ff.Cells[i-1].X {
			t.Errorf("cells out of grid order: %+v after %+v", c, ff.Cells[i-1])
		}
		cellAttacks += c.Attacks
		cellDamage += c.Damage
		cellFalls += c.Falls
	}
	if cellAttacks != ff.Attacks || cellDamage != ff.Damage || damage != ff.Damage {
		t.Errorf("attacks: cells %d, total %d; damage: cells %d, people %d, total %d", cellAttacks, ff.Attacks, cellDamage, damage, ff.Damage)
	}
	if cellFalls != falls || kills > falls {
		t.Errorf("people removed: %d on the cells, %d by the survival counts, %d kills", cellFalls, falls, kills)
	}
}

// TestFTBTCappedWinner: a capped game goes to the side that kept the
// larger share of its starting hp, whatever the sizes of the sides.
func TestFTBTCappedWinner(t *testing.T) {
	g := &ftbtGame{side: []int{0, 0, 1}, startHP: []int{100, 100, 50}}
	for _, tc := range []struct {
		hp   []int
		want int
	}{
		{[]int{100, 0, 30}, 1}, // 50 % against 60 %
		{[]int{100, 30, 30}, 0},
		{[]int{50, 50, 25}, -1}, // 50 % each
		{[]int{0, 0, 0}, -1},
	} {
		g.hp = tc.hp
		if got := g.capWinner(); got != tc.want {
			t.Errorf("hp %v: winner %d, want %d", tc.hp, got, tc.want)
		}
	}
}

// TestFTBTText: the text report names the sides, the people and the
// hottest cells.
func TestFTBTText(t *testing.T) {
	f := ftbtFamilies["长坂坡"](t)
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 2, Seed: 1, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{"ftbt simulation", "side 0", "side 1", "Sides at the end (turn cap 215 rounds", "wins at the cap",
		"People", "赵云", "程昱", "damage mean", "Where the fights are"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text report lacks %q:\n%s", want, text)
		}
	}
	// The hottest cells come first.
	cells := slices.Clone(r.Facts.Section.(*FTBTFacts).Cells)
	slices.SortStableFunc(cells, func(a, b FTBTCellFacts) int { return b.Damage - a.Damage })
	if i, j := strings.Index(text, cellName(cells[0])), strings.Index(text, cellName(cells[1])); i < 0 || j < i {
		t.Errorf("the hottest cells are not listed first:\n%s", text)
	}
}

func cellName(c FTBTCellFacts) string {
	b, _ := json.Marshal([]int{c.X, c.Y})
	return "(" + strings.ReplaceAll(strings.Trim(string(b), "[]"), ",", ", ") + ")"
}

// TestFTBTWithoutFights: when the sides never meet within the cap (one
// round: they start too far apart), every game is a draw and the facts say
// nothing happened.
func TestFTBTWithoutFights(t *testing.T) {
	f := docFamily(t, simtest.SampleDoc(t, simtest.Changban), 1)
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ff := r.Facts.Section.(*FTBTFacts)
	if r.Draws.Count != 3 || r.Capped.Count != 3 || ff.Attacks != 0 || len(ff.Cells) != 0 || ff.Sides[0].MeanSurvivors != 5 || ff.Sides[1].MeanHPLeft != 1 {
		t.Fatalf("report %+v, facts %+v", r, ff)
	}
	var b strings.Builder
	r.WriteText(&b)
	if !strings.Contains(b.String(), "(none)") || !strings.Contains(b.String(), "the sides never met within 1 round.") {
		t.Errorf("text:\n%s", b.String())
	}
}

// TestFTBTPlaysACopy: the adapter plays its own copy of the level and
// rules, so editing the document does not change its games.
func TestFTBTPlaysACopy(t *testing.T) {
	doc := simtest.SampleDoc(t, simtest.Changban)
	f := docFamily(t, doc, 5).(*FTBT)
	l, rules := doc.Value.(*ftbtfmt.Level), doc.Rules.(*ftbtfmt.Rules)
	l.Terrain.Set(0, 99)
	l.People[0].Techs[0] = 99
	l.People[5].AI.GoalX = 0
	rules.Techs[0].Range[0] = [2]int{9, 9}
	rules.AI.MaxMoveDist = 0
	own := f.setup
	if own.Level.Terrain.At(0) == 99 || own.Level.People[0].Techs[0] == 99 || own.Level.People[5].AI.GoalX == 0 ||
		own.Rules.Techs[0].Range[0] == [2]int{9, 9} || own.Rules.AI.MaxMoveDist == 0 {
		t.Fatal("the adapter shares the document's level or rules")
	}
	if _, err := f.Play(context.Background(), 0, 1); err != nil {
		t.Fatal(err)
	}
}

// TestFTBTEventCounting: the damage of a tech is its user's (its own
// side's hp apart), counted at the cell where it was lost, as the hp
// actually lost; kills are the enemies removed.
func TestFTBTEventCounting(t *testing.T) {
	l := &ftbtfmt.Level{W: 10, H: 10, People: []ftbtfmt.Person{{Side: 0, HP: 50}, {Side: 1, HP: 30}, {Side: 1, HP: 40}}}
	g := newFTBTGame(l)
	for _, e := range []engine.Event{
		ftbt.DoTech{Tech: 0, Src: 2, Obj: 0, Loc: 11},
		ftbt.HPDown{P: 0, Loc: 11, HP: 50, DHP: 20},
		ftbt.HPDown{P: 1, Loc: 12, HP: 30, DHP: 8},     // its area hits its own side
		ftbt.DoTech{Tech: 3, Src: 0, Obj: -1, Loc: 40}, // a buff: no attack
		ftbt.DoTech{Tech: 0, Src: 0, Obj: 1, Loc: 12},
		ftbt.HPDown{P: 1, Loc: 12, HP: 22, DHP: 35}, // 22 hp lost, not 35
		ftbt.PeopleOut{P: 1, Loc: 12},
	} {
		g.event(e)
	}
	if !slices.Equal(g.damage, []int{22, 0, 20}) || !slices.Equal(g.friendly, []int{0, 0, 8}) || !slices.Equal(g.kills, []int{1, 0, 0}) {
		t.Errorf("damage %v, friendly %v, kills %v", g.damage, g.friendly, g.kills)
	}
	want := map[int]ftbtCell{11: {attacks: 1, hits: 1, damage: 20}, 12: {attacks: 1, hits: 2, damage: 30, falls: 1}}
	if len(g.cells) != len(want) || g.cells[11] != want[11] || g.cells[12] != want[12] {
		t.Errorf("cells %+v", g.cells)
	}
}

// TestFTBTSidesApart: when a river keeps the sides of 长坂坡 apart, the
// report says that they cannot reach each other and that a higher turn
// cap would not help; games too short for a fight are told to raise the
// turn cap.
func TestFTBTSidesApart(t *testing.T) {
	for _, apart := range []bool{true, false} {
		doc := simtest.SampleDoc(t, simtest.Changban)
		turns := 2
		if apart {
			if !ftbttest.River(doc.Value.(*ftbtfmt.Level), doc.Rules.(*ftbtfmt.Rules)) {
				t.Fatal("the sample has a person on its middle column")
			}
			turns = 60
		}
		r, err := sim.Run(context.Background(), docFamily(t, doc, turns), sim.Options{Games: 2, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		saysApart := strings.Contains(text, "the sides cannot reach each other") && !strings.Contains(text, "Raise the turn cap")
		if r.Facts.Section.(*FTBTFacts).SidesApart != apart || r.Facts.Section.(*FTBTFacts).Attacks != 0 || saysApart != apart || (!apart && !strings.Contains(text, "Raise the turn cap")) {
			t.Errorf("apart %v: facts say %v with %d attacks; the report says:\n%s", apart, r.Facts.Section.(*FTBTFacts).SidesApart, r.Facts.Section.(*FTBTFacts).Attacks, text)
		}
	}
}
