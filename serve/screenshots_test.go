package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWebScreenshots takes the screenshots of the page in docs: it is run
// by scripts/web-screenshots.sh against a `shapan serve` of its own
// (SHAPAN_WEB_URL, the documents of each family) and writes into
// SHAPAN_WEB_SHOTS. As a host does, it makes a room of each document on
// the host page (the first seat a person, the others the computer),
// opens the person's link at 1280×900 and on a 420×900 phone, and plays a
// few clicks into the game before each shot. Skipped without the two
// variables.
func TestWebScreenshots(t *testing.T) {
	url, dir := os.Getenv("SHAPAN_WEB_URL"), os.Getenv("SHAPAN_WEB_SHOTS")
	if url == "" || dir == "" {
		t.Skip("SHAPAN_WEB_URL and SHAPAN_WEB_SHOTS name the server and the folder (scripts/web-screenshots.sh)")
	}
	laptop, phone := browserAt(t, 1280, 900, false), browserAt(t, 420, 900, true)
	host := newPlayer(t, laptop, false)
	do(t, laptop, "open the host page", chromedp.Navigate(url+"/"), chromedp.WaitVisible(chromedp.ID("seat-0")))
	names := eval[[]string](host, `[...document.querySelectorAll("#document option")].filter((o) => o.value).map((o) => o.value + "|" + o.textContent)`)
	shot := func(p *player, name string) {
		t.Helper()
		eval[bool](p, `(window.scrollTo(0, 0), true)`)
		b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", name)
	}
	done := map[string]bool{}
	for _, n := range names {
		doc, label, _ := strings.Cut(n, "|")
		fam := label[strings.LastIndex(label, "(")+1 : len(label)-1]
		if done[fam] {
			continue
		}
		done[fam] = true
		do(t, laptop, "open the host page", chromedp.Navigate(url+"/"), chromedp.WaitVisible(chromedp.ID("seat-0")),
			chromedp.SetValue(chromedp.ID("document"), doc))
		eval[bool](host, `(document.getElementById("document").dispatchEvent(new Event("change")), true)`)
		if fam == "planets" {
			shot(host, "web-host.png")
		}
		host.press("#create-room")
		host.waitFor(func() bool { return host.has("#link-0") }, "creating a room of "+doc)
		link := eval[string](host, `document.getElementById("link-0").value`)
		lp, pp := newPlayer(t, laptop, false), newPlayer(t, phone, true)
		lp.open(link)
		pp.open(link)
		switch fam {
		case "ftbt":
			// A person picked: where they may go.
			lp.next()
			lp.clickBoard("#ftbt rect.pickable", 1)
			lp.waitFor(func() bool { return lp.now().Kind == "sel_move_obj" }, "picking a person")
			shot(lp, "web-ftbt.png")
			pp.waitFor(func() bool { return pp.now().Kind == "sel_move_obj" }, "the phone's page")
			shot(pp, "web-ftbt-phone.png")
		case "planets":
			// An order written: from a planet to another, half the units.
			lp.next()
			lp.clickBoard("g.planet.pickable.mine", 0)
			lp.clickBoard("g.planet.pickable:not(.selected)", 0)
			shot(lp, "web-planets.png")
			pp.next()
			pp.clickBoard("g.planet.pickable.mine", 0)
			shot(pp, "web-planets-phone.png")
		case "battle":
			// The team chosen; in round 2 the six on the base: which one?
			lp.next()
			for range 6 {
				lp.press(".pool button:not(.primary)")
			}
			s := lp.now()
			lp.press("#send")
			lp.sent(s)
			lp.next()
			pp.waitFor(func() bool { return pp.has("#battle g.unit.mine") }, "round 2 on the phone")
			lp.clickBoard("#battle g.unit.mine", 0)
			lp.press("#stack button:nth-of-type(1)")
			lp.waitFor(func() bool { return lp.has("#battle rect.target") }, "picking a hero")
			lp.clickBoard("#battle rect.target", 0)
			lp.clickBoard("#battle g.unit.mine", 0)
			shot(lp, "web-battle.png")
			pp.clickBoard("#battle g.unit.mine", 0)
			pp.waitFor(func() bool { return pp.has("#stack") }, "the stack's list")
			shot(pp, "web-battle-phone.png")
		case "mbg":
			// Roll the dice until a question other than the move.
			for k := 0; k < 40; k++ {
				s := lp.next()
				if s.Kind != "sel_role_action" && k > 0 {
					break
				}
				lp.press("#mbg-roll")
				lp.sent(s)
			}
			shot(lp, "web-mbg.png")
			pp.waitFor(func() bool { return pp.now().Kind == lp.now().Kind }, "the phone's page")
			shot(pp, "web-mbg-phone.png")
		}
	}
}
