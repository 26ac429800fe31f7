package battleplay

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/play"
	battle "github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/preview"
)

// theTeam is the person's team in the tests, slot by slot.
var theTeam = []string{"吕布", "赵云", "关羽", "刘备", "曹操", "孙权"}

// TestPersonPlaysRoundsWithTaps plays a battle as side 0 against greedy
// with taps only: the team in the pick round; then a hero selected on
// the map, refused and accepted moves, a siege, soldiers typed in (too
// many, then as many as the grain pays for), the orders sent; then round
// after round a step towards the enemy and a click on it, until 吕布's
// attack lands. The game, the board and the log agree at every round.
func TestPersonPlaysRoundsWithTaps(t *testing.T) {
	st, s := openSkirmish(t)
	w, m := start(t, st, s, true, "greedy", play.Options{Seed: 7})
	if !w.Asking() || m.g.Round() != 1 {
		t.Fatalf("the person is not asked for the team: round %d, %s", m.g.Round(), w.Status())
	}
	pickTeam(t, w, theTeam...)
	p := m.g.Position()
	for k, name := range theTeam {
		if got := p.Hero(0, k).Name; got != name {
			t.Errorf("slot %d holds %s, picked %s", k, got, name)
		}
	}
	if m.g.Round() != 2 || !w.Asking() || m.form == nil {
		t.Fatalf("round %d, asking %v: the orders of round 2 are not asked", m.g.Round(), w.Asking())
	}
	f := m.form

	tapCell(m, 5, 4)
	if f.sel != -1 || !strings.Contains(f.ui.problem.Text, "click one of your heroes first") {
		t.Errorf("a click on an empty cell with no hero selected: sel %d, %q", f.sel, f.ui.problem.Text)
	}
	tapCell(m, 1, 2) // the base, where all six stand: 吕布 first
	if f.sel != 0 {
		t.Fatalf("a click on the base selected slot %d, want 吕布's 0", f.sel)
	}
	tapCell(m, 3, 2)
	if f.plan.heroes[0].move.Op != 0 || !strings.Contains(f.ui.problem.Text, "吕布 cannot go to (3,2)") {
		t.Errorf("a cell two steps away: move %+v, %q", f.plan.heroes[0].move, f.ui.problem.Text)
	}
	tapCell(m, 2, 2)
	if mv := f.plan.heroes[0].move; mv.Op != battle.OpMove || mv.To != (battle.Point{X: 2, Y: 2}) {
		t.Errorf("the step east is not ordered: %+v", mv)
	}
	tapCell(m, 0, 0) // the city
	if a := f.plan.heroes[0].act; a.Op != battle.OpSG || a.City != (battle.Point{}) {
		t.Errorf("a click on the city does not besiege it: %+v", a)
	}
	tapCell(m, 1, 2) // the base again: the next hero there
	if f.sel != 1 {
		t.Fatalf("a second click on the base selected slot %d, want 赵云's 1", f.sel)
	}
	typeSoldiers(t, f, "6", "0")
	if h := f.plan.heroes[1]; h.archers != 0 || !strings.Contains(f.ui.problem.Text, "grain 100 is less than the 120 these orders cost") {
		t.Errorf("6 soldiers for 100 grain: plan %+v, %q", h, f.ui.problem.Text)
	}
	typeSoldiers(t, f, "3", "2")
	if h := f.plan.heroes[1]; h.archers != 3 || h.shields != 2 {
		t.Errorf("3 archers and 2 shields are not ordered: %+v", h)
	}
	tapText(t, w.Question(), "Send orders (3)")

	if m.g.Round() != 3 {
		t.Fatalf("round 2 was not played: round %d, %s", m.g.Round(), w.Status())
	}
	if _, u := slotOf(t, m, 0, "吕布"); u.At != (battle.Point{X: 2, Y: 2}) {
		t.Errorf("吕布 stands at %v, not (2,2)", u.At)
	}
	if _, u := slotOf(t, m, 0, "赵云"); u.Archers != 3 || u.Shields != 2 {
		t.Errorf("赵云 has %d archers and %d shields", u.Archers, u.Shields)
	}
	if g := m.g.Position().Sides[0].Grain; g != 0 {
		t.Errorf("side 0 has %d grain after paying 100 for soldiers", g)
	}
	log := strings.Join(w.Lines(), "\n")
	for _, want := range []string{"— round 2 —", "吕布 (side 0) moves (1,2) → (2,2)", "吕布 (side 0) besieges the city at (0,0): 100 damage (defence 900)",
		"赵云 (side 0) orders 3 archers and 2 shields for 100 grain (grain 0)", "赵云 (side 0) gets 3 archers and 2 shields", "— round 3 —"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	boardAgrees(t, m)

	// Then 吕布 walks towards the enemy and strikes the nearest one.
	for round := 3; len(attacksBy(m, "吕布")) == 0; round++ {
		if round > 12 || !w.Asking() {
			t.Fatalf("吕布 has not struck by round %d (asking %v, %s)", m.g.Round(), w.Asking(), w.Status())
		}
		f := m.form
		k, u := slotOf(t, m, 0, "吕布")
		tapCell(m, u.At.X, u.At.Y)
		if f.sel != k {
			tapCell(m, u.At.X, u.At.Y) // another hero shares the cell
		}
		if next := (battle.Point{X: u.At.X + 1, Y: u.At.Y}); m.g.Board().Passable(0, next) && f.ownAt(next) == nil && f.enemyAt(next) == "" {
			tapCell(m, next.X, next.Y)
		}
		name, at := nearestEnemy(m, f.centre(k))
		tapCell(m, at.X, at.Y)
		if a := f.plan.heroes[k].act; a.Op != battle.OpAD || a.Target != name {
			t.Fatalf("round %d: a click on %s at %v ordered %+v", m.g.Round(), name, at, a)
		}
		tapText(t, w.Question(), "Send orders")
		boardAgrees(t, m)
	}
	hit := attacksBy(m, "吕布")[0]
	t.Logf("吕布's attack landed before round %d: %+v", m.g.Round(), hit)
	want := "吕布 (side 0) attacks " + hit.Hero
	if log := strings.Join(w.Lines(), "\n"); !strings.Contains(log, want) {
		t.Errorf("the log lacks %q", want)
	}
	if row := m.board.sides[0].heroes[0].Text(); !strings.Contains(row, "吕布") || !strings.Contains(row, "hp ") || !strings.Contains(row, "无双乱舞 ready") {
		t.Errorf("吕布's row reads %q", row)
	}
}

// typeSoldiers types the selected hero's soldiers and presses Make.
func typeSoldiers(t *testing.T, f *orders, archers, shields string) {
	t.Helper()
	for _, e := range []struct{ entry, text string }{{"archers", archers}, {"shields", shields}} {
		en := f.ui.archers
		if e.entry == "shields" {
			en = f.ui.shields
		}
		en.SetText("")
		test.Type(en, e.text)
	}
	test.Tap(f.ui.make)
}

// attacksBy lists the damage side 0's hero name dealt by normal attacks.
func attacksBy(m *match, name string) []battle.Damage {
	var out []battle.Damage
	for _, d := range eventsOf[battle.Damage](m) {
		if d.SrcSide == 0 && d.Src == name && d.Via == "AD" {
			out = append(out, d)
		}
	}
	return out
}

// nearestEnemy returns side 1's living hero nearest a cell.
func nearestEnemy(m *match, from battle.Point) (string, battle.Point) {
	p := m.g.Position()
	best, at, d := "", battle.Point{}, 1<<30
	for k := range p.Sides[1].Team {
		if u := &p.Sides[1].Team[k]; u.Alive && battle.Dist(from, u.At) < d {
			best, at, d = p.Hero(1, k).Name, u.At, battle.Dist(from, u.At)
		}
	}
	return best, at
}

// boardAgrees checks that the board shows the game as it stands: every
// hero's cell, hp and soldiers, the cities, the sides' grain.
func boardAgrees(t *testing.T, m *match) {
	t.Helper()
	p, shown := m.g.Position(), m.shown
	for s := range p.Sides {
		if p.Sides[s].Grain != shown.Sides[s].Grain || p.Sides[s].Held != shown.Sides[s].Held {
			t.Errorf("side %d: the board shows grain %d held %d, the game has %d and %d", s, shown.Sides[s].Grain, shown.Sides[s].Held, p.Sides[s].Grain, p.Sides[s].Held)
		}
		for k := range p.Sides[s].Team {
			g, b := &p.Sides[s].Team[k], &shown.Sides[s].Team[k]
			if g.Alive != b.Alive || g.At != b.At || g.HP != b.HP || g.Archers != b.Archers || g.Shields != b.Shields {
				t.Errorf("side %d slot %d: the board shows %+v, the game has %+v", s, k, *b, *g)
			}
		}
	}
	for i := range p.Cities {
		if p.Cities[i] != shown.Cities[i] {
			t.Errorf("city %d: the board shows %+v, the game has %+v", i, shown.Cities[i], p.Cities[i])
		}
	}
}

// TestHotSeatHidesTheFirstOrders plays two rounds with both sides people
// on one screen: after side 0 has given its orders, nothing of them is on
// the board or in the question, and side 1's form opens only behind the
// hand-over screen; side 1 cannot select side 0's heroes.
func TestHotSeatHidesTheFirstOrders(t *testing.T) {
	st, s := openSkirmish(t)
	seats, err := seats(s.Document())
	if err != nil {
		t.Fatal(err)
	}
	seats[0].Human, seats[1].Human = true, true
	w, err := play.Open(st, s, seats, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Window().Close() })
	w.Speed = 0
	m := w.Match().(*match)
	pickTeam(t, w, theTeam...)
	handOver(t, w, m)
	pickTeam(t, w, "诸葛亮", "周瑜", "司马懿", "吕布", "赵云", "关羽")
	if m.g.Round() != 2 {
		t.Fatalf("the pick round is not over: round %d", m.g.Round())
	}

	f := m.form
	if f == nil || f.side != 0 {
		t.Fatal("side 0 is not asked first")
	}
	tapCell(m, 1, 2)
	tapCell(m, 2, 2)
	tapText(t, w.Question(), "Send orders (1)")
	handOver(t, w, m)
	f = m.form
	if f == nil || f.side != 1 || len(f.plan.commands(f)) != 0 {
		t.Fatalf("side 1's form: %+v", f)
	}
	tapCell(m, 1, 2) // side 0's base: not side 1's heroes
	if f.sel != -1 {
		t.Errorf("side 1 selected side 0's hero in slot %d", f.sel)
	}
	tapCell(m, 9, 2)
	tapCell(m, 8, 2)
	tapText(t, w.Question(), "Send orders (1)")
	if m.g.Round() != 3 {
		t.Fatalf("round 2 was not resolved: round %d", m.g.Round())
	}
	moves := eventsOf[battle.Move](m)
	if len(moves) != 2 || moves[0].Hero != "吕布" || moves[1].Hero != "诸葛亮" {
		t.Errorf("the moves of round 2: %+v", moves)
	}
}

// handOver checks side 1's question is the hand-over screen, with
// nothing of side 0's orders shown, and opens side 1's form.
func handOver(t *testing.T, w *play.Window, m *match) {
	t.Helper()
	if !w.Asking() || m.form != nil {
		t.Fatalf("side 1 is not asked, or side 0's orders are still on the board (asking %v)", w.Asking())
	}
	var texts []string
	for _, o := range test.LaidOutObjects(w.Question()) {
		if lab, ok := o.(*widget.Label); ok && lab.Visible() {
			texts = append(texts, lab.Text)
		}
	}
	joined := strings.Join(texts, " ")
	if !strings.Contains(joined, "they are hidden until the round is resolved") || strings.Contains(joined, "吕布 →") {
		t.Errorf("the hand-over screen reads %q", joined)
	}
	tapText(t, w.Question(), m.sideName(1)+": give my orders")
}

// TestRunToTheEnd plays a game the computer plays alone to its round cap
// at once: the log ends with the result, the board shows the game's last
// position, and Restart plays the same game again.
func TestRunToTheEnd(t *testing.T) {
	st, s := openSkirmish(t)
	w, m := start(t, st, s, false, "random", play.Options{Seed: 3, TurnCap: 40, Paused: true})
	if w.Finished() {
		t.Fatal("the game is over before it ran")
	}
	tapText(t, w.Window().Content(), "Run to the end")
	if !w.Finished() || w.Running() {
		t.Fatalf("finished %v, running %v: %s", w.Finished(), w.Running(), w.Status())
	}
	r, ok := m.g.Outcome()
	if !ok || r.Round != 40 && r.Reason != battle.ReasonFlag {
		t.Fatalf("the game ended %+v (ok %v), not at its cap of 40 rounds", r, ok)
	}
	lines := w.Lines()
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "— "+battle.DescribeResult(r)) || !strings.Contains(w.Status(), "round cap") {
		t.Errorf("the log ends %q; status %q", last, w.Status())
	}
	boardAgrees(t, m)
	first := strings.Join(lines, "\n")
	tapText(t, w.Window().Content(), "Restart")
	tapText(t, w.Window().Content(), "Run to the end")
	if again := strings.Join(w.Lines(), "\n"); again != first {
		t.Error("the same seed played another game after Restart")
	}
}

// TestPlayDialog answers the Play dialog of a battle map: side 0 the
// computer playing random, side 1 a person, a round cap of 20. The play
// window opens with those seats and that cap.
func TestPlayDialog(t *testing.T) {
	st, s := openSkirmish(t)
	before := len(st.App().Driver().AllWindows())
	play.AskSetup(st, s)
	dlg := st.Window().Canvas().Overlays().Top()
	if dlg == nil {
		t.Fatal("no Play dialog")
	}
	var radios []*widget.RadioGroup
	var selects []*widget.Select
	var entries []*widget.Entry
	for _, o := range test.LaidOutObjects(dlg) {
		switch o := o.(type) {
		case *widget.RadioGroup:
			radios = append(radios, o)
		case *widget.Select:
			selects = append(selects, o)
		case *widget.Entry:
			entries = append(entries, o)
		}
	}
	if len(radios) != 2 || len(selects) != 2 || len(entries) != 2 {
		t.Fatalf("the dialog has %d seat choices, %d computer players, %d entries; want 2, 2 and 2 (seed, round cap)", len(radios), len(selects), len(entries))
	}
	if got := strings.Join(selects[0].Options, ","); got != strings.Join(battle.ComputerPlayers, ",") {
		t.Errorf("the computer players offered are %s", got)
	}
	if !selects[0].Disabled() || selects[1].Disabled() {
		t.Error("the person's seat offers a computer player, or the computer's does not")
	}
	radios[0].SetSelected("Computer")
	selects[0].SetSelected("random")
	radios[1].SetSelected("Person")
	if !selects[1].Disabled() {
		t.Error("side 1, now a person's, still offers a computer player")
	}
	entries[0].SetText("5")
	entries[1].SetText("1001")
	tapText(t, dlg, "Play")
	if n := len(st.App().Driver().AllWindows()); n != before {
		t.Errorf("%d windows after a round cap of 1001 (refused); want the %d there were", n, before)
	}
	if e := st.Window().Canvas().Overlays().Top(); e == nil || !hasLabel(e, "The round cap must be a whole number from 2 to 1000") {
		t.Error("the refused round cap is not told")
	}
	st.Window().Canvas().Overlays().Remove(st.Window().Canvas().Overlays().Top())

	play.AskSetup(st, s)
	dlg = st.Window().Canvas().Overlays().Top()
	radios, selects, entries = nil, nil, nil
	for _, o := range test.LaidOutObjects(dlg) {
		switch o := o.(type) {
		case *widget.RadioGroup:
			radios = append(radios, o)
		case *widget.Select:
			selects = append(selects, o)
		case *widget.Entry:
			entries = append(entries, o)
		}
	}
	radios[0].SetSelected("Computer")
	selects[0].SetSelected("random")
	radios[1].SetSelected("Person")
	entries[0].SetText("5")
	entries[1].SetText("20")
	tapText(t, dlg, "Play")
	wins := st.App().Driver().AllWindows()
	if len(wins) != before+1 {
		t.Fatalf("%d windows: the play window did not open", len(wins))
	}
	pw := wins[len(wins)-1]
	t.Cleanup(pw.Close)
	var labels []string
	for _, o := range test.LaidOutObjects(pw.Content()) {
		if l, ok := o.(*widget.Label); ok {
			labels = append(labels, l.Text)
		}
	}
	all := strings.Join(labels, "\n")
	for _, want := range []string{"seed 5 · Side 0 (red, base (1,2)): computer (random) · Side 1 (blue, base (9,2)): you", "Round 1 of 20 (the pick round)",
		"Side 1 (blue, base (9,2)): pick your six heroes"} {
		if !strings.Contains(all, want) {
			t.Errorf("the play window lacks %q:\n%s", want, all)
		}
	}
}

// hasLabel reports whether a label under root contains text.
func hasLabel(root fyne.CanvasObject, text string) bool {
	for _, o := range test.LaidOutObjects(root) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, text) {
			return true
		}
	}
	return false
}

// TestSeatsNameTheSideColourChosen: the seats name each side by the
// colour its pieces are drawn in, the default's name or, after View ▸
// Side colours changed it, the colour chosen.
func TestSeatsNameTheSideColourChosen(t *testing.T) {
	st, s := openSample(t, "battle/标准.yaml")
	t.Cleanup(func() { preview.SetPlayerColors(nil) })
	names := func() string {
		seats, err := seats(s.Document())
		if err != nil {
			t.Fatal(err)
		}
		return seats[0].Name + " · " + seats[1].Name
	}
	if got := names(); !strings.Contains(got, "Side 0 (red,") || !strings.Contains(got, "Side 1 (blue,") {
		t.Fatalf("default seats: %s", got)
	}
	st.SetSideColour(0, color.RGBA{0xff, 0xeb, 0x3b, 0xff})
	if got := names(); !strings.Contains(got, "Side 0 (#ffeb3b,") || !strings.Contains(got, "Side 1 (blue,") {
		t.Fatalf("after side 0 was made yellow: %s", got)
	}
}
