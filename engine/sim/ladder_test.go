package sim_test

import (
	"context"
	"github.com/shapan/shapan/engine/sim"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	"strings"
	"testing"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// TestLadderJudgesEveryLevel: a ladder plays every level on the same
// seeds, judges each and says whether the verdict changes.
func TestLadderJudgesEveryLevel(t *testing.T) {
	doc := sampleDoc(t, "ftbt/长坂坡.yaml")
	level, rules := doc.Value.(*ftbtfmt.Level), doc.Rules.(*ftbtfmt.Rules)
	levels := []sim.Level{{Name: "random", Player: "random"}, {Name: "best", Player: "ai"}}
	l, err := sim.RunLadder(context.Background(), levels, func(player string) (sim.Family, error) {
		return ftbtsim.New(level, rules, ftbtsim.Options{TurnCap: 5, Players: []string{player}})
	}, sim.Options{Games: 6, Seed: 2, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Rungs) != 2 || l.Rungs[0].Player != "random" || l.Rungs[1].Player != "ai" || l.Rungs[1].Games != 6 {
		t.Fatalf("%+v", l.Rungs)
	}
	for _, r := range l.Rungs {
		if (r.Verdict.Text == "fair") != r.Verdict.Fair {
			t.Fatalf("%s: %+v", r.Name, r.Verdict)
		}
	}
	var b strings.Builder
	if err := l.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), l.Summary) || !strings.Contains(b.String(), "side 0") {
		t.Fatalf("%s", b.String())
	}
	wantChange := l.Rungs[0].Verdict.Fair != l.Rungs[1].Verdict.Fair ||
		(!l.Rungs[0].Verdict.Fair && l.Rungs[0].Verdict.Leader != l.Rungs[1].Verdict.Leader)
	if l.Changes != wantChange || !strings.HasPrefix(l.Summary, map[bool]string{true: "The verdict changes", false: "The verdict does not change"}[wantChange]) {
		t.Fatalf("changes %v: %s", l.Changes, l.Summary)
	}
}

func TestVerdict(t *testing.T) {
	sides := []sim.SideStats{{Name: "魏", Wins: sim.NewProportion(71, 100)}, {Name: "蜀", Wins: sim.NewProportion(29, 100)}}
	if v := sim.VerdictOf(sides, sim.NewProportion(0, 100), 100); v.Fair || v.Leader != 0 || v.Text != "魏 wins 71%" {
		t.Fatalf("%+v", v)
	}
	sides = []sim.SideStats{{Name: "a", Wins: sim.NewProportion(24, 100)}, {Name: "b", Wins: sim.NewProportion(26, 100)}}
	if v := sim.VerdictOf(sides, sim.NewProportion(50, 100), 100); !v.Fair {
		t.Fatalf("half draws, a quarter each: %+v", v)
	}
}
