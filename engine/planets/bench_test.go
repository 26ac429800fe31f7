package planets

import (
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/internal/cputime"
)

// BenchmarkRoundsFightHere plays fight_here.yml with the AI in all four
// seats (starts shuffled per game, no event log) and reports game steps
// (rounds) per second, the AI's thinking included.
func BenchmarkRoundsFightHere(b *testing.B) {
	ai := NewAI()
	benchRounds(b, func(g *Game, d *engine.Decision) engine.Answer { return ai.Answer(g, d) })
}

// BenchmarkRoundsIdle is BenchmarkRoundsFightHere with players that never
// move (every order null), as the original engine's speed was measured:
// the rules alone, production and the status of every player included.
func BenchmarkRoundsIdle(b *testing.B) {
	benchRounds(b, func(*Game, *engine.Decision) engine.Answer { return engine.Answer("null") })
}

// BenchmarkRulesIdle plays rounds of fight_here.yml on the rules alone,
// as the original engine's speed was measured: every living player's
// order, null, is checked and submitted, then the step runs (moves,
// arrivals, battles, production, the finish check and every player's
// status). There is no decision machine: no coroutine switch, no board
// view handed to the players, no answer to decode. Rounds of finished
// games start a new game.
func BenchmarkRulesIdle(b *testing.B) {
	st, players, err := Setup{Map: legacyMap(b, "fight_here.yml"), Shuffle: true}.state()
	if err != nil {
		b.Fatal(err)
	}
	join := func() {
		for i := range players {
			if _, err := st.addPlayer(playerName(i)); err != nil {
				b.Fatal(err)
			}
		}
	}
	join()
	null := []byte("null")
	rounds, cpu := 0, cputime.Process()
	for b.Loop() {
		if st.status == StatusFinished {
			st.step() // the reset
			join()
		}
		for i := range st.players {
			if st.players[i].alive {
				c, err := st.checkOrder(i, null)
				if err != nil {
					b.Fatal(err)
				}
				st.submit(i, c)
			}
		}
		st.step()
		rounds++
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(rounds), "cpu-ns/round")
}

// benchRounds plays b.N rounds of fight_here.yml (four seats, starts
// shuffled per game, no event log) with answer in every seat and reports
// rounds per second.
func benchRounds(b *testing.B, answer func(*Game, *engine.Decision) engine.Answer) {
	m := legacyMap(b, "fight_here.yml")
	var g *Game
	seed := int64(0)
	start := func() {
		var err error
		g, err = New(Setup{Map: m, Seed: seed, Shuffle: true}, Options{Machine: engine.Options{DropEvents: true}})
		if err != nil {
			b.Fatal(err)
		}
		seed++
	}
	start()
	b.ResetTimer()
	rounds, cpu := 0, cputime.Process()
	for rounds < b.N {
		d := g.Pending()
		if d == nil {
			start()
			continue
		}
		round := g.Round()
		if err := g.Answer(d.Player, answer(g, d)); err != nil {
			b.Fatal(err)
		}
		if g.Round() != round {
			rounds++
		}
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(rounds), "cpu-ns/round")
}

// BenchmarkAIGame plays whole AI-against-AI games of fight_here.yml (four
// seats, starts shuffled, its round limit of 200) and reports games per
// second.
func BenchmarkAIGame(b *testing.B) {
	m := legacyMap(b, "fight_here.yml")
	ai := NewAI()
	b.ResetTimer()
	rounds := int64(0)
	for i := 0; i < b.N; i++ {
		r, err := PlayGame(Setup{Map: m, Seed: int64(i), Shuffle: true}, Seats(ai, 4), 0)
		if err != nil {
			b.Fatal(err)
		}
		rounds += r.Rounds
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// BenchmarkSeededAIGame is BenchmarkAIGame with the seeded AI in every
// seat, seeded from the game's seed (SeededSeats), as `shapan sim` plays.
func BenchmarkSeededAIGame(b *testing.B) {
	m := legacyMap(b, "fight_here.yml")
	b.ResetTimer()
	rounds := int64(0)
	for i := 0; i < b.N; i++ {
		r, err := PlayGame(Setup{Map: m, Seed: int64(i), Shuffle: true}, SeededSeats(int64(i), 4), 0)
		if err != nil {
			b.Fatal(err)
		}
		rounds += r.Rounds
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}
