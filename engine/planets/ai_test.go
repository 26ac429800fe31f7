package planets

import (
	"bytes"
	"testing"

	"github.com/shapan/shapan/engine"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/longtest"
)

// aiVersusRandom plays n two-player games on a map, the AI of game i
// (newAI(i)) against the random player, the AI taking seat 0 in even
// games and seat 1 in odd ones; it returns the AI's wins and the rounds
// played.
func aiVersusRandom(t testing.TB, name string, n int, cap int64, newAI func(i int) Player) (wins int, rounds int64) {
	m := legacyMap(t, name)
	for i := 0; i < n; i++ {
		aiSeat := i % 2
		players := make([]Player, 2)
		players[aiSeat] = newAI(i)
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

// TestAIBeatsRandom is docs/engines.md's claim: on two-player games of
// oneline.yml (max_player 2) and of test.yml (two of its four seats), the
// AI taking each seat in turn, the AI beats the uniformly random player in
// every game (400 games: a 95 % Wilson interval of [0.990, 1]; 80 under
// -short and under -race, where every game must be won still).
func TestAIBeatsRandom(t *testing.T) {
	testBeatsRandom(t, func(int) Player { return NewAI() })
}

// TestSeededAIBeatsRandom: the same for the seeded AI, a new seed (hence
// a new temperament) every game.
func TestSeededAIBeatsRandom(t *testing.T) {
	testBeatsRandom(t, func(i int) Player { return NewSeededAI(SeatSeed(int64(i), 0)) })
}

// testBeatsRandom plays the games of TestAIBeatsRandom with the AIs of
// newAI.
func testBeatsRandom(t *testing.T, newAI func(i int) Player) {
	n := longtest.Sized(200, 40, 200)
	if testing.Short() {
		n = 40
	}
	total, wins := 0, 0
	for _, name := range []string{"oneline.yml", "test.yml"} {
		w, rounds := aiVersusRandom(t, name, n, 1000, newAI)
		lo, hi := engine.Wilson(w, n, engine.Z95)
		t.Logf("%s: the AI beat the random player in %d of %d games (%.1f %%), 95 %% Wilson interval [%.3f, %.3f], %.1f rounds a game",
			name, w, n, 100*float64(w)/float64(n), lo, hi, float64(rounds)/float64(n))
		total, wins = total+n, wins+w
		if w < n {
			t.Errorf("%s: the AI lost %d of %d games to the random player: interval [%.3f, %.3f]", name, n-w, n, lo, hi)
		}
	}
	lo, hi := engine.Wilson(wins, total, engine.Z95)
	t.Logf("overall: %d of %d (%.1f %%), 95 %% Wilson interval [%.3f, %.3f]", wins, total, 100*float64(wins)/float64(total), lo, hi)
}

// TestSeededAIHoldsItsOwn: the seeded AI is no weaker than the
// deterministic one. In two-player games of fight_here.yml and 九州 and
// four-player games of fight_here.yml (the starts shuffled, the seeded AI
// taking each seat in turn, NewAI the others), the 95 % Wilson interval
// of its wins must reach its fair share (one half, one quarter). Games
// are capped at round 400 (ranked as they stand).
func TestSeededAIHoldsItsOwn(t *testing.T) {
	n := longtest.Sized(60, 16, 60)
	if testing.Short() {
		n = min(n, 12)
	}
	fight, jiuzhou := legacyMap(t, "fight_here.yml"), sampleMap(t)
	for _, tc := range []struct {
		name    string
		m       *pfmt.Map
		players int
	}{{"fight_here.yml", fight, 2}, {"fight_here.yml", fight, 4}, {"九州", jiuzhou, 2}} {
		wins := 0
		for i := 0; i < n; i++ {
			seat := i % tc.players
			seats := Seats(NewAI(), tc.players)
			seats[seat] = NewSeededAI(SeatSeed(int64(i), seat))
			r, err := PlayGame(Setup{Map: tc.m, Players: tc.players, Seed: int64(i), Shuffle: true, MaxRounds: 400}, seats, 0)
			if err != nil {
				t.Fatal(err)
			}
			if r.Winner == seat {
				wins++
			}
		}
		lo, hi := engine.Wilson(wins, n, engine.Z95)
		fair := 1 / float64(tc.players)
		t.Logf("%s, %d players: the seeded AI beat NewAI in %d of %d games (%.1f %%, a fair share %.0f %%), 95 %% Wilson interval [%.3f, %.3f]",
			tc.name, tc.players, wins, n, 100*float64(wins)/float64(n), 100*fair, lo, hi)
		if hi < fair {
			t.Errorf("%s, %d players: the seeded AI is clearly weaker than NewAI: interval [%.3f, %.3f]", tc.name, tc.players, lo, hi)
		}
	}
}

// TestSeededAIReplays: a seeded AI plays the same game again with the
// same seed (its generator is its own, not the global one), and the
// seeded seats of another seed play another game; NewAI's game does not
// change when seeded games are played in between.
func TestSeededAIReplays(t *testing.T) {
	m := legacyMap(t, "fight_here.yml")
	trace := func(players func() []Player) string {
		var buf bytes.Buffer
		setup := Setup{Map: m, Seed: 3, Shuffle: true, MaxRounds: longtest.Sized[int64](120, 40, 120)}
		if _, err := PlayTraced(setup, players(), TraceHeader{Case: "fight_here.yml"}, &buf, 0); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	fixed := trace(func() []Player { return Seats(NewAI(), 4) })
	seeded := trace(func() []Player { return SeededSeats(3, 4) })
	if again := trace(func() []Player { return SeededSeats(3, 4) }); again != seeded {
		t.Error("the same seed played another game")
	}
	if other := trace(func() []Player { return SeededSeats(4, 4) }); other == seeded {
		t.Error("seeds 3 and 4 played the same game")
	}
	if seeded == fixed {
		t.Error("the seeded AIs played NewAI's game")
	}
	if again := trace(func() []Player { return Seats(NewAI(), 4) }); again != fixed {
		t.Error("NewAI played another game")
	}
}

// TestSeededAITemperaments: the temperaments drawn stay within their
// bounds, differ from seed to seed, and the seats of a game get
// different seeds.
func TestSeededAITemperaments(t *testing.T) {
	keeps := map[int64]bool{}
	for seed := int64(0); seed < 500; seed++ {
		ai := NewSeededAI(seed)
		if ai.Rand == nil || !ai.Probes || ai.Caution < 0 || ai.Caution > 0.1 || ai.Keep < 4 || ai.Keep > 8 ||
			ai.Guard < 0.25 || ai.Guard > 0.5 || ai.Aggression < -0.3 || ai.Aggression > 0.5 ||
			ai.Outlook < 0.05 || ai.Outlook > 0.2 || ai.Noise < 0.05 || ai.Noise > 0.2 {
			t.Fatalf("seed %d: temperament %+v", seed, *ai)
		}
		keeps[ai.Keep] = true
	}
	if len(keeps) != 5 {
		t.Errorf("keeps drawn: %v", keeps)
	}
	a, b := NewSeededAI(1), NewSeededAI(2)
	if a.Guard == b.Guard || a.Aggression == b.Aggression || a.Noise == b.Noise {
		t.Errorf("seeds 1 and 2 drew the same temperament: %+v, %+v", *a, *b)
	}
	seen := map[int64]bool{}
	for seed := int64(0); seed < 50; seed++ {
		for seat := 0; seat < 8; seat++ {
			seen[SeatSeed(seed, seat)] = true
		}
	}
	if len(seen) != 400 {
		t.Errorf("400 seats of 50 games got %d different seeds", len(seen))
	}
}

// TestAIGamesEnd: AI against AI on every legacy map, all seats taken,
// starts shuffled, with NewAI and with the seeded AI: every game ends (by
// the rules or at the cap).
func TestAIGamesEnd(t *testing.T) {
	for _, name := range legacyMaps {
		m := legacyMap(t, name)
		for i := 0; i < longtest.Sized(4, 2, 4); i++ { // under -race 2 a map
			g, err := New(Setup{Map: m, Seed: int64(i), Shuffle: true, MaxRounds: 400}, Options{Machine: engine.Options{DropEvents: true}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := PlayOut(g, Seats(NewAI(), g.NumPlayers()), 10_000); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkInvariants(t, g)
			g, err = New(Setup{Map: m, Seed: int64(i), Shuffle: true, MaxRounds: 400}, Options{Machine: engine.Options{DropEvents: true}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := PlayOut(g, SeededSeats(int64(i), g.NumPlayers()), 10_000); err != nil {
				t.Fatalf("%s, seeded: %v", name, err)
			}
			checkInvariants(t, g)
		}
	}
}
