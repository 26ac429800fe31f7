package sim

import (
	"errors"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// TestForDocument: every family's document gets its adapter with the
// family's default cap, and the documents that cannot be simulated say
// why.
func TestForDocument(t *testing.T) {
	for _, tc := range []struct {
		name, family string
		cap          int
	}{
		{"mbg/赤壁.yaml", "mbg", DefaultTurnCap},
		{changban, "ftbt", DefaultFTBTTurnCap},
		{jiuzhou, "planets", DefaultPlanetsRoundCap},
	} {
		f, err := ForDocument(sampleDoc(t, tc.name), DocOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		capOf := map[string]func() int{
			"mbg":     func() int { return f.(*MBG).TurnCap() },
			"ftbt":    func() int { return f.(*FTBT).TurnCap() },
			"planets": func() int { return f.(*Planets).RoundCap() },
		}
		if f.Name() != tc.family || capOf[tc.family]() != tc.cap {
			t.Errorf("%s: family %s, cap %d", tc.name, f.Name(), capOf[tc.family]())
		}
	}

	level := sampleDoc(t, changban)
	noRules := &formats.Document{Path: "x.yaml", Kind: ftbtfmt.KindLevel, Value: level.Value}
	if _, err := ForDocument(noRules, DocOptions{}); !errors.Is(err, ftbt.ErrNoRules) {
		t.Errorf("a level without rules: %v", err)
	}
	for _, tc := range []struct {
		doc  *formats.Document
		want string
	}{
		{sampleDoc(t, "ftbt/兵法.yaml"), "simulate a level played with them"},
		{sampleDoc(t, "battle/赤壁.yaml"), "a battle/map document cannot be simulated"},
		{nil, "no document"},
	} {
		if _, err := ForDocument(tc.doc, DocOptions{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err %v, want %q", err, tc.want)
		}
	}
	if _, err := ForDocument(level, DocOptions{TurnCap: -1}); err == nil {
		t.Error("a negative turn cap was accepted")
	}
	broken := *level.Value.(*ftbtfmt.Level)
	broken.People = append([]ftbtfmt.Person(nil), broken.People...)
	broken.People[1].X, broken.People[1].Y = broken.People[0].X, broken.People[0].Y
	if _, err := NewFTBT(&broken, level.Rules.(*ftbtfmt.Rules), FTBTOptions{}); err == nil {
		t.Error("a level with two people on one cell was accepted")
	}
}
