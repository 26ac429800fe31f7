package ftbt

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/diag"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// TestNewRefusesLevelsTheOriginalCrashesOn: every level the original would
// crash or loop on is refused with an error that says why.
func TestNewRefusesLevelsTheOriginalCrashesOn(t *testing.T) {
	fly := ftbtfmt.Tech{Name: "飞", Class: ftbtfmt.ClassFly, Range: adjacent, Duration: 2, Value: 50}
	for _, tc := range []struct {
		name  string
		setup func() Setup
		want  string
	}{
		{"no rules", func() Setup { return Setup{Level: testLevel(3, 3, pawn(0, 0, 0), pawn(1, 2, 2))} }, "no rules"},
		{"no level", func() Setup { return Setup{Rules: testRules()} }, "no level"},
		{"empty map", func() Setup { return Setup{Rules: testRules(), Level: testLevel(0, 3)} }, "0×3"},
		{"bad terrain", func() Setup {
			l := testLevel(3, 3, pawn(0, 0, 0), pawn(1, 2, 2))
			l.Terrain.Set(4, 7)
			return Setup{Rules: testRules(), Level: l}
		}, "cell (1, 1) has terrain 7"},
		{"side 2", func() Setup {
			return Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 0, 0), pawn(2, 2, 2), pawn(1, 1, 1))}
		}, "side 2"},
		{"off the map", func() Setup {
			return Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 3, 0), pawn(1, 2, 2))}
		}, "(3, 0), outside the 3×3 map"},
		{"two on a cell", func() Setup {
			return Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 1, 1), pawn(1, 1, 1))}
		}, "already stands"},
		{"unknown tech", func() Setup {
			return Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 0, 0, 3), pawn(1, 2, 2))}
		}, "knows tech 3"},
		{"no hp", func() Setup {
			p := pawn(1, 2, 2)
			p.HP = 0
			return Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 0, 0), p)}
		}, "hp 0"},
		{"empty side", func() Setup {
			return Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 0, 0), pawn(0, 2, 2))}
		}, "side 1 has nobody"},
		{"MAX_ABI 0", func() Setup {
			r := testRules(fly)
			r.MaxAbi = 0
			return Setup{Rules: r, Level: testLevel(3, 3, pawn(0, 0, 0, 0), pawn(1, 2, 2))}
		}, "divides by MAX_ABI"},
		{"terrain flags", func() Setup {
			r := testRules(fly)
			r.Techs[0].Allowed = []bool{true}
			return Setup{Rules: r, Level: testLevel(3, 3, pawn(0, 0, 0), pawn(1, 2, 2))}
		}, "1 terrain flags for 3 terrains"},
		{"negative cap", func() Setup {
			return Setup{Rules: testRules(), Level: testLevel(3, 3, pawn(0, 0, 0), pawn(1, 2, 2)), TurnCap: -1}
		}, "turn cap"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.setup(), Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			if l, ok := err.(diag.List); ok && (l[0].Code == "" || l[0].Path == "" && l[0].Code != CodeNoTerrain) {
				t.Errorf("the refusal %v has no code or no path", l[0])
			}
		})
	}
}

// TestNewAIRefusesWhatTheAIWouldCrashOn: missing constants, divisors 0,
// settings that do not fit the level.
func TestNewAIRefusesWhatTheAIWouldCrashOn(t *testing.T) {
	level := testLevel(3, 3, pawn(0, 0, 0), pawn(1, 2, 2))
	two := []AISettings{DefaultAI, DefaultAI}
	for _, tc := range []struct {
		name     string
		rules    func() *ftbtfmt.Rules
		settings []AISettings
		want     string
	}{
		{"no constants", func() *ftbtfmt.Rules { r := testRules(); r.AI = nil; return r }, two, "no AI constants"},
		{"zero divisor", func() *ftbtfmt.Rules { r := testRules(); r.AI.MaxTechFlyVMD = 0; return r }, two, "AI_MAX_TECH_FLY_VMD is 0"},
		{"zero buf value", func() *ftbtfmt.Rules { r := testRules(); r.AI.MaxBufValue = 0; return r }, two, "AI_MAX_BUF_VALUE is 0"},
		{"settings count", func() *ftbtfmt.Rules { return testRules() }, two[:1], "1 AI settings for 2 people"},
		{"goal off the map", func() *ftbtfmt.Rules { return testRules() }, []AISettings{DefaultAI, {Goal: 9, Attack: 1}}, "goal 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewAI(Setup{Rules: tc.rules(), Level: level}, tc.settings)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestMaxAbi0WithoutFlyTechsPlays: MAX_ABI 0 is refused only with a fly
// or disable-long tech someone knows (the original divides by it only
// then), by the engine, not by the computer player.
func TestMaxAbi0WithoutFlyTechsPlays(t *testing.T) {
	r := testRules(ftbtfmt.Tech{Name: "刀", Class: ftbtfmt.ClassPeople, Range: adjacent, Value: 5})
	r.MaxAbi = 0
	setup := Setup{Rules: r, Level: testLevel(3, 3, pawn(0, 0, 0, 0), pawn(1, 2, 2, 0)), TurnCap: 5}
	ai, err := NewAI(setup, []AISettings{DefaultAI, DefaultAI})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(setup, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PlayOut(g, [2]Player{ai, ai}, 10_000); err != nil {
		t.Fatal(err)
	}
}

// TestLevelAI follows the loader (spec §1.2): side 0 is not AI-controlled,
// side 1's fact_att -1 becomes 30/30/40 with the goal kept.
func TestLevelAI(t *testing.T) {
	a := pawn(0, 0, 0)
	a.AI = &ftbtfmt.PersonAI{Attack: 50, Defence: 20, Move: 30, GoalX: 1, GoalY: 1}
	b := pawn(1, 2, 2)
	b.AI = &ftbtfmt.PersonAI{Attack: -1, Defence: 7, Move: 7, GoalX: 2, GoalY: 0}
	c := pawn(1, 2, 1)
	c.AI = &ftbtfmt.PersonAI{Attack: 5, Defence: 6, Move: 7, GoalX: -1, GoalY: 2}
	l := testLevel(3, 3, a, b, c)
	got, err := LevelAI(l)
	if err != nil {
		t.Fatal(err)
	}
	want := []AISettings{{-1, -1, -1, -1}, {2, 30, 30, 40}, {-1, 5, 6, 7}}
	if !sameJSON(got, want) {
		t.Fatalf("LevelAI: %+v, want %+v", got, want)
	}
	golden, _ := GoldenAI(l)
	if golden[0] != DefaultAI || golden[1] != want[1] {
		t.Fatalf("GoldenAI: %+v", golden)
	}
	l.People[1].AI.GoalX = 3
	if _, err := LevelAI(l); err == nil || !strings.Contains(err.Error(), "FTB029: person 2 (兵) heads for (3, 0)") {
		t.Fatalf("a goal off the map: %v", err)
	}
}
