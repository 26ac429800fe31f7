package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/shapan/shapan/family"
)

// The browser tests of every family play a seat the way a person does:
// they read what the page shows, and answer every decision by a click
// (the mouse, or a finger on a phone) on the board or on a control, or by
// typing into a box — never by calling the page's code. Each counts the
// decision kinds it answered; every kind the family's engine asks
// (family.Play.Decisions) must be among them.

// browserAt starts headless Chromium with a window of w×h pixels; with
// touch, the page is a phone's (a touch screen, a mobile viewport).
func browserAt(t *testing.T, w, h int, touch bool) context.Context {
	t.Helper()
	ctx := browser(t)
	var opts []chromedp.EmulateViewportOption
	if touch {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h), opts...)); err != nil {
		t.Fatalf("sizing the window: %v", err)
	}
	return ctx
}

// player is a person playing one seat on one page.
type player struct {
	t     *testing.T
	ctx   context.Context
	touch bool
	// answered counts the decisions answered, by kind.
	answered map[string]int
	answers  int
}

func newPlayer(t *testing.T, ctx context.Context, touch bool) *player {
	return &player{t: t, ctx: ctx, touch: touch, answered: map[string]int{}}
}

// shown is what the page shows of the game now.
type shown struct {
	Status  string `json:"status"`
	Kind    string `json:"kind"`
	Turn    string `json:"turn"`
	Busy    bool   `json:"busy"`
	Refused bool   `json:"refused"`
	Text    string `json:"text"`
}

const readShown = `(() => ({status: document.body.dataset.status || "", kind: document.body.dataset.kind || "",
  turn: document.body.dataset.turn || "", busy: !!document.body.dataset.busy,
  refused: document.getElementById("status").classList.contains("refused"),
  text: document.getElementById("status").textContent}))()`

func (p *player) now() shown {
	p.t.Helper()
	// A page loading again (another seat's link) cannot be read for a
	// moment.
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		s, err := chromedp.Run(p.ctx, chromedp.Evaluate[shown](readShown))
		if err == nil {
			return s
		}
		if time.Now().After(end) {
			p.t.Fatalf("reading the page: %v", err)
		}
	}
}

// eval evaluates js on the page into a T.
func eval[T any](p *player, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// open opens a seat's link and waits for the board.
func (p *player) open(url string) {
	p.t.Helper()
	do(p.t, p.ctx, "open "+url, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#board svg")))
}

// next waits until the page asks this seat something (or the game is
// over) and returns what it shows.
func (p *player) next() shown {
	p.t.Helper()
	end := time.Now().Add(30 * time.Second)
	for {
		s := p.now()
		if (s.Status == "play" && s.Kind != "" && !s.Busy) || s.Status == "over" {
			return s
		}
		if time.Now().After(end) {
			p.t.Fatalf("the page asks nothing for 30 s: %q", s.Text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// sent waits until the answer just given to the question s was accepted
// (the game's turn moved on), and counts its kind.
func (p *player) sent(s shown) {
	p.t.Helper()
	end := time.Now().Add(20 * time.Second)
	for {
		n := p.now()
		if n.Refused {
			p.t.Fatalf("the answer to %s was refused: %q", s.Kind, n.Text)
		}
		if n.Turn != s.Turn && !n.Busy {
			p.answered[s.Kind]++
			p.answers++
			return
		}
		if time.Now().After(end) {
			p.t.Fatalf("the answer to %s (turn %s) was not taken in 20 s: %q", s.Kind, s.Turn, n.Text)
		}
		time.Sleep(15 * time.Millisecond)
	}
}

// waitFor waits up to 5 s until ok (a tap's click comes a moment after
// the finger leaves).
func (p *player) waitFor(ok func() bool, what string) {
	p.t.Helper()
	for end := time.Now().Add(5 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			p.t.Fatalf("%s: nothing changed on the page", what)
		}
	}
}

// box is an element's place on the screen.
type box struct {
	X, Y, W, H float64
	Hit        bool // the element (or one inside it) is what a click at its centre reaches
	In         bool // its centre is in the board's box (for a thing on the board)
}

func (b box) cx() float64 { return b.X + b.W/2 }
func (b box) cy() float64 { return b.Y + b.H/2 }

// boxesJS lists the boxes of the elements matching a selector.
const boxesJS = `((sel) => {
  const board = document.getElementById("board").getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map((e) => {
    const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const at = document.elementFromPoint(x, y);
    return {x: r.left, y: r.top, w: r.width, h: r.height, hit: !!at && (at === e || e.contains(at)),
      in: x > board.left && x < board.right && y > board.top && y < board.bottom};
  });
})`

func (p *player) boxes(sel string) []box {
	p.t.Helper()
	return eval[[]box](p, boxesJS+"("+strconv.Quote(sel)+")")
}

// has reports whether the page shows an element matching sel.
func (p *player) has(sel string) bool {
	return eval[bool](p, "!!document.querySelector("+strconv.Quote(sel)+")")
}

// press clicks (or taps) a control outside the board, scrolled into sight
// as a person scrolls to it.
func (p *player) press(sel string) {
	p.t.Helper()
	ok := eval[bool](p, `((sel) => { const e = document.querySelector(sel); if (!e) return false; e.scrollIntoView({block: "center", inline: "nearest"}); return true; })(`+strconv.Quote(sel)+`)`)
	if !ok {
		p.t.Fatalf("the page shows no %s; it says %q", sel, p.now().Text)
	}
	b := p.boxes(sel)[0]
	if !b.Hit {
		p.t.Fatalf("%s is covered by something else", sel)
	}
	p.tap(b.cx(), b.cy())
}

// tap clicks at a point of the window, with the mouse or a finger.
func (p *player) tap(x, y float64) {
	p.t.Helper()
	act := chromedp.MouseClickXY(x, y)
	if p.touch {
		act = chromedp.TapXY(x, y)
	}
	if err := chromedp.Do(p.ctx, act); err != nil {
		p.t.Fatalf("clicking at (%.0f, %.0f): %v", x, y, err)
	}
}

// drag drags the board from one point to another, with the mouse or a
// finger, in steps.
func (p *player) drag(x0, y0, x1, y1 float64) {
	p.t.Helper()
	const steps = 6
	at := func(k int) (float64, float64) {
		f := float64(k) / steps
		return x0 + (x1-x0)*f, y0 + (y1-y0)*f
	}
	var acts []chromedp.Action[chromedp.Void]
	if p.touch {
		touch := func(typ input.DispatchTouchEventType, k int) chromedp.Action[chromedp.Void] {
			return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				pts := []*input.TouchPoint{}
				if typ != input.DispatchTouchEventTypeTouchEnd {
					x, y := at(k)
					pts = append(pts, &input.TouchPoint{X: x, Y: y})
				}
				_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
				return err
			})
		}
		acts = append(acts, touch(input.DispatchTouchEventTypeTouchStart, 0))
		for k := 1; k <= steps; k++ {
			acts = append(acts, touch(input.DispatchTouchEventTypeTouchMove, k))
		}
		// The finger rests before it leaves: a swipe that ends moving
		// flings, and the browser takes the next tap for the fling's stop,
		// not for a click.
		acts = append(acts, chromedp.Sleep(150*time.Millisecond), touch(input.DispatchTouchEventTypeTouchMove, steps),
			chromedp.Sleep(100*time.Millisecond), touch(input.DispatchTouchEventTypeTouchMove, steps),
			touch(input.DispatchTouchEventTypeTouchEnd, steps))
	} else {
		acts = append(acts, chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)))
		for k := 1; k <= steps; k++ {
			x, y := at(k)
			acts = append(acts, chromedp.MouseEvent(chromedp.MouseMoved, x, y, chromedp.ButtonLeft))
		}
		acts = append(acts, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	}
	if err := chromedp.Do(p.ctx, acts...); err != nil {
		p.t.Fatalf("dragging the board: %v", err)
	}
}

// pinch spreads (or closes) two fingers on the board around its centre,
// from a distance d0 between them to d1.
func (p *player) pinch(d0, d1 float64) {
	p.t.Helper()
	bb := p.boardBox()
	cx, cy := bb.cx(), bb.cy()
	touch := func(typ input.DispatchTouchEventType, d float64) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			pts := []*input.TouchPoint{}
			if typ != input.DispatchTouchEventTypeTouchEnd {
				pts = append(pts, &input.TouchPoint{X: cx - d/2, Y: cy, ID: ptr(1.0)}, &input.TouchPoint{X: cx + d/2, Y: cy, ID: ptr(2.0)})
			}
			_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		})
	}
	acts := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, d0)}
	for k := 1; k <= 6; k++ {
		acts = append(acts, touch(input.DispatchTouchEventTypeTouchMove, d0+(d1-d0)*float64(k)/6))
	}
	acts = append(acts, chromedp.Sleep(150*time.Millisecond), touch(input.DispatchTouchEventTypeTouchEnd, d1))
	if err := chromedp.Do(p.ctx, acts...); err != nil {
		p.t.Fatalf("pinching the board: %v", err)
	}
}

// boardBox is the board's box on the screen.
func (p *player) boardBox() box {
	return eval[box](p, `(() => { const r = document.getElementById("board").getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; })()`)
}

// clickBoard clicks the k-th thing on the board matching sel that is in
// sight (k counted among those in sight, from 0); when none is, it drags
// the board to bring the first one to the middle, as a person does.
func (p *player) clickBoard(sel string, k int) {
	p.t.Helper()
	eval[bool](p, `(document.getElementById("boardbox").scrollIntoView({block: "nearest"}), true)`)
	for try := 0; try < 4; try++ {
		all := p.boxes(sel)
		if len(all) == 0 {
			p.t.Fatalf("the board shows no %s; the page says %q", sel, p.now().Text)
		}
		var seen []box
		for _, b := range all {
			if b.In && b.Hit {
				seen = append(seen, b)
			}
		}
		if len(seen) > 0 {
			b := seen[k%len(seen)]
			p.tap(b.cx(), b.cy())
			return
		}
		bb := p.boardBox()
		dx := math.Max(-bb.W/2, math.Min(bb.W/2, bb.cx()-all[0].cx()))
		dy := math.Max(-bb.H/2, math.Min(bb.H/2, bb.cy()-all[0].cy()))
		p.drag(bb.cx(), bb.cy(), bb.cx()+dx, bb.cy()+dy)
	}
	p.t.Fatalf("no %s comes into sight on the board", sel)
}

// typeInto clicks a box, selects what it holds, deletes it and types
// text.
func (p *player) typeInto(sel, text string) {
	p.t.Helper()
	p.press(sel)
	do(p.t, p.ctx, "type into "+sel, chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent("\b"+text))
}

// everyKind fails the test unless the person answered every decision kind
// of the family through a control.
func (p *player) everyKind(fam string) {
	p.t.Helper()
	f := family.ByName(fam)
	if f == nil || f.Play == nil || len(f.Play.Decisions) == 0 {
		p.t.Fatalf("the family %s lists no decision kinds", fam)
	}
	var missing []string
	for _, k := range f.Play.Decisions {
		if p.answered[k] == 0 {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		p.t.Errorf("%s: the page never answered %q through a control (answered: %v)", fam, missing, p.answered)
	}
	p.t.Logf("%s: %d answers by clicks and typing: %v", fam, p.answers, p.answered)
}

// recordAgrees checks, in the room's record, that the seat's answers are
// the person's: as many as the page gave.
func recordAgrees(t *testing.T, base string, c Created, seat int, p *player) {
	t.Helper()
	var rec Record
	if st := call(t, "GET", base+"/api/rooms/"+c.Room+"/record", tokenOf(c.Seats[seat].Link), nil, &rec); st != http.StatusOK {
		t.Fatalf("record: HTTP %d", st)
	}
	n := 0
	for _, a := range rec.Answers {
		if a.Player == seat {
			n++
		}
	}
	if n != p.answers {
		t.Errorf("the room's record holds %d answers of seat %d, the person gave %d", n, seat, p.answers)
	}
}

// targetsLegible fails unless the board shows pickable things in sight,
// every one at least 32 pixels across, and every button of the page is
// 32 pixels high.
func (p *player) targetsLegible(where string) {
	p.t.Helper()
	r := eval[struct {
		Seen  int      `json:"seen"`
		Small []string `json:"small"`
	}](p, `(() => {
	  const board = document.getElementById("board").getBoundingClientRect(), small = [];
	  let seen = 0;
	  for (const e of document.querySelectorAll("#board .pickable")) {
	    const r = e.getBoundingClientRect();
	    if (r.right < board.left || r.left > board.right || r.bottom < board.top || r.top > board.bottom) continue;
	    seen++;
	    if (r.width < 31.5 || r.height < 31.5) small.push((e.id || e.getAttribute("class")) + " " + r.width.toFixed(1) + "×" + r.height.toFixed(1));
	  }
	  for (const e of document.querySelectorAll("button, select, input[type=number], label.check")) {
	    const r = e.getBoundingClientRect();
	    if (r.width && r.height < 31.5) small.push((e.id || e.textContent) + " " + r.width.toFixed(1) + "×" + r.height.toFixed(1));
	  }
	  return {seen, small};
	})()`)
	if r.Seen == 0 && !p.has("#stack") {
		p.t.Errorf("%s: nothing to click on the board is in sight", where)
	}
	if len(r.Small) > 0 {
		p.t.Errorf("%s: targets smaller than 32 pixels: %q", where, r.Small)
	}
}

// decisionArgs returns the pending decision's args as the page got them.
func decisionArgs[T any](p *player) T {
	p.t.Helper()
	raw := eval[string](p, `JSON.stringify(room.hint.decision ? room.hint.decision.args : null)`)
	var v T
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		p.t.Fatalf("the decision's args %s: %v", raw, err)
	}
	return v
}

// long reports whether the long browser games were asked for
// (SHAPAN_LONG=1): whole games, or their first 100 decisions.
func long() bool { return os.Getenv("SHAPAN_LONG") != "" }

func kindsOf(m map[string]int) string {
	var ks []string
	for k, n := range m {
		ks = append(ks, fmt.Sprintf("%s×%d", k, n))
	}
	slices.Sort(ks)
	return strings.Join(ks, " ")
}
