package mbg

import (
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/internal/longtest"
)

// aiVersusRandom plays n two-player games on sanguo.map between the AI
// and the random player and returns the AI's wins. Game i leaves out role
// i%3 (start -1, no money), so that all three pairs of roles play, and
// the AI takes each seat of a pair in turn; the turn limit is 100 (the
// richest role wins a capped game).
func aiVersusRandom(t testing.TB, n int) (wins int) {
	sc := legacyScenario(t, "sanguo.map")
	for i := 0; i < n; i++ {
		out := i % 3
		var pair []int
		for r := 0; r < 3; r++ {
			if r != out {
				pair = append(pair, r)
			}
		}
		aiSeat, randomSeat := pair[(i/3)%2], pair[1-(i/3)%2]
		players := make([]Player, 3)
		players[aiSeat] = NewAI(int64(i))
		players[randomSeat] = NewRandomPlayer(int64(1_000_000 + i))
		o, err := PlayGame(Setup{Scenario: WithoutRole(sc, out), Seed: int64(i), MaxTurn: 100}, players, 1_000_000)
		if err != nil {
			t.Fatal(err)
		}
		if o.Result == aiSeat {
			wins++
		}
	}
	return wins
}

// TestAIBeatsRandom is docs/engines.md's claim: over 450 games the AI beats
// the random player with a 95 % Wilson interval whose lower bound is at
// least 0.99 (it wins every game). Under -short it plays 60 games, and
// must still win every one of them.
func TestAIBeatsRandom(t *testing.T) {
	n := longtest.Sized(450, 60, 450) // 60 under -race too
	if testing.Short() {
		n = 60
	}
	wins := aiVersusRandom(t, n)
	lo, hi := engine.Wilson(wins, n, engine.Z95)
	t.Logf("AI beat the random player in %d of %d games (%.1f %%), 95 %% Wilson interval [%.3f, %.3f]",
		wins, n, 100*float64(wins)/float64(n), lo, hi)
	if wins < n {
		t.Fatalf("the AI lost %d of %d games to the random player: interval [%.3f, %.3f]", n-wins, n, lo, hi)
	}
}

// TestAIGamesNeverStall plays AI against AI on every sample scenario.
func TestAIGamesNeverStall(t *testing.T) {
	for _, name := range []string{"sanguo.map", "test_game.map", "test_battle.map", "test.map"} {
		sc := legacyScenario(t, name)
		for i := range longtest.Sized(20, 2, 20) { // under -race 2: with cards filled and without
			ai := NewAI(int64(i))
			players := make([]Player, len(sc.Roles))
			for r := range players {
				players[r] = ai
			}
			if _, err := PlayGame(Setup{Scenario: sc, Seed: int64(i), MaxTurn: 100, FillCards: i % 2}, players, 1_000_000); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
	}
}
