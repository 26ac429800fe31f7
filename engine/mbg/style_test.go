package mbg

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
)

// aiStyles are the AI's styles measured against its own (docs/ai.md,
// "mbg: the AI's own thresholds").
var aiStyles = []struct {
	name string
	set  func(*Style)
}{
	{"the AI's own", func(*Style) {}},
	{"attack at 35 %", func(s *Style) { s.AttackOdds = 0.35 }},
	{"attack at 65 %", func(s *Style) { s.AttackOdds = 0.65 }},
	{"fight a role at 40 %", func(s *Style) { s.FightOdds = 0.40 }},
	{"fight a role at 70 %", func(s *Style) { s.FightOdds = 0.70 }},
	{"keep 1000 or 15 %", func(s *Style) { s.Reserve, s.ReserveShare = 1000, 0.15 }},
	{"keep 6000 or 60 %", func(s *Style) { s.Reserve, s.ReserveShare = 6000, 0.6 }},
	{"keep nothing", func(s *Style) { s.Reserve, s.ReserveShare = 0, 0 }},
	{"hire until 5 turns left", func(s *Style) { s.HireUntil = 5 }},
	{"hire however many travel", func(s *Style) { s.HireTravellers = 1 << 20 }},
	{"occupy with one officer always", func(s *Style) { s.OccupyMoney = 0 }},
	{"study whatever the money", func(s *Style) { s.StudyMoney = 0 }},
	{"never study", func(s *Style) { s.StudyMoney = 1e9 }},
	{"hire no one", func(s *Style) { s.HireUntil = 1 << 20 }},
	{"occupy with two officers only", func(s *Style) { s.OccupyMoney = 1e9 }},
	{"play no card", func(s *Style) { s.NoCards = true }},
}

// TestAIStylesAgainstTheAI plays each style of aiStyles in one seat of
// the two-role maps SHAPAN_AI_STYLES (comma-separated scenario files)
// against the AI in the other, the seats swapped game by game, 400
// games a style on the same seeds (~10 ms of CPU a game), and prints
// the style's wins: a measurement, which checks nothing.
func TestAIStylesAgainstTheAI(t *testing.T) {
	maps := os.Getenv("SHAPAN_AI_STYLES")
	if maps == "" {
		t.Skip("a measurement: SHAPAN_AI_STYLES=a.map,b.yaml go test -run TestAIStylesAgainstTheAI")
	}
	const games = 400
	for _, path := range strings.Split(maps, ",") {
		sc, err := LoadScenario(path)
		if err != nil {
			t.Fatal(err)
		}
		var present []int
		for i, r := range sc.Roles {
			if r.Start != -1 {
				present = append(present, i)
			}
		}
		for _, st := range aiStyles {
			wins := 0
			for gi := range games {
				seed := int64(gi + 1)
				g, err := New(Setup{Scenario: sc, Seed: seed, MaxTurn: 100}, Options{Machine: engine.Options{DropEvents: true, DropAnswers: true}})
				if err != nil {
					t.Fatal(err)
				}
				me := present[gi%len(present)]
				players := make([]engine.Player[*Game], g.NumRoles())
				for r := range players {
					ai := NewAI(seed*7 + int64(r))
					if r == me {
						st.set(&ai.Style)
					}
					players[r] = ai
				}
				if err := engine.PlayOut(g, players, engine.PlayOptions{MaxDecisions: 200_000}); err != nil {
					t.Fatal(err)
				}
				if res, _ := g.Winner(); res == me {
					wins++
				}
				g.Close()
			}
			fmt.Printf("%s\t%s\t%d of %d\t%.1f %%\n", path, st.name, wins, games, 100*float64(wins)/games)
		}
	}
}
