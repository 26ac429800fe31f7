package serve

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/samples"
)

// mbgPage is what the page shows of an mbg room.
type mbgPage struct {
	Squares int      `json:"squares"`
	Labels  []string `json:"labels"`
	Tokens  int      `json:"tokens"`
	Status  string   `json:"status"`
	Turn    string   `json:"turn"`
	Buttons []string `json:"buttons"`
	Events  int      `json:"events"`
}

const readMBGPage = `(() => ({
  squares: document.querySelectorAll("svg#mbg g.square").length,
  labels: [...document.querySelectorAll("svg#mbg g.square")].map((g) => g.textContent),
  tokens: document.querySelectorAll("svg#mbg circle.role").length,
  status: document.body.dataset.status || "", turn: document.body.dataset.turn || "",
  buttons: [...document.querySelectorAll("#controls button")].map((b) => b.id).filter((id) => id),
  events: document.getElementById("events").children.length,
}))()`

// TestBrowserPlaysAnMBGRoom: a person in a real browser plays the sample
// mbg scenario against two computers: the page draws the board as SVG
// with every square named, the person rolls the dice by clicking, and the
// game goes on to the person's next decisions, each answered by a click.
func TestBrowserPlaysAnMBGRoom(t *testing.T) {
	ctx := browser(t)
	src, err := samples.Read("mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("赤壁.yaml", src, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, base := startServer(t, Options{Documents: []*Document{{Name: "赤壁.yaml", Doc: doc}}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "赤壁.yaml", Seed: ptr(int64(1)), Seats: []string{"person", "computer", "computer"}})
	var st State
	call(t, "GET", base+"/api/rooms/"+c.Room+"/state", tokenOf(c.Seats[0].Link), nil, &st)
	board := st.Board.(map[string]any)
	squares := board["squares"].([]any)

	do(t, ctx, "open the room", chromedp.Navigate(base+c.Seats[0].Link),
		chromedp.WaitVisible(chromedp.CSS("svg#mbg g.square")), chromedp.WaitVisible(chromedp.ID("mbg-roll")))
	p := readMBG(t, ctx)
	if p.Squares != len(squares) || p.Squares != 36 {
		t.Fatalf("the page draws %d squares, the board has %d (36 in the sample)", p.Squares, len(squares))
	}
	for i, sq := range squares {
		label := sq.(map[string]any)["label"].(string)
		if !contains(p.Labels[i], label) {
			t.Fatalf("square %d shows %q, want its name %q", i, p.Labels[i], label)
		}
	}
	if p.Tokens != 3 {
		t.Fatalf("the page shows %d roles on the board, want 3", p.Tokens)
	}

	// The page fetches the room again at every item of the stream; while
	// the question is the same, its buttons and board stay the same nodes
	// (a click aimed at one lands on it).
	kept, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
	  document.getElementById("mbg-roll").dataset.mark = "kept";
	  document.querySelector("svg#mbg").dataset.mark = "kept";
	  await refresh();
	  return [document.getElementById("mbg-roll").dataset.mark || "replaced", document.querySelector("svg#mbg").dataset.mark || "replaced"];
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || len(kept) != 2 || kept[0] != "kept" || kept[1] != "kept" {
		t.Fatalf("after fetching the same question again, the button and the board are %v (%v), want kept", kept, err)
	}

	// An answer the rules refuse is told on the page, and the question
	// stays.
	refused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
	  await answer("no such answer");
	  // The refusal comes back from the server: wait for it (up to 10 s).
	  for (let i = 0; i < 200 && !document.getElementById("status").textContent.includes("Refused: "); i++) {
	    await new Promise((ok) => setTimeout(ok, 50));
	  }
	  return document.getElementById("status").textContent;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil || !strings.Contains(refused, "Your move. Refused: ") {
		t.Fatalf("after a refused answer the status says %q (%v)", refused, err)
	}

	// Roll the dice, then answer every decision of the person's by
	// clicking its first option, for a few decisions.
	first, _ := strconv.Atoi(p.Turn)
	clickAndWait(t, ctx, "mbg-roll", `body[data-turn="`+p.Turn+`"]`)
	waitForEvent(t, ctx, seededRoll(t, doc))
	for k := 0; k < 6; k++ {
		p = readMBG(t, ctx)
		if p.Status != "play" || len(p.Buttons) == 0 {
			break
		}
		id := p.Buttons[0]
		if id == "mbg-mos-send" {
			clickAndWait(t, ctx, "mbg-mos-0", "#mbg-mos-0:not(:checked)")
		}
		clickAndWait(t, ctx, id, `body[data-turn="`+p.Turn+`"]`)
	}
	p = readMBG(t, ctx)
	if now, _ := strconv.Atoi(p.Turn); now <= first {
		t.Fatalf("the game did not advance: turn %d, then %d", first, now)
	}
	if p.Events == 0 {
		t.Fatal("the page tells no events")
	}
	events, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#events li")].map((li) => li.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	raw := regexp.MustCompile(`^[a-z_]+( \{|$)`)
	for _, e := range events {
		if raw.MatchString(e) {
			t.Errorf("the page tells an event raw: %q", e)
		}
	}
}

// clickAndWait clicks the button id once and waits until the page leaves
// the state gone (a CSS selector). The page keeps its controls while the
// question stays the same, so the click lands on the button it found.
func clickAndWait(t *testing.T, ctx context.Context, id, gone string) {
	t.Helper()
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	err := chromedp.Do(wctx, chromedp.Click(chromedp.ID(id)), chromedp.WaitNotPresent(chromedp.CSS(gone)))
	if err == nil {
		return
	}
	html, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent + "\n" + document.getElementById("controls").innerText`))
	t.Fatalf("clicking %s: %v\nthe page shows:\n%s", id, err, html)
}

// seededRoll is the words of the first event of the sample's game with
// seed 1 when its first role rolls the dice, as the engine tells it: the
// page must show them.
func seededRoll(t *testing.T, doc *formats.Document) string {
	g, err := family.StartGame(doc, family.GameOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	d := g.Pending()
	if d == nil || d.Player != 0 {
		t.Fatalf("the game does not start with the first role's move: %v", d)
	}
	before := len(g.Events())
	if err := g.Answer(0, engine.Answer("-1")); err != nil {
		t.Fatal(err)
	}
	for _, e := range g.Events()[before:] {
		if e.EventName() == "note_role_move" {
			w := g.Describe(e)
			if !strings.HasPrefix(w, "魏 rolls ") {
				t.Fatalf("the first roll is told %q, want 魏 rolls …", w)
			}
			return w
		}
	}
	t.Fatal("rolling the dice moved no role")
	return ""
}

// waitForEvent waits until the page's list of events shows words.
func waitForEvent(t *testing.T, ctx context.Context, words string) {
	t.Helper()
	js := `[...document.querySelectorAll("#events li")].some((li) => li.textContent === ` + strconv.Quote(words) + `)`
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
	}
	list, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("events").innerText`))
	t.Fatalf("the page does not tell %q; its events:\n%s", words, list)
}

func readMBG(t *testing.T, ctx context.Context) mbgPage {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[mbgPage](readMBGPage))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
