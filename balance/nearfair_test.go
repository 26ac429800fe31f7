package balance

import "testing"

// TestANearlyFairDocumentIsJudgedFirst: a document whose baseline puts a
// side just outside the tolerance, but within two standard errors of it,
// may be fair already (oneline.yml with start A's res at 1.5: 55.2 % on
// its 400 common games, 51.5 % on 10,000), so it is judged on fresh games
// before any knob is measured. Side 0 here wins 51.5 % of the games and
// 54.25 % of the baseline's; the search used to measure its knobs, find
// none beyond the noise and end with no fair proposal.
func TestANearlyFairDocumentIsJudgedFirst(t *testing.T) {
	const a = 0.06 // σ(0.06) = 51.5 %
	r := modelSearch(t, "hp/赵云", a, map[string]float64{"hp/赵云": 0.2}, Options{Seed: nearFairSeed})
	base := r.Baseline.Measure
	if d := base.Sides[0].Wins.Rate - 0.5; d <= 0.03 || d > 0.03+2*0.025 {
		t.Fatalf("the baseline puts side 0 at %.2f%% on %d games: not just outside the band; choose another seed", 100*base.Sides[0].Wins.Rate, base.Games)
	}
	if r.Outcome != OutcomeFairAlready || r.Games.Knobs != 0 || r.Baseline.Fresh == nil {
		t.Fatalf("outcome %s, %d games measuring knobs:\n%s", r.Outcome, r.Games.Knobs, text(r))
	}
	t.Logf("%s", firstLine(r))
}

const nearFairSeed = 4
