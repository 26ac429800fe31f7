package mbgview

import (
	"github.com/shapan/shapan/internal/mbgtest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/validate"
)

// openSave starts a headless studio with the original's sanguo save
// copied to a temporary folder and returns the studio, the session, its
// view and the folder.
func openSave(t *testing.T) (*editor.Studio, *editor.Session, *SaveView, string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(shared.Dir(t), "legacy", "mbg", mbgtest.SanguoSav))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, mbgtest.SanguoSav)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	a := guitest.App(t)
	st := editor.New(a, editor.Options{Synchronous: true, AutosaveDir: filepath.Join(dir, "autosave")})
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Window().Resize(fyne.NewSize(1280, 800))
	v, ok := st.ViewOf(s).(*SaveView)
	if !ok {
		t.Fatalf("the save is shown by %T", st.ViewOf(s))
	}
	return st, s, v, dir
}

// officerCell returns the widget the officer table shows for (officer,
// col), made and bound as the table makes a visible cell.
func officerCell(t *testing.T, v *SaveView, officer, col int) fyne.CanvasObject {
	t.Helper()
	row := slices.Index(v.officers.order, officer)
	if row < 0 {
		t.Fatalf("officer %d is not in the table", officer)
	}
	objs := guitest.TableCell(v.officers.table, row, col).(*fyne.Container).Objects
	for _, o := range objs {
		if o.Visible() {
			return o
		}
	}
	t.Fatalf("cell (%d, %d) shows nothing", officer, col)
	return nil
}

// typeInto replaces an entry's text by typing and presses Enter.
func typeInto(w fyne.Window, e fyne.Focusable, entry *widget.Entry, text string) {
	w.Canvas().Focus(e)
	entry.SetText("")
	test.Type(e, text)
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// readBack reads a saved file.
func readBack(t *testing.T, path string) (*formats.Document, *mbg.Save) {
	t.Helper()
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc, doc.Value.(*mbg.Save)
}

// TestSaveEditorRoundTrip edits the save through the widgets as a
// designer would (money typed, an officer moved from a garrison to the
// retinue with the job control, a city handed over, a barrier clicked on
// the board), undoes and redoes, saves as YAML and exports a .sav, and
// checks that both read back with the edits, that the validator finds
// nothing and that the engine loads the save and plays it to the end.
func TestSaveEditorRoundTrip(t *testing.T) {
	st, s, v, dir := openSave(t)
	m := v.M()
	zhangfei, liubei := mbgtest.OfficerIndex(t, m, "张飞"), mbgtest.OfficerIndex(t, m, "刘备")
	changan, xuchang := mbgtest.CityIndex(t, m, "长安"), mbgtest.CityIndex(t, m, "许昌")
	const wei, shu = 0, 1

	// 蜀's money, typed into its entry.
	st.Tab(s).SelectPane(v.panes["roles"])
	v.roles.Select(shu)
	typeInto(st.Window(), v.widgets.money, &v.widgets.money.Entry, "20000")
	if got := v.M().Roles[shu].Money; got != 20000 {
		t.Fatalf("money after typing: %v", got)
	}

	// 张飞 leaves the garrison of 长安 for 蜀's retinue: job "travelling".
	st.Tab(s).SelectPane(v.panes["officers"])
	officerCell(t, v, zhangfei, scolJob).(*widget.Select).SetSelectedIndex(0)
	if o := v.M().Officers[zhangfei]; o.Job != mbg.JobNone || o.Loc != -1 || o.Role != shu {
		t.Fatalf("张飞 after the job change: %+v", o)
	}
	if !slices.Contains(v.M().Roles[shu].Retinue, zhangfei) || slices.Contains(v.M().Cities[changan].Garrison, zhangfei) {
		t.Fatalf("张飞 is not in 蜀's retinue only: retinue %v, 长安 %v", v.M().Roles[shu].Retinue, v.M().Cities[changan].Garrison)
	}

	// 许昌 goes over to 魏, with 刘备 who holds it.
	st.Tab(s).SelectPane(v.panes["cities"])
	v.cities.Select(xuchang)
	v.widgets.cityOwner.SetSelectedIndex(wei + 1)
	if c := v.M().Cities[xuchang]; c.Role != wei || v.M().Officers[liubei].Role != wei ||
		!slices.Contains(v.M().Roles[wei].Cities, xuchang) || slices.Contains(v.M().Roles[shu].Cities, xuchang) {
		t.Fatalf("许昌 after handing it to 魏: %+v; 魏 %v, 蜀 %v", c, v.M().Roles[wei].Cities, v.M().Roles[shu].Cities)
	}

	// A refused edit changes nothing and says why: 魏 has nobody to
	// garrison 濮阳.
	puyang := mbgtest.CityIndex(t, m, "濮阳")
	v.cities.Select(puyang)
	before := mbgeng.CloneSave(v.M())
	undoLabel := s.UndoLabel()
	v.widgets.cityOwner.SetSelectedIndex(wei + 1)
	if !mbgtest.SameSave(v.M(), before) || s.UndoLabel() != undoLabel {
		t.Fatal("a refused handover changed the save")
	}
	if !strings.Contains(st.StatusText(), "no travelling officer") || v.widgets.cityOwner.SelectedIndex() != 0 {
		t.Errorf("the refusal: status %q, owner shown %d", st.StatusText(), v.widgets.cityOwner.SelectedIndex())
	}

	// A barrier, clicked onto square 5 with the barrier tool.
	st.Tab(s).SelectPane(v.panes["board"])
	v.board.tools.SetSelected(toolBarrier)
	c := v.board.canvas
	guitest.Tap(c.Grid, c.CellCentre(5))
	if !v.M().Board[5].Barrier || v.board.selected != 5 || !v.widgets.barrier.Checked {
		t.Fatalf("square 5 after the click: %+v (selected %d)", v.M().Board[5], v.board.selected)
	}

	// Undo everything, then redo it.
	for range 4 {
		st.Undo()
	}
	if !mbgtest.SameSave(v.M(), mbgtest.ReadLegacySave(t, mbgtest.SanguoSav)) {
		t.Fatal("undoing the four edits did not restore the save")
	}
	if v.widgets.barrier.Checked || v.widgets.cityOwner.SelectedIndex() == wei+1 {
		t.Error("the widgets do not show the restored save")
	}
	for range 4 {
		st.Redo()
	}
	edited := mbgeng.CloneSave(v.M())
	if !edited.Board[5].Barrier || edited.Roles[shu].Money != 20000 || edited.Cities[xuchang].Role != wei {
		t.Fatal("redo did not bring the edits back")
	}

	// The studio checked every edit: nothing new to report.
	if probs := s.Problems(); len(probs) > 0 {
		t.Errorf("problems after the edits: %v", probs)
	}

	// Save as YAML (the imported save's first Save asks for a name: the
	// one offered) and export the game's file; both read back the same.
	if !s.NeedsName() {
		t.Fatal("the imported save's first Save does not ask for a name")
	}
	if err := s.SaveAs(s.SuggestedPath(), formats.YAML); err != nil {
		t.Fatal(err)
	}
	if s.Dirty() || !strings.HasSuffix(s.Path, ".yaml") {
		t.Fatalf("saving: dirty %v, path %s", s.Dirty(), s.Path)
	}
	sav := filepath.Join(dir, "edited.sav")
	if _, err := s.Export(sav); err != nil {
		t.Fatal(err)
	}
	yamlDoc, fromYAML := readBack(t, s.Path)
	savDoc, fromSav := readBack(t, sav)
	for name, got := range map[string]*mbg.Save{"yaml": fromYAML, "sav": fromSav} {
		if !mbgtest.SameSave(got, edited) {
			t.Errorf("the %s file does not hold the edited save", name)
		}
	}
	for _, doc := range []*formats.Document{yamlDoc, savDoc} {
		if probs := validate.Check(doc); len(probs) > 0 {
			t.Errorf("%s: %v", doc.Path, probs)
		}
	}

	// The engine resumes the edited game with 蜀 and plays it out.
	g, err := mbgeng.New(mbgeng.Setup{Save: fromSav, Seed: 5, MaxTurn: 60}, mbgeng.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := g.Pending(); d.Kind != mbgeng.KindSelRoleAction || d.Player != shu {
		t.Fatalf("the loaded game first asks %s of role %d", d.Kind, d.Player)
	}
	ai := mbgeng.NewAI(1)
	if _, err := mbgeng.PlayOut(g, []mbgeng.Player{ai, ai, ai}, 1_000_000); err != nil {
		t.Fatal(err)
	}
}

// TestSaveWidgetsKeepTheBookkeeping drives the list controls of the
// Roles, Cities, Free, Institutes and Training panes and the board's
// presence checks, and checks after each that the studio's validator
// reports no job that disagrees with the lists (MBG062).
func TestSaveWidgetsKeepTheBookkeeping(t *testing.T) {
	st, s, v, _ := openSave(t)
	m := v.M()
	const wei, shu, wu = 0, 1, 2
	caocao, gongsun, zhaoyun := mbgtest.OfficerIndex(t, m, "曹操"), mbgtest.OfficerIndex(t, m, "公孙瓒"), mbgtest.OfficerIndex(t, m, "赵云")
	beihai := mbgtest.CityIndex(t, m, "北海")
	noJobWarnings := func(step string) {
		t.Helper()
		for _, d := range s.Problems() {
			if d.Code == "MBG062" || d.Severity == diag.Error {
				t.Fatalf("%s: %v", step, d)
			}
		}
	}
	// tick ticks or unticks an option of a check list (forms.CheckList
	// or widget.CheckGroup) as a click does.
	tick := func(cg any, option string, on bool) {
		t.Helper()
		var options, selected []string
		var set func([]string)
		switch c := cg.(type) {
		case *forms.CheckList:
			options, selected, set = c.Options, c.Selected, c.SetSelected
		case *widget.CheckGroup:
			options, selected, set = c.Options, c.Selected, c.SetSelected
		}
		var picked []string
		for _, o := range selected {
			if o != option {
				picked = append(picked, o)
			}
		}
		if on {
			picked = append(picked, option)
		}
		if !slices.Contains(options, option) {
			t.Fatalf("no option %q", option)
		}
		set(picked)
	}
	label := func(p int) string { return v.officerLabels()[p] }

	// 赵云, free, is ticked into 魏's retinue (hired), then into 北海's
	// garrison.
	v.roles.Select(wei)
	tick(v.widgets.retinue, label(zhaoyun), true)
	if o := v.M().Officers[zhaoyun]; o.Role != wei || slices.Contains(v.M().Free[2], zhaoyun) {
		t.Fatalf("赵云 after hiring: %+v", o)
	}
	noJobWarnings("hire")
	v.cities.Select(beihai)
	tick(v.widgets.garrison, label(zhaoyun), true)
	if o := v.M().Officers[zhaoyun]; o.Job != mbg.JobGarrison || o.Loc != beihai {
		t.Fatalf("赵云 after joining 北海: %+v", o)
	}
	noJobWarnings("garrison")
	// He becomes mayor.
	v.widgets.mayor.SetSelectedIndex(slices.Index(v.M().Cities[beihai].Garrison, zhaoyun) + 1)
	if v.M().Cities[beihai].Mayor != zhaoyun || v.M().Officers[zhaoyun].Job != mbg.JobMayor {
		t.Fatal("赵云 is not mayor of 北海")
	}
	noJobWarnings("mayor")

	// 曹操 goes to research at 弓研, then to train at 武训.
	st.Tab(s).SelectPane(v.panes["institutes"])
	v.insts.Select(0)
	idx, _ := v.roleOfficers(wei)
	v.widgets.researcher[wei].SetSelectedIndex(slices.Index(idx, caocao) + 1)
	if in := v.M().Institutes[0]; in.Researcher[wei] != caocao || in.OnStudy[wei] != 0 || in.Points[wei] != 350 {
		t.Fatalf("弓研 after sending 曹操: %+v", in)
	}
	noJobWarnings("research")
	v.widgets.study[wei].SetSelectedIndex(2 + 1) // 医疗
	if in := v.M().Institutes[0]; in.OnStudy[wei] != 2 || in.Points[wei] != 450 {
		t.Fatalf("弓研 after choosing 医疗: %+v", in)
	}
	v.rooms.Select(0)
	idx, _ = v.roleOfficers(wei)
	v.widgets.trainee[wei].SetSelectedIndex(slices.Index(idx, caocao) + 1)
	if tr := v.M().TrainingRooms[0]; tr.Trainee[wei] != caocao || tr.Rounds[wei] != mbgeng.TrainRounds || v.M().Institutes[0].Researcher[wei] != -1 {
		t.Fatalf("武训 after sending 曹操: %+v", tr)
	}
	noJobWarnings("training")

	// 公孙瓒 is released in the Free pane, then hired back by 吴.
	v.roles.Select(wu)
	lv := v.M().Officers[gongsun].Level
	freeLabel := func() string {
		k := 0
		for p, o := range v.M().Officers {
			if o.Level == lv {
				if p == gongsun {
					return v.widgets.free[lv].Options[k]
				}
				k++
			}
		}
		return ""
	}
	tick(v.widgets.free[lv], freeLabel(), true)
	if v.M().Officers[gongsun].Role != -1 || !slices.Contains(v.M().Free[lv], gongsun) {
		t.Fatal("公孙瓒 was not released")
	}
	v.widgets.hire.SetSelectedIndex(wu)
	tick(v.widgets.free[lv], freeLabel(), false)
	if !slices.Contains(v.M().Roles[wu].Retinue, gongsun) {
		t.Fatal("公孙瓒 was not hired by 吴")
	}
	noJobWarnings("free pool")

	// 吴 moves onto square 3 by ticking it there.
	v.board.selectSquare(3)
	tick(v.widgets.present, "吴", true)
	if v.M().Roles[wu].Loc != 3 || v.M().Board[20].Present[wu] || !v.M().Board[3].Present[wu] {
		t.Fatal("吴 did not move to square 3")
	}
	// Unticking it is refused: a role stands somewhere.
	tick(v.widgets.present, "吴", false)
	if v.M().Roles[wu].Loc != 3 || !slices.Contains(v.widgets.present.Selected, "吴") {
		t.Fatal("unticking 吴 took it off the board")
	}
	// And it is dragged on the board from square 3 to square 4.
	c := v.board.canvas
	guitest.Drag(c.Grid, c.CellCentre(3), c.CellCentre(4), 6)
	if v.M().Roles[wu].Loc != 4 || !v.M().Board[4].Present[wu] || v.M().Board[3].Present[wu] {
		t.Fatalf("吴 after the drag is on square %d", v.M().Roles[wu].Loc)
	}
	noJobWarnings("moves")
	if _, err := mbgeng.New(mbgeng.Setup{Save: mbgeng.CloneSave(v.M()), Seed: 1, MaxTurn: 20}, mbgeng.Options{}); err != nil {
		t.Fatal(err)
	}
}

func TestSaveOfficerTableSortsAndChecksRanges(t *testing.T) {
	st, _, v, _ := openSave(t)
	v.officers.sortBy(scolHP)
	hp := func(row int) float32 { return v.M().Officers[v.officers.order[row]].HP }
	for row := 1; row < len(v.officers.order); row++ {
		if hp(row-1) > hp(row) {
			t.Fatalf("rows %d and %d are not in HP order", row-1, row)
		}
	}
	v.officers.sortBy(scolHP)
	if hp(0) < hp(len(v.officers.order)-1) {
		t.Error("a second click did not reverse the order")
	}
	// 100 is the highest ability.
	zhangfei := mbgtest.OfficerIndex(t, v.M(), "张飞")
	e := officerCell(t, v, zhangfei, scolWu).(*forms.Entry)
	typeInto(st.Window(), e, &e.Entry, "150")
	if v.M().Officers[zhangfei].Props[0] != 98 || e.Refused() == nil {
		t.Fatalf("wu 150 was accepted (now %v)", v.M().Officers[zhangfei].Props[0])
	}
	typeInto(st.Window(), e, &e.Entry, "99")
	if v.M().Officers[zhangfei].Props[0] != 99 {
		t.Fatalf("wu after typing 99: %v", v.M().Officers[zhangfei].Props[0])
	}
	// Lowering the maximum HP below the HP lowers the HP.
	e = officerCell(t, v, zhangfei, scolHPMax).(*forms.Entry)
	typeInto(st.Window(), e, &e.Entry, "1000")
	if o := v.M().Officers[zhangfei]; o.HPMax != 1000 || o.HP != 1000 {
		t.Fatalf("HP after lowering the maximum: %v of %v", o.HP, o.HPMax)
	}
}

// TestSaveProblemsSelectTheirItem: a diagnostic's path shows its pane and
// selects its item.
func TestSaveProblemsSelectTheirItem(t *testing.T) {
	st, s, v, _ := openSave(t)
	cases := []struct {
		path string
		pane string
		got  func() int
		want int
	}{
		{"roles[1].cities[0]", "roles", func() int { return v.selRole }, 1},
		{"officers[3].job", "officers", func() int { return v.officers.selected }, 3},
		{"cities[2].owner", "cities", func() int { return v.selCity }, 2},
		{"acting_role", "game", func() int { return 0 }, 0},
		{"turn", "game", func() int { return 0 }, 0},
		{"win_money", "game", func() int { return 0 }, 0},
		{"board[7].barrier", "board", func() int { return v.board.selected }, 7},
		{"institutes[4].research", "institutes", func() int { return v.selInst }, 4},
		{"training_rooms[3].training", "training_rooms", func() int { return v.selRoom }, 3},
		{"free.high", "free", func() int { return 0 }, 0},
	}
	for _, c := range cases {
		st.Tab(s).Show(diag.Diagnostic{Path: c.path, Message: "test"})
		if st.Tab(s).SelectedPane() != v.panes[c.pane] || c.got() != c.want {
			t.Errorf("%s: pane %q, item %d", c.path, st.Tab(s).SelectedPane().Text, c.got())
		}
	}
	// A real problem: an officer's job made to disagree with the lists
	// (by hand, not through the editor) is reported and shown.
	p := mbgtest.OfficerIndex(t, v.M(), "张飞")
	s.Edit("break 张飞's job", func() { v.M().Officers[p].Job = mbg.JobNone })
	var found bool
	for _, d := range s.Problems() {
		if d.Code == "MBG062" && strings.HasPrefix(d.Path, "officers[") {
			found = true
			st.Tab(s).Show(d)
		}
	}
	if !found || v.officers.selected != p || st.Tab(s).SelectedPane() != v.panes["officers"] {
		t.Errorf("the job problem was not shown (found %v, selected %d)", found, v.officers.selected)
	}
}

// TestEverySampleSaveOpens opens each of the original's saves, draws
// every pane and checks that the save editor shows them.
func TestEverySampleSaveOpens(t *testing.T) {
	for _, path := range shared.Files(t, "legacy/mbg/*.sav") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			st := editor.New(guitest.App(t), editor.Options{Synchronous: true, AutosaveDir: filepath.Join(t.TempDir(), "autosave")})
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			copyPath := filepath.Join(t.TempDir(), filepath.Base(path))
			if err := os.WriteFile(copyPath, src, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := st.Open(copyPath)
			if err != nil {
				t.Fatal(err)
			}
			v, ok := st.ViewOf(s).(*SaveView)
			if !ok || len(v.Panes()) != 8 {
				t.Fatalf("the save is shown by %T", st.ViewOf(s))
			}
			for _, pane := range v.Panes() {
				st.Tab(s).SelectPane(pane)
				if img := st.Window().Canvas().Capture(); img.Bounds().Empty() {
					t.Errorf("pane %s drew nothing", pane.Text)
				}
			}
			if len(s.Problems()) > 0 {
				t.Errorf("problems in the original save: %v", s.Problems())
			}
		})
	}
}
