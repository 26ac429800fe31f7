package main

import (
	"image"
	"os"
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
	t.Parallel()
	dir := t.TempDir()
	data, _ := samples.Read("battle/小沛.yaml")
	path := filepath.Join(dir, "小沛.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	st := startStudio(t, "--size", "1280x800", path)

	st.clickAt(playButton)
	st.clickAt(dialogPlay)
	st.drawn(st.waitWindow("Play 小沛.yaml", patience))
	// The pick round's question: the heroes' buttons, in both columns.
	st.waitPixel(heroLeftX, heroLeftY, buttonGrey, "the pick round's first hero")
	st.waitPixel(heroRightX, heroRightY, buttonGrey, "the pick round's second hero")
	for _, at := range heroButtons {
		st.clickAt(at)
	}
	st.waitButtonRow(sendRowY, "Send team enabled by six heroes")
	st.clickAt(sendButton)
	st.waitPixel(ordersAskedX, ordersAskedY, primaryBlue, "round 2's orders asked")
	if st.pixel(cellStepX, cellStepY) == sideZeroDisc {
		t.Fatal("a side-0 hero stands on (4,4) before any move")
	}
	st.clickAt(cellBase) // 吕布, first of the six on the base
	st.clickAt(cellStep)
	st.clickAt(sendButton)
	st.waitPixel(cellStepX, cellStepY, sideZeroDisc, "a side-0 hero on (4,4) after the round")
}

// Points of the pick round's first two hero buttons (the left end of
// the first, the right half of the second, away from their text) and
// the colour of a button there.
const (
	heroLeftX, heroLeftY   = 10, 430
	heroRightX, heroRightY = 600, 441
	buttonGrey             = 0x28292e
)

// The row of the play window's Send button, above its text, and the
// part of the row the button's right-aligned box is in.
const (
	sendRowY                 = ordersAskedY
	sendRowMinX, sendRowMaxX = 900, 1180
)

// clickAt moves the pointer to "X Y" on the screen, clicks, and waits
// until the screen shows the click's effect.
func (st *xstudio) clickAt(at string) {
	st.t.Helper()
	xy := strings.Fields(at)
	before := st.state()
	st.xdo("mousemove", xy[0], xy[1], "click", "1")
	st.shown(before)
}

// screen returns what the screen shows, read from the X server (not
// through a screenshot's PNG: the tests read it ten times a second).
func (st *xstudio) screen() image.Image {
	st.t.Helper()
	img, err := st.px.Image(image.Rect(0, 0, screenW, screenH))
	if err != nil {
		st.t.Fatalf("reading the screen: %v\n%s", err, st.out.String())
	}
	return img
}

// pixel returns the screen's colour at (x, y) as 0xRRGGBB.
func (st *xstudio) pixel(x, y int) uint32 { return rgb(st.screen(), x, y) }

// waitPixel waits until the screen's colour at (x, y) is want.
func (st *xstudio) waitPixel(x, y int, want uint32, what string) {
	st.t.Helper()
	got, pause := st.pixel(x, y), pauser()
	for deadline := time.Now().Add(patience); got != want; got = st.pixel(x, y) {
		if time.Now().After(deadline) {
			st.t.Fatalf("waited %v for %s: the pixel at (%d,%d) is %06x, not %06x\n%s", patience, what, x, y, got, want, st.out.String())
		}
		pause()
	}
}

// waitButtonRow waits until the screen's row y shows, between sendRowMinX
// and sendRowMaxX, an enabled button in the theme's primary colour (40
// pixels of it in a row).
func (st *xstudio) waitButtonRow(y int, what string) {
	st.t.Helper()
	for deadline, pause := time.Now().Add(patience), pauser(); ; pause() {
		img, run := st.screen(), 0
		for x := sendRowMinX; x <= sendRowMaxX && run < 40; x++ {
			if run++; rgb(img, x, y) != primaryBlue {
				run = 0
			}
		}
		if run >= 40 {
			return
		}
		if time.Now().After(deadline) {
			st.t.Fatalf("waited %v for %s\n%s", patience, what, st.out.String())
		}
	}
}

func rgb(img image.Image, x, y int) uint32 {
	cr, cg, cb, _ := img.At(x, y).RGBA()
	return (cr>>8)<<16 | (cg>>8)<<8 | cb>>8
}
