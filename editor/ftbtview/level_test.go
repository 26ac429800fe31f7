package ftbtview

import (
	"github.com/shapan/shapan/formats/cells"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

// sampleFiles copies the ftbt samples into a temporary folder and
// returns the folder.
func sampleFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"兵法.yaml", "兵法.tech", "长坂坡.yaml", "长坂坡.map", "长坂坡.intro"} {
		src, err := samples.Read("ftbt/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// openLevel starts a headless studio on a copy of the 长坂坡 level (with
// its rules beside it); the map shows cells of 10 units from (0, 0).
func openLevel(t *testing.T, name string) (*editor.Studio, *editor.Session, *LevelView, string) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	path := filepath.Join(sampleFiles(t), name)
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Window().Resize(fyne.NewSize(1280, 860))
	v := st.ViewOf(s).(*LevelView)
	g := v.Painter.View
	g.Resize(fyne.NewSize(800, 600))
	g.Zoom, g.OffsetX, g.OffsetY = 10, 0, 0
	return st, s, v, path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// As the samples name the repository's schemas (saved, a document
	// names the project's schema folder).
	return string(yamlx.RebaseSchema(b, samples.SchemaLink))
}

func sample(t *testing.T, name string) string {
	t.Helper()
	b, err := samples.Read("ftbt/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// replace replaces old (which must be in s exactly once) by new.
func replace(t *testing.T, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times", old, n)
	}
	return strings.Replace(s, old, new, 1)
}

// gridRows returns the terrain rows of a level document.
func gridRows(doc string) []string {
	part := doc[strings.Index(doc, "terrain: |\n")+len("terrain: |\n"):]
	var rows []string
	for _, line := range strings.Split(part, "\n") {
		if !strings.HasPrefix(line, "  ") {
			break
		}
		rows = append(rows, strings.TrimSpace(line))
	}
	return rows
}

// withRows returns doc with its terrain rows replaced.
func withRows(doc string, rows []string) string {
	start := strings.Index(doc, "terrain: |\n") + len("terrain: |\n")
	old := gridRows(doc)
	end := start
	for _, r := range old {
		end += len("  "+r) + 1
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString("  " + r + "\n")
	}
	return doc[:start] + b.String() + doc[end:]
}

func setRune(row string, x int, c rune) string {
	r := []rune(row)
	r[x] = c
	return string(r)
}

func TestPaintStrokeAndFillUndoRedoAndSave(t *testing.T) {
	st, s, v, path := openLevel(t, "长坂坡.yaml")
	g := v.Painter.View
	// A pencil stroke of 山地 (terrain 3) along row 0, x 20 to 25.
	v.palette.Select(3)
	guitest.Drag(g, g.CellCentre(20, 0), g.CellCentre(25, 0), 4)
	for x := 20; x <= 25; x++ {
		if v.L().At(x, 0) != 3 {
			t.Fatalf("cell (%d, 0) is %d after the stroke", x, v.L().At(x, 0))
		}
	}
	if s.UndoLabel() != "paint terrain" {
		t.Fatalf("undo label %q", s.UndoLabel())
	}
	st.Undo()
	if v.L().At(22, 0) != 0 {
		t.Fatal("undo did not take the stroke back")
	}
	st.Redo()
	if v.L().At(22, 0) != 3 {
		t.Fatal("redo did not paint the stroke again")
	}
	// Fill the forest in the north-west (terrain 2) with 草地 (1).
	v.tools.SetSelected("Fill")
	v.palette.Select(1)
	guitest.Tap(g, g.CellCentre(5, 4))
	if v.L().At(5, 1) != 1 || v.L().At(2, 4) != 1 || v.L().At(8, 15) != 2 {
		t.Fatalf("fill: (5,1)=%d (2,4)=%d, the other forest (8,15)=%d", v.L().At(5, 1), v.L().At(2, 4), v.L().At(8, 15))
	}
	st.Undo()
	if v.L().At(5, 1) != 2 {
		t.Fatal("undo did not take the fill back")
	}
	st.Redo()
	// The picker takes a cell's terrain into the palette.
	v.tools.SetSelected("Picker")
	guitest.Tap(g, g.CellCentre(15, 3))
	if v.Painter.Brush != 5 {
		t.Fatalf("picked %d, want the river 5", v.Painter.Brush)
	}
	st.Save()
	if s.Dirty() {
		t.Fatal("still dirty after saving")
	}
	want := sample(t, "长坂坡.yaml")
	rows := gridRows(want)
	for x := 20; x <= 25; x++ {
		rows[0] = setRune(rows[0], x, '3')
	}
	for y := 1; y <= 7; y++ {
		rows[y] = strings.ReplaceAll(rows[y], "2", "1")
	}
	if got := readFile(t, path); got != withRows(want, rows) {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, withRows(want, rows))
	}
}

func TestDragPersonUndoRedoAndSave(t *testing.T) {
	st, s, v, path := openLevel(t, "长坂坡.yaml")
	g := v.Painter.View
	v.palette.Select(3)
	// 赵云 (person 0) stands at (3, 10): drag him to (5, 9).
	guitest.Drag(g, g.CellCentre(3, 10), g.CellCentre(5, 9), 6)
	if p := v.L().People[0]; p.X != 5 || p.Y != 9 {
		t.Fatalf("赵云 is at (%d, %d) after the drag", p.X, p.Y)
	}
	if v.L().At(4, 10) != 0 || v.L().At(5, 9) != 0 {
		t.Fatal("the drag painted terrain")
	}
	if v.Selected != 0 || s.UndoLabel() != "move 赵云 to (x 5, y 9)" {
		t.Fatalf("selected %d, undo %q", v.Selected, s.UndoLabel())
	}
	// A drag onto 张飞 (12, 10) is refused.
	guitest.Drag(g, g.CellCentre(5, 9), g.CellCentre(12, 10), 6)
	if p := v.L().People[0]; p.X != 5 || p.Y != 9 {
		t.Fatalf("赵云 moved onto 张飞: (%d, %d)", p.X, p.Y)
	}
	if !strings.Contains(st.StatusText(), "张飞 stands there") {
		t.Errorf("status %q does not say why", st.StatusText())
	}
	st.Undo()
	if p := v.L().People[0]; p.X != 3 || p.Y != 10 {
		t.Fatalf("undo: 赵云 at (%d, %d)", p.X, p.Y)
	}
	st.Redo()
	st.Save()
	want := replace(t, sample(t, "长坂坡.yaml"), "{name: 赵云, side: 0, abi: 24, def: 16, hp: 110, speed: 100, at: [3, 10]",
		"{name: 赵云, side: 0, abi: 24, def: 16, hp: 110, speed: 100, at: [5, 9]")
	if got := readFile(t, path); got != want {
		t.Errorf("saved file differs:\n%s", got)
	}
	_ = s
}

// tapCheck ticks or unticks the item of a check group with the given
// text, as a click does.
func tapCheck(t *testing.T, cg *widget.CheckGroup, text string) {
	t.Helper()
	for _, o := range test.LaidOutObjects(cg) {
		if c, ok := o.(*widget.Check); ok && c.Text == text {
			test.Tap(c)
			return
		}
	}
	t.Fatalf("no check %q", text)
}

// typeInto types text into a form entry and presses Enter.
func typeInto(st *editor.Studio, e *forms.Entry, text string) {
	st.Window().Canvas().Focus(e)
	e.SetText("")
	test.Type(e, text)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

func TestEditPersonStatsThroughTheForm(t *testing.T) {
	st, s, v, path := openLevel(t, "长坂坡.yaml")
	st.ShowPane(s, "People")
	v.People.Select(1) // 张飞
	typeInto(st, v.fields["abi"], "30")
	if v.L().People[1].Abi != 30 {
		t.Fatalf("abi %d after typing 30", v.L().People[1].Abi)
	}
	// Out of range: refused, the text stays for the user to correct.
	label := s.UndoLabel()
	typeInto(st, v.fields["hp"], "0")
	if v.L().People[1].HP != 120 || s.UndoLabel() != label || v.fields["hp"].Text != "0" {
		t.Fatalf("hp 0 accepted: hp %d, undo %q", v.L().People[1].HP, s.UndoLabel())
	}
	// x 3 with y 10 is 赵云's cell: refused.
	typeInto(st, v.fields["x"], "3")
	if v.L().People[1].X != 12 {
		t.Fatal("张飞 was moved onto 赵云")
	}
	typeInto(st, v.fields["x"], "99")
	if v.L().People[1].X != 12 {
		t.Fatal("张飞 was moved off the map")
	}
	st.Window().Canvas().Focus(nil)
	v.B.Reload()
	// A refused value stays shown, with its reason under the field, until
	// it is corrected or reverted; the document keeps its value.
	hp := v.fields["hp"]
	if hp.Text != "0" || hp.Refused() == nil || v.L().People[1].HP != 120 {
		t.Fatalf("after a reload the refused hp shows %q (%v)", hp.Text, hp.Refused())
	}
	for _, f := range []string{"hp", "x"} {
		v.fields[f].TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	}
	if hp.Text != "120" || len(s.Refusals()) != 0 {
		t.Fatalf("Escape left hp %q and %+v", hp.Text, s.Refusals())
	}
	// Techs: tick 弓射 (tech 2) — appended after the person's techs.
	tapCheck(t, v.techChecks, "弓射")
	if got := v.L().People[1].Techs; len(got) != 4 || got[3] != 2 {
		t.Fatalf("techs %v after ticking 弓射", got)
	}
	st.Undo()
	st.Undo()
	if v.L().People[1].Abi != 26 {
		t.Fatalf("undo: abi %d", v.L().People[1].Abi)
	}
	st.Redo()
	st.Redo()
	st.Save()
	want := replace(t, sample(t, "长坂坡.yaml"),
		"{name: 张飞, side: 0, abi: 26, def: 15, hp: 120, speed: 90, at: [12, 10], techs: [刀击, 枪刺, 坚守],",
		"{name: 张飞, side: 0, abi: 30, def: 15, hp: 120, speed: 90, at: [12, 10], techs: [刀击, 枪刺, 坚守, 弓射],")
	if got := readFile(t, path); got != want {
		t.Errorf("saved file differs:\n%s", got)
	}
}

func TestPickGoalOnTheMap(t *testing.T) {
	st, s, v, path := openLevel(t, "长坂坡.yaml")
	st.ShowPane(s, "People")
	v.People.Select(5) // 曹纯, goal (12, 10)
	if !guitest.Button(v.personForm, "Pick goal on the map") {
		t.Fatal("no Pick goal button")
	}
	if !v.pickingGoal || !strings.HasPrefix(st.Tab(s).SelectedPane().Text, "Map") {
		t.Fatal("picking did not start on the Map pane")
	}
	g := v.Painter.View
	guitest.Tap(g, g.CellCentre(14, 9))
	a := v.L().People[5].AI
	if a.GoalX != 14 || a.GoalY != 9 || v.pickingGoal || v.Selected != 5 {
		t.Fatalf("goal (%d, %d), picking %v, selected %d", a.GoalX, a.GoalY, v.pickingGoal, v.Selected)
	}
	if v.L().At(14, 9) != 0 || s.UndoLabel() != "set the goal of 曹纯" {
		t.Fatalf("undo %q", s.UndoLabel())
	}
	// "No goal" in the card beside the map clears it.
	if !guitest.Button(v.personCard, "No goal") || v.L().People[5].AI.GoalX != -1 {
		t.Fatal("No goal did not clear the goal")
	}
	st.Undo()
	st.Undo()
	if a := v.L().People[5].AI; a.GoalX != 12 || a.GoalY != 10 {
		t.Fatalf("undo: goal (%d, %d)", a.GoalX, a.GoalY)
	}
	st.Redo()
	st.Save()
	want := replace(t, sample(t, "长坂坡.yaml"), "at: [27, 9], techs: [刀击, 枪刺, 疾行], ai: {attack: 40, defence: 10, move: 50, goal: [12, 10]}}",
		"at: [27, 9], techs: [刀击, 枪刺, 疾行], ai: {attack: 40, defence: 10, move: 50, goal: [14, 9]}}")
	if got := readFile(t, path); got != want {
		t.Errorf("saved file differs:\n%s", got)
	}
}

func TestEditIntro(t *testing.T) {
	st, s, v, path := openLevel(t, "长坂坡.yaml")
	st.ShowPane(s, "Intro")
	e := v.introEntry
	c := st.Window().Canvas()
	c.Focus(e)
	e.SetText("")
	test.Type(e, "曹军追至。")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	test.Type(e, "守桥！")
	if v.L().Intro == nil || strings.HasPrefix(*v.L().Intro, "曹军") {
		t.Fatal("the intro changed while it was typed")
	}
	c.Focus(nil) // the focus leaves: one edit
	if got := *v.L().Intro; got != "曹军追至。\n守桥！" {
		t.Fatalf("intro %q", got)
	}
	if s.UndoLabel() != "edit the intro" {
		t.Fatalf("undo %q", s.UndoLabel())
	}
	st.Undo()
	if !strings.HasPrefix(*v.L().Intro, "建安十三年") || !strings.HasPrefix(e.Text, "建安十三年") {
		t.Fatal("undo did not restore the intro")
	}
	st.Redo()
	st.Save()
	orig := sample(t, "长坂坡.yaml")
	start := strings.Index(orig, "intro: |\n")
	end := strings.Index(orig, "# the map has")
	want := orig[:start] + "intro: |-\n  曹军追至。\n  守桥！\n" + orig[end:]
	if got := readFile(t, path); got != want {
		t.Errorf("saved file:\n%s", got)
	}
	// No intro file at all (nil), then an empty one ("").
	test.Tap(v.introCheck)
	if v.L().Intro != nil || !e.Disabled() {
		t.Fatal("unticking did not remove the intro")
	}
	st.Save()
	if strings.Contains(readFile(t, path), "intro") {
		t.Error("the saved level still has an intro")
	}
	st.Undo()
	if v.L().Intro == nil || *v.L().Intro != "曹军追至。\n守桥！" {
		t.Fatal("undo did not bring the intro back")
	}
}

func TestPersonToolAddsAPerson(t *testing.T) {
	st, s, v, _ := openLevel(t, "长坂坡.yaml")
	g := v.Painter.View
	v.tools.SetSelected("Person +")
	v.newSide = 1
	n := len(v.L().People)
	guitest.Tap(g, g.CellCentre(10, 2))
	if len(v.L().People) != n+1 {
		t.Fatal("no person added")
	}
	p := v.L().People[n]
	if p.X != 10 || p.Y != 2 || p.Side != 1 || p.AI == nil || p.AI.Attack != 30 || v.Selected != n || v.L().At(10, 2) != 0 {
		t.Fatalf("added %+v (selected %d)", p, v.Selected)
	}
	// A click on a person selects it.
	guitest.Tap(g, g.CellCentre(12, 10))
	if len(v.L().People) != n+1 || v.Selected != 1 {
		t.Fatalf("clicking 张飞: %d people, selected %d", len(v.L().People), v.Selected)
	}
	st.Undo()
	if len(v.L().People) != n || v.Selected != 1 {
		t.Fatal("undo did not remove the person")
	}
	_ = s
}

func TestSelectPaths(t *testing.T) {
	st, s, v, _ := openLevel(t, "长坂坡.yaml")
	tab := st.Tab(s)
	for _, c := range []struct {
		path, pane string
	}{
		{"people[3].hp", "people"},
		{"terrain[4][7]", "map"},
		{"intro", "intro"},
		{"size", "size"},
		{"rules", "size"},
		{"people", "people"},
	} {
		if got := v.Select(c.path); got != v.Pane(c.pane) {
			t.Errorf("Select(%q) gave %v, want the %s pane", c.path, got, c.pane)
		}
	}
	v.Select("people[3].hp")
	if v.Selected != 3 || v.People.Selected != 3 {
		t.Errorf("people[3] selected %d", v.Selected)
	}
	v.Select("terrain[4][7]")
	if v.marked.X != 7 || v.marked.Y != 4 {
		t.Errorf("marked %v", v.marked)
	}
	// A problem found by the validator shows its person.
	s.Edit("put 张飞 on 赵云", func() { v.L().People[1].X, v.L().People[1].Y = 3, 10 })
	for _, d := range s.Problems() {
		if d.Path == "people[1].at" {
			v.People.Select(0)
			tab.Show(d)
			if v.Selected != 1 || tab.SelectedPane() != v.Pane("people") {
				t.Errorf("the problem selected %d", v.Selected)
			}
			return
		}
	}
	t.Fatalf("no problem at people[1].at: %v", s.Problems())
}

func TestResize(t *testing.T) {
	st, _, v, _ := openLevel(t, "长坂坡.yaml")
	if _, err := v.Resize(20, 20); err == nil || !strings.Contains(err.Error(), "曹纯") {
		t.Fatalf("resizing past people: %v", err)
	}
	if cut, err := v.Resize(40, 25); err != nil || cut != "" {
		t.Fatalf("growing the map: cut %q, %v", cut, err)
	}
	l := v.L()
	if l.W != 40 || l.H != 25 || l.Terrain.Len() != 1000 || l.At(15, 0) != 5 || l.At(35, 0) != 0 || l.At(15, 22) != 0 {
		t.Fatalf("resized %d×%d", l.W, l.H)
	}
	st.Undo()
	if v.L().W != 32 || v.L().At(15, 19) != 5 {
		t.Fatal("undo did not restore the size")
	}
}

func TestAttachRules(t *testing.T) {
	// The legacy .map names no rules: the palette shows ids.
	_, s, v, path := openLevel(t, "长坂坡.map")
	if v.Rules() != nil || v.paletteLen() != noRulesIDs || v.attachMap.Hidden {
		t.Fatal("a level without rules does not offer to attach them")
	}
	if !strings.Contains(v.rulesNote.Text, "No rules attached") {
		t.Errorf("note %q", v.rulesNote.Text)
	}
	if err := v.AttachRules(path); err == nil {
		t.Error("a level was attached as rules")
	}
	rules := filepath.Join(filepath.Dir(path), "兵法.tech")
	if err := v.AttachRules(rules); err != nil {
		t.Fatal(err)
	}
	if v.Rules() == nil || v.paletteLen() != 7 || s.Document().RulesFile != rules || !v.attachMap.Hidden || s.CanUndo() {
		t.Fatalf("attached: palette %d, file %s", v.paletteLen(), s.Document().RulesFile)
	}
	if got := v.techOptions()[7]; got != "疾行" {
		t.Errorf("tech 7 is %q", got)
	}
	if c := v.Painter.CellColor(15, 0); c != v.Rules().TerrainColor(5) {
		t.Errorf("river drawn %v", c)
	}
	// Saved as YAML (beside the sample's own 长坂坡.yaml, which Save does
	// not write over: Save As a free name), the level names its rules
	// relative to itself.
	if err := s.Save(); err == nil {
		t.Fatal("the import was saved over 长坂坡.yaml")
	}
	if err := s.SaveAs(s.SuggestedPath(), s.Format); err != nil {
		t.Fatal(err)
	}
	doc, err := formats.Read(s.Path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l := doc.Value.(*ftbt.Level); l.RulesPath != "兵法.tech" || doc.Rules == nil {
		t.Errorf("saved level names rules %q", l.RulesPath)
	}
}

func TestNewLevelFromTheTemplate(t *testing.T) {
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	s, err := st.New(ftbt.KindLevel)
	if err != nil {
		t.Fatal(err)
	}
	v := st.ViewOf(s).(*LevelView)
	l := v.L()
	if l.W != 30 || l.H != 20 || len(l.People) != 4 || !l.HasAI() || v.Rules() == nil || v.paletteLen() != 7 {
		t.Fatalf("new level %d×%d, %d people", l.W, l.H, len(l.People))
	}
	if v.techOptions()[l.People[3].Techs[1]] != "坚守" {
		t.Error("the template's techs are not the sample rules'")
	}
	if v.saveRulesAs.Hidden {
		t.Error("the template's rules are not on disk, but saving a copy is not offered")
	}
	// Saved beside a copy of its rules, it opens again with them.
	dir := t.TempDir()
	if err := v.SaveRulesAs(filepath.Join(dir, "兵法.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveAs(filepath.Join(dir, "new.yaml"), formats.YAML); err != nil {
		t.Fatal(err)
	}
	doc, err := formats.Read(filepath.Join(dir, "new.yaml"), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Value.(*ftbt.Level); got.RulesPath != "兵法.yaml" || len(got.People) != 4 || doc.Rules == nil {
		t.Fatalf("reopened: rules %q", got.RulesPath)
	}
	r, err := st.New(ftbt.KindRules)
	if err != nil {
		t.Fatal(err)
	}
	if rv := st.ViewOf(r).(*RulesView); len(rv.R().Techs) != 9 {
		t.Fatalf("new rules have %d techs", len(rv.R().Techs))
	}
}

// TestPaintingStaysResponsiveOnABigGrid paints on a 200×200 level: each
// stroke is one cell edit, and drawing shows only the visible cells. How
// fast is measured by BenchmarkPaintStroke200 and BenchmarkDrawLevel200.
func TestPaintingStaysResponsiveOnABigGrid(t *testing.T) {
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	l := &ftbt.Level{W: 200, H: 200, Terrain: cells.Make(200 * 200)}
	src, err := ftbt.EncodeLevel(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("big.yaml", src, formats.Options{From: formats.YAML})
	if err != nil {
		t.Fatal(err)
	}
	s := st.Add(editor.NewSession(doc))
	v := st.ViewOf(s).(*LevelView)
	g := v.Painter.View
	g.Resize(fyne.NewSize(800, 600))
	g.Zoom = 4
	v.palette.Select(5)
	for i := 0; i < 20; i++ {
		guitest.Drag(g, g.CellCentre(5, 5+i), g.CellCentre(190, 5+i), 40)
	}
	if v.L().At(100, 10) != 5 {
		t.Fatal("the strokes did not paint")
	}
	for i := 0; i < 20; i++ {
		st.Undo()
	}
	if v.L().At(100, 10) != 0 {
		t.Fatal("undo did not remove the strokes")
	}
	// Drawing the map with its people costs one lookup per pixel.
	s.Edit("add people", func() {
		v.L().People = []ftbt.Person{
			{Name: "甲", Side: 0, Abi: 10, Def: 10, HP: 50, Speed: 60, X: 10, Y: 150},
			{Name: "乙", Side: 1, Abi: 10, Def: 10, HP: 50, Speed: 60, X: 150, Y: 150},
		}
	})
	g.Zoom, g.OffsetX, g.OffsetY = 8, 0, 1000
	w := test.NewWindow(g)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(fyne.NewSize(800, 600))
	img := w.Canvas().Capture()
	p := g.CellCentre(10, 150)
	if r, gg, b, _ := img.At(int(p.X), int(p.Y)).RGBA(); r>>8 != 0xd6 || gg>>8 != 0x27 || b>>8 != 0x28 {
		t.Errorf("person 甲 is not drawn in side 0's colour at %v: %x %x %x", p, r>>8, gg>>8, b>>8)
	}
}
