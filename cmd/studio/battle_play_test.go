package main

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/samples"
)

// The places the battle play test clicks: the studio's Play button and
// the Play dialog's (in a 1280×800 studio), then in the play window (at
// the top left, 1180×740, the 41×31 map of 小沛 fitted into its board)
// the nine heroes' buttons of the pick round, Send, and the centres of
// the cells (3,3), side 0's base, and (4,4).
const (
	playButton   = "456 48"
	dialogPlay   = "684 494"
	sendButton   = "1110 641"
	cellBase     = "45 139"
	cellStep     = "57 151"
	cellStepX    = 57
	cellStepY    = 151
	sideZeroDisc = 0xd62728 // preview.PlayerColor(0), side 0's heroes
	// The left end of the enabled Send orders button, in the theme's
	// primary colour: the round's orders are asked.
	ordersAskedX, ordersAskedY = 1012, 632
	primaryBlue                = 0x296ff6
)

// heroButtons are the pick round's buttons of 吕布 and 赵云 (first row),
// 关羽 and 刘备 (second row), 曹操 and 孙权 (third row).
var heroButtons = []string{"295 441", "883 441", "295 481", "883 481", "295 521", "883 521"}

// TestPlayABattleRoundInARealWindow runs the studio on 小沛 in a virtual X
// server and, with xdotool, presses Play, accepts the dialog (side 0 a
// person, side 1 the tactician), clicks six heroes and Send team, then
// clicks 吕布 on the base, the cell (4,4) and Send orders: the play
// window's board, captured with import, shows a side-0 hero on (4,4),
// where no hero stood before the round.
func TestPlayABattleRoundInARealWindow(t *testing.T) {
	x := needX(t, "xdotool", "import")
	bin := buildStudio(t)
	display, stop := startXvfb(t, x["Xvfb"])
	defer stop()

	dir := t.TempDir()
	data, _ := samples.Read("battle/小沛.yaml")
	path := filepath.Join(dir, "小沛.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--size", "1280x800", path)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "LANG=en_US.UTF-8", "FYNE_SCALE=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	x11 := &realX{t: t, x: x, display: display, log: &out}
	defer x11.screenshotOnFailure("studio-battle-play-test.png")

	x11.waitWindow("Shapan")
	time.Sleep(2 * time.Second) // the first frames
	x11.click(playButton)
	time.Sleep(2 * time.Second) // the dialog
	x11.click(dialogPlay)
	x11.waitWindow("Play 小沛.yaml")
	time.Sleep(3 * time.Second) // the pick round's question
	for _, at := range heroButtons {
		x11.click(at)
	}
	x11.click(sendButton)
	x11.waitPixel(ordersAskedX, ordersAskedY, primaryBlue, "round 2's orders asked")
	if x11.pixel(cellStepX, cellStepY) == sideZeroDisc {
		t.Fatal("a side-0 hero stands on (4,4) before any move")
	}
	x11.click(cellBase) // 吕布, first of the six on the base
	x11.click(cellStep)
	x11.click(sendButton)
	x11.waitPixel(cellStepX, cellStepY, sideZeroDisc, "a side-0 hero on (4,4) after the round")
}

// realX drives a virtual X server with xdotool and reads it with import.
type realX struct {
	t       *testing.T
	x       map[string]string
	display string
	log     *bytes.Buffer // the studio's output, for failure messages
}

func (r *realX) run(name string, args ...string) []byte {
	r.t.Helper()
	c := exec.Command(r.x[name], args...)
	c.Env = append(os.Environ(), "DISPLAY="+r.display)
	b, err := c.Output()
	if err != nil {
		r.t.Fatalf("%s %s: %v\nstudio:\n%s", name, strings.Join(args, " "), err, r.log.String())
	}
	return b
}

// waitWindow waits for a window whose name contains name.
func (r *realX) waitWindow(name string) {
	r.t.Helper()
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		c := exec.Command(r.x["xdotool"], "search", "--name", name)
		c.Env = append(os.Environ(), "DISPLAY="+r.display)
		if b, _ := c.Output(); strings.TrimSpace(string(b)) != "" {
			return
		}
	}
	r.t.Fatalf("no window %q appeared:\n%s", name, r.log.String())
}

// click moves the pointer to "X Y" on the screen and clicks.
func (r *realX) click(at string) {
	r.t.Helper()
	xy := strings.Fields(at)
	r.run("xdotool", "mousemove", xy[0], xy[1], "click", "1")
	time.Sleep(700 * time.Millisecond)
}

// pixel returns the screen's colour at (x, y) as 0xRRGGBB.
func (r *realX) pixel(x, y int) uint32 {
	r.t.Helper()
	img, err := png.Decode(bytes.NewReader(r.run("import", "-window", "root", "png:-")))
	if err != nil {
		r.t.Fatalf("reading the screenshot: %v", err)
	}
	return rgb(img, x, y)
}

// waitPixel waits until the screen's colour at (x, y) is want.
func (r *realX) waitPixel(x, y int, want uint32, what string) {
	r.t.Helper()
	got := r.pixel(x, y)
	for deadline := time.Now().Add(60 * time.Second); got != want; got = r.pixel(x, y) {
		if time.Now().After(deadline) {
			r.t.Fatalf("waited a minute for %s: the pixel at (%d,%d) is %06x, not %06x\n%s", what, x, y, got, want, r.log.String())
		}
		time.Sleep(500 * time.Millisecond)
	}
}

func rgb(img image.Image, x, y int) uint32 {
	cr, cg, cb, _ := img.At(x, y).RGBA()
	return (cr>>8)<<16 | (cg>>8)<<8 | cb>>8
}

// screenshotOnFailure keeps a picture of the screen when the test failed.
func (r *realX) screenshotOnFailure(name string) {
	if !r.t.Failed() {
		return
	}
	shot := filepath.Join(os.TempDir(), name)
	c := exec.Command(r.x["import"], "-window", "root", shot)
	c.Env = append(os.Environ(), "DISPLAY="+r.display)
	if c.Run() == nil {
		r.t.Logf("screenshot: %s", shot)
	}
}
