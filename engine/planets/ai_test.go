package planets

import (
	"math"
	"testing"

	"github.com/shapan/shapan/engine"
)

// aiVersusRandom plays n two-player games on a map, the AI against the
// random player, the AI taking seat 0 in even games and seat 1 in odd
// ones; it returns the AI's wins and the rounds played.
func aiVersusRandom(t testing.TB, name string, n int, cap int64) (wins int, rounds int64) {
	m := legacyMap(t, name)
	for i := 0; i < n; i++ {
		aiSeat := i % 2
		players := make([]Player, 2)
		players[aiSeat] = NewAI()
		players[1-aiSeat] = NewRandomPlayer(int64(i))
		r, err := PlayGame(Setup{Map: m, Players: 2, Seed: int64(i), MaxRounds: cap}, players, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r.Winner == aiSeat {
			wins++
		}
		rounds += r.Rounds
	}
	return wins, rounds
}

// TestAIBeatsRandom: on two-player games of oneline.yml (max_player 2)
// and of test.yml (two of its four seats), the AI taking each seat in
// turn, the AI must beat the uniformly random player with a 95 % Wilson
// interval whose lower bound is above 0.9.
func TestAIBeatsRandom(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	total, wins := 0, 0
	for _, name := range []string{"oneline.yml", "test.yml"} {
		w, rounds := aiVersusRandom(t, name, n, 1000)
		lo, hi := Wilson(w, n, 1.96)
		t.Logf("%s: the AI beat the random player in %d of %d games (%.1f %%), 95 %% Wilson interval [%.3f, %.3f], %.1f rounds a game",
			name, w, n, 100*float64(w)/float64(n), lo, hi, float64(rounds)/float64(n))
		total, wins = total+n, wins+w
		if lo <= 0.9 && !testing.Short() {
			t.Errorf("%s: the AI's win rate is not clearly above 90 %%: interval [%.3f, %.3f]", name, lo, hi)
		}
	}
	lo, hi := Wilson(wins, total, 1.96)
	t.Logf("overall: %d of %d (%.1f %%), 95 %% Wilson interval [%.3f, %.3f]", wins, total, 100*float64(wins)/float64(total), lo, hi)
}

// TestAIGamesEnd: AI against AI on every legacy map, all seats taken,
// starts shuffled: every game ends (by the rules or at the cap).
func TestAIGamesEnd(t *testing.T) {
	for _, name := range legacyMaps {
		m := legacyMap(t, name)
		for i := 0; i < 4; i++ {
			g, err := New(Setup{Map: m, Seed: int64(i), Shuffle: true, MaxRounds: 400}, Options{Machine: engine.Options{DropEvents: true}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := PlayOut(g, Seats(NewAI(), g.NumPlayers()), 10_000); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkInvariants(t, g)
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(81, 100, 1.96)
	if math.Abs(lo-0.7222) > 1e-3 || math.Abs(hi-0.8750) > 1e-3 {
		t.Fatalf("Wilson(81, 100) = [%v, %v]", lo, hi)
	}
}
