package serve

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/shapan/shapan/internal/longtest"
)

// browser returns a context for a new tab of headless Chromium (Debian's
// chromium), in a browser context of its own: cookies and storage as a
// fresh profile's. The package's tests share one Chromium (starting one
// costs seconds of CPU); TestMain stops it. Without chromium the test is
// skipped, unless SHAPAN_REQUIRE_CHROMIUM is set (CI).
func browser(t *testing.T) context.Context {
	t.Helper()
	longtest.EndToEnd(t, "a page in Chromium")
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("SHAPAN_REQUIRE_CHROMIUM") != "" {
			t.Fatal("chromium is not installed, and SHAPAN_REQUIRE_CHROMIUM is set")
		}
		t.Skip("chromium is not installed (Debian package chromium): skipping the browser test")
	}
	shared.once.Do(func() { shared.start(path) })
	if shared.err != nil {
		t.Fatalf("starting chromium: %v", shared.err)
	}
	ctx, cancel := chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	ctx, cancelTime := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancel()
	})
	// A tab of its own browser context opens in a window of its own,
	// which the browser's --window-size does not size.
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tab *chromedp.Target) error {
		w, err := cdp.Call(ctx, tab, cdpbrowser.GetWindowForTarget, cdpbrowser.GetWindowForTargetParams{})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, tab, cdpbrowser.SetWindowBounds,
			cdpbrowser.SetWindowBoundsParams{WindowID: w.WindowID, Bounds: &cdpbrowser.Bounds{Width: browserW, Height: browserH}})
		return err
	}))
	if err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}

// The size of the browser's window, when a test does not choose one.
const browserW, browserH = 420, 860

// sharedBrowser is a Chromium the tests open their tabs in.
type sharedBrowser struct {
	once sync.Once
	ctx  context.Context // its first tab's: a test's tab is a child of it
	stop func()
	err  error
}

// shared is the package's tests' Chromium.
var shared sharedBrowser

// start starts Chromium at path, with a profile in a temporary folder.
func (b *sharedBrowser) start(path string) {
	dir, err := os.MkdirTemp("", "serve-chromium")
	if err != nil {
		b.err = err
		return
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.DisableGPU, chromedp.NoSandbox, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(dir), chromedp.WindowSize(browserW, browserH),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	b.ctx = ctx
	b.stop = func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(dir)
	}
	b.err = chromedp.Do(ctx)
}

// TestMain stops the Chromium the tests shared.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.stop != nil {
		shared.stop()
	}
	os.Exit(code)
}

// pageState reads what the page shows: its status, and the planet the
// seat holds and one it does not.
type pageState struct {
	Status string `json:"status"`
	Turn   string `json:"turn"`
	Home   string `json:"home"`
	Enemy  string `json:"enemy"`
	Text   string `json:"text"`
}

const readPage = `(() => {
  const s = {status: document.body.dataset.status || "", turn: document.body.dataset.turn || "", home: "", enemy: "",
             text: (document.getElementById("status") || {}).textContent || ""};
  const me = (document.getElementById("status").textContent.match(/player (\d+)/) || [])[1];
  for (const g of document.querySelectorAll("g.planet")) {
    if (g.dataset.owner === me && !s.home) s.home = g.id;
    else if (g.dataset.owner !== me && !s.enemy) s.enemy = g.id;
  }
  return s;
})()`

// TestTwoBrowsersPlayAPlanetsGame: two pages of a real browser, one per
// seat, play a Planet-Conquer game against each other to its end by
// clicking the board: player 0 sends its army at player 1's planet every
// round, player 1 sends no orders.
func TestTwoBrowsersPlayAPlanetsGame(t *testing.T) {
	ctx0, ctx1 := browser(t), browser(t)
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(5)), Seats: []string{"person", "person"}})
	pages := []context.Context{ctx0, ctx1}

	for k, ctx := range pages {
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err := chromedp.Do(wctx, chromedp.Navigate(base+c.Seats[k].Link), chromedp.WaitVisible(chromedp.CSS("#board svg")))
		cancel()
		if err != nil {
			html, _ := chromedp.Run(ctx, chromedp.Evaluate[string]("document.body.outerHTML"))
			t.Fatalf("page %d: %v\n%s", k, err, html)
		}
	}
	deadline := time.Now().Add(60 * time.Second)
	over := [2]bool{}
	moves := 0
	for !(over[0] && over[1]) {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end (moves %d)", moves)
		}
		for k, ctx := range pages {
			st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
			if err != nil {
				t.Fatalf("page %d: %v", k, err)
			}
			switch st.Status {
			case "over":
				over[k] = true
			case "play":
				var actions []chromedp.Action[chromedp.Void]
				if k == 0 && st.Home != "" && st.Enemy != "" {
					actions = append(actions, chromedp.Click(chromedp.ID(st.Home)), chromedp.Click(chromedp.ID(st.Enemy)))
				}
				actions = append(actions, chromedp.Click(chromedp.ID("send")),
					chromedp.WaitNotPresent(chromedp.CSS(fmt.Sprintf(`body[data-turn="%s"]`, st.Turn))))
				if err := chromedp.Do(ctx, actions...); err != nil {
					t.Fatalf("page %d, turn %s: %v", k, st.Turn, err)
				}
				moves++
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	text, err := chromedp.Run(ctx0, chromedp.Text(chromedp.ID("status")))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Winner: player 0."; !contains(text, want) {
		t.Fatalf("page 0 says %q, want %q", text, want)
	}
	if moves < 4 {
		t.Fatalf("the game ended after %d moves", moves)
	}
}

func ptr[T any](v T) *T { return &v }

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
