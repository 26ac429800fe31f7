package battle

import (
	"testing"

	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/preview"
)

// TestBattlePreviewListsTheRoster: a map with a roster override gets a
// legend line naming the changed heroes and stats.
func TestBattlePreviewListsTheRoster(t *testing.T) {
	m := battle.NewStandard(30, 20)
	plain := BattleMap(m, preview.Options{})
	f, hp := 110, 1400
	m.Roster = []battle.RosterEntry{{Name: "吕布", Force: &f, HP: &hp}}
	withRoster := BattleMap(m, preview.Options{})
	if d := withRoster.Bounds().Dy() - plain.Bounds().Dy(); d != 20 {
		t.Fatalf("the roster line adds %d pixels, want 20", d)
	}
	if got := rosterText(m.Roster); got != "吕布 武力110 体力1400" {
		t.Errorf("roster line %q", got)
	}
	inked := 0
	b := withRoster.Bounds()
	for y := b.Max.Y - 28; y < b.Max.Y; y++ {
		for x := 0; x < b.Max.X; x++ {
			if r, g, bl, _ := withRoster.At(x, y).RGBA(); r+g+bl < 3*0x6000 {
				inked++ // dark: the text
			}
		}
	}
	if inked < 50 {
		t.Errorf("the roster line is not drawn (%d ink pixels)", inked)
	}
}
