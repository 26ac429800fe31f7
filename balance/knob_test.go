package balance

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	balplanets "github.com/shapan/shapan/balance/planets"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/validate"
)

// TestKnobsReadAndWriteTheModel: on every sample, every knob (all of
// them) reads the value its path names, and a value written into a copy
// of the document survives writing it as YAML and reading it back — the
// knob edits the model, not a shadow of it — and changes no other knob.
// Under -race two knobs of each kind (hp/, res/ …) are written: the
// knobs of a kind share their code.
func TestKnobsReadAndWriteTheModel(t *testing.T) {
	perKind := longtest.Sized(1<<30, 2, 1<<30)
	for _, name := range []string{"mbg/赤壁.yaml", "ftbt/长坂坡.yaml", "planets/九州.yaml", "battle/小沛.yaml"} {
		t.Run(name, func(t *testing.T) {
			doc := loadSample(t, name)
			knobs, err := Knobs(doc, "all")
			if err != nil {
				t.Fatal(err)
			}
			if len(knobs) < 4 {
				t.Fatalf("only %d knobs", len(knobs))
			}
			written := map[string]int{}
			for i, k := range knobs {
				kind, _, _ := strings.Cut(k.ID, "/")
				if written[kind]++; written[kind] > perKind {
					continue
				}
				v := k.Get(doc.Value)
				if v < k.Min || v > k.Max || k.Step < k.Grid || k.Grid <= 0 || k.Clamp(k.Min) != k.Min || k.Clamp(k.Max) != k.Max {
					t.Errorf("%s: value %v outside its range %v–%v, or its step %v below its grid %v, or the range off the grid", k.ID, v, k.Min, k.Max, k.Step, k.Grid)
				}
				x := k.Clamp(v + k.Step)
				if x == v {
					x = k.Clamp(v - k.Step)
				}
				edited := reread(t, doc, func(d *formats.Document) { k.Set(d.Value, x) })
				if got := k.Get(edited.Value); got != x {
					t.Errorf("%s: set to %v, read back as %v", k.ID, x, got)
				}
				for j, other := range knobs {
					if j != i && other.Get(edited.Value) != other.Get(doc.Value) && !strings.HasPrefix(other.ID, "abilities/") && !strings.HasPrefix(k.ID, "side/") {
						t.Errorf("setting %s changed %s", k.ID, other.ID)
					}
				}
			}
		})
	}
}

// reread copies doc through YAML, edits the copy and copies it again.
func reread(t *testing.T, doc *formats.Document, edit func(d *formats.Document)) *formats.Document {
	t.Helper()
	copyOf := func(d *formats.Document) *formats.Document {
		data, err := formats.Encode(d, formats.YAML)
		if err != nil {
			t.Fatal(err)
		}
		c, err := formats.ReadBytes(doc.Path, data, formats.Options{From: formats.YAML, FS: samples.FS()})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := copyOf(doc)
	edit(c)
	return copyOf(c)
}

// TestKnobSpec: patterns select knobs, unknown ones are refused with the
// list, the default set is the family's.
func TestKnobSpec(t *testing.T) {
	doc := loadSample(t, "mbg/赤壁.yaml")
	ks, err := Knobs(doc, "money/*,scope/襄阳")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range ks {
		ids = append(ids, k.ID)
	}
	if got := strings.Join(ids, " "); got != "money/吴 money/蜀 money/魏 scope/襄阳" {
		t.Errorf("money/*,scope/襄阳 selects %s", got)
	}
	if _, err := Knobs(doc, "gold/*"); err == nil || !strings.Contains(err.Error(), "abilities/* (18), money/* (3), scope/* (13)") {
		t.Errorf("an unknown knob gives %v, want the list of knobs", err)
	}
	if _, err := Knobs(doc, "[x"); err == nil {
		t.Error("a bad pattern is accepted")
	}
	def, _ := Knobs(doc, "")
	all, _ := Knobs(doc, "all")
	if len(def) != 16 || len(all) != 34 || slices.ContainsFunc(def, func(k Knob) bool { return strings.HasPrefix(k.ID, "abilities/") }) {
		t.Errorf("the default set has %d knobs of %d; want the money and the scopes, 16 of 34, no officer's abilities", len(def), len(all))
	}
}

// TestPlanetsDefaultKnobsAreTheStarts: without --knobs a planets map
// turns its start planets' def, res and max, each favouring the start's
// side; "all" adds the other planets.
func TestPlanetsDefaultKnobsAreTheStarts(t *testing.T) {
	doc := loadSample(t, "planets/九州.yaml")
	def, err := Knobs(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range def {
		ids = append(ids, k.ID)
		if k.Side < 0 {
			t.Errorf("%s favours no side", k.ID)
		}
	}
	if got := strings.Join(ids, " "); got != "def/A def/B def/C def/D max/A max/B max/C max/D res/A res/B res/C res/D" {
		t.Errorf("the default planets knobs are %s", got)
	}
	if all, _ := Knobs(doc, "all"); len(all) != 79 {
		t.Errorf("all selects %d knobs, want 79 (25 planets' def, res and max, 4 starts)", len(all))
	}
}

// TestParseTarget reads the forms --target takes and refuses the others.
func TestParseTarget(t *testing.T) {
	for in, want := range map[string]string{"": "fair", "fair": "fair", "魏=0.4,蜀=30%": "蜀=0.3,魏=0.4"} {
		tg, err := ParseTarget(in)
		if err != nil || tg.String() != want {
			t.Errorf("ParseTarget(%q) = %v, %v; want %s", in, tg, err, want)
		}
	}
	for _, in := range []string{"魏", "魏=x", "魏=1.5", "=0.2", "魏=0.2,魏=0.3"} {
		if _, err := ParseTarget(in); err == nil {
			t.Errorf("ParseTarget(%q) is accepted", in)
		}
	}
}

// TestKnobsMoveOnTheirGrid: every value the search proposes is a
// multiple of the knob's natural step — a planet's res by 0.05 (printed
// as the decimal the document keeps), money by 100s, hp by 5s — inside
// the knob's range, and a range is on the grid too (no 3333.3333); a
// start planet's res of 1 or more stays 1 or more (a res below 1 shrinks
// it); a move reads as a percentage of the value.
func TestKnobsMoveOnTheirGrid(t *testing.T) {
	doc := loadSample(t, "planets/九州.yaml")
	ks, err := Knobs(doc, "res/A")
	if err != nil {
		t.Fatal(err)
	}
	k := ks[0]
	if k.Min != 1 || k.Max != 1.55 || k.Grid != 0.05 {
		t.Errorf("res/A at 1.05: range %v–%v by %v, want 1–1.55 by 0.05", k.Min, k.Max, k.Grid)
	}
	for _, tc := range []struct {
		x    float64
		want string
	}{{1.05 * 1.025, "1.1"}, {1.05 * 1.02, "1.05"}, {1.05 + 0.105, "1.15"}, {1.05 - 0.0525, "1"}, {9, "1.55"}, {0.1, "1"}, {1.2 + 1e-12, "1.2"}} {
		got := k.Clamp(tc.x)
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("clamp(%v) = %s, want %s (range %v–%v)", tc.x, s, tc.want, k.Min, k.Max)
		}
		edited := reread(t, doc, func(d *formats.Document) { k.Set(d.Value, got) })
		if back := k.Get(edited.Value); back != got {
			t.Errorf("res/A set to %v reads back as %v", got, back)
		}
	}
	if e := editOf(&k, 1.05, 1.2); e.Percent != 14.3 || e.String() != "res/A 1.05 → 1.2 (+14.3%)" {
		t.Errorf("the edit reads %q (%v%%)", e.String(), e.Percent)
	}
	mbg := loadSample(t, "mbg/赤壁.yaml")
	money, _ := Knobs(mbg, "money/蜀")
	if m := money[0]; m.Min != 3400 || m.Max != 30000 || m.Grid != 100 || m.Clamp(12345) != 12300 {
		t.Errorf("money/蜀 at 10000: range %v–%v by %v, 12345 → %v; want 3400–30000 by 100, 12300", m.Min, m.Max, m.Grid, m.Clamp(12345))
	}
	ftbt := loadSample(t, "ftbt/长坂坡.yaml")
	hp, _ := Knobs(ftbt, "hp/程昱")
	if h := hp[0]; h.Min != 40 || h.Max != 150 || h.Grid != 5 || h.Clamp(92) != 90 {
		t.Errorf("hp/程昱 at 75: range %v–%v by %v, 92 → %v; want 40–150 by 5, 90", h.Min, h.Max, h.Grid, h.Clamp(92))
	}
}

// legacyDoc reads a file of the shared legacy corpus (an ftbt level with
// the shipped rules), skipping when the corpus is absent.
func legacyDoc(t *testing.T, name, rules string) *formats.Document {
	t.Helper()
	dir := shared.Dir(t)
	opts := formats.Options{}
	if rules != "" {
		opts.RulesPath = filepath.Join(dir, "legacy", rules)
	}
	doc, err := formats.Read(filepath.Join(dir, "legacy", name), opts)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// verdicts sets every value of every knob in turn (the others as the
// document has them) and asks check about it, as the search does before
// it plays a candidate: accepted when it finds no error and no warning
// the document does not have. A refused value must be refused for a
// reason about what the knob changes: a diagnostic about reports true for
// it. It returns the values accepted and refused, and the codes of the
// refusals.
func verdicts(t *testing.T, doc *formats.Document, knobs []Knob, about func(d diag.Diagnostic, k Knob) bool) (accepted, refused int, codes map[string]int) {
	t.Helper()
	before := warningCounts(validate.Check(doc))
	codes = map[string]int{}
	for _, k := range knobs {
		was := k.Get(doc.Value)
		for x := k.Min; x <= k.Max; x++ {
			k.Set(doc.Value, x)
			l := validate.Check(doc)
			var fresh []string
			for code, n := range warningCounts(l) {
				if n > before[code] {
					fresh = append(fresh, code)
				}
			}
			if !l.HasErrors() && len(fresh) == 0 {
				accepted++
				continue
			}
			refused++
			why := ""
			for _, d := range l {
				if (d.Severity == diag.Error || slices.Contains(fresh, d.Code)) && about(d, k) {
					why = d.Code
					break
				}
			}
			if why == "" {
				t.Errorf("%s = %v is refused without a reason about what it changes: %v", k.ID, x, l)
			}
			codes[why]++
		}
		k.Set(doc.Value, was)
	}
	return accepted, refused, codes
}

// personPath is the document path of the person a knob moves
// ("people[3]" of "people[3].at[0]").
func personPath(k Knob) string {
	p, _, _ := strings.Cut(k.Path, ".")
	return p
}

// aboutCell reports whether d says why the person a cell knob moves
// cannot stand where it is: off the map, on another person's cell
// (reported at the later of the two in the file, naming the other),
// unable to move or to reach an enemy.
func aboutCell(d diag.Diagnostic, k Knob) bool {
	_, who, _ := strings.Cut(k.ID, "/")
	switch d.Code {
	case "FTB023", "FTB032", "FTB033":
		return strings.HasPrefix(d.Path, personPath(k)+".")
	case "FTB024":
		return strings.HasPrefix(d.Path, personPath(k)+".") || strings.Contains(d.Message, "where "+who+" already stands")
	}
	return false
}

// TestStartCellKnobs: every person of an ftbt level has an x/ and a y/
// knob, in whole cells, inside the map and at most a quarter of it (two
// cells at least) from the level's cell, favouring no side, never in the
// default set. Every cell of their ranges passes check or is refused for
// a reason about that person (another person there, a cell it cannot
// move from or reach an enemy from) — on the sample and on the original
// game's levels.
func TestStartCellKnobs(t *testing.T) {
	for _, tc := range []struct {
		name string
		doc  func(t *testing.T) *formats.Document
	}{
		{"长坂坡", func(t *testing.T) *formats.Document { return loadSample(t, "ftbt/长坂坡.yaml") }},
		{"legacy m1", func(t *testing.T) *formats.Document { return legacyDoc(t, "ftbt/m1.map", "ftbt/star.tech") }},
		{"legacy m2", func(t *testing.T) *formats.Document { return legacyDoc(t, "ftbt/m2.map", "ftbt/star.tech") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := tc.doc(t)
			l := doc.Value.(*ftbtfmt.Level)
			knobs, err := Knobs(doc, "x/*,y/*")
			if err != nil {
				t.Fatal(err)
			}
			if len(knobs) != 2*len(l.People) {
				t.Fatalf("%d cell knobs for %d people", len(knobs), len(l.People))
			}
			for _, k := range knobs {
				size, v := float64(l.W), float64(l.People[personIndex(t, k)].X)
				if k.ID[0] == 'y' {
					size, v = float64(l.H), float64(l.People[personIndex(t, k)].Y)
				}
				reach := math.Max(2, math.Floor(size/4))
				if k.Get(doc.Value) != v || k.Min != math.Max(0, v-reach) || k.Max != math.Min(size-1, v+reach) ||
					k.Grid != 1 || k.Step != 1 || k.Side != -1 || !k.OptIn {
					t.Errorf("%s: value %v, range %v–%v, step %v, grid %v, side %d, opt-in %v; want %v in %v–%v by 1, no side, opt-in",
						k.ID, k.Get(doc.Value), k.Min, k.Max, k.Step, k.Grid, k.Side, k.OptIn, v, math.Max(0, v-reach), math.Min(size-1, v+reach))
				}
			}
			def, _ := Knobs(doc, "")
			for _, k := range def {
				if k.OptIn {
					t.Errorf("the default set has %s", k.ID)
				}
			}
			accepted, refused, codes := verdicts(t, doc, knobs, aboutCell)
			t.Logf("%d cells accepted, %d refused %v", accepted, refused, codes)
			if accepted < len(knobs) {
				t.Errorf("only %d cells of %d knobs pass check: not even every person's own cell", accepted, len(knobs))
			}
		})
	}
}

// personIndex is the index of the person a knob moves.
func personIndex(t *testing.T, k Knob) int {
	t.Helper()
	var i int
	if _, err := fmt.Sscanf(personPath(k), "people[%d]", &i); err != nil {
		t.Fatalf("%s: path %s", k.ID, k.Path)
	}
	return i
}

// TestStartCellOnAnotherPersonIsRefused: on 长坂坡 虎豹骑甲 stands at
// (29, 11) and 虎豹骑乙 at (29, 13); the search refuses the candidate with
// 虎豹骑甲 on row 13 (two people on one cell, FTB024) without playing it
// and counts it, and takes row 12.
func TestStartCellOnAnotherPersonIsRefused(t *testing.T) {
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	s, err := newSearch(doc, Options{Knobs: "y/虎豹骑甲"})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := s.candidate([]float64{13}); err != nil || c != nil || s.refused != 1 {
		t.Errorf("虎豹骑甲 on 虎豹骑乙's cell: candidate %v, %v, %d refused; want it refused", c, err, s.refused)
	}
	if c, err := s.candidate([]float64{12}); err != nil || c == nil || s.refused != 1 {
		t.Errorf("虎豹骑甲 on (29, 12): candidate %v, %v, %d refused; want it taken", c, err, s.refused)
	}
	if p := s.order[0].doc.Value.(*ftbtfmt.Level).People[8]; p.Name != "虎豹骑甲" || p.Y != 12 {
		t.Errorf("the candidate has %s on row %d, want 虎豹骑甲 on row 12", p.Name, p.Y)
	}
}

// TestStartPlanetKnobs: every start of a planets map has a start/K knob
// (K from 1, the side it favours K−1), opt-in, whose values rank the
// start planet and the planets one route away that are no start,
// weakest first by the growth of their first round; every value passes
// check on the sample and on the original game's maps, Apply sets the
// planet a proposal names, and two starts moved to one planet are
// refused (PLN014).
func TestStartPlanetKnobs(t *testing.T) {
	docs := map[string]*formats.Document{"九州": loadSample(t, "planets/九州.yaml")}
	for _, name := range []string{"star.yml", "fight_here.yml", "test.yml"} {
		docs[name] = legacyDoc(t, "planets/"+name, "")
	}
	for name, doc := range docs {
		t.Run(name, func(t *testing.T) {
			m := doc.Value.(*planetsfmt.Map)
			knobs, err := Knobs(doc, "start/*")
			if err != nil {
				t.Fatal(err)
			}
			routes, _ := m.DirectedRoutes()
			ids := map[string]int{}
			for id, p := range m.ByID() {
				ids[p.Token.Key()] = id
			}
			for _, k := range knobs {
				var slot int
				fmt.Sscanf(k.ID, "start/%d", &slot)
				start := m.Starts[slot-1].Text()
				if k.Side != slot-1 || !k.OptIn || k.Grid != 1 || k.Min != 0 || k.Step != 1 || k.Label(k.Get(doc.Value)) != start {
					t.Errorf("%s: side %d, opt-in %v, range %v–%v, value %s; want side %d, opt-in, ranks from 0, %s",
						k.ID, k.Side, k.OptIn, k.Min, k.Max, k.Label(k.Get(doc.Value)), slot-1, start)
				}
				last := math.Inf(-1)
				for x := k.Min; x <= k.Max; x++ {
					p := planetNamed(t, m, k.Label(x))
					if _, next := routes[planetsfmt.Edge{From: ids[start], To: ids[p.Token.Key()]}]; !next && p.Token.Text() != start {
						t.Errorf("%s can choose %s, no route away from %s", k.ID, p.Token.Text(), start)
					}
					growth, _, _ := balplanets.StartStrength(m, p)
					if growth < last {
						t.Errorf("%s: %s (growth %v) after a stronger planet (%v)", k.ID, p.Token.Text(), growth, last)
					}
					last = growth
				}
			}
			if def, _ := Knobs(doc, ""); slices.ContainsFunc(def, func(k Knob) bool { return k.OptIn }) {
				t.Error("the default set has a start knob")
			}
			accepted, refused, codes := verdicts(t, doc, knobs, func(diag.Diagnostic, Knob) bool { return false })
			if refused > 0 || accepted == 0 {
				t.Errorf("%d start planets pass check, %d are refused (%v)", accepted, refused, codes)
			}
		})
	}
}

// TestTwoStartsOnOnePlanetAreRefused: on the original game's star map
// starts 1 and 2 (A and B) may both move to F; the two moves together
// are refused by check (PLN014), each alone is not, and Apply of a
// proposal's edit sets the planet it names.
func TestTwoStartsOnOnePlanetAreRefused(t *testing.T) {
	doc := legacyDoc(t, "planets/star.yml", "")
	ks, err := Knobs(doc, "start/1,start/2")
	if err != nil {
		t.Fatal(err)
	}
	toF := func(k Knob) float64 {
		for x := k.Min; x <= k.Max; x++ {
			if k.Label(x) == "F" {
				return x
			}
		}
		t.Fatalf("%s cannot choose F", k.ID)
		return 0
	}
	s, err := newSearch(doc, Options{Knobs: "start/1,start/2"})
	if err != nil {
		t.Fatal(err)
	}
	a, b := ks[0].Get(doc.Value), ks[1].Get(doc.Value)
	if c, _ := s.candidate([]float64{toF(ks[0]), toF(ks[1])}); c != nil || s.refused != 1 {
		t.Errorf("A and B both moved to F: candidate %v, %d refused", c, s.refused)
	}
	if c, _ := s.candidate([]float64{toF(ks[0]), b}); c == nil {
		t.Error("A moved to F alone is refused")
	}
	if l := validate.Check(s.order[len(s.order)-1].doc); l.HasErrors() {
		t.Errorf("A moved to F: %v", l)
	}
	e := editOf(&ks[0], a, toF(ks[0]))
	if e.FromLabel != "A" || e.ToLabel != "F" || e.String() != "start/1 A → F" {
		t.Errorf("the edit reads %q (%s → %s)", e.String(), e.FromLabel, e.ToLabel)
	}
	if err := Apply(doc, []Edit{e}); err != nil || doc.Value.(*planetsfmt.Map).Starts[0].Text() != "F" {
		t.Errorf("Apply start/1 A → F: %v, starts %v", err, doc.Value.(*planetsfmt.Map).Starts)
	}
	if err := Apply(doc, []Edit{{Knob: "start/2", To: 1, ToLabel: "Z"}}); err == nil {
		t.Error("Apply moves start 2 to a planet it cannot choose")
	}
}

// planetNamed returns the planet whose token is name.
func planetNamed(t *testing.T, m *planetsfmt.Map, name string) *planetsfmt.Planet {
	t.Helper()
	for i := range m.Planets {
		if m.Planets[i].Token.Text() == name {
			return &m.Planets[i]
		}
	}
	t.Fatalf("no planet %s", name)
	return nil
}

// TestNoWinnerIsNotFair: a candidate all of whose games are draws — on
// 长坂坡 moving a person can make the sides never finish each other off —
// is unfair (every side far below its share of decided games), never
// "fair" with every side at its 0 % target.
func TestNoWinnerIsNotFair(t *testing.T) {
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	s, err := newSearch(doc, Options{Knobs: "x/文聘", Tolerance: 0.08})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.candidate([]float64{27})
	if err != nil || c == nil {
		t.Fatalf("candidate: %v", err)
	}
	s.sides = c.fam.Sides()
	m := s.measure(slices.Repeat([]int{draw}, 64))
	for _, st := range m.Sides {
		if st.Target != 0.5 || !st.Outside {
			t.Errorf("%s: target %v, outside %v; want 0.5 and outside", st.Name, st.Target, st.Outside)
		}
	}
	if s.within(m, 0) || m.Loss < 0.5 {
		t.Errorf("64 draws: within the tolerance %v, loss %v", s.within(m, 0), m.Loss)
	}
	if m := s.measure(append(slices.Repeat([]int{draw}, 32), slices.Repeat([]int{0, 1}, 16)...)); m.Sides[0].Target != 0.25 || m.Loss != 0 {
		t.Errorf("half draws, the decided games shared: targets %v, loss %v; want a quarter each, no loss", m.Sides[0].Target, m.Loss)
	}
}

// TestFtbtSideKnobs: the default knobs of an ftbt level are side/0 and
// side/1, each scaling its side's people's hp, abi and def by one factor
// on a grid of 0.05, every stat rounded to its own grid (hp by 5s), up
// to the factor that would take a person with a fly tech above MAX_ABI
// (曹纯, abi 28, knows 疾行: ×1.1 gives 31, over 30, a warning check
// would add); the factor reads back from the model, and the other side is
// untouched.
func TestFtbtSideKnobs(t *testing.T) {
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	def, err := Knobs(doc, "")
	if err != nil || len(def) != 2 || def[0].ID != "side/0" || def[1].ID != "side/1" {
		t.Fatalf("the default ftbt knobs: %v, %v; want side/0 and side/1", def, err)
	}
	k := def[1]
	if k.Min != 0.5 || k.Max != 1.05 || k.Grid != 0.05 || k.Get(doc.Value) != 1 || k.Side != 1 {
		t.Errorf("side/1: range %v–%v by %v, value %v, side %d; want 0.5–1.05 by 0.05, 1, side 1", k.Min, k.Max, k.Grid, k.Get(doc.Value), k.Side)
	}
	if l := validate.Check(reread(t, doc, func(d *formats.Document) { k.Set(d.Value, 1.1) })); !strings.Contains(l.Error(), "FTB031") {
		t.Errorf("side/1 ×1.1 raises no FTB031: %v", l)
	}
	edited := reread(t, doc, func(d *formats.Document) { k.Set(d.Value, 0.85) })
	if got := k.Get(edited.Value); got != 0.85 {
		t.Errorf("side/1 set to 0.85 reads back as %v", got)
	}
	was, now := doc.Value.(*ftbtfmt.Level).People, edited.Value.(*ftbtfmt.Level).People
	for i, p := range now {
		w := was[i]
		if p.Side != 1 {
			if p.HP != w.HP || p.Abi != w.Abi || p.Def != w.Def {
				t.Errorf("%s of side %d changed: %+v → %+v", p.Name, p.Side, w, p)
			}
			continue
		}
		if p.HP%5 != 0 || p.HP != int(math.Round(float64(w.HP)*0.85/5))*5 || p.Abi != int(math.Round(float64(w.Abi)*0.85)) ||
			p.Def != int(math.Round(float64(w.Def)*0.85)) || p.Speed != w.Speed {
			t.Errorf("%s ×0.85: hp %d → %d, abi %d → %d, def %d → %d, speed %d → %d", p.Name, w.HP, p.HP, w.Abi, p.Abi, w.Def, p.Def, w.Speed, p.Speed)
		}
	}
	if e := editOf(&k, 1, 0.85); e.String() != "side/1 1 → 0.85 (−15%)" {
		t.Errorf("the edit reads %q", e.String())
	}
}

// TestClampNeverGivesMinusZero: a knob whose range starts at 0 (a battle
// city's level, 0 being no city) clamps a value below it to 0, not −0,
// which a proposal printed as "1 → -0" and the search took for another
// point than 0 (its key).
func TestClampNeverGivesMinusZero(t *testing.T) {
	knobs, err := Knobs(loadSample(t, "battle/小沛.yaml"), "level/10:3")
	if err != nil || len(knobs) != 1 {
		t.Fatalf("knob level/10:3: %v", err)
	}
	for _, x := range []float64{-2, -0.4, 0.2} {
		if v := knobs[0].Clamp(x); v != 0 || math.Signbit(v) {
			t.Errorf("Clamp(%v) = %v, want 0", x, v)
		}
	}
	if k := key([]float64{knobs[0].Clamp(-2)}); k != "0" {
		t.Errorf("the key of Clamp(-2) is %q, want \"0\"", k)
	}
}

// TestDefTypeKnob: defint/P types a start planet's def as an integer (1)
// or a real (0), its value kept (rounded for an integer); test.yml's
// start defs are integers, as the original game wrote them.
func TestDefTypeKnob(t *testing.T) {
	doc := legacyDoc(t, "planets/test.yml", "")
	ks, err := Knobs(doc, "defint/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 4 {
		t.Fatalf("%d defint knobs, want one a start planet (4)", len(ks))
	}
	k := ks[0]
	if k.ID != "defint/A" || k.Get(doc.Value) != 1 || k.Side != 0 {
		t.Fatalf("%s = %v (side %d), want defint/A = 1 of side 0", k.ID, k.Get(doc.Value), k.Side)
	}
	m := doc.Value.(*planetsfmt.Map)
	k.Set(doc.Value, 0)
	if d := planetNamed(t, m, "A").Def; d.Type() != planetsfmt.Float || d.Float() != 2 {
		t.Fatalf("defint/A → 0 gives def %+v, want the real 2.0", d)
	}
	planetNamed(t, m, "A").Def = planetsfmt.FloatValue(2.4)
	k.Set(doc.Value, 1)
	if d := planetNamed(t, m, "A").Def; d.Type() != planetsfmt.Int || d.Text() != "2" {
		t.Fatalf("defint/A → 1 gives def %+v, want the integer 2", d)
	}
	if e := editOf(&k, 0, 1); e.FromLabel != "real" || e.ToLabel != "integer" {
		t.Errorf("the edit reads %s → %s", e.FromLabel, e.ToLabel)
	}
}
