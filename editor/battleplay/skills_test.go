package battleplay

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor/play"
	battle "github.com/shapan/shapan/engine/battle"
)

// TestSkillsTeleportAndGiveUpByClicks gives round 2's orders with the
// hero bar's buttons and clicks on the map: 吕布 teleports (瞬移, then a
// cell five away) and casts 无双乱舞; 刘备, selected by his row in the side
// panel, plants 蜀汉旗 on a cell clicked after its button; a cell 瞬移
// cannot reach is refused with the reason. The round's events tell all
// three. In round 3, Give up pressed twice forfeits the game.
func TestSkillsTeleportAndGiveUpByClicks(t *testing.T) {
	st, s := openSkirmish(t)
	w, m := start(t, st, s, true, "greedy", play.Options{Seed: 2})
	pickTeam(t, w, theTeam...)
	f := m.form
	if f == nil || m.g.Round() != 2 {
		t.Fatalf("round %d: no orders asked", m.g.Round())
	}
	tapCell(m, 1, 2) // 吕布, first on the base
	if f.sel != 0 {
		t.Fatalf("selected slot %d, want 吕布's 0", f.sel)
	}
	test.Tap(f.ui.teleport)
	if f.mode != modeTeleport {
		t.Fatal("瞬移 does not wait for its destination")
	}
	tapCell(m, 6, 2)
	if mv := f.plan.heroes[0].move; mv.Op != battle.OpSP || mv.To != (battle.Point{X: 6, Y: 2}) {
		t.Fatalf("the click after 瞬移 ordered %+v", mv)
	}
	test.Tap(f.ui.skills[0])
	if a := f.plan.heroes[0].act; a.Op != battle.OpSK || a.Skill != 1 {
		t.Fatalf("无双乱舞's button ordered %+v (%s)", a, f.ui.problem.Text)
	}

	test.Tap(m.board.sides[0].heroes[3]) // 刘备's row
	if f.sel != 3 {
		t.Fatalf("a click on 刘备's row selected slot %d", f.sel)
	}
	test.Tap(f.ui.skills[1])
	if f.mode != modeSkill2 {
		t.Fatalf("蜀汉旗 does not wait for its cell (%s)", f.ui.problem.Text)
	}
	tapCell(m, 2, 1)
	if a := f.plan.heroes[3].act; a.Op != battle.OpSK || a.Skill != 2 || a.At != (battle.Point{X: 2, Y: 1}) {
		t.Fatalf("the click after 蜀汉旗 ordered %+v", a)
	}
	test.Tap(f.ui.teleport)
	tapCell(m, 1, 2) // its own cell: 瞬移 goes at least one cell
	if f.plan.heroes[3].move.Op != 0 || f.ui.problem.Text == "" {
		t.Errorf("瞬移 onto its own cell: %+v, told %q", f.plan.heroes[3].move, f.ui.problem.Text)
	}
	test.Tap(f.ui.teleport) // pressed again: no 瞬移
	tapText(t, w.Question(), "Send orders (3)")
	if m.g.Round() != 3 {
		t.Fatalf("round 2 was not played: %s", w.Status())
	}
	log := strings.Join(w.Lines(), "\n")
	for _, want := range []string{"吕布 (side 0) teleports (瞬移) (1,2) → (6,2)", "吕布 (side 0) uses 无双乱舞 (skill 1)",
		"刘备 (side 0) uses 蜀汉旗 (skill 2) at (2,1)"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	boardAgrees(t, m)
	if row := m.board.sides[0].heroes[0].Text(); !strings.Contains(row, "无双乱舞 in 49") || !strings.Contains(row, "瞬移 in 59") {
		t.Errorf("吕布's row does not show 无双乱舞 (cooldown 50) and 瞬移 (60), used in round 2, cooling down in round 3: %q", row)
	}

	tapText(t, w.Question(), "Give up")
	if m.g.Machine.Over() {
		t.Fatal("one press of Give up forfeited the game")
	}
	tapText(t, w.Question(), "Give up? Press again")
	r, ok := m.g.Outcome()
	if !ok || r.Winner != 1 || r.Reason != battle.ReasonForfeit {
		t.Fatalf("after Give up twice the game ended %+v (over %v)", r, ok)
	}
	if !w.Finished() {
		t.Error("the window does not show the game as finished")
	}
}
