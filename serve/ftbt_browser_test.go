package serve

import (
	"strconv"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/samples"
)

// TestPhonePlaysFTBT: a person on a phone (420×900, a touch screen) plays
// the sample war-chess level 长坂坡 against the computer with a finger
// only: the board is dragged with a finger, zoomed with two and with the
// buttons,
// every target on it is at least 32 pixels, a person is picked by tapping
// their cell (the page sends the cell the engine asks for), moved by
// tapping a marked cell, uses techs on targets tapped on the board, ends
// turns and declines to quit — every decision kind of the war-chess
// engine is answered through a control. The game is played to its end
// (about 80 decisions), or for 100 decisions.
func TestPhonePlaysFTBT(t *testing.T) {
	t.Parallel()
	ctx := browserAt(t, 420, 900, true)
	src, err := samples.Read("ftbt/长坂坡.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("ftbt/长坂坡.yaml", src, formats.Options{FS: samples.FS()})
	if err != nil {
		t.Fatal(err)
	}
	_, base := startServer(t, Options{Documents: []*Document{{Name: "长坂坡.yaml", Doc: doc}}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "长坂坡.yaml", Seed: ptr(int64(1)), Seats: []string{"person", "computer"}})
	p := newPlayer(t, ctx, true)
	p.open(base + c.Seats[0].Link)
	p.next()
	p.targetsLegible("the first turn")

	// The board pans under a finger and zooms with the buttons.
	vb := func() string { return eval[string](p, `document.querySelector("#board svg").getAttribute("viewBox")`) }
	before := vb()
	bb := p.boardBox()
	p.drag(bb.cx(), bb.cy(), bb.cx()-120, bb.cy()-80)
	if vb() == before {
		t.Fatalf("dragging the board left its view at %s", before)
	}
	scale := func() string { return eval[string](p, `document.body.dataset.scale`) }
	s0 := scale()
	p.press("#zoom-out")
	p.waitFor(func() bool { return scale() < s0 }, "zooming out")
	p.pinch(60, 200)
	p.waitFor(func() bool { return scale() > s0 }, "spreading two fingers")
	p.press("#zoom-back")
	p.waitFor(func() bool { return scale() == s0 }, "back to the pieces")

	limit := 100
	round, acted, quitAsked := -1, 0, false
	for p.answers < limit {
		s := p.next()
		if s.Status == "over" {
			break
		}
		if p.answers%5 == 0 && (s.Kind == "sel_people" || s.Kind == "sel_move_obj") {
			p.targetsLegible(s.Kind + " at decision " + strconv.Itoa(p.answers))
		}
		switch s.Kind {
		case "sel_people":
			a := decisionArgs[struct {
				Turn int `json:"turn"`
			}](p)
			if a.Turn != round {
				round, acted = a.Turn, 0
			}
			switch {
			case !quitAsked:
				quitAsked = true
				p.press("#quit")
			case acted >= 2:
				p.press("#end-turn")
			default:
				acted++
				p.clickBoard("#ftbt rect.pickable", acted)
			}
		case "sel_move_obj":
			// Towards the nearest enemy.
			p.clickBoard("#"+eval[string](p, nearestToEnemy), 0)
		case "sel_tech":
			a := decisionArgs[struct {
				Techs []int `json:"techs"`
				Retry int   `json:"retry"`
			}](p)
			if len(a.Techs) == 0 || a.Retry > 0 {
				p.press("#no-tech")
			} else {
				p.press("#tech-0")
			}
		case "sel_tech_obj":
			if p.has("#ftbt rect.pickable") {
				p.answered["sel_tech_obj on the board"]++
				p.clickBoard("#ftbt rect.pickable", 0)
			} else {
				p.press("#give-up")
			}
		case "confirm":
			a := decisionArgs[struct {
				What string `json:"what"`
			}](p)
			if a.What == "quit" {
				p.press("#no")
			} else {
				p.press("#yes")
			}
		default:
			t.Fatalf("the war-chess page asks %q, which this test does not know", s.Kind)
		}
		p.sent(s)
	}
	p.everyKind("ftbt")
	if p.answered["sel_tech_obj on the board"] == 0 {
		t.Errorf("no tech was aimed at a target on the board (answers: %s)", kindsOf(p.answered))
	}
	recordAgrees(t, base, c, 0, p)
}

// nearestToEnemy is the id of the marked cell nearest to a person of the
// other side.
const nearestToEnemy = `(() => {
  const b = room.state.board, me = room.hint.seat, d = room.hint.decision.args;
  const enemies = b.people.filter((q) => q.side !== me && q.loc >= 0).map((q) => q.loc);
  const dist = (a, c) => Math.abs(a % b.w - c % b.w) + Math.abs(Math.floor(a / b.w) - Math.floor(c / b.w));
  let best = d.dests[0], bd = Infinity;
  for (const c of d.dests) {
    const e = Math.min(...enemies.map((x) => dist(c, x)));
    if (e < bd) { bd = e; best = c; }
  }
  return "cell-" + best;
})()`
