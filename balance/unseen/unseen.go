// Package unseen builds the unseen-set benchmark of the balance
// assistant: documents derived from the original games' files (the
// shared folder's legacy/) and from the samples, each made unfair on
// purpose by one change, as a designer's mistake would. Some of them
// tuned the search (Tuned); the others were never used while it was
// written, and show how it does on maps it has never seen. The original
// files are not in the repository: the set is built from the shared
// folder (scripts/balance-unseen.sh), and a case whose file is missing is
// left out.
package unseen

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/validate"
)

// Case is one document of the set.
type Case struct {
	// Name names the case (and the file it is written to).
	Name string
	// Family is the game family; Source the file it is made from
	// ("legacy/mbg/sanguo.map" in the shared folder, "samples/…" a
	// sample); Rules the legacy rules file of an ftbt level.
	Family, Source, Rules string
	// Change says what was made unfair.
	Change string
	// Tuned marks the cases the search was developed on; the others
	// were never run before the benchmark.
	Tuned bool
	// Kept marks the cases kept out of every run while the search is
	// changed: they are run once, at the end of a change, and whatever
	// they give is recorded (docs/balance.md).
	Kept bool
	// unbalance makes the change in the document's model.
	unbalance func(doc *formats.Document) error
}

// Cases returns the set, the tuned cases first.
func Cases() []Case { return append(append(firstCases(), keptCases()...), laterKeptCases()...) }

// firstCases are the documents the search was tuned on and the first
// held-out sets.
func firstCases() []Case {
	return []Case{
		{Name: "mbg-赤壁-魏3x", Family: "mbg", Source: "samples/mbg/赤壁.yaml", Tuned: true,
			Change: "魏 starts with three times its money (14000 → 42000)", unbalance: money("魏", 3)},
		{Name: "ftbt-长坂坡-side0-hp2x", Family: "ftbt", Source: "samples/ftbt/长坂坡.yaml", Tuned: true,
			Change: "side 0's five people have twice their hp", unbalance: hp(0, 2)},
		{Name: "planets-fight_here-A-res1.2", Family: "planets", Source: "legacy/planets/fight_here.yml", Tuned: true,
			Change: "start A's res 1 → 1.2 (on this map a res above 1 makes a start lose)", unbalance: res("A", 1.2)},
		{Name: "planets-test-A-res1.8", Family: "planets", Source: "legacy/planets/test.yml", Tuned: true,
			Change: "start A's res 1.1 → 1.8 (four players)", unbalance: res("A", 1.8)},
		{Name: "planets-star-C-max2x", Family: "planets", Source: "legacy/planets/star.yml", Tuned: true,
			Change: "start C's max 300 → 600 (five players)", unbalance: planetMax("C", 2)},
		{Name: "battle-小沛-L-p1", Family: "battle", Source: "samples/battle/小沛.yaml", Tuned: true,
			Change: "an extra level-3 city beside player 1's base", unbalance: city(0)},
		// held out until its first run, whose independent simulation at
		// seed 99 led the search to look on for a confirmed proposal
		{Name: "mbg-sanguo-吴3x", Family: "mbg", Source: "legacy/mbg/sanguo.map", Tuned: true,
			Change: "吴 starts with three times its money (10000 → 30000)", unbalance: money("吴", 3)},
		// held out until their first runs, whose misses led to the
		// battle knob that removes a city, the ftbt schedule and the
		// planets confirmation of the search as it is now
		{Name: "ftbt-m1-side1-hp2x", Family: "ftbt", Source: "legacy/ftbt/m1.map", Rules: "legacy/ftbt/star.tech", Tuned: true,
			Change: "side 1's people have twice their hp", unbalance: hp(1, 2)},
		{Name: "planets-ut_test-A-res1.8", Family: "planets", Source: "legacy/planets/ut_test.yml", Tuned: true,
			Change: "start A's res 1.1 → 1.8 (four players)", unbalance: res("A", 1.8)},
		{Name: "battle-标准-L-p2", Family: "battle", Source: "samples/battle/标准.yaml", Tuned: true,
			Change: "an extra level-3 city beside player 2's base", unbalance: city(1)},
		// held out: never run while the search was written
		{Name: "mbg-test-RB3x", Family: "mbg", Source: "legacy/mbg/test.map",
			Change: "RB starts with three times its money (10000 → 30000)", unbalance: money("RB", 3)},
		// m2.map replaced: none of its games is decided as it ships (no
		// person reaches an enemy), so no unfairness can show on it
		{Name: "ftbt-m1-side1-def1.5x", Family: "ftbt", Source: "legacy/ftbt/m1.map", Rules: "legacy/ftbt/star.tech",
			Change: "side 1's people have 1.5 times their def", unbalance: def(1, 3, 2)},
		{Name: "planets-oneline-A-res1.5", Family: "planets", Source: "legacy/planets/oneline.yml",
			Change: "start A's res 1 → 1.5 (two players)", unbalance: res("A", 1.5)},
		{Name: "battle-赤壁-L-p1", Family: "battle", Source: "samples/battle/赤壁.yaml",
			Change: "an extra level-3 city beside player 1's base", unbalance: city(0)},
	}
}

// keptCases are the kept sets, each run once after the changes made for
// the sets before it (some tuned on since, as they say).
func keptCases() []Case {
	return []Case{
		// kept: run once, after the search was changed for the ones above
		{Name: "mbg-test_game-RD-half", Family: "mbg", Source: "legacy/mbg/test_game.map", Kept: true,
			Change: "RD starts with half its money (50000 → 25000; two roles)", unbalance: money("RD", 0.5)},
		{Name: "ftbt-长坂坡-side1-abi1.5x", Family: "ftbt", Source: "samples/ftbt/长坂坡.yaml", Kept: true,
			Change: "side 1's people have 1.5 times their abi", unbalance: abi(1, 3, 2)},
		{Name: "planets-九州-B-def2x", Family: "planets", Source: "samples/planets/九州.yaml", Kept: true,
			Change: "start B's def 1.5 → 3 (four players)", unbalance: planetDef("B", 3)},
		{Name: "battle-小沛-near-p2-L3", Family: "battle", Source: "samples/battle/小沛.yaml", Kept: true,
			Change: "the neutral city nearest player 2's base raised to level 3", unbalance: nearestCity(1, 3)},
		// kept: made with the ftbt side knobs, never simulated before
		// their first run
		{Name: "ftbt-m1-side1-abi1.5x", Family: "ftbt", Source: "legacy/ftbt/m1.map", Rules: "legacy/ftbt/star.tech", Kept: true,
			Change: "side 1's people have 1.5 times their abi", unbalance: abi(1, 3, 2)},
		// kept: made with the bisection over a cliff, one a family, never
		// run nor simulated before their one run
		{Name: "mbg-test-RC-half", Family: "mbg", Source: "legacy/mbg/test.map", Kept: true,
			Change: "RC starts with half its money (10000 → 5000; three roles)", unbalance: money("RC", 0.5)},
		// the fifth set's misses, run again after the sixth round's
		// changes: tuned from then on
		{Name: "ftbt-长坂坡-side0-def1.5x", Family: "ftbt", Source: "samples/ftbt/长坂坡.yaml", Tuned: true,
			Change: "side 0's people have 1.5 times their def", unbalance: def(0, 3, 2)},
		{Name: "planets-star-D-def2x", Family: "planets", Source: "legacy/planets/star.yml", Kept: true,
			Change: "start D's def 0.5 → 1 (five players)", unbalance: planetDef("D", 1)},
		// (a fifth-set miss run again: tuned from then on)
		{Name: "battle-标准-near-p1-L3", Family: "battle", Source: "samples/battle/标准.yaml", Tuned: true,
			Change: "the neutral city nearest player 1's base raised to level 3", unbalance: nearestCity(0, 3)},
		// kept: made with every combination of a few knobs' values tried
		// (the battle cliffs) and the cheap first stage of a confirmation,
		// never run nor simulated before their one run
		// (the sixth set's misses count as tuned from the seventh round on)
		{Name: "mbg-赤壁-蜀-half", Family: "mbg", Source: "samples/mbg/赤壁.yaml", Tuned: true,
			Change: "蜀 starts with half its money (10000 → 5000; three roles)", unbalance: money("蜀", 0.5)},
		{Name: "ftbt-长坂坡-side1-hp1.5x", Family: "ftbt", Source: "samples/ftbt/长坂坡.yaml", Kept: true,
			Change: "side 1's people have 1.5 times their hp", unbalance: people(1, func(p *ftbtfmt.Person) { p.HP = p.HP * 3 / 2 })},
		{Name: "planets-fight_here-D-max-half", Family: "planets", Source: "legacy/planets/fight_here.yml", Kept: true,
			Change: "start D's max 1000 → 500 (four players)", unbalance: planetMaxRatio("D", 1, 2)},
		// in place of fight_here-D-max-half, whose games are those of
		// fight_here as it ships, game for game: the change changes
		// nothing; run once as kept, then tuned (a knob probed at its
		// ends before the search gives up)
		{Name: "planets-test-B-def2x", Family: "planets", Source: "legacy/planets/test.yml", Tuned: true,
			Change: "start B's def 2 → 4 (four players)", unbalance: planetDef("B", 4)},
		{Name: "battle-赤壁-near-p2-L3", Family: "battle", Source: "samples/battle/赤壁.yaml", Tuned: true,
			Change: "the neutral city nearest player 2's base raised to level 3", unbalance: nearestCity(1, 3)},
		// kept: the seventh set, made with the points that make the sides
		// alike and the planets def typing knob, of kinds of change no set
		// had, never run nor simulated before their one run
		{Name: "mbg-test-RA-abilities1.5x", Family: "mbg", Source: "legacy/mbg/test.map", Kept: true,
			Change: "RA's officers have 1.5 times their abilities (each at most 100; three roles)", unbalance: abilities("RA", 1.5)},
		{Name: "ftbt-m1-side0-hp-half", Family: "ftbt", Source: "legacy/ftbt/m1.map", Rules: "legacy/ftbt/star.tech", Kept: true,
			Change: "side 0's people have half their hp", unbalance: people(0, func(p *ftbtfmt.Person) { p.HP = max(1, p.HP/2) })},
		{Name: "planets-ut_test-B-cos2x", Family: "planets", Source: "legacy/planets/ut_test.yml", Kept: true,
			Change: "start B's cos 10 → 20 (four players; cos is no knob)", unbalance: planet("B", func(p *planetsfmt.Planet) { p.Cos = planetsfmt.IntValue(20) })},
		{Name: "battle-小沛-near-p2-removed", Family: "battle", Source: "samples/battle/小沛.yaml", Kept: true,
			Change: "the neutral city nearest player 2's base removed", unbalance: removeNearestCity(1)},
		// in place of 小沛 with a city removed, fair already (player 1
		// 47.5 % on 2,528 fresh games): its change hardly changes a game
		{Name: "battle-赤壁-p1-half-up", Family: "battle", Source: "samples/battle/赤壁.yaml", Kept: true,
			Change: "every neutral city nearer player 1's base than player 2's one level higher (at most 3)", unbalance: raiseHalf(0)},
	}
}

// laterKeptCases are the kept sets from the eighth on.
func laterKeptCases() []Case {
	return []Case{
		// kept: the eighth set, made with the budget counted in CPU time
		// and the next combination of a few values tried, never run nor
		// simulated before their one run
		{Name: "mbg-sanguo-蜀-abilities0.7x", Family: "mbg", Source: "legacy/mbg/sanguo.map", Kept: true,
			Change: "蜀's officers have 0.7 times their abilities (abilities are no default knob)", unbalance: abilities("蜀", 0.7)},
		{Name: "ftbt-长坂坡-side0-abi-two-thirds", Family: "ftbt", Source: "samples/ftbt/长坂坡.yaml", Kept: true, Tuned: true, // tuned from the ninth round on
			Change: "side 0's people have two thirds of their abi", unbalance: people(0, func(p *ftbtfmt.Person) { p.Abi = max(1, p.Abi*2/3) })},
		{Name: "planets-九州-C-cos2x", Family: "planets", Source: "samples/planets/九州.yaml", Kept: true,
			Change: "start C's cos 10 → 20 (four players; cos is no knob)", unbalance: planet("C", func(p *planetsfmt.Planet) { p.Cos = planetsfmt.IntValue(20) })},
		{Name: "battle-标准-p2-half-up", Family: "battle", Source: "samples/battle/标准.yaml", Kept: true, Tuned: true, // tuned from the ninth round on
			Change: "every neutral city nearer player 2's base than player 1's one level higher (at most 3)", unbalance: raiseHalf(1)},
		// kept: the ninth set, made with the search's passes bounded by
		// its budget and the battle base knobs, never run nor simulated
		// before their one run
		{Name: "mbg-test_game-RD-abilities0.6x", Family: "mbg", Source: "legacy/mbg/test_game.map", Kept: true,
			Change: "RD's officers have 0.6 times their abilities (two roles; abilities are no default knob)", unbalance: abilities("RD", 0.6)},
		{Name: "ftbt-长坂坡-side1-hp-two-thirds", Family: "ftbt", Source: "samples/ftbt/长坂坡.yaml", Kept: true,
			Change: "side 1's people have two thirds of their hp", unbalance: people(1, func(p *ftbtfmt.Person) { p.HP = max(1, p.HP*2/3) })},
		{Name: "planets-oneline-B-max-half", Family: "planets", Source: "legacy/planets/oneline.yml", Kept: true,
			Change: "start B's max halved (two players)", unbalance: planetMaxRatio("B", 1, 2)},
		// in place of oneline.yml with B's max halved, fair already (start
		// 1 51.2 % on 2,528 fresh games): its change hardly changes a game
		{Name: "planets-star-E-cos2x", Family: "planets", Source: "legacy/planets/star.yml", Kept: true,
			Change: "start E's cos 10 → 20 (five players; cos is no knob)", unbalance: planet("E", func(p *planetsfmt.Planet) { p.Cos = planetsfmt.IntValue(20) })},
		{Name: "battle-赤壁-p2-half-down", Family: "battle", Source: "samples/battle/赤壁.yaml", Kept: true,
			Change: "every neutral city nearer player 2's base than player 1's one level lower (at least 1)", unbalance: lowerHalf(1)},
		// kept: the tenth set, made with the search's confirmation inside
		// a margin and the battle bases' wider range, never run nor
		// simulated before their one run
		// in place of test_battle.map's RA with a third of its money:
		// the map as it ships gives RD 198 of 200 games, so no edit of
		// its roles' numbers is a test of the search (replaced before
		// any run of it)
		{Name: "mbg-sanguo-魏-money-third", Family: "mbg", Source: "legacy/mbg/sanguo.map", Kept: true,
			Change: "魏 starts with a third of its money (three roles)", unbalance: money("魏", 0.33)},
		{Name: "ftbt-m1-side0-def-two-thirds", Family: "ftbt", Source: "legacy/ftbt/m1.map", Rules: "legacy/ftbt/star.tech", Kept: true,
			Change: "side 0's people have two thirds of their def", unbalance: people(0, func(p *ftbtfmt.Person) { p.Def = max(1, p.Def*2/3) })},
		{Name: "planets-fight_here-B-def2x", Family: "planets", Source: "legacy/planets/fight_here.yml", Kept: true,
			Change: "start B's def 1.2 → 2.4 (four players)", unbalance: planetDef("B", 2.4)},
		// in place of fight_here.yml's start B at twice its def, fair as
		// it is (start 3 (B) 25.6 % on 3,792 fresh games; both independent
		// simulations agree): its change hardly changes a game
		{Name: "planets-ut_test-C-res1.5", Family: "planets", Source: "legacy/planets/ut_test.yml", Kept: true,
			Change: "start C's res 1 → 1.5 (four players)", unbalance: res("C", 1.5)},
		{Name: "battle-小沛-p1-half-down", Family: "battle", Source: "samples/battle/小沛.yaml", Kept: true,
			Change: "every neutral city nearer player 1's base than player 2's one level lower (at least 1)", unbalance: lowerHalf(0)},
	}
}

// Build reads the case's source (from shared, the shared folder, or the
// samples) and makes its change. The document keeps its source's path,
// so that an ftbt level finds its rules.
func Build(shared string, c Case) (*formats.Document, error) {
	var doc *formats.Document
	var err error
	if rest, ok := cut(c.Source, "samples/"); ok {
		data, rerr := samples.Read(rest)
		if rerr != nil {
			return nil, rerr
		}
		doc, err = formats.ReadBytes(rest, data, formats.Options{From: formats.YAML, FS: samples.FS()})
	} else {
		opts := formats.Options{}
		if c.Rules != "" {
			opts.RulesPath = filepath.Join(shared, c.Rules)
		}
		doc, err = formats.Read(filepath.Join(shared, c.Source), opts)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	if err := c.unbalance(doc); err != nil {
		return nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	if l := validate.Check(doc); l.HasErrors() {
		return nil, fmt.Errorf("%s: the change does not pass check: %v", c.Name, l)
	}
	return doc, nil
}

func cut(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return s, false
}

// money multiplies the starting money of the role named role, rounded
// to a whole amount.
func money(role string, factor float32) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		s := doc.Value.(*mbgfmt.Scenario)
		for i := range s.Roles {
			if s.Roles[i].Name == role {
				// a whole amount, as a designer writes it (float32 makes
				// 10000 × 0.33 3300.0002)
				s.Roles[i].Money = float32(math.Round(float64(s.Roles[i].Money * factor)))
				return nil
			}
		}
		return fmt.Errorf("no role %s", role)
	}
}

// hp multiplies the hp of every person of side.
func hp(side, factor int) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		l := doc.Value.(*ftbtfmt.Level)
		n := 0
		for i := range l.People {
			if l.People[i].Side == side {
				l.People[i].HP *= factor
				n++
			}
		}
		if n == 0 {
			return fmt.Errorf("no person on side %d", side)
		}
		return nil
	}
}

// def multiplies the def of every person of side by num/den.
func def(side, num, den int) func(doc *formats.Document) error {
	return people(side, func(p *ftbtfmt.Person) { p.Def = p.Def * num / den })
}

// abi multiplies the abi of every person of side by num/den.
func abi(side, num, den int) func(doc *formats.Document) error {
	return people(side, func(p *ftbtfmt.Person) { p.Abi = p.Abi * num / den })
}

// people edits every person of side.
func people(side int, edit func(p *ftbtfmt.Person)) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		l := doc.Value.(*ftbtfmt.Level)
		n := 0
		for i := range l.People {
			if l.People[i].Side == side {
				edit(&l.People[i])
				n++
			}
		}
		if n == 0 {
			return fmt.Errorf("no person on side %d", side)
		}
		return nil
	}
}

// res sets the res of planet name.
func res(name string, x float64) func(doc *formats.Document) error {
	return planet(name, func(p *planetsfmt.Planet) { p.Res = planetsfmt.FloatValue(x) })
}

// planetDef sets the def of planet name.
func planetDef(name string, x float64) func(doc *formats.Document) error {
	return planet(name, func(p *planetsfmt.Planet) { p.Def = planetsfmt.FloatValue(x) })
}

// planetMax multiplies the max of planet name (an integer stays one).
func planetMax(name string, factor int64) func(doc *formats.Document) error {
	return planetMaxRatio(name, factor, 1)
}

// planetMaxRatio multiplies the max of planet name by num/den (an
// integer stays one).
func planetMaxRatio(name string, num, den int64) func(doc *formats.Document) error {
	return planet(name, func(p *planetsfmt.Planet) {
		if v, ok := p.Max.Float64(); ok {
			if p.Max.Type() == planetsfmt.Int {
				p.Max = planetsfmt.IntValue(int64(v) * num / den)
			} else {
				p.Max = planetsfmt.FloatValue(v * float64(num) / float64(den))
			}
		}
	})
}

func planet(name string, edit func(p *planetsfmt.Planet)) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		m := doc.Value.(*planetsfmt.Map)
		for i := range m.Planets {
			if m.Planets[i].Token.Text() == name {
				edit(&m.Planets[i])
				return nil
			}
		}
		return fmt.Errorf("no planet %s", name)
	}
}

// city puts a level-3 city on the first open cell two or three cells
// from the base of player (0 or 1) that check accepts without an error
// (it warns that the map is no longer symmetric).
func city(player int) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		m := doc.Value.(*bfmt.Map)
		p1, p2, ok := m.Sides()
		if !ok {
			return fmt.Errorf("the map has not two bases")
		}
		base := p1
		if player == 1 {
			base = p2
		}
		a := base.Anchor()
		for d := 2; d <= 3; d++ {
			for y := a.Y - d; y <= a.Y+d; y++ {
				for x := a.X - d; x <= a.X+d; x++ {
					if x < 0 || y < 0 || x >= m.W || y >= m.H || max(abs(x-a.X), abs(y-a.Y)) != d {
						continue
					}
					i := m.Index(x, y)
					if m.Cells.At(i) != bfmt.CodeSpace {
						continue
					}
					m.Cells.Set(i, bfmt.CodeCity1+2)
					if !validate.Check(doc).HasErrors() {
						return nil
					}
					m.Cells.Set(i, bfmt.CodeSpace)
				}
			}
		}
		return fmt.Errorf("no open cell beside the base of player %d", player+1)
	}
}

// nearestCity sets the level of the neutral city nearest the base of
// player (0 or 1; Chebyshev distance to its anchor, the first in row
// order of the nearest) whose level is not level already.
func nearestCity(player, level int) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		m := doc.Value.(*bfmt.Map)
		p1, p2, ok := m.Sides()
		if !ok {
			return fmt.Errorf("the map has not two bases")
		}
		base := p1
		if player == 1 {
			base = p2
		}
		a := base.Anchor()
		best, bestD := -1, 0
		for _, c := range m.Cities() {
			i := m.Index(c.X, c.Y)
			d := max(abs(c.X-a.X), abs(c.Y-a.Y))
			if bfmt.CityLevel(m.Cells.At(i)) != level && (best < 0 || d < bestD) {
				best, bestD = i, d
			}
		}
		if best < 0 {
			return fmt.Errorf("no city below level %d", level)
		}
		m.Cells.Set(best, bfmt.CodeCity1+level-1)
		return nil
	}
}

// removeNearestCity removes the neutral city nearest the base of player
// (0 or 1; Chebyshev distance to its anchor, the first in row order of
// the nearest): its cell becomes open ground.
func removeNearestCity(player int) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		m := doc.Value.(*bfmt.Map)
		p1, p2, ok := m.Sides()
		if !ok {
			return fmt.Errorf("the map has not two bases")
		}
		base := p1
		if player == 1 {
			base = p2
		}
		a := base.Anchor()
		best, bestD := -1, 0
		for _, c := range m.Cities() {
			if d := max(abs(c.X-a.X), abs(c.Y-a.Y)); best < 0 || d < bestD {
				best, bestD = m.Index(c.X, c.Y), d
			}
		}
		if best < 0 {
			return fmt.Errorf("no neutral city")
		}
		m.Cells.Set(best, bfmt.CodeSpace)
		return nil
	}
}

// raiseHalf raises every neutral city nearer the base of player (0 or
// 1) than the other's (Chebyshev distance to their anchors) by one
// level, at most 3.
func raiseHalf(player int) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		m := doc.Value.(*bfmt.Map)
		p1, p2, ok := m.Sides()
		if !ok {
			return fmt.Errorf("the map has not two bases")
		}
		mine, other := p1.Anchor(), p2.Anchor()
		if player == 1 {
			mine, other = other, mine
		}
		n := 0
		for _, c := range m.Cities() {
			if max(abs(c.X-mine.X), abs(c.Y-mine.Y)) < max(abs(c.X-other.X), abs(c.Y-other.Y)) && c.Level < 3 {
				m.Cells.Set(m.Index(c.X, c.Y), bfmt.CodeCity1+c.Level)
				n++
			}
		}
		if n == 0 {
			return fmt.Errorf("no city below level 3 nearer player %d's base", player+1)
		}
		return nil
	}
}

// lowerHalf lowers by one level every neutral city nearer player's base
// than the other's, a level-1 city staying at level 1.
func lowerHalf(player int) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		m := doc.Value.(*bfmt.Map)
		p1, p2, ok := m.Sides()
		if !ok {
			return fmt.Errorf("the map has not two bases")
		}
		mine, other := p1.Anchor(), p2.Anchor()
		if player == 1 {
			mine, other = other, mine
		}
		n := 0
		for _, c := range m.Cities() {
			if max(abs(c.X-mine.X), abs(c.Y-mine.Y)) < max(abs(c.X-other.X), abs(c.Y-other.Y)) && c.Level > 1 {
				m.Cells.Set(m.Index(c.X, c.Y), bfmt.CodeCity1+c.Level-2)
				n++
			}
		}
		if n == 0 {
			return fmt.Errorf("no city above level 1 nearer player %d's base", player+1)
		}
		return nil
	}
}

// abilities multiplies the five abilities of every officer who starts
// with role (in its retinue or in the garrison of a city it owns), each
// at most 100.
func abilities(role string, factor float32) func(doc *formats.Document) error {
	return func(doc *formats.Document) error {
		s := doc.Value.(*mbgfmt.Scenario)
		for _, r := range s.Roles {
			if r.Name != role {
				continue
			}
			officers := append([]int(nil), r.Retinue...)
			for _, ci := range r.Cities {
				if ci >= 0 && ci < len(s.Cities) {
					officers = append(officers, s.Cities[ci].Garrison...)
				}
			}
			if len(officers) == 0 {
				return fmt.Errorf("role %s has no officer", role)
			}
			for _, oi := range officers {
				for k := range s.Officers[oi].Props {
					p := &s.Officers[oi].Props[k]
					*p = min(100, float32(math.Round(float64(*p*factor))))
				}
			}
			return nil
		}
		return fmt.Errorf("no role %s", role)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
