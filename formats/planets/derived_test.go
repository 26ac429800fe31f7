package planets

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// goldenMap is one entry of the "maps" section of the golden facts: what
// the original loader derives from a legacy map.
type goldenMap struct {
	Map            string   `json:"map"`
	Name           string   `json:"name"`
	TokensByID     string   `json:"tokens_by_id"`
	MapSize        [2]int   `json:"map_size"`
	Starts         []int    `json:"starts"`
	MaxSum         int64    `json:"max_sum"`
	DirectedRoutes int      `json:"directed_routes"`
	MaxRound       int64    `json:"max_round"`
	MaxPlayer      int64    `json:"max_player"`
	MinPlayer      int64    `json:"min_player"`
	StartUnit      int64    `json:"start_unit"`
	MaintainFee    bool     `json:"maintain_fee"`
	Pos            [][2]int `json:"pos"`
}

// TestLoaderFactsMatchTheOriginal checks the derived values against every
// map of golden/planets/peer_basic.json.
func TestLoaderFactsMatchTheOriginal(t *testing.T) {
	dir := shared.Dir(t)
	raw, err := os.ReadFile(filepath.Join(dir, "golden/planets/peer_basic.json"))
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Maps []goldenMap `json:"maps"`
	}
	if err := json.Unmarshal(raw, &golden); err != nil {
		t.Fatal(err)
	}
	if len(golden.Maps) == 0 {
		t.Fatal("no maps in the golden facts")
	}
	for _, g := range golden.Maps {
		t.Run(filepath.Base(g.Map), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, g.Map))
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := ReadLegacy(g.Map, src)
			if err != nil {
				t.Fatal(err)
			}
			// The same facts must come out of our YAML form.
			y, err := Encode(m)
			if err != nil {
				t.Fatal(err)
			}
			fromYAML, _, err := Decode("map.yaml", y)
			if err != nil {
				t.Fatal(err)
			}
			for form, m := range map[string]*Map{"legacy": m, "yaml": fromYAML} {
				checkFacts(t, form, m, g)
			}
		})
	}
}

func checkFacts(t *testing.T, form string, m *Map, g goldenMap) {
	t.Helper()
	check := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %s = %v, want %v", form, what, got, want)
		}
	}
	intSetting := func(key string) int64 {
		v, ok := m.Get(key).Int64()
		if !ok {
			t.Errorf("%s: %s is not an integer: %s", form, key, m.Get(key).Describe())
		}
		return v
	}
	check("name", m.Get("name"), StrValue(g.Name))
	check("tokens by id", strings.Join(m.Tokens(), ""), g.TokensByID)
	w, h := m.MapSize()
	check("map size", [2]int{w, h}, g.MapSize)
	starts, err := m.StartIDs()
	if err != nil {
		t.Errorf("%s: %v", form, err)
	}
	check("start ids", starts, g.Starts)
	sum, err := m.MaxSum()
	if err != nil {
		t.Errorf("%s: %v", form, err)
	}
	check("max_sum", sum, g.MaxSum)
	routes, err := m.DirectedRoutes()
	if err != nil {
		t.Errorf("%s: %v", form, err)
	}
	check("directed routes", len(routes), g.DirectedRoutes)
	check("max_round", intSetting("max_round"), g.MaxRound)
	check("max_player", intSetting("max_player"), g.MaxPlayer)
	check("min_player", intSetting("min_player"), g.MinPlayer)
	check("start_unit", intSetting("start_unit"), g.StartUnit)
	check("maintain_fee", m.MaintainFeeOn(), g.MaintainFee)
	var pos [][2]int
	for _, p := range m.ByID() {
		pt, ok := m.Position(p)
		if !ok {
			t.Errorf("%s: planet %s has no position", form, p.Name())
		}
		pos = append(pos, [2]int{pt.X, pt.Y})
	}
	check("positions", pos, g.Pos)
}

func TestDerivedFactsFollowTheGame(t *testing.T) {
	src := `planets:
  b: {max: 10.9}
  A: {max: "7"}
  a: {max: true}
  B: {max: -2}
starts: [a, B, A]
map: "\n\n  .b.\n..A.B\na\n A  \n\n"
routes:
  - [A, B, 2]
  - [B, A, 5]
  - [a, a, 1]
maintain_fee: "False"
max_round: 10.5
`
	m, _, err := ReadLegacy("t.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(m.Tokens(), ""); got != "ABab" {
		t.Errorf("tokens %q, want uppercase before lowercase", got)
	}
	if ids, err := m.StartIDs(); err != nil || !reflect.DeepEqual(ids, []int{2, 1, 0}) {
		t.Errorf("start ids %v %v", ids, err)
	}
	// 10.9 → 10, "7" → 7, true → 1, -2.
	if sum, err := m.MaxSum(); err != nil || sum != 16 {
		t.Errorf("max_sum %d %v", sum, err)
	}
	routes, err := m.DirectedRoutes()
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) != 3 || !Equal(routes[Edge{0, 1}], IntValue(5)) || !Equal(routes[Edge{1, 0}], IntValue(5)) {
		t.Errorf("routes %v: the later entry must win in both directions", routes)
	}
	// Only the ends of the whole grid are stripped: the first row loses
	// its two leading spaces, the last row its trailing ones.
	if rows := m.GridRows(); !reflect.DeepEqual(rows, []string{".b.", "..A.B", "a", " A"}) {
		t.Errorf("rows %q", rows)
	}
	if w, h := m.MapSize(); w != 3 || h != 4 {
		t.Errorf("map size %d×%d", w, h)
	}
	// A appears twice: the last occurrence wins.
	if p := m.Positions(); p["A"] != (Point{1, 3}) || p["b"] != (Point{1, 0}) || p["a"] != (Point{0, 2}) {
		t.Errorf("positions %v", p)
	}
	if !m.MaintainFeeOn() {
		t.Error(`maintain_fee "False" is a non-empty string, which is true in Python`)
	}
	if !Equal(m.Get("max_round"), FloatValue(10.5)) || !Equal(m.Get("start_unit"), IntValue(100)) || !Equal(m.Get("author"), StrValue("none")) {
		t.Errorf("settings: %v %v %v", m.Get("max_round"), m.Get("start_unit"), m.Get("author"))
	}

	bad := &Map{Planets: []Planet{{Token: StrValue("A"), Max: StrValue("1.5")}}, Starts: []Value{StrValue("Z")}}
	if _, err := bad.MaxSum(); err == nil {
		t.Error(`max "1.5" was accepted; Python's int() refuses it`)
	}
	if _, err := bad.StartIDs(); err == nil {
		t.Error("an unknown start was accepted")
	}
	for _, v := range []Value{IntValue(1), FloatValue(1), BoolValue(true)} {
		if !SameKey(v, IntValue(1)) {
			t.Errorf("%s is the same dictionary key as 1 in Python", v.Key())
		}
	}
}
