package ftbt

import (
	"encoding/json"
	"github.com/shapan/shapan/formats/cells"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/engine"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/shared"
)

// legacySetup loads a level of the shared folder with star.tech (skipping
// without the folder).
func legacySetup(t testing.TB, level string) Setup {
	t.Helper()
	dir := filepath.Join(shared.Dir(t), "legacy", "ftbt")
	s, err := LoadSetup(filepath.Join(dir, level), filepath.Join(dir, "star.tech"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testRules are small rules: terrains plain (10), wall (50), water (-1 is
// not used; weight 30), and the given techs (allowed everywhere unless
// they say otherwise).
func testRules(techs ...ftbtfmt.Tech) *ftbtfmt.Rules {
	r := &ftbtfmt.Rules{
		Terrains:     []ftbtfmt.Terrain{{Name: "平", Weight: 10}, {Name: "墙", Weight: 50}, {Name: "水", Weight: 30}},
		MaxFlyWeight: 15, MaxAbi: 30,
		AI: &ftbtfmt.AIConstants{MaxMoveDist: 3000, MaxMoveScore: 1500, MaxBufValue: 30, MaxBufScore: 1000, MaxDefDist: 300,
			MaxDefScore: 500, MaxTechDist: 80, MaxTechScore: 1000, MaxTechBufVMD: 800, MaxTechFlyVMD: 800, MaxTechDLVMD: 600},
	}
	for _, t := range techs {
		if t.Allowed == nil {
			t.Allowed = []bool{true, true, true}
		}
		r.Techs = append(r.Techs, t)
	}
	return r
}

// adjacent are the four offsets next to the user.
var adjacent = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// testLevel makes a w×h level of plain terrain with the given people.
func testLevel(w, h int, people ...ftbtfmt.Person) *ftbtfmt.Level {
	return &ftbtfmt.Level{W: w, H: h, Terrain: cells.Make(w * h), People: people}
}

// pawn is a person of side at (x, y) with the given techs.
func pawn(side, x, y int, techs ...int) ftbtfmt.Person {
	return ftbtfmt.Person{Name: "兵", Side: side, Abi: 20, Def: 10, HP: 100, Speed: 30, X: x, Y: y, Techs: techs}
}

// newGame starts a game or fails the test.
func newGame(t testing.TB, setup Setup) *Game {
	t.Helper()
	g, err := New(setup, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// answer gives the pending decision's player the answer v, which must be
// accepted, after checking the question's kind.
func answer(t testing.TB, g *Game, kind string, v any) {
	t.Helper()
	d := g.Pending()
	if d == nil {
		t.Fatalf("the game is over; wanted %s", kind)
	}
	if d.Kind != kind {
		t.Fatalf("the question is %s (%+v), not %s", d.Kind, d.Args, kind)
	}
	if err := g.Answer(d.Player, engine.Encode(v)); err != nil {
		t.Fatalf("%s: answer %v refused: %v", kind, v, err)
	}
}

// eventsJSON returns the events from index from on as JSON.
func eventsJSON(g *Game, from int) string {
	b, _ := json.Marshal(g.Events()[from:])
	return string(b)
}

func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
