package planetsplay

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/editor/play/playtest"
	peng "github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/imagetest"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/preview"
)

var (
	openSample = playtest.OpenSample
	openSource = playtest.OpenSource
)

// openPlanets opens the 九州 sample and starts a game with the first
// player a person and the others the computer.
func openPlanets(t *testing.T, seed int64) (*play.Window, *planetsMatch) {
	t.Helper()
	st, s := openSample(t, "planets/九州.yaml")
	seats, err := planetsSeats(s.Document())
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != 4 {
		t.Fatalf("九州 has %d seats, want 4 (max_player 4, 4 start planets)", len(seats))
	}
	seats[0].Human = true
	w, err := play.Open(st, s, seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	w.Speed = 0
	if !w.Asking() {
		t.Fatalf("the person is not asked for orders: %s", w.Status())
	}
	return w, w.Match().(*planetsMatch)
}

// planetsLongRoute returns a route of at least two steps from planet id.
func planetsLongRoute(t *testing.T, m *planetsMatch, id int) peng.Route {
	t.Helper()
	for _, r := range m.adj[id] {
		if r.Steps.Float() >= 2 {
			return r
		}
	}
	t.Fatalf("planet %s has no route of two steps or more", m.planet(id))
	return peng.Route{}
}

// clickPlanet taps planet id on the board.
func clickPlanet(m *planetsMatch, id int) { guitest.Tap(m.board, m.board.centreOf(id)) }

// planetsTypeShips replaces the ships entry's text by typing.
func planetsTypeShips(f *planetsOrders, s string) {
	f.ships.SetText("")
	test.Type(f.ships, s)
}

// TestPlanetsHumanSendsAFleet plays the person's first step with clicks:
// a planet of theirs, a planet a route leads to, 30 ships typed in, Add
// move, Submit orders. The computer plays the others; the step is played
// and the fleet is in flight in the game and on the board.
func TestPlanetsHumanSendsAFleet(t *testing.T) {
	w, m := openPlanets(t, 3)
	home := m.g.Starts()[0]
	r := planetsLongRoute(t, m, home)
	f := m.form
	if f == nil {
		t.Fatal("no orders form")
	}
	// A click on a planet that is not the person's is refused with a
	// word, and nothing is chosen.
	clickPlanet(m, m.g.Starts()[1])
	if f.from != -1 || f.problem.Text == "" || !strings.Contains(f.problem.Text, "is not yours") {
		t.Fatalf("a click on another player's planet: from %d, problem %q", f.from, f.problem.Text)
	}
	clickPlanet(m, home)
	clickPlanet(m, r.To)
	if f.from != home || f.to != r.To {
		t.Fatalf("clicks on %s and %s chose %d → %d", m.planet(home), m.planet(r.To), f.from, f.to)
	}
	planetsTypeShips(f, "30")
	if f.slider.Value != 30 {
		t.Errorf("the slider follows the entry: %v", f.slider.Value)
	}
	test.Tap(f.add)
	if len(f.moves) != 1 || f.moves[0] != (peng.Move{Count: 30, From: home, To: r.To}) {
		t.Fatalf("queued moves %+v", f.moves)
	}
	before := m.g.Round()
	test.Tap(f.submit)

	if m.g.Round() != before+1 {
		t.Fatalf("the step was not played: round %d", m.g.Round())
	}
	if !w.Asking() || m.form == nil || m.form == f {
		t.Fatalf("the person is not asked for the next step: %s", w.Status())
	}
	var launched bool
	for _, e := range m.g.Events() {
		if l, ok := e.(peng.Launch); ok && l.Player == 0 && l.From == home && l.To == r.To && l.Count == 30 {
			launched = true
		}
	}
	if !launched {
		t.Error("no fleet of 30 left the person's planet")
	}
	fleet := peng.Fleet{Player: 0, From: home, To: r.To, Count: 30}
	inFlight := func(fleets []peng.Fleet) bool {
		for _, fl := range fleets {
			if fl.Player == fleet.Player && fl.From == fleet.From && fl.To == fleet.To && fl.Count == fleet.Count &&
				fl.Left.Float() == r.Steps.Float()-1 {
				return true
			}
		}
		return false
	}
	if !inFlight(m.g.View().Fleets) {
		t.Errorf("the game has no fleet of 30 %s → %s with %v steps left: %v", m.planet(home), m.planet(r.To), r.Steps.Float()-1, m.g.View().Fleets)
	}
	if !inFlight(m.fleets) {
		t.Errorf("the board does not show the fleet: %v", m.fleets)
	}
	want := "Player 1 sends 30 ships " + m.planet(home) + " → " + m.planet(r.To)
	if log := strings.Join(w.Lines(), "\n"); !strings.Contains(log, want) {
		t.Errorf("the log lacks %q:\n%s", want, log)
	}
}

// TestPlanetsRefusedOrdersChangeNothing gives orders the game refuses:
// more ships than the planet has (refused when the move is added) and a
// terminator without the points for it (refused when the orders are
// submitted). The game's reason is shown in the board's names, and
// nothing changes; then the person waits a step with no orders.
func TestPlanetsRefusedOrdersChangeNothing(t *testing.T) {
	w, m := openPlanets(t, 5)
	f := m.form
	home := m.g.Starts()[0]
	r := planetsLongRoute(t, m, home)
	answers, garrison := len(m.g.Answers()), m.g.View().Holds[home]

	clickPlanet(m, home)
	clickPlanet(m, r.To)
	planetsTypeShips(f, "100000")
	test.Tap(f.add)
	want := "not enough armies: planet " + m.planet(home) + " has " + planetsNum(garrison.Count) + " units, fewer than 100000"
	if f.problem.Text == "" || !strings.Contains(f.problem.Text, want) {
		t.Errorf("refused move: problem %q, want it to say %q", f.problem.Text, want)
	}
	if len(f.moves) != 0 {
		t.Errorf("a refused move was queued: %+v", f.moves)
	}
	// Two moves that together send more ships than the planet has are
	// accepted one by one (the rules check each on its own), with a
	// warning; a click on a queued move takes it out again. (The refused
	// move's planets are still chosen.)
	planetsTypeShips(f, "60")
	test.Tap(f.add)
	other := m.adj[home][len(m.adj[home])-1].To
	clickPlanet(m, home)
	clickPlanet(m, other)
	planetsTypeShips(f, "60")
	test.Tap(f.add)
	if len(f.moves) != 2 || !f.warn.Visible() || !strings.Contains(f.warn.Text, m.planet(home)+" sends 120 of its 100 ships") {
		t.Errorf("moves %+v, warning %q", f.moves, f.warn.Text)
	}
	for len(f.moves) > 0 {
		before := len(f.moves)
		if !guitest.Button(f.queue, fmt.Sprintf("✕ 60 %s → %s", m.planet(home), m.planet(f.moves[0].To))) || len(f.moves) != before-1 {
			t.Fatalf("the queued move %+v cannot be taken out", f.moves[0])
		}
	}
	if f.warn.Visible() {
		t.Error("the warning stays without the moves")
	}
	// The terminator costs 3 points; at the first step the person has none.
	f.tactic.SetSelectedIndex(1 + r.To)
	test.Tap(f.submit)
	if f.problem.Text == "" || !strings.Contains(f.problem.Text, "not enough points: terminator costs 3, Player 1 has 0") {
		t.Errorf("refused orders: problem %q", f.problem.Text)
	}
	if len(m.g.Answers()) != answers || m.g.Round() != 0 || m.g.Pending().Player != 0 || m.form != f || !w.Asking() {
		t.Fatal("refused orders changed the game")
	}
	if h := m.g.View().Holds[home]; h != garrison || len(m.g.View().Fleets) != 0 {
		t.Fatalf("refused orders changed the board: %v", h)
	}
	// Without the tactic and with no moves, the person waits a step.
	f.tactic.SetSelectedIndex(0)
	test.Tap(f.submit)
	if m.g.Round() != 1 || m.form == f {
		t.Fatalf("the orders with no moves were not taken: round %d", m.g.Round())
	}
}

// TestPlanetsTerminator waits three steps for the points, then uses the
// terminator on the computer's home planet, chosen in the tactic list.
func TestPlanetsTerminator(t *testing.T) {
	w, m := openPlanets(t, 9)
	for range 3 {
		test.Tap(m.form.submit)
	}
	f := m.form
	if f.points != 3 {
		t.Fatalf("after three steps the person has %d points", f.points)
	}
	target := m.g.Starts()[1]
	f.tactic.SetSelectedIndex(1 + target)
	test.Tap(f.submit)
	var used bool
	for _, e := range m.g.Events() {
		if u, ok := e.(peng.TacticUsed); ok && u.Player == 0 && u.Planet == target {
			used = true
		}
	}
	if !used {
		t.Fatal("the terminator was not used")
	}
	if log := strings.Join(w.Lines(), "\n"); !strings.Contains(log, "Player 1 uses the terminator on "+m.planet(target)) {
		t.Errorf("the log does not tell the terminator:\n%s", log)
	}
}

// planetsDuel is a small map of two bases and three planets between
// them: a computer game on it runs to its end in a few dozen rounds,
// with every kind of event a game on the 九州 sample has (which takes
// hundreds of rounds: TestPlanetsComputerGameToTheEnd plays it when
// SHAPAN_LONG is set).
const planetsDuel = `kind: planets/map
format: 1
name: duel
max_round: 600
max_player: 2
min_player: 2
start_unit: 100
maintain_fee: true
starts: [A, B]
map: |
  A.c.B
  ..x..
planets:
  A: {type: base, def: 1.5, res: 1.05, cos: 10, max: 800}
  B: {type: base, def: 1.5, res: 1.05, cos: 10, max: 800}
  c: {type: resource, def: 0.8, res: 1.3, cos: 5, max: 300}
  x: {def: 1.0, res: 1.1, cos: 5, max: 400}
routes:
  - [A, c, 2]
  - [c, B, 2]
  - [A, x, 3]
  - [x, B, 3]
`

// TestPlanetsComputerGameToTheEnd runs a whole game of computers in the
// window at full speed: it ends with a winner, the log tells the story,
// and the board shows the game's final state. The game is on a small map
// of two players; SHAPAN_LONG=1 plays the four of the 九州 sample (233
// rounds, half a minute of CPU) too.
func TestPlanetsComputerGameToTheEnd(t *testing.T) {
	t.Run("duel", func(t *testing.T) {
		st, s := openSource(t, "duel.yaml", []byte(planetsDuel))
		planetsComputerGameToTheEnd(t, st, s)
	})
	t.Run("九州", func(t *testing.T) {
		longtest.Skip(t, "a computer game of four on 九州 to its end")
		st, s := openSample(t, "planets/九州.yaml")
		planetsComputerGameToTheEnd(t, st, s)
	})
}

func planetsComputerGameToTheEnd(t *testing.T, st *editor.Studio, s *editor.Session) {
	seats, err := planetsSeats(s.Document())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	w, err := play.Open(st, s, seats, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !w.Finished() {
		t.Fatalf("a computer game in synchronous mode did not run to its end: %s", w.Status())
	}
	t.Logf("%d rounds in %v", w.Match().(*planetsMatch).g.Round(), time.Since(start))
	m := w.Match().(*planetsMatch)
	r, ok := m.g.Outcome()
	if !ok || !r.Finished {
		t.Fatalf("outcome %+v", r)
	}
	if want := "Game over: " + m.player(r.Winner) + " wins after"; !strings.HasPrefix(w.Status(), want) {
		t.Errorf("status %q, want %q…", w.Status(), want)
	}
	log := strings.Join(w.Lines(), "\n")
	for _, want := range []string{"starts on", "The game starts", "sends", "occupies", "Battle at", "captures it from",
		"has no ships left and is out", "Round 1 over · produced Player 1 +", "Game over: only " + m.player(r.Winner) + " has ships left", "Ranking: 1. "} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	v := m.g.View()
	for id, h := range v.Holds {
		if m.holds[id] != h {
			t.Errorf("the board shows %s as %v, the game has %v", m.planet(id), m.holds[id], h)
		}
	}
	if len(m.fleets) != len(v.Fleets) {
		t.Errorf("the board shows %d fleets, the game has %d", len(m.fleets), len(v.Fleets))
	}
}

// TestPlanetsBoardImage renders the board after two steps, with a move
// being chosen, and compares it with its golden image.
func TestPlanetsBoardImage(t *testing.T) {
	_, m := openPlanets(t, 3)
	home := m.g.Starts()[0]
	r := planetsLongRoute(t, m, home)
	f := m.form
	clickPlanet(m, home)
	clickPlanet(m, r.To)
	planetsTypeShips(f, "40")
	test.Tap(f.add)
	test.Tap(f.submit)
	clickPlanet(m, home)
	clickPlanet(m, m.adj[home][0].To)
	win := test.NewWindow(m.Board())
	defer win.Close()
	win.Resize(fyne.NewSize(900, 720))
	imagetest.Compare(t, "play-planets-board", win.Canvas().Capture())
	// At this size a planet's stats (9 units) would show smaller than
	// readable: the map is drawn without them.
	b := m.board
	if shown := 9 * planetsImageScale * float64(b.scale); shown >= preview.MinReadable {
		t.Fatalf("the stats show %.1f pixels high: the test proves nothing", shown)
	}
	if got := b.minText * float64(b.scale); math.Abs(got-preview.MinReadable) > 0.5 || sameImages(b.base.Image, b.image(0)) {
		t.Errorf("texts under %.1f pixels are left out, the stats drawn %v", got, sameImages(b.base.Image, b.image(0)))
	}
}

// sameImages reports whether two images have the same pixels.
func sameImages(a, b image.Image) bool {
	return a.Bounds() == b.Bounds() && imagetest.Difference(a, b) == 0
}

// TestPlanetsSeedSeedsTheComputer: the seed seeds the computer players,
// so the same seed plays the same game and another seed another one.
func TestPlanetsSeedSeedsTheComputer(t *testing.T) {
	_, s := openSample(t, "planets/九州.yaml")
	seats, err := planetsSeats(s.Document())
	if err != nil {
		t.Fatal(err)
	}
	orders := func(seed int64) string {
		mt, err := newPlanetsMatch(s.Document(), seats, play.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		m := mt.(*planetsMatch)
		defer m.Close()
		var b strings.Builder
		for i := 0; i < 120 && m.g.Pending() != nil; i++ {
			d := m.g.Pending()
			a, err := m.Computer()
			if err == nil {
				err = m.g.Answer(d.Player, a)
			}
			if err != nil {
				t.Fatal(err)
			}
			b.Write(a)
			b.WriteByte('\n')
		}
		return b.String()
	}
	first := orders(1)
	if again := orders(1); again != first {
		t.Error("the same seed gave another game")
	}
	if other := orders(2); other == first {
		t.Error("another seed gave the same orders in 120 decisions")
	}
}
