package battleplay

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/internal/imagetest"
)

// TestPlayWindowImage renders the play window of the 小沛 sample in round
// 3 against greedy, 吕布 selected after a step and his next step and
// attack range shown, and compares it with its golden image.
func TestPlayWindowImage(t *testing.T) {
	st, s := openSample(t, "battle/小沛.yaml")
	w, m := start(t, st, s, true, "greedy", play.Options{Seed: 1})
	pickTeam(t, w, theTeam...)
	tapCell(m, 3, 3)
	tapCell(m, 4, 4)
	tapCell(m, 3, 3)
	tapCell(m, 3, 4) // 赵云, the next hero on the base
	tapText(t, w.Question(), "Send orders (2)")
	tapCell(m, 4, 4)
	tapCell(m, 5, 5)
	if m.g.Round() != 3 || m.form.sel != 0 {
		t.Fatalf("round %d, selected %d", m.g.Round(), m.form.sel)
	}
	// Lay the window out again with the question shown (the test driver
	// does not when a container's content grows).
	w.Window().Resize(fyne.NewSize(1100, 700))
	w.Window().Resize(fyne.NewSize(1180, 740))
	imagetest.Compare(t, "play-battle-window", w.Window().Canvas().Capture())
}
