package planetsview

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/shapan/shapan/formats/planets"
)

func TestParseNumberKeepsTheTypingAsWritten(t *testing.T) {
	for _, c := range []struct {
		text string
		want planets.Value
	}{
		{"2", planets.IntValue(2)},
		{" -3 ", planets.IntValue(-3)},
		{"+7", planets.IntValue(7)},
		{"010", planets.IntValue(10)},
		{"2.0", planets.FloatValue(2)},
		{"2.", planets.FloatValue(2)},
		{".5", planets.FloatValue(0.5)},
		{"1.5e3", planets.FloatValue(1500)},
		{"1.0e-05", planets.FloatValue(1e-5)},
		{"123456789012345678901234567890", bigValue("123456789012345678901234567890")},
	} {
		got, err := parseNumber(c.text)
		if err != nil || !planets.Equal(got, c.want) {
			t.Errorf("parseNumber(%q) = %+v, %v; want %+v", c.text, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "abc", "1e3", "2,5", "1.2.3", "0x10", ".inf"} {
		if v, err := parseNumber(bad); err == nil {
			t.Errorf("parseNumber(%q) = %+v, want an error", bad, v)
		}
	}
	// Every number the entries show reads back as the same value.
	for _, v := range []planets.Value{planets.IntValue(2), planets.FloatValue(2), planets.FloatValue(0.1), planets.FloatValue(1e-7), planets.FloatValue(3e20)} {
		if got, err := parseNumber(show(v)); err != nil || !planets.Equal(got, v) {
			t.Errorf("%s reads back as %+v, %v", show(v), got, err)
		}
	}
}

func TestParseAsRules(t *testing.T) {
	if _, err := parseAs("3.0", wholeNumber(planets.RouteFields.Field("2"))); err == nil {
		t.Error("a real accepted as steps")
	}
	if _, err := parseAs("0", wholeNumber(planets.RouteFields.Field("2"))); err == nil {
		t.Error("0 accepted as steps")
	}
	if v, err := parseAs("4", wholeNumber(planets.RouteFields.Field("2"))); err != nil || !planets.Equal(v, planets.IntValue(4)) {
		t.Errorf("4 steps: %+v %v", v, err)
	}
	// The range is the field table's: at least 1, no most.
	steps := wholeNumber(planets.RouteFields.Field("2"))
	for text, want := range map[string]string{"0": "must be at least 1", "-99999999999999999999": "must be at least 1", "99999999999999999999": ""} {
		_, err := parseAs(text, steps)
		if got := fmt.Sprint(err); err == nil && want != "" || err != nil && got != want {
			t.Errorf("steps %s: %v, want %q", text, err, want)
		}
	}
	if v, err := parseAs("1.2.3", numberOrText); err != nil || !planets.Equal(v, planets.StrValue("1.2.3")) {
		t.Errorf("version 1.2.3: %+v %v", v, err)
	}
	if v, err := parseAs("  ", anyNumber); err != nil || v.Type() != planets.Absent {
		t.Errorf("empty: %+v %v", v, err)
	}
}

func mapOf(grid string) *planets.Map {
	return &planets.Map{Grid: grid, HasGrid: true, HasPlanets: true, HasRoutes: true, HasStarts: true}
}

func TestGridEditsKeepEveryOtherCharacter(t *testing.T) {
	m := mapOf("\n  A..#\n  ..B\n\n")
	m.Planets = []planets.Planet{newPlanet("A"), newPlanet("B")}
	// The rows are the game's (the whole string stripped): "A..#", "  ..B".
	if err := movePlanet(m, "A", 1, 1); err != nil {
		t.Fatal(err)
	}
	if want := "\n  ...#\n A..B\n\n"; m.Grid != want {
		t.Fatalf("after the move: %q, want %q", m.Grid, want)
	}
	// A short row is lengthened with '.'.
	m.Grid = "A....\nB"
	if err := movePlanet(m, "B", 3, 1); err != nil {
		t.Fatal(err)
	}
	if m.Grid != "A....\n...B" {
		t.Fatalf("lengthened row: %q", m.Grid)
	}
	if err := movePlanet(m, "B", 0, 0); err == nil {
		t.Error("moved onto another planet")
	}
	token, err := addPlanet(m, 2, 0)
	if err != nil || token != "C" || m.Grid != "A.C..\n...B" {
		t.Fatalf("addPlanet: %s %v %q", token, err, m.Grid)
	}
	p := m.Planets[2]
	if p.Def.Type() != planets.Float || p.Max.Type() != planets.Int {
		t.Errorf("new planet typing: %+v", p)
	}
}

func TestDeleteAndRenamePlanet(t *testing.T) {
	m := mapOf("A.B\n.C.")
	m.Planets = []planets.Planet{newPlanet("A"), newPlanet("B"), newPlanet("C")}
	addRoute(m, "A", "B", 2)
	addRoute(m, "C", "A", 1)
	addRoute(m, "B", "C", 1)
	m.Starts = []planets.Value{planets.StrValue("A"), planets.StrValue("B")}
	if err := renamePlanet(m, "A", "z"); err != nil {
		t.Fatal(err)
	}
	if m.Grid != "z.B\n.C." || m.Routes[0].From.Text() != "z" || m.Routes[1].To.Text() != "z" || m.Starts[0].Text() != "z" {
		t.Fatalf("rename: %q %+v %+v", m.Grid, m.Routes, m.Starts)
	}
	if err := renamePlanet(m, "z", "B"); err == nil {
		t.Error("renamed onto a used token")
	}
	deletePlanet(m, "z")
	if m.Grid != "..B\n.C." || len(m.Routes) != 1 || len(m.Starts) != 1 || len(m.Planets) != 2 {
		t.Fatalf("delete: %q %+v %+v", m.Grid, m.Routes, m.Starts)
	}
	toggleStart(m, "C")
	toggleStart(m, "B")
	if len(m.Starts) != 1 || m.Starts[0].Text() != "C" {
		t.Fatalf("toggles: %+v", m.Starts)
	}
}

func TestNextTokenSkipsLettersOnTheGrid(t *testing.T) {
	m := mapOf("A.Q")
	m.Planets = []planets.Planet{newPlanet("A"), newPlanet("B")}
	if got := nextToken(m); got != "C" {
		t.Errorf("next token %q", got)
	}
	m.Grid = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if got := nextToken(m); got != "a" {
		t.Errorf("next token after Z: %q", got)
	}
}

func TestResizeGrid(t *testing.T) {
	m := mapOf("A..\n..B\n")
	m.Planets = []planets.Planet{newPlanet("A"), newPlanet("B")}
	if err := resizeGrid(m, 2, 2); err == nil {
		t.Error("cut off planet B")
	}
	if err := resizeGrid(m, 4, 3); err != nil || m.Grid != "A...\n..B.\n....\n" {
		t.Fatalf("grow: %v %q", err, m.Grid)
	}
	if err := resizeGrid(m, 3, 2); err != nil || m.Grid != "A..\n..B\n" {
		t.Fatalf("shrink: %v %q", err, m.Grid)
	}
	empty := &planets.Map{}
	if err := resizeGrid(empty, 2, 2); err != nil || empty.Grid != "..\n..\n" || !empty.HasGrid {
		t.Fatalf("new grid: %v %q", err, empty.Grid)
	}
}

func TestDefaultSteps(t *testing.T) {
	for _, c := range []struct {
		a, b planets.Point
		want int64
	}{
		{planets.Point{X: 0, Y: 0}, planets.Point{X: 0, Y: 0}, 1},
		{planets.Point{X: 0, Y: 0}, planets.Point{X: 3, Y: 4}, 5},
		{planets.Point{X: 0, Y: 0}, planets.Point{X: 2, Y: 2}, 3},
	} {
		if got := defaultSteps(c.a, c.b); got != c.want {
			t.Errorf("defaultSteps(%v, %v) = %d", c.a, c.b, got)
		}
	}
}

// bigValue returns the integer of the decimal digits s.
func bigValue(s string) planets.Value {
	i, _ := new(big.Int).SetString(s, 10)
	return planets.BigIntValue(i)
}
