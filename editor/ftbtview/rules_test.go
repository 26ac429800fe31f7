package ftbtview

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/internal/guitest"
)

// openRules starts a headless studio on a copy of the 兵法 rules.
func openRules(t *testing.T) (*editor.Studio, *editor.Session, *RulesView, string) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	path := filepath.Join(sampleFiles(t), "兵法.yaml")
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Window().Resize(fyne.NewSize(1280, 860))
	v := st.ViewOf(s).(*RulesView)
	v.Stencil.Resize(fyne.NewSize(390, 390))
	return st, s, v, path
}

const (
	daoji      = "range: [[1, 0], [-1, 0], [0, 1], [0, -1]]\n    aoe: {radius: 0, ratio: 0, self: false}\n    duration: 0\n    terrains: [平原, 草地, 森林, 山地, 城池, 河流, 桥梁]\n    value: 14"
	daojiAfter = "range: [[-1, 0], [0, 1], [0, -1], [2, 0]]\n    aoe: {radius: 2, ratio: 0, self: false}\n    duration: 0\n    terrains: [平原, 草地, 森林, 山地, 城池, 桥梁]\n    value: 14"
)

func TestStencilAoEAndTerrainFlags(t *testing.T) {
	st, s, v, path := openRules(t)
	st.ShowPane(s, "Techs")
	v.Techs.Select(0) // 刀击: the four neighbours
	sc := v.Stencil
	if sc.Span() != 3 {
		t.Fatalf("span %d", sc.Span())
	}
	// Click (2, 0): a new target, appended.
	guitest.Tap(sc, sc.CellCentre([2]int{2, 0}))
	if got := v.R().Techs[0].Range; len(got) != 5 || got[4] != [2]int{2, 0} {
		t.Fatalf("range %v after adding (2, 0)", got)
	}
	if s.UndoLabel() != "add target offset (2, 0)" {
		t.Fatalf("undo %q", s.UndoLabel())
	}
	// Click (1, 0): removed, the others keep their order.
	guitest.Tap(sc, sc.CellCentre([2]int{1, 0}))
	if got := v.R().Techs[0].Range; len(got) != 4 || got[0] != [2]int{-1, 0} || got[3] != [2]int{2, 0} {
		t.Fatalf("range %v after removing (1, 0)", got)
	}
	st.Undo()
	st.Undo()
	if got := v.R().Techs[0].Range; len(got) != 4 || got[0] != [2]int{1, 0} {
		t.Fatalf("undo: range %v", got)
	}
	st.Redo()
	st.Redo()
	// The AoE radius through its entry; 25 is refused.
	typeInto(st, v.fields["AoE radius"], "25")
	if v.R().Techs[0].AoeRange != 0 {
		t.Fatal("radius 25 accepted")
	}
	typeInto(st, v.fields["AoE radius"], "2")
	if v.R().Techs[0].AoeRange != 2 {
		t.Fatalf("radius %d", v.R().Techs[0].AoeRange)
	}
	// Hovering (0, 2) shows the area around it: cells within distance 2.
	sc.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: sc.CellCentre([2]int{0, 2})}})
	if d, ok := sc.Target(); !ok || d != [2]int{0, 2} {
		t.Fatalf("target %v %v", d, ok)
	}
	img := sc.draw(int(sc.Size().Width), int(sc.Size().Height))
	at := func(d [2]int) (uint8, uint8, uint8) {
		p := sc.CellCentre(d)
		c := img.At(int(p.X)+5, int(p.Y)+5).(interface{ RGBA() (r, g, b, a uint32) })
		r, g, b, _ := c.RGBA()
		return uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)
	}
	if r, _, b := at([2]int{1, 3}); b <= r { // distance 2: in the area
		t.Errorf("(1, 3) is not shaded: %d %d", r, b)
	}
	if r, g, b := at([2]int{2, 3}); r != stencilPaper.R || g != stencilPaper.G || b != stencilPaper.B { // distance 3
		t.Errorf("(2, 3) is shaded: %d %d %d", r, g, b)
	}
	sc.MouseOut()
	// Untick 河流 (terrain 5).
	tapCheck(t, v.terrainFlags, "河流")
	if v.R().Techs[0].Allowed[5] || !v.R().Techs[0].Allowed[4] {
		t.Fatalf("flags %v", v.R().Techs[0].Allowed)
	}
	st.Undo()
	if !v.R().Techs[0].Allowed[5] {
		t.Fatal("undo did not restore the flag")
	}
	st.Redo()
	st.Save()
	want := replace(t, sample(t, "兵法.yaml"), daoji, daojiAfter)
	if got := readFile(t, path); got != want {
		t.Errorf("saved file:\n%s", got)
	}
}

func TestStencilRemovesEveryDuplicate(t *testing.T) {
	_, s, v, _ := openRules(t)
	v.Techs.Select(1) // 枪刺
	s.Edit("a duplicate", func() { r := &v.R().Techs[1].Range; *r = append(*r, [2]int{2, 0}, [2]int{0, 1}) })
	sc := v.Stencil
	img := sc.draw(int(sc.Size().Width), int(sc.Size().Height))
	p := sc.CellCentre([2]int{2, 0})
	if c := img.At(int(p.X)+8, int(p.Y)+8); c != stencilTwice {
		t.Errorf("a duplicated target is drawn %v", c)
	}
	guitest.Tap(sc, p)
	for _, d := range v.R().Techs[1].Range {
		if d == [2]int{2, 0} {
			t.Fatalf("(2, 0) still in %v", v.R().Techs[1].Range)
		}
	}
	if n := len(v.R().Techs[1].Range); n != 8 {
		t.Fatalf("%d targets left", n)
	}
	// The grid grows with the range: a target at the edge adds a ring.
	guitest.Tap(sc, sc.CellCentre([2]int{3, 3}))
	if sc.Span() != 4 {
		t.Errorf("span %d after a target at (3, 3)", sc.Span())
	}
}

func TestTerrainsKeepTechFlagsInStep(t *testing.T) {
	st, s, v, _ := openRules(t)
	st.ShowPane(s, "Terrains")
	v.Terrains.Select(6) // 桥梁
	test.Tap(v.Terrains.Add)
	r := v.R()
	if len(r.Terrains) != 8 || r.Terrains[7].Name != "地形1" || v.selTerrain != 7 {
		t.Fatalf("added %v, selected %d", r.TerrainNames(), v.selTerrain)
	}
	for _, tc := range r.Techs {
		if len(tc.Allowed) != 8 || !tc.Allowed[7] {
			t.Fatalf("%s flags %v", tc.Name, tc.Allowed)
		}
	}
	// Move it up above 桥梁, then delete 河流 (5): 落石's flags follow.
	test.Tap(v.Terrains.Up)
	v.Terrains.Select(5)
	test.Tap(v.Terrains.Delete)
	r = v.R()
	if got := strings.Join(r.TerrainNames(), " "); got != "平原 草地 森林 山地 城池 地形1 桥梁" {
		t.Fatalf("terrains %s", got)
	}
	// 落石 (tech 4) may not be used on 城池 and 河流.
	want := []bool{true, true, true, true, false, true, true}
	for i, ok := range r.Techs[4].Allowed {
		if ok != want[i] {
			t.Fatalf("落石 flags %v", r.Techs[4].Allowed)
		}
	}
	// Colour: a swatch, then the hex entry, then the default.
	v.Terrains.Select(0)
	typeInto(st, v.fields["colour"], "#123456")
	if r.Terrains[0].Color != "#123456" {
		t.Fatalf("colour %q", v.R().Terrains[0].Color)
	}
	typeInto(st, v.fields["colour"], "blue")
	if v.R().Terrains[0].Color != "#123456" {
		t.Fatal("a bad colour was accepted")
	}
	guitest.Button(v.terrainForm, "Default")
	if v.R().Terrains[0].Color != "" {
		t.Fatal("Default did not clear the colour")
	}
	for range 5 {
		st.Undo()
	}
	if len(v.R().Terrains) != 7 || v.R().Terrains[5].Name != "河流" || len(v.R().Techs[0].Allowed) != 7 {
		t.Fatalf("undo: %v", v.R().TerrainNames())
	}
}

func TestAIBlockToggle(t *testing.T) {
	st, s, v, path := openRules(t)
	st.ShowPane(s, "Limits")
	typeInto(st, v.fields["AI_MAX_TECH_DIST"], "90")
	if v.R().AI.MaxTechDist != 90 {
		t.Fatal("the constant did not change")
	}
	test.Tap(v.aiCheck)
	if v.R().AI != nil || !v.fields["AI_MAX_MOVE_DIST"].Disabled() {
		t.Fatal("unticking kept the AI block")
	}
	st.Save()
	if strings.Contains(readFile(t, path), "max_move_dist") {
		t.Error("the saved rules still have an AI block")
	}
	test.Tap(v.aiCheck)
	if v.R().AI == nil || v.R().AI.MaxTechDist != 90 {
		t.Fatal("ticking did not bring the constants back")
	}
	st.Undo()
	st.Undo()
	if v.R().AI == nil || v.R().AI.MaxTechDist != 90 {
		t.Fatal("undo did not restore the block")
	}
	typeInto(st, v.fields["MAX_ABI"], "-1")
	if v.R().MaxAbi != 30 {
		t.Fatal("a negative MAX_ABI was accepted")
	}
}

func TestRulesSelectPaths(t *testing.T) {
	_, _, v, _ := openRules(t)
	for _, c := range []struct {
		path, pane string
	}{
		{"techs[3].range", "techs"},
		{"terrains[2].cost", "terrains"},
		{"ai.max_move_dist", "settings"},
		{"max_abi", "settings"},
		{"techs", "techs"},
	} {
		if got := v.Select(c.path); got != v.Pane(c.pane) {
			t.Errorf("Select(%q) gave %v", c.path, got)
		}
	}
	v.Select("techs[3].range")
	v.Select("terrains[2].cost")
	if v.selTech != 3 || v.selTerrain != 2 || v.fields["tech name"].Text != "火计" || v.fields["terrain name"].Text != "森林" {
		t.Errorf("selected tech %d %q, terrain %d", v.selTech, v.fields["tech name"].Text, v.selTerrain)
	}
}
