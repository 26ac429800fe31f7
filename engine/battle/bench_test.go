package battle

import (
	"encoding/json"
	"runtime"
	"testing"
	"time"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// BenchmarkRandomRounds plays random against random on the seed's 80×60
// map through the decision machine (JSON answers, checks, resolution, no
// event log) and reports rounds per second.
func BenchmarkRandomRounds(b *testing.B) {
	m := bfmt.NewStandard(80, 60)
	rounds := 0
	cpu := cpuTime()
	for i := 0; b.Loop(); i++ {
		g, err := New(Setup{Map: m}, Options{Machine: engineDrop})
		if err != nil {
			b.Fatal(err)
		}
		if err := engine.PlayOut(g, []Player{NewRandom(int64(i)), NewRandom(int64(i) + 1)}, engine.PlayOptions{}); err != nil {
			b.Fatal(err)
		}
		rounds += g.Round()
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds), "ns/round")
	// The process's CPU time is steadier than the wall clock on a busy
	// machine.
	b.ReportMetric(float64(cpuTime()-cpu)/float64(rounds), "cpu-ns/round")
}

// BenchmarkGreedyGame plays greedy against greedy on the seed's 80×60
// map for the full 1000 rounds (the mirror match holds the flag in turn
// and rarely ends early).
func BenchmarkGreedyGame(b *testing.B) {
	m := bfmt.NewStandard(80, 60)
	board, err := NewBoard(m, nil)
	if err != nil {
		b.Fatal(err)
	}
	rounds := 0
	cpu := cpuTime()
	for b.Loop() {
		g, err := New(Setup{Map: m}, Options{Machine: engineDrop})
		if err != nil {
			b.Fatal(err)
		}
		if err := engine.PlayOut(g, []Player{NewGreedy(board), NewGreedy(board)}, engine.PlayOptions{}); err != nil {
			b.Fatal(err)
		}
		rounds += g.Round()
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/game")
}

var sampleAnswer = []byte(`[{"c":"MOVE","hero":"吕布","to":[6,5]},{"c":"AD","hero":"吕布","target":"赵云"},{"c":"MOVE","hero":"赵云","to":[7,5]},{"c":"SG","hero":"赵云","city":[5,9]},{"c":"MOVE","hero":"关羽","to":[8,5]},{"c":"AD","hero":"关羽","target":"刘备"},{"c":"MOVE","hero":"刘备","to":[9,5]},{"c":"AC","hero":"刘备"},{"c":"MOVE","hero":"曹操","to":[10,5]},{"c":"AD","hero":"曹操","target":"孙权"},{"c":"MOVE","hero":"孙权","to":[11,5]},{"c":"AD","hero":"孙权","target":"诸葛亮"}]`)

// BenchmarkDecode decodes a typical answer (twelve commands).
func BenchmarkDecode(b *testing.B) {
	var buf []Command
	for b.Loop() {
		var err error
		buf, err = decodeOrders(sampleAnswer, buf[:0])
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJSONValid is the machine's JSON check of the same answer, for
// comparison.
func BenchmarkJSONValid(b *testing.B) {
	for b.Loop() {
		json.Valid(sampleAnswer)
	}
}

// BenchmarkTacticianRound measures the tactician's orders on the seed's
// 80×60 map against greedy: the average per round (its cost grows with
// the fights: the enemies in reach and the skills ready) and the slowest
// round, both in the CPU time of the thread that computes them (the wall
// clock of a shared machine adds the waits for a core).
func BenchmarkTacticianRound(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m := bfmt.NewStandard(80, 60)
	board, err := NewBoard(m, nil)
	if err != nil {
		b.Fatal(err)
	}
	rounds := 0
	var spent, slowest, wall time.Duration
	for i := 0; b.Loop(); i++ {
		g, err := New(Setup{Map: m}, Options{Machine: engineDrop})
		if err != nil {
			b.Fatal(err)
		}
		t := NewTactician(board, int64(i))
		timed := engine.PlayerFunc[*Game](func(g *Game, d *engine.Decision) engine.Answer {
			start, cpu := time.Now(), threadCPUTime()
			a := t.Answer(g, d)
			took := time.Duration(threadCPUTime() - cpu)
			wall += time.Since(start)
			spent += took
			slowest = max(slowest, took)
			rounds++
			return a
		})
		if err := engine.PlayOut(g, []Player{timed, NewGreedy(board)}, engine.PlayOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(spent.Microseconds())/1000/float64(rounds), "cpu-ms/round")
	b.ReportMetric(float64(slowest.Microseconds())/1000, "max-cpu-ms/round")
	b.ReportMetric(float64(wall.Microseconds())/1000/float64(rounds), "ms/round")
}
