package serve

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHostPageUploadsAndSeats: the host page lists the seats of the file
// chosen for upload as soon as it is chosen (not those of the document
// chosen before), the first a person and the others the computer; the
// room is made with those kinds; a seat's link pasted into the tab of
// another seat opens that seat; the events are listed newest first,
// numbered from the first, without a line for every answer.
func TestHostPageUploadsAndSeats(t *testing.T) {
	t.Parallel()
	ctx := browserAt(t, 1280, 900, false)
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, Dir: t.TempDir()})
	p := newPlayer(t, ctx, false)
	do(t, ctx, "open the host page", chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.ID("seat-1")))
	seats := func() []string {
		return eval[[]string](p, `[...document.querySelectorAll("#seats label")].map((l) => l.firstChild.textContent.trim() + ":" + l.querySelector("select").value)`)
	}
	if got := strings.Join(seats(), " "); got != "player 0:person player 1:computer" {
		t.Fatalf("the seats of 决斗.yml: %q, want player 0 a person and player 1 the computer", got)
	}

	// An ftbt level and its rules, uploaded (the rules as the game's own
	// .tech file, whose name tells its form): its two sides are listed.
	dir := t.TempDir()
	for _, f := range []string{"长坂坡.yaml", "兵法.tech"} {
		b, err := os.ReadFile(filepath.Join("..", "samples", "ftbt", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do(t, ctx, "choose the level", chromedp.SetUploadFiles(chromedp.ID("upload"), []string{filepath.Join(dir, "长坂坡.yaml")}))
	p.waitFor(func() bool {
		return strings.Contains(eval[string](p, `document.getElementById("upload-note").textContent`), "cannot be played")
	}, "the level without its rules")
	do(t, ctx, "choose its rules", chromedp.SetUploadFiles(chromedp.ID("rules"), []string{filepath.Join(dir, "兵法.tech")}))
	p.waitFor(func() bool { return strings.Join(seats(), " ") == "side 0:person side 1:computer" }, "the level's seats")
	if note := eval[string](p, `document.getElementById("upload-note").textContent`); !strings.Contains(note, "ftbt") {
		t.Fatalf("the note on the upload says %q", note)
	}
	// Both sides people: the room gives two links.
	do(t, ctx, "side 1 a person", chromedp.SetValue(chromedp.ID("seat-1"), "person"))
	p.press("#create-room")
	p.waitFor(func() bool { return p.has("#link-1") }, "creating the room")
	links := eval[[]string](p, `[document.getElementById("link-0").value, document.getElementById("link-1").value]`)

	// One tab, side 0's link, then side 1's pasted over it.
	do(t, ctx, "open side 0", chromedp.Navigate(links[0]), chromedp.WaitVisible(chromedp.CSS("#board svg")))
	p.waitFor(func() bool { return strings.HasPrefix(p.now().Text, "You are side 0.") }, "side 0's page")
	p.next()
	p.press("#end-turn")
	p.waitFor(func() bool { return p.now().Kind == "confirm" }, "ending the turn")
	p.press("#yes")
	do(t, ctx, "paste side 1's link", chromedp.Navigate(links[1]))
	p.waitFor(func() bool { return strings.HasPrefix(p.now().Text, "You are side 1.") }, "side 1's link in the same tab")

	events := eval[[]string](p, `[...document.querySelectorAll("#events li")].map((li) => li.value + " " + li.textContent)`)
	if len(events) < 2 {
		t.Fatalf("the page tells %d events", len(events))
	}
	for i, e := range events {
		if want := len(events) - i; !strings.HasPrefix(e, strconv.Itoa(want)+" ") {
			t.Errorf("event %d of the list (newest first) is numbered %q, want %d", i, e, want)
		}
		if regexp.MustCompile(`answered \(turn \d+\)`).MatchString(e) {
			t.Errorf("the list tells an answer: %q", e)
		}
	}
}
