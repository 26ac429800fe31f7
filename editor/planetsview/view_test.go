package planetsview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

// open starts a headless studio with src saved as name in a temporary
// folder, saves it once (so that the file on disk is what the editor
// writes) and returns the studio, the session, the view, the path the
// session saves to and the text saved.
func open(t *testing.T, name string, src []byte) (*editor.Studio, *editor.Session, *View, string, string) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Window().Resize(fyne.NewSize(1280, 860))
	v := st.ViewOf(s).(*View)
	// A fixed view of the map: cells of 40 units from the top-left corner.
	c := v.mp.canvas
	size := fyne.NewSize(800, 600)
	c.Grid.Resize(size)
	c.Resize(size)
	c.Grid.SetView(40, 0, 0)
	c.Refresh()
	return st, s, v, s.Path, save(t, st, s)
}

func openSample(t *testing.T) (*editor.Studio, *editor.Session, *View, string, string) {
	t.Helper()
	src, err := samples.Read("planets/九州.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return open(t, "jiuzhou.yaml", src)
}

func openDuel(t *testing.T) (*editor.Studio, *editor.Session, *View, string, string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "duel.yml"))
	if err != nil {
		t.Fatal(err)
	}
	return open(t, "duel.yml", src)
}

// save saves the current document and returns the file's text (an
// imported map's first Save asks for a name: it is saved as the name
// offered).
func save(t *testing.T, st *editor.Studio, s *editor.Session) string {
	t.Helper()
	if s.NeedsName() {
		if err := s.SaveAs(s.SuggestedPath(), formats.YAML); err != nil {
			t.Fatal(err)
		}
	}
	st.Save()
	if s.Dirty() {
		t.Fatalf("not saved: %s", st.StatusText())
	}
	data, err := os.ReadFile(s.Path)
	if err != nil {
		t.Fatal(err)
	}
	// As the samples name the repository's schemas (saved, a document
	// names the project's schema folder).
	return string(yamlx.RebaseSchema(data, samples.SchemaLink))
}

// reread reads a saved map back.
func reread(t *testing.T, path string) *planets.Map {
	t.Helper()
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc.Value.(*planets.Map)
}

// replace replaces old by nu in text once, failing when old is missing.
func replace(t *testing.T, text, old, nu string) string {
	t.Helper()
	if !strings.Contains(text, old) {
		t.Fatalf("%q is not in the file", old)
	}
	return strings.Replace(text, old, nu, 1)
}

// planet returns planet token of the view's current map.
func planet(t *testing.T, v *View, token string) *planets.Planet {
	t.Helper()
	i := planetIndex(v.M(), token)
	if i < 0 {
		t.Fatalf("there is no planet %s", token)
	}
	return &v.M().Planets[i]
}

// commit types text into a bound entry and presses Enter.
func commit(e *forms.Entry, text string) {
	e.SetText(text)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

func TestClickPlacesAPlanet(t *testing.T) {
	st, s, v, path, base := openSample(t)
	c := v.mp.canvas
	at := c.Grid.CellCentre(3, 2) // row 2 is ".....h.i....."
	if c.routeAt(at) >= 0 || c.planetAt(at) != "" {
		t.Fatal("the cell is not empty")
	}
	guitest.Tap(c, at)
	// A…D are taken: the first free letter is E; new planets defend with a
	// real def and grow with integers.
	p := planet(t, v, "E")
	if !planets.Equal(p.Def, planets.FloatValue(1)) || !planets.Equal(p.Max, planets.IntValue(100)) || !planets.Equal(p.Cos, planets.IntValue(5)) {
		t.Errorf("new planet %+v", p)
	}
	if v.selPlanet != "E" || s.UndoLabel() != "add planet E" {
		t.Errorf("selected %q, undo %q", v.selPlanet, s.UndoLabel())
	}
	if got := v.M().GridRows()[2]; got != "...E.h.i....." {
		t.Errorf("row 2 is %q", got)
	}
	st.Undo()
	if planetIndex(v.M(), "E") >= 0 || v.M().GridRows()[2] != ".....h.i....." || v.selPlanet != "" {
		t.Fatal("undo did not remove the planet")
	}
	st.Redo()
	want := replace(t, base, "\n  .....h.i.....\n", "\n  ...E.h.i.....\n")
	want = replace(t, want, "  H: {def: 1.0, res: 1.0, cos: 3, max: 250}\n", "  H: {def: 1.0, res: 1.0, cos: 3, max: 250}\n  E: {def: 1.0, res: 1, cos: 5, max: 100}\n")
	if got := save(t, st, s); got != want {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, want)
	}
	if reread(t, path).Positions()["E"] != (planets.Point{X: 3, Y: 2}) {
		t.Error("E is not at (3, 2) in the saved map")
	}
	// A click on a planet selects it and places nothing.
	guitest.Tap(c, c.Grid.CellCentre(6, 5))
	if v.selPlanet != "X" || len(v.M().Planets) != 26 {
		t.Errorf("clicking X: selected %q, %d planets", v.selPlanet, len(v.M().Planets))
	}
}

func TestDragMovesAPlanet(t *testing.T) {
	st, s, v, _, base := openSample(t)
	c := v.mp.canvas
	before := v.M().Grid
	guitest.Drag(c, c.Grid.CellCentre(6, 5), c.Grid.CellCentre(6, 3), 6)
	want := strings.Replace(strings.Replace(before, "......X......", ".............", 1), "..j.......k..", "..j...X...k..", 1)
	if v.M().Grid != want {
		t.Fatalf("grid after the drag:\n%s\nwant:\n%s", v.M().Grid, want)
	}
	if v.selPlanet != "X" || s.UndoLabel() != "move planet X" {
		t.Errorf("selected %q, undo %q", v.selPlanet, s.UndoLabel())
	}
	st.Undo()
	if v.M().Grid != before {
		t.Fatal("undo did not move X back")
	}
	st.Redo()
	if v.M().Grid != want {
		t.Fatal("redo did not move X again")
	}
	expect := replace(t, base, "\n  ..j.......k..\n", "\n  ..j...X...k..\n")
	expect = replace(t, expect, "\n  ......X......\n", "\n  .............\n")
	if got := save(t, st, s); got != expect {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, expect)
	}
	// A planet cannot be dropped on a cell outside the grid: nothing moves.
	guitest.Drag(c, c.Grid.CellCentre(6, 3), c.Grid.CellCentre(16, 3), 4)
	if v.M().Grid != want {
		t.Error("a drop outside the grid changed the grid")
	}
	// A drag that starts on empty space pans the view.
	guitest.Drag(c, c.Grid.CellCentre(1, 1), c.Grid.CellCentre(3, 2), 4)
	if c.Grid.OffsetX != -80 || c.Grid.OffsetY != -40 || v.M().Grid != want {
		t.Errorf("pan: offset %v,%v", c.Grid.OffsetX, c.Grid.OffsetY)
	}
}

func TestDragBetweenPlanetsDrawsARoute(t *testing.T) {
	st, s, v, _, base := openSample(t)
	c := v.mp.canvas
	n := len(v.M().Routes)
	if findRoute(v.M(), "h", "i") >= 0 {
		t.Fatal("h and i are joined already")
	}
	guitest.Drag(c, c.Grid.CellCentre(5, 2), c.Grid.CellCentre(7, 2), 5)
	m := v.M()
	if len(m.Routes) != n+1 {
		t.Fatalf("%d routes after the drag", len(m.Routes))
	}
	r := m.Routes[n]
	if r.From.Text() != "h" || r.To.Text() != "i" || !planets.Equal(r.Steps, planets.IntValue(2)) {
		t.Fatalf("new route %+v", r)
	}
	if v.selRoute != n || !v.mp.routeBox.Visible() || v.mp.steps.Entry.Text != "2" {
		t.Fatalf("the new route is not selected (selected %d, steps %q)", v.selRoute, v.mp.steps.Entry.Text)
	}
	// The steps are edited beside the map; a real is refused.
	commit(v.mp.steps.Entry, "2.5")
	if !planets.Equal(v.M().Routes[n].Steps, planets.IntValue(2)) {
		t.Fatal("2.5 steps accepted")
	}
	commit(v.mp.steps.Entry, "3")
	if !planets.Equal(v.M().Routes[n].Steps, planets.IntValue(3)) {
		t.Fatalf("steps %+v", v.M().Routes[n].Steps)
	}
	st.Undo()
	if !planets.Equal(v.M().Routes[n].Steps, planets.IntValue(2)) {
		t.Fatal("undo did not restore the steps")
	}
	st.Undo()
	if len(v.M().Routes) != n {
		t.Fatal("undo did not remove the route")
	}
	st.Redo()
	st.Redo()
	want := replace(t, base, "  - [o, X, 2]\n", "  - [o, X, 2]\n  - [h, i, 3]\n")
	if got := save(t, st, s); got != want {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, want)
	}
	// Dropping a planet on one it is joined to selects their route.
	guitest.Drag(c, c.Grid.CellCentre(7, 2), c.Grid.CellCentre(5, 2), 3)
	if len(v.M().Routes) != n+1 || v.selRoute != n {
		t.Errorf("a second drag added a route or did not select it (%d routes, selected %d)", len(v.M().Routes), v.selRoute)
	}
}

func TestClickSelectsARouteToEditAndDelete(t *testing.T) {
	st, s, v, _, base := openSample(t)
	c := v.mp.canvas
	// Row 0 is "A.....e.....B": the route A–e runs along it.
	guitest.Tap(c, c.Grid.CellCentre(3, 0))
	i := findRoute(v.M(), "A", "e")
	if v.selRoute != i || v.routes.Selected != i || len(v.M().Planets) != 25 {
		t.Fatalf("selected route %d (list %d), want %d", v.selRoute, v.routes.Selected, i)
	}
	commit(v.mp.steps.Entry, "6")
	if !planets.Equal(v.M().Routes[i].Steps, planets.IntValue(6)) {
		t.Fatal("steps not changed")
	}
	if !guitest.Button(v.mp.object, "Delete route") {
		t.Fatal("no Delete route button")
	}
	if findRoute(v.M(), "A", "e") >= 0 || v.selRoute != -1 {
		t.Fatal("the route was not deleted")
	}
	st.Undo()
	if findRoute(v.M(), "A", "e") != i {
		t.Fatal("undo did not restore the route")
	}
	want := replace(t, base, "  - [A, e, 4]\n", "  - [A, e, 6]\n")
	if got := save(t, st, s); got != want {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, want)
	}
}

func TestToggleAndReorderStarts(t *testing.T) {
	st, s, v, _, base := openSample(t)
	c := v.mp.canvas
	guitest.Tap(c, c.Grid.CellCentre(6, 0)) // planet e
	if v.selPlanet != "e" || v.mp.startCheck.Checked {
		t.Fatalf("selected %q", v.selPlanet)
	}
	test.Tap(v.mp.startCheck)
	starts := func() string {
		var out []string
		for _, s := range v.M().Starts {
			out = append(out, s.Key())
		}
		return strings.Join(out, " ")
	}
	if starts() != "A B C D e" || !v.mp.startCheck.Checked || v.mp.startCheck.Text != "Start planet of Player 5" {
		t.Fatalf("starts %s, check %v %q", starts(), v.mp.startCheck.Checked, v.mp.startCheck.Text)
	}
	// Move e up a place in the start list: it becomes player 4's.
	v.mp.starts.Select(4)
	test.Tap(v.mp.starts.Up)
	if starts() != "A B C e D" || v.mp.startCheck.Text != "Start planet of Player 4" {
		t.Fatalf("after moving up: %s (%q)", starts(), v.mp.startCheck.Text)
	}
	st.Undo()
	if starts() != "A B C D e" {
		t.Fatalf("undo: %s", starts())
	}
	st.Undo()
	if starts() != "A B C D" || v.mp.startCheck.Checked {
		t.Fatalf("second undo: %s", starts())
	}
	st.Redo()
	st.Redo()
	want := replace(t, base, "starts: [A, B, C, D]\n", "starts: [A, B, C, e, D]\n")
	if got := save(t, st, s); got != want {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, want)
	}
	// Toggling again takes e out.
	v.SelectPlanet("e")
	test.Tap(v.mp.startCheck)
	if starts() != "A B C D" {
		t.Errorf("toggled off: %s", starts())
	}
}

// tableEntry returns the entry the planet table shows for a planet's
// column.
func tableEntry(t *testing.T, v *View, token string, col int) *forms.Entry {
	t.Helper()
	for row, i := range v.table.order {
		if v.M().Planets[i].Name() == token {
			cell := guitest.TableCell(v.table.table, row, col)
			return cell.(*fyne.Container).Objects[1].(*fyne.Container).Objects[0].(*forms.Entry)
		}
	}
	t.Fatalf("planet %s is not in the table", token)
	return nil
}

func TestNumbersKeepTheirTyping(t *testing.T) {
	st, s, v, _, base := openDuel(t)
	// The planet table shows A's integer def as 2, typed int.
	e := tableEntry(t, v, "A", colDef)
	if e.Text != "2" || v.table.hints[e].text.Text != "int" {
		t.Fatalf("A's def shows %q (%s)", e.Text, v.table.hints[e].text.Text)
	}
	// Retyping the same integer changes nothing.
	rev := s.Revision()
	e.SetText("2")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if s.Revision() != rev {
		t.Fatal("an unchanged value made an edit")
	}
	// Another integer stays an integer.
	e.SetText("3")
	if v.table.hints[e].text.Text != "int" {
		t.Errorf("hint while typing 3: %s", v.table.hints[e].text.Text)
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !planets.Equal(planet(t, v, "A").Def, planets.IntValue(3)) {
		t.Fatalf("def %+v", planet(t, v, "A").Def)
	}
	// Typing a real makes it a real, and says so.
	e = tableEntry(t, v, "A", colDef)
	e.SetText("3.0")
	if v.table.hints[e].text.Text != "int→real" {
		t.Errorf("hint while typing 3.0: %s", v.table.hints[e].text.Text)
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !planets.Equal(planet(t, v, "A").Def, planets.FloatValue(3)) {
		t.Fatalf("def %+v", planet(t, v, "A").Def)
	}
	if !strings.Contains(st.StatusText(), "was an integer, now a real") {
		t.Errorf("status %q", st.StatusText())
	}
	if e = tableEntry(t, v, "A", colDef); e.Text != "3.0" || v.table.hints[e].text.Text != "real" {
		t.Errorf("A's def shows %q (%s)", e.Text, v.table.hints[e].text.Text)
	}
	// Text that is no number is refused.
	e.SetText("lots")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !planets.Equal(planet(t, v, "A").Def, planets.FloatValue(3)) || e.Refused() == nil {
		t.Fatal("lots accepted as def")
	}
	// The refused text stays, and the session lists it until Escape puts
	// the document's value back.
	if rs := s.Refusals(); len(rs) != 1 || rs[0].Text != "lots" || rs[0].What != "def of A" || e.Text != "lots" {
		t.Fatalf("refusals %+v, the cell shows %q", rs, e.Text)
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(s.Refusals()) != 0 || e.Text != "3.0" {
		t.Fatalf("Escape left %+v, the cell shows %q", s.Refusals(), e.Text)
	}
	// The form beside the map keeps typing too: B's def 2 → 5 stays an
	// integer, res 1 → 1.0 becomes a real.
	v.SelectPlanet("B")
	def, res := v.mp.fields["def"], v.mp.fields["res"]
	if def.Entry.Text != "2" || def.hint.text.Text != "int" {
		t.Fatalf("B's def in the form: %q (%s)", def.Entry.Text, def.hint.text.Text)
	}
	commit(def.Entry, "5")
	commit(res.Entry, "1.0")
	b := planet(t, v, "B")
	if !planets.Equal(b.Def, planets.IntValue(5)) || !planets.Equal(b.Res, planets.FloatValue(1)) {
		t.Fatalf("B: def %+v res %+v", b.Def, b.Res)
	}
	st.Undo()
	if !planets.Equal(planet(t, v, "B").Res, planets.IntValue(1)) || res.Entry.Text != "1" {
		t.Fatal("undo did not restore B's res")
	}
	st.Undo()
	st.Undo()
	if !planets.Equal(planet(t, v, "A").Def, planets.IntValue(3)) {
		t.Fatal("undo did not restore A's integer def")
	}
	st.Redo()
	st.Redo()
	st.Redo()
	want := replace(t, base, "A: {type: base, def: 2, res: 1,", "A: {type: base, def: 3.0, res: 1,")
	want = replace(t, want, "B: {type: base, def: 2, res: 1,", "B: {type: base, def: 5, res: 1.0,")
	if got := save(t, st, s); got != want {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, want)
	}
	// The game's own file keeps the typing as well.
	out := filepath.Join(t.TempDir(), "duel.yml")
	if _, err := s.Export(out); err != nil {
		t.Fatal(err)
	}
	m := reread(t, out)
	if p := &m.Planets[planetIndex(m, "B")]; !planets.Equal(p.Def, planets.IntValue(5)) || !planets.Equal(p.Res, planets.FloatValue(1)) {
		t.Errorf("exported B: def %+v res %+v", p.Def, p.Res)
	}
	// Unknown attributes are shown as they are.
	if got := v.table.cellText(planetIndex(v.M(), "E"), colOther); got != "owner: 'nobody'" {
		t.Errorf("other attributes of E: %q", got)
	}
}

func TestRenameAndRetypeInTheTable(t *testing.T) {
	st, _, v, _, _ := openDuel(t)
	e := tableEntry(t, v, "C", colToken)
	e.SetText("A")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if planetIndex(v.M(), "C") < 0 || e.Refused() == nil {
		t.Fatal("C renamed onto A")
	}
	e.SetText("z")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if planetIndex(v.M(), "z") < 0 || findRoute(v.M(), "A", "z") < 0 || v.M().GridRows()[1] != "...z.D..." {
		t.Fatalf("rename: %q", v.M().Grid)
	}
	e = tableEntry(t, v, "D", colType)
	e.SetText("resource")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !planets.Equal(planet(t, v, "D").Type, planets.StrValue("resource")) {
		t.Fatal("type not set")
	}
	st.Undo()
	st.Undo()
	if planetIndex(v.M(), "C") < 0 || planet(t, v, "D").Type.Type() != planets.Absent {
		t.Fatal("undo did not restore C and D")
	}
}

func TestSettings(t *testing.T) {
	st, s, v, _, base := openDuel(t)
	p := v.settings
	commit(p.entries["name"], "Duel II")
	commit(p.entries["max_round"], "800.5")
	if !planets.Equal(v.M().MaxRound, planets.IntValue(500)) {
		t.Fatal("800.5 accepted as the round limit")
	}
	commit(p.entries["max_round"], "800")
	commit(p.entries["version"], "0.2")
	commit(p.entries["author"], "")
	test.Tap(p.fee)
	m := v.M()
	if m.Name.Text() != "Duel II" || !planets.Equal(m.MaxRound, planets.IntValue(800)) || !planets.Equal(m.Version, planets.FloatValue(0.2)) ||
		m.Author.Type() != planets.Absent || !planets.Equal(m.MaintainFee, planets.BoolValue(true)) {
		t.Fatalf("settings: %+v", m)
	}
	if p.entries["author"].PlaceHolder != "none (the game's default)" {
		t.Errorf("author's placeholder %q", p.entries["author"].PlaceHolder)
	}
	st.Undo()
	if v.M().MaintainFee.Type() != planets.Absent || p.fee.Checked {
		t.Fatal("undo did not remove maintain_fee")
	}
	st.Undo()
	if v.M().Author.Text() != "tester" || p.entries["author"].Text != "tester" {
		t.Fatal("undo did not restore the author")
	}
	st.Redo()
	st.Redo()
	want := replace(t, base, "name: Duel\n", "name: Duel II\n")
	want = replace(t, want, "author: tester\n", "")
	want = replace(t, want, "version: 0.1\n", "version: 0.2\n")
	want = replace(t, want, "max_round: 500\n", "max_round: 800\n")
	want = replace(t, want, "start_unit: 100\n", "start_unit: 100\nmaintain_fee: true\n")
	if got := save(t, st, s); got != want {
		t.Errorf("saved file:\n%s\nwant:\n%s", got, want)
	}
}

func TestDeleteKeyRemovesPlanetRoutesAndStarts(t *testing.T) {
	st, _, v, _, _ := openDuel(t)
	c := v.mp.canvas
	before := v.M().Grid
	guitest.Tap(c, c.Grid.CellCentre(0, 0))
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	m := v.M()
	if planetIndex(m, "A") >= 0 || findRoute(m, "A", "C") >= 0 || len(m.Routes) != 3 || len(m.Starts) != 1 || m.GridRows()[0] != "........B" {
		t.Fatalf("after deleting A: %q %+v %+v", m.Grid, m.Routes, m.Starts)
	}
	st.Undo()
	if v.M().Grid != before || len(v.M().Routes) != 4 || len(v.M().Starts) != 2 {
		t.Fatal("undo did not restore A")
	}
}

func TestResizeTheGrid(t *testing.T) {
	st, _, v, _, _ := openDuel(t)
	for _, typed := range []struct {
		e    *forms.Entry
		text string
	}{{v.mp.size.Width, "12"}, {v.mp.size.Height, "4"}} {
		st.Window().Canvas().Focus(typed.e)
		typed.e.TypedShortcut(&fyne.ShortcutSelectAll{})
		test.Type(typed.e, typed.text)
		typed.e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	if got := v.M().GridRows(); len(got) != 4 || got[0] != "A.......B..." || got[3] != "............" {
		t.Fatalf("rows %q", got)
	}
	if _, err := v.ResizeGrid(4, 4); err == nil || !strings.Contains(err.Error(), "B") {
		t.Fatalf("cutting off B: %v", err)
	}
	if cut, err := v.ResizeGrid(10, 4); err != nil || cut != "8 empty cells" {
		t.Fatalf("shrinking to 10×4: cut %q, %v", cut, err)
	}
	st.Undo()
	st.Undo()
	st.Undo()
	if w, h := v.M().MapSize(); w != 9 || h != 3 {
		t.Fatalf("undo: %d×%d", w, h)
	}
}

func TestSelectShowsWhatAPathNames(t *testing.T) {
	st, s, v, _, _ := openSample(t)
	if pane := v.Select("planets.X.def"); pane != v.planetsPane || v.selPlanet != "X" || v.table.selCol != colDef ||
		v.M().Planets[v.table.order[v.table.selRow]].Name() != "X" {
		t.Errorf("planets.X.def: selected %q, row %d col %d", v.selPlanet, v.table.selRow, v.table.selCol)
	}
	if pane := v.Select("routes[3][2]"); pane != v.routesPane || v.selRoute != 3 || v.routes.Selected != 3 {
		t.Errorf("routes[3][2]: selected %d", v.selRoute)
	}
	if pane := v.Select("starts[1]"); pane != v.mapPane || v.mp.starts.Selected != 1 || v.selPlanet != "B" {
		t.Errorf("starts[1]: selected %d, planet %q", v.mp.starts.Selected, v.selPlanet)
	}
	if pane := v.Select("map[2][5]"); pane != v.mapPane || v.mp.canvas.marked.X != 5 || v.mp.canvas.marked.Y != 2 {
		t.Errorf("map[2][5]: marked %v", v.mp.canvas.marked)
	}
	for _, key := range []string{"name", "max_round", "maintain_fee", "kind"} {
		if pane := v.Select(key); pane != v.settingsPaneItem {
			t.Errorf("%s: pane %v", key, pane)
		}
	}
	if pane := v.Select("nonsense"); pane != nil {
		t.Errorf("nonsense: pane %v", pane.Text)
	}
	// A problem chosen in the Problems panel shows its planet.
	s.Edit("make l's def an integer", func() { planet(t, v, "l").Def = planets.IntValue(3) })
	var found bool
	for _, d := range s.Problems() {
		if d.Path == "planets.l.def" && d.Severity == diag.Warning {
			found = true
			st.Tab(s).SelectPane(v.mapPane)
			st.Tab(s).Show(d)
		}
	}
	if !found {
		t.Fatalf("no warning about l's integer def: %v", s.Problems())
	}
	if st.Tab(s).SelectedPane() != v.planetsPane || v.selPlanet != "l" {
		t.Errorf("the problem did not show planet l (pane %s, planet %q)", st.Tab(s).SelectedPane().Text, v.selPlanet)
	}
}

func TestTemplateIsAValidMap(t *testing.T) {
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	s, err := st.New(planets.Kind)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Problems()) != 0 {
		t.Errorf("the template has problems: %v", s.Problems())
	}
	m := s.Model().(*planets.Map)
	if len(m.Planets) != 13 || len(m.Starts) != 4 || len(st.ViewOf(s).Panes()) != 4 {
		t.Errorf("template: %d planets, %d starts", len(m.Planets), len(m.Starts))
	}
	// Every route's steps are the distance the editor gives new routes.
	pos := m.Positions()
	for _, r := range m.Routes {
		if want := defaultSteps(pos[r.From.Text()], pos[r.To.Text()]); !planets.Equal(r.Steps, planets.IntValue(want)) {
			t.Errorf("route %s has %s steps, distance %d", routeName(r), show(r.Steps), want)
		}
	}
	// The map looks the same turned by a quarter.
	w, h := m.MapSize()
	rows := m.GridRows()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a, b := rows[y][x] == '.', rows[x][w-1-y] == '.'
			if a != b {
				t.Fatalf("not symmetric at (%d, %d)", x, y)
			}
		}
	}
}

// An odd map: a number as a token, a planet off the grid, a letter with
// no planet, ragged rows, a start that is no planet, a route of 0 steps.
const oddMap = `name: odd
starts: [A, Z]
map: |
  A..Q
  ..
  #.B..
planets:
  A: {def: 1, res: 1, cos: 1, max: 10}
  B: {def: 1.0, res: 1, cos: 1, max: 10}
  1: {def: 1, res: 1, cos: 1, max: 10}
  C: {def: 1, res: 1, cos: 1, max: 10}
routes:
  - [A, B, 2]
  - [A, 1, 3]
  - [B, B, 0]
`

func TestOddMapsCanBeRepaired(t *testing.T) {
	st, s, v, _, _ := open(t, "odd.yml", []byte(oddMap))
	c := v.mp.canvas
	if !v.mp.unplaced.Visible() || !strings.Contains(v.mp.unplaced.Text, "1, C") {
		t.Errorf("unplaced planets: %q", v.mp.unplaced.Text)
	}
	// Clicking the letter Q, which has no planet, adds its planet entry.
	guitest.Tap(c, c.Grid.CellCentre(3, 0))
	if planetIndex(v.M(), "Q") < 0 || v.selPlanet != "Q" {
		t.Fatal("no planet entry for Q")
	}
	// C is not on the grid: selected, a click on an empty cell places it
	// (the short row 1 is lengthened).
	v.SelectPlanet("C")
	guitest.Tap(c, c.Grid.CellCentre(3, 1))
	if pt, ok := v.M().Positions()["C"]; !ok || pt != (planets.Point{X: 3, Y: 1}) || v.M().GridRows()[1] != "...C" {
		t.Fatalf("C placed at %v %v, rows %q", pt, ok, v.M().GridRows())
	}
	// The planet 1 (a number) is shown and deleted with its route.
	if pane := v.Select("planets.1.def"); pane != v.planetsPane || v.selPlanet != "1" {
		t.Fatalf("planets.1.def selected %q", v.selPlanet)
	}
	guitest.Button(v.table.object, "Delete planet")
	if len(v.M().Planets) != 4 || len(v.M().Routes) != 2 {
		t.Fatalf("after deleting 1: %d planets, %d routes", len(v.M().Planets), len(v.M().Routes))
	}
	// The start Z (no planet) is listed and can be removed.
	if names := v.mp.starts.List.Length(); names != 2 {
		t.Fatalf("%d starts listed", names)
	}
	v.mp.starts.Select(1)
	test.Tap(v.mp.starts.Delete)
	if len(v.M().Starts) != 1 {
		t.Fatalf("starts %v", v.M().Starts)
	}
	// The route of 0 steps gets a valid number.
	v.Select("routes[1]")
	commit(v.mp.steps.Entry, "1")
	if !planets.Equal(v.M().Routes[1].Steps, planets.IntValue(1)) {
		t.Fatal("steps not set")
	}
	// Two players: B is the second start.
	v.SelectPlanet("B")
	test.Tap(v.mp.startCheck)
	commit(v.settings.entries["max_player"], "2")
	for _, d := range s.Problems() {
		if d.Severity == diag.Error {
			t.Errorf("left: %s", d)
		}
	}
	for s.CanUndo() {
		st.Undo()
	}
	if len(v.M().Planets) != 4 || planetIndex(v.M(), "1") < 0 || len(v.M().Routes) != 3 {
		t.Error("undoing everything did not restore the map")
	}
}
