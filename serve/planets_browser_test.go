package serve

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/samples"
)

// TestLaptopPlaysPlanets: a person at a laptop (1280×900, a mouse) plays
// the sample map 九州 against three computers by clicking and typing:
// each round they click one of their planets and a planet a route leads
// to, keep the count the page offers (half the units) or type another,
// aim the terminator with a click when the points allow it, or send no
// orders. An empty count is not sent: the page asks for a number. The
// game is played to its end, to the person's defeat, or for 100 rounds.
func TestLaptopPlaysPlanets(t *testing.T) {
	t.Parallel()
	ctx := browserAt(t, 1280, 900, false)
	src, err := samples.Read("planets/九州.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("planets/九州.yaml", src, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, base := startServer(t, Options{Documents: []*Document{{Name: "九州.yaml", Doc: doc}}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "九州.yaml", Seed: ptr(int64(2)), Seats: []string{"person", "computer", "computer", "computer"}})
	p := newPlayer(t, ctx, false)
	p.open(base + c.Seats[0].Link)
	p.next()

	// The wheel zooms the board in under the mouse; ⤢ shows it whole.
	scale := func() string { return eval[string](p, `document.body.dataset.scale`) }
	s0, bb := scale(), p.boardBox()
	// The protocol wants both deltas, and leaves a zero out.
	wheel := func(m *input.DispatchMouseEventParams) { m.DeltaX, m.DeltaY = 0.01, -300 }
	do(t, ctx, "the wheel", chromedp.MouseEvent(chromedp.MouseWheel, bb.cx(), bb.cy(), wheel))
	p.waitFor(func() bool { return scale() > s0 }, "turning the wheel")
	p.press("#zoom-all")
	p.waitFor(func() bool { return scale() <= s0 }, "the whole board")

	limit := 100
	terminator, typed, emptyTried := false, 0, false
	for p.answers < limit {
		if eval[bool](p, `room.state && room.hint.seat !== null && !room.state.board.state.players[room.hint.seat].alive`) {
			t.Logf("the person is out of the game after %d rounds", p.answers)
			break
		}
		s := p.next()
		if s.Status == "over" {
			break
		}
		if s.Kind != "orders" {
			t.Fatalf("the planets page asks %q", s.Kind)
		}
		points := eval[int](p, `room.hint.decision.args.points`)
		switch {
		case p.answers%7 == 6:
			// A round without orders.
		case points >= 3 && !terminator:
			terminator = true
			p.press("#terminator")
			p.clickBoard("g.planet.pickable:not(.mine)", 0)
			if !strings.Contains(eval[string](p, `document.getElementById("orders").textContent`), "Terminator on") {
				t.Fatal("the terminator aimed by a click is not in the orders")
			}
		case p.has("g.planet.pickable.mine"):
			p.clickBoard("g.planet.pickable.mine", 0)
			p.clickBoard("g.planet.pickable:not(.selected)", p.answers)
			have := eval[int](p, `Number(document.getElementById("count-0").max)`)
			offered := eval[int](p, `Number(document.getElementById("count-0").value)`)
			if offered < 1 || offered > have || (have > 1 && offered == have) {
				t.Fatalf("the page offers to send %d of %d units", offered, have)
			}
			if !emptyTried {
				// A count left empty is not sent: the page asks for one.
				emptyTried = true
				p.typeInto("#count-0", "")
				p.press("#send")
				p.waitFor(func() bool { return strings.Contains(p.now().Text, "Type how many units") }, "sending an empty count")
				if n := p.now(); n.Turn != s.Turn {
					t.Fatalf("an empty count was sent: turn %s, then %s", s.Turn, n.Turn)
				}
			}
			if p.answers%2 == 1 || typed == 0 {
				typed++
				p.typeInto("#count-0", strconv.Itoa(max(1, have-have/4)))
			}
		}
		p.press("#send")
		p.sent(s)
	}
	p.everyKind("planets")
	if !terminator || typed == 0 {
		t.Errorf("the terminator was aimed: %v; counts typed: %d", terminator, typed)
	}
	recordAgrees(t, base, c, 0, p)
}
