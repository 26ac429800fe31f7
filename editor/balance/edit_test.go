package balance

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// TestUnsavedEditIsSimulated removes a role from the scenario in the
// editor (an unsaved edit: its start square set to none) and runs: the
// role takes no part in the games simulated, though it did before.
func TestUnsavedEditIsSimulated(t *testing.T) {
	const games, seed = 12, 3
	w, s := openWindow(t, "mbg/赤壁.yaml")
	before := direct(t, s, games, seed, 2)
	const role = 1 // 蜀
	if before.Sides[role].Absent || before.Sides[role].Wins.Count == 0 {
		t.Fatalf("the sample's role %s should win some games before the edit: %+v", before.Sides[role].Name, before.Sides[role])
	}
	s.Edit("keep 蜀 out of the game", func() { s.Model().(*mbgfmt.Scenario).Roles[role].Start = -1 })
	if !s.Dirty() {
		t.Fatal("the edit left the document unchanged")
	}
	runGames(t, w, games, seed, 2)
	r := w.Report()
	if r == nil {
		t.Fatalf("no report: %s", w.status.Text)
	}
	if got := r.Sides[role]; !got.Absent || got.Wins.Count != 0 {
		t.Errorf("after the edit %s still takes part: %+v", got.Name, got)
	}
	if reportJSON(t, r) != reportJSON(t, direct(t, s, games, seed, 2)) {
		t.Error("the window's report differs from sim's for the edited scenario")
	}
}

// TestUnsavedFTBTEditIsSimulated removes side 0's people but one from
// the level: side 0's win rate falls to nothing.
func TestUnsavedFTBTEditIsSimulated(t *testing.T) {
	const games, seed = 10, 1
	w, s := openWindow(t, "ftbt/长坂坡.yaml", "ftbt/兵法.yaml")
	runGames(t, w, games, seed, 2)
	before := w.Report()
	if before == nil || before.Sides[0].Wins.Count == 0 {
		t.Fatalf("side 0 should win some games of the sample: %+v", before)
	}
	s.Edit("send side 0 home", func() {
		l := s.Model().(*ftbtfmt.Level)
		var kept []ftbtfmt.Person
		side0 := 0
		for _, p := range l.People {
			if p.Side == 0 {
				side0++
				if side0 > 1 {
					continue
				}
			}
			kept = append(kept, p)
		}
		l.People = kept
	})
	runGames(t, w, games, seed, 2)
	after := w.Report()
	if after.Sides[0].Wins.Count >= before.Sides[0].Wins.Count {
		t.Errorf("side 0 wins %d games with one person, %d with all", after.Sides[0].Wins.Count, before.Sides[0].Wins.Count)
	}
}

// TestEditDuringRunIsNotSimulated edits the scenario while its games are
// played: they go on with the scenario as it was when Run was pressed.
func TestEditDuringRunIsNotSimulated(t *testing.T) {
	const games, seed = 12, 3
	w, s := openWindow(t, "mbg/赤壁.yaml")
	want := direct(t, s, games, seed, 2)
	edited := false
	w.onProgress = func(done, total int) {
		if !edited {
			edited = true
			s.Edit("keep 蜀 out of the game", func() { s.Model().(*mbgfmt.Scenario).Roles[1].Start = -1 })
		}
	}
	runGames(t, w, games, seed, 2)
	if !edited {
		t.Fatal("no progress was reported")
	}
	if reportJSON(t, w.Report()) != reportJSON(t, want) {
		t.Error("an edit made while the games were played changed them")
	}
	if s.Model().(*mbgfmt.Scenario).Roles[1].Start != -1 {
		t.Error("the edit made during the run was lost")
	}
}

// TestUnplayableEditIsReported: an edit that leaves the scenario
// unplayable makes Run report why, prominently, and play nothing.
func TestUnplayableEditIsReported(t *testing.T) {
	w, s := openWindow(t, "mbg/赤壁.yaml")
	s.Edit("start 魏 off the board", func() { s.Model().(*mbgfmt.Scenario).Roles[0].Start = 999 })
	runGames(t, w, 4, 1, 2)
	if w.Report() != nil || w.Running() || w.runBtn.Disabled() {
		t.Fatal("an unplayable scenario was simulated, or the window still waits for it")
	}
	if w.status.Importance != widget.DangerImportance || !w.failures.object.Visible() {
		t.Errorf("the error is not shown prominently: status %q, banner visible %v", w.status.Text, w.failures.object.Visible())
	}
	if text := w.failures.text.Text; !strings.Contains(text, "赤壁.yaml cannot be simulated") || !strings.Contains(text, "999") {
		t.Errorf("the banner says %q", text)
	}
}
