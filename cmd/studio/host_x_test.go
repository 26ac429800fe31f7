package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/samples"
)

// Where the studio's menu bar (1280×800, Fyne's scale 1) has Play, and
// its menu the entry Host on the network…, in the window's coordinates.
const (
	playMenuX, playMenuY = 222, 14
	hostItemX, hostItemY = 280, 83
)

// TestStopHostingInARealWindow hosts 赤壁 (mbg) and 九州 (planets) from
// the studio on a desktop with a window manager: Play ▸ Host on the
// network, Host, a seat's answer over HTTP, Stop hosting; then hosts
// again, answers, and closes the hosting window with its frame's close
// button. The studio keeps running through all of it (stopping a
// hosting used to end the whole studio: "coro: OS thread locking must
// match locking at coroutine creation").
func TestStopHostingInARealWindow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"planets/九州.yaml", "mbg/赤壁.yaml"} {
		data, _ := samples.Read(name)
		p := filepath.Join(dir, filepath.Base(name))
		os.WriteFile(p, data, 0o644)
		paths = append(paths, p)
	}
	st := startStudioWM(t, append([]string{"--size", "1280x800"}, paths...)...)
	// The last document opened is shown: 赤壁, then 九州 (the first tab).
	for i, name := range []string{"赤壁.yaml", "九州.yaml"} {
		if i == 1 {
			st.click(40, 89) // the first tab
		}
		w := st.host(name, 1)
		st.answer(name)
		st.clickIn(w, st.size(w).X/2, -28) // Stop hosting, the window's last row
		st.closed(w, "Stop hosting")

		w = st.host(name, 2)
		st.answer(name)
		st.closeFrame(w)
		st.closed(w, "its close button")
	}
}

// host opens Play ▸ Host on the network and presses the dialog's Host
// button; it waits for the hosting window and for the n-th game of the
// document name to be kept on disk, and returns the window.
func (st *xstudio) host(name string, n int) string {
	st.t.Helper()
	st.click(playMenuX, playMenuY)
	st.click(hostItemX, hostItemY)
	st.clickPrimary()
	w := st.waitWindow("Hosting "+name, patience)
	for deadline, pause := time.Now().Add(patience), pauser(); len(st.hosted(name)) < n; pause() {
		if time.Now().After(deadline) {
			st.t.Fatalf("no hosted game of %s kept on disk", name)
		}
	}
	st.drawn(w)
	return w
}

// hostedGame is what the test reads of a game the studio hosts: the
// port it is served on and its room's header (seat tokens).
type hostedGame struct {
	port int
	room struct {
		ID    string `json:"id"`
		Seats []struct {
			Name  string `json:"name"`
			Token string `json:"token"`
		} `json:"seats"`
	}
}

// hosted lists the games of the document name the studio keeps on disk,
// oldest first.
func (st *xstudio) hosted(name string) []hostedGame {
	dirs, _ := filepath.Glob(filepath.Join(st.home, "config", "shapan", "hosted", "*"))
	var out []hostedGame
	for _, d := range dirs { // named by the time they were made
		var k struct {
			Name string `json:"name"`
			Port int    `json:"port"`
		}
		b, err := os.ReadFile(filepath.Join(d, "hosting.json"))
		if err != nil || json.Unmarshal(b, &k) != nil || k.Name != name {
			continue
		}
		logs, _ := filepath.Glob(filepath.Join(d, "rooms", "*.log"))
		if len(logs) != 1 {
			continue
		}
		rec, _ := os.ReadFile(logs[0])
		i := bytes.Index(rec, []byte(`{"id"`)) // the first record
		if i < 0 {
			continue
		}
		g := hostedGame{port: k.Port}
		if json.NewDecoder(bytes.NewReader(rec[i:])).Decode(&g.room) != nil {
			continue
		}
		out = append(out, g)
	}
	return out
}

// answer gives the first legal answer of the first seat of the latest
// hosted game of name that has a decision, over HTTP as a browser does.
func (st *xstudio) answer(name string) {
	st.t.Helper()
	games := st.hosted(name)
	g := games[len(games)-1]
	api := fmt.Sprintf("http://127.0.0.1:%d/api/rooms/%s/", g.port, g.room.ID)
	call := func(method, path, token, body string) []byte {
		req, _ := http.NewRequest(method, api+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			st.t.Fatalf("%s %s: %v\n%s", method, path, err, st.out.String())
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		if resp.StatusCode != http.StatusOK {
			st.t.Fatalf("%s %s: HTTP %d %s", method, path, resp.StatusCode, b.String())
		}
		return b.Bytes()
	}
	for deadline, pause := time.Now().Add(patience), pauser(); time.Now().Before(deadline); pause() {
		for _, s := range g.room.Seats {
			var h struct {
				Decision *struct {
					Turn  int `json:"turn"`
					Legal struct {
						Answers []json.RawMessage `json:"answers"`
					} `json:"legal"`
				} `json:"decision"`
			}
			if s.Token == "" || json.Unmarshal(call("GET", "hint", s.Token, ""), &h) != nil || h.Decision == nil || len(h.Decision.Legal.Answers) == 0 {
				continue
			}
			body := fmt.Sprintf(`{"turn":%d,"answer":%s,"request":"x%d"}`, h.Decision.Turn, h.Decision.Legal.Answers[0], h.Decision.Turn)
			call("POST", "react", s.Token, body)
			return
		}
	}
	st.t.Fatalf("no seat of %s had a decision to answer", name)
}

// closed checks that the window w is gone and the studio still runs.
func (st *xstudio) closed(w, how string) {
	st.t.Helper()
	// A stop closes the server, which waits for its rooms' last writes:
	// seconds on a loaded machine.
	for deadline, pause := time.Now().Add(patience), pauser(); time.Now().Before(deadline); pause() {
		if !st.alive() {
			st.t.Fatalf("the studio ended after %s:\n%s", how, st.head())
		}
		if !st.exists(w) {
			st.answers(how)
			return
		}
	}
	st.t.Fatalf("the hosting window stayed open after %s", how)
}

// answers checks that the studio still runs and handles input after
// how: its Play menu opens on a click and closes on Escape.
func (st *xstudio) answers(how string) {
	st.t.Helper()
	for _, input := range []func(){
		func() {
			st.xdo("mousemove", "--window", st.win, strconv.Itoa(playMenuX), strconv.Itoa(playMenuY), "click", "1")
		},
		func() { st.xdo("key", "Escape") },
	} {
		before := st.state()
		input()
		for deadline, pause := time.Now().Add(patience), pauser(); st.state() == before; pause() {
			if !st.alive() {
				st.t.Fatalf("the studio ended after %s:\n%s", how, st.head())
			}
			if time.Now().After(deadline) {
				st.t.Fatalf("the studio does not answer after %s:\n%s", how, st.head())
			}
		}
	}
	st.still()
}

// head returns the start of what the studio printed (a crash's message
// and the top of its stack).
func (st *xstudio) head() string {
	s := st.out.String()
	if len(s) > 3000 {
		s = s[:3000] + "…"
	}
	return s
}

// exists reports whether the window w is still on the display.
func (st *xstudio) exists(w string) bool {
	_, err := st.xdoErr("getwindowname", w)
	return err == nil
}

// clickIn clicks window w at (x, y) of its own coordinates; negative
// coordinates count from its right or bottom edge.
func (st *xstudio) clickIn(w string, x, y int) {
	st.t.Helper()
	size := st.size(w)
	if x < 0 {
		x += size.X
	}
	if y < 0 {
		y += size.Y
	}
	before := st.state()
	st.xdo("mousemove", "--window", w, strconv.Itoa(x), strconv.Itoa(y), "click", "1")
	st.shown(before)
}

// size returns the size of window w.
func (st *xstudio) size(w string) image.Point {
	var p image.Point
	var id, x, y int
	fmt.Sscanf(st.xdo("getwindowgeometry", "--shell", w), "WINDOW=%d\nX=%d\nY=%d\nWIDTH=%d\nHEIGHT=%d", &id, &x, &y, &p.X, &p.Y)
	return p
}

// closeFrame clicks the close button of window w's frame (openbox's
// title bar, at the top right above the window).
func (st *xstudio) closeFrame(w string) {
	st.t.Helper()
	// The window manager frames a new window a moment after it is
	// mapped (seconds on a loaded machine): until then the window is at
	// the top of the screen with no title bar above it.
	var x, y, width int
	for deadline, pause := time.Now().Add(patience), pauser(); ; pause() {
		out, err := exec.Command(st.x["xwininfo"], "-display", st.display, "-id", w).Output()
		if err != nil {
			st.t.Fatalf("xwininfo: %v", err)
		}
		for _, line := range strings.Split(string(out), "\n") {
			line = strings.TrimSpace(line)
			fmt.Sscanf(line, "Absolute upper-left X: %d", &x)
			fmt.Sscanf(line, "Absolute upper-left Y: %d", &y)
			fmt.Sscanf(line, "Width: %d", &width)
		}
		if y >= 12 {
			break
		}
		if time.Now().After(deadline) {
			st.t.Fatalf("window %s has no title bar above it (at y=%d) after %v", w, y, patience)
		}
	}
	before := st.state()
	st.xdo("mousemove", strconv.Itoa(x+width-11), strconv.Itoa(y-11), "click", "1")
	st.shown(before)
}

// grab returns what window w shows, in the window's coordinates, read
// from the X server (the tests read it ten times a second while they
// wait: no screenshot through ImageMagick and PNG).
func (st *xstudio) grab(w string) image.Image {
	st.t.Helper()
	r := st.rect(w)
	img, err := st.px.Image(r.Intersect(image.Rect(0, 0, screenW, screenH)))
	if err != nil {
		st.t.Fatalf("reading window %s at %v: %v\n%s", w, r, err, st.out.String())
	}
	img.Rect = img.Rect.Sub(r.Min) // the window's own coordinates
	return img
}

// rect returns where window w is on the screen (its frame left out), as
// xwininfo tells it.
func (st *xstudio) rect(w string) image.Rectangle {
	st.t.Helper()
	info, err := exec.LookPath("xwininfo")
	if err != nil {
		st.t.Fatal(err)
	}
	out, err := exec.Command(info, "-display", st.display, "-id", w).Output()
	if err != nil {
		return image.Rectangle{} // not mapped yet, or gone
	}
	var x, y, width, height int
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		fmt.Sscanf(line, "Absolute upper-left X: %d", &x)
		fmt.Sscanf(line, "Absolute upper-left Y: %d", &y)
		fmt.Sscanf(line, "Width: %d", &width)
		fmt.Sscanf(line, "Height: %d", &height)
	}
	return image.Rect(x, y, x+width, y+height)
}

// primary is the theme's primary colour: the dialogs' confirm buttons
// and the toolbar's Play button; below dialogTop of the screen is what
// is below the toolbar, with a window manager's title bar or without.
const (
	primary   = 0x296ff6
	dialogTop = 100
)

// clickPrimary waits until the screen shows a button filled with the
// theme's primary colour below the studio's toolbar — the confirm button
// of the dialog shown: at least 40 pixels wide and 10 high above its
// text (a selected tab's underline is as wide but 3 pixels high, radio
// buttons and checks are narrower) — and clicks it.
func (st *xstudio) clickPrimary() {
	st.t.Helper()
	for deadline, pause := time.Now().Add(patience), pauser(); ; pause() {
		if at, ok := primaryButton(st.screen()); ok {
			before := st.state()
			st.xdo("mousemove", strconv.Itoa(at.X), strconv.Itoa(at.Y), "click", "1")
			st.shown(before)
			return
		}
		if time.Now().After(deadline) {
			st.t.Fatal("no dialog with a confirm button on the screen")
		}
	}
}

// primaryButton finds a point of a box of the primary colour at least
// 40×10 pixels below dialogTop of img (the top of a button, above its
// text), in the middle of its width.
func primaryButton(img image.Image) (image.Point, bool) {
	b := img.Bounds()
	rows := 0 // rows in a row with a run of 40 pixels of the colour
	var x0, x1 int
	for y := max(b.Min.Y, dialogTop); y < b.Max.Y; y++ {
		run, best, end := 0, 0, 0
		for x := b.Min.X; x < b.Max.X; x++ {
			if rgb(img, x, y) != primary {
				run = 0
				continue
			}
			if run++; run > best {
				best, end = run, x+1
			}
		}
		if best < 40 {
			rows = 0
			continue
		}
		if rows == 0 {
			x0, x1 = end-best, end
		}
		if rows++; rows == 10 {
			return image.Pt((x0+x1)/2, y), true
		}
	}
	return image.Point{}, false
}
