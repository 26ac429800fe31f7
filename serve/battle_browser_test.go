package serve

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/shapan/shapan/serve/pcserver"
)

// battlePage is what a battle page shows.
type battlePage struct {
	Status string   `json:"status"`
	Turn   string   `json:"turn"`
	Text   string   `json:"text"`
	Chosen int      `json:"chosen"` // the heroes chosen for the team
	Orders []string `json:"orders"`
	Events []string `json:"events"`
	// Units is where each hero of the page's side on top of a stack (or
	// alone) stands, "x,y"; Heroes counts the side's heroes on the map,
	// stacks included.
	Units  map[string]string `json:"units"`
	Heroes int               `json:"heroes"`
}

const readBattlePage = `(() => {
  const side = (document.getElementById("status").textContent.match(/side (\d)/) || [])[1];
  return {status: document.body.dataset.status || "", turn: document.body.dataset.turn || "",
    text: document.getElementById("status").textContent,
    chosen: document.querySelectorAll(".pool button.primary").length,
    orders: [...document.querySelectorAll("#orders li")].map((li) => li.textContent),
    events: [...document.querySelectorAll("#events li")].map((li) => li.textContent),
    units: Object.fromEntries([...document.querySelectorAll("#battle g.unit[id^='unit-" + side + "-']")].map((g) =>
      [g.dataset.hero, g.querySelector("circle").getAttribute("cx") + "," + g.querySelector("circle").getAttribute("cy")])),
    heroes: [...document.querySelectorAll("#battle g.unit[id^='unit-" + side + "-']")].reduce((n, g) => n + Number(g.dataset.stack), 0)};
})()`

// TestTwoBrowsersPlayABattle: two pages of a real browser, one per side,
// play the battle game, whose sides order at once each round: both write
// their orders at the same time (side 1's choices survive side 0's
// answer), a hero is moved by clicking it and a marked cell, the round is
// told in words, and a forfeit ends the game on both pages.
func TestTwoBrowsersPlayABattle(t *testing.T) {
	ctx0, ctx1 := browser(t), browser(t)
	src, err := os.ReadFile(filepath.Join("..", "samples", "battle", "小沛.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, base := startServer(t, Options{Documents: []*Document{document(t, "小沛.yaml", string(src))}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "小沛.yaml", Seed: ptr(int64(7)), Seats: []string{"person", "person"}})
	pages := []context.Context{ctx0, ctx1}
	for k, ctx := range pages {
		do(t, ctx, "open the page", chromedp.Navigate(base+c.Seats[k].Link), chromedp.WaitVisible(chromedp.CSS(`#battle`)),
			chromedp.WaitVisible(chromedp.ID("send")))
	}

	// Round 1: both choose their teams; side 1 chooses first, side 0
	// sends first, and side 1's choice is still there to send.
	for _, ctx := range []context.Context{ctx1, ctx0} {
		for range 6 {
			do(t, ctx, "choose a hero", chromedp.Click(chromedp.CSS(".pool button:not(.primary)")))
		}
	}
	do(t, ctx0, "send the team", chromedp.Click(chromedp.ID("send")), chromedp.WaitVisible(chromedp.CSS(`body[data-status="wait"]`)))
	p1 := read(t, ctx1)
	if p1.Status != "play" || p1.Chosen != 6 {
		t.Fatalf("side 1 after side 0's answer: status %q, %d heroes chosen, want play and 6 (page %q)", p1.Status, p1.Chosen, p1.Text)
	}
	do(t, ctx1, "send the team", chromedp.Click(chromedp.ID("send")))
	for k, ctx := range pages {
		do(t, ctx, "round 2", chromedp.WaitVisible(chromedp.CSS(`body[data-status="play"] #battle[data-round="2"]`)))
		if p := read(t, ctx); p.Heroes != 6 {
			t.Fatalf("page %d shows %d heroes of its side on the map, want 6 (%q)", k, p.Heroes, p.Text)
		}
	}

	// Round 2: side 0 moves a hero one cell by clicking: the six stand
	// on their base, and the page asks which of them is meant. Side 1
	// sends no orders.
	// The page stayed scrolled down where the team was sent, and the
	// board's top row lies under the sticky status line: the player
	// scrolls back up to the board first (a click at the unit's centre
	// landed on the status line in Chromium 156.0.8078.129).
	before := read(t, ctx0)
	do(t, ctx0, "scroll up to the board", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	do(t, ctx0, "pick the stack", chromedp.Click(chromedp.CSS(`#battle g.unit.pickable`)), chromedp.WaitVisible(chromedp.CSS(`#stack`)))
	do(t, ctx0, "pick the hero", chromedp.Click(chromedp.CSS(`#stack button:nth-of-type(2)`)), chromedp.WaitVisible(chromedp.CSS(`#battle rect.target`)))
	do(t, ctx0, "pick a cell", chromedp.Click(chromedp.CSS(`#battle rect.target`)), chromedp.WaitVisible(chromedp.CSS(`#orders li`)))
	p0 := read(t, ctx0)
	if len(p0.Orders) != 1 || !strings.Contains(p0.Orders[0], "moves to") {
		t.Fatalf("side 0's orders: %q, want one move", p0.Orders)
	}
	do(t, ctx1, "send no orders", chromedp.Click(chromedp.ID("send")), chromedp.WaitVisible(chromedp.CSS(`body[data-status="wait"]`)))
	do(t, ctx0, "send the orders", chromedp.Click(chromedp.ID("send")))
	for _, ctx := range pages {
		do(t, ctx, "round 3", chromedp.WaitVisible(chromedp.CSS(`body[data-status="play"] #battle[data-round="3"]`)))
	}
	after := read(t, ctx0)
	hero, _, _ := strings.Cut(p0.Orders[0], " ")
	if after.Units[hero] == before.Units[hero] || after.Units[hero] == "" {
		t.Fatalf("%s stayed at %s (orders %q; events %q)", hero, before.Units[hero], p0.Orders, after.Events)
	}
	if !anyContains(after.Events, "moves") || !anyContains(after.Events, "round 3") {
		t.Fatalf("the events told do not tell the move and the new round: %q", after.Events)
	}

	// Round 3: side 1 forfeits, side 0 sends no orders: the game ends.
	do(t, ctx1, "forfeit", chromedp.Click(chromedp.ID("quit")), chromedp.Click(chromedp.ID("quit-yes")),
		chromedp.WaitVisible(chromedp.CSS(`body[data-status="wait"]`)))
	do(t, ctx0, "send no orders", chromedp.Click(chromedp.ID("send")))
	for k, ctx := range pages {
		do(t, ctx, "the end", chromedp.WaitVisible(chromedp.CSS(`body[data-status="over"]`)))
		if p := read(t, ctx); !strings.Contains(p.Text, "Winner: side 0") {
			t.Fatalf("page %d says %q at the end, want side 0 the winner", k, p.Text)
		}
	}
}

// do runs actions on a page within 20 seconds, and shows the page when
// they fail.
func do(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(wctx, actions...); err != nil {
		html, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent + "\n" + document.getElementById("controls").innerText`))
		t.Fatalf("%s: %v\nthe page shows:\n%s", what, err, html)
	}
}

func read(t *testing.T, ctx context.Context) battlePage {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[battlePage](readBattlePage))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func anyContains(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// TestPageListsPlanetConquerGames: the host page lists the finished games
// of the Planet-Conquer rooms, and their links download the traces.
func TestPageListsPlanetConquerGames(t *testing.T) {
	ctx := browser(t)
	doc := document(t, "决斗.yml", duelMap)
	s, base := startServer(t, Options{Dir: t.TempDir(), Documents: []*Document{doc}, Protocol: &pcserver.Options{Map: planetsMap(t, doc), Computers: 1, Seed: 2}})
	resp, err := http.PostForm(base+"/cmd", url.Values{"op": {"add"}, "room": {"0"}, "name": {"张飞"}, "side": {"go"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for range 200 {
		s.pc.(*pcserver.Server).StepRoom(0)
	}
	do(t, ctx, "open the page", chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#pc-list a.pc-game")))
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
	  const a = document.querySelector("#pc-list a.pc-game");
	  const r = await fetch(a.href);
	  return [a.textContent, a.getAttribute("download"), (await r.text()).split("\n")[0]];
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got[0], "room 0, game ") || !strings.HasPrefix(got[1], "planet-conquer-00-") || !strings.Contains(got[2], `"format":"planets-table/1"`) {
		t.Fatalf("the page's game link: %q", got)
	}
}
