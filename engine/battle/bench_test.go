package battle

import (
	"encoding/json"
	"runtime"
	"testing"
	"time"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/internal/cputime"
)

// BenchmarkRandomRounds plays random against random on the seed's 80×60
// map through the decision machine (JSON answers, checks, resolution, no
// event log) and reports rounds per second.
func BenchmarkRandomRounds(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m := bfmt.NewStandard(80, 60)
	rounds := 0
	cpu, thread := cputime.Process(), cputime.Thread()
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
	// The CPU time is steadier than the wall clock on a busy machine: the
	// process's (with the garbage collector's workers) and the thread's
	// that plays (the rules, the players and the machine).
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(rounds), "cpu-ns/round")
	b.ReportMetric(float64(cputime.Thread()-thread)/float64(rounds), "thread-ns/round")
}

// moatMap is the seed's 80×60 standard map with water around the flag
// zone: nobody can hold it, so a game lasts its 1000 rounds (raiders
// fight and besiege cities all along).
func moatMap() *bfmt.Map {
	m := bfmt.NewStandard(80, 60)
	for y := 27; y <= 33; y++ {
		for x := 37; x <= 43; x++ {
			if max(abs(x-40), abs(y-30)) == 3 {
				m.Set(x, y, bfmt.CodeWater)
			}
		}
	}
	return m
}

func abs(v int) int { return max(v, -v) }

// BenchmarkGreedyGame plays greedy against greedy for the full 1000
// rounds (moatMap) as shapan sim plays computer players (their commands,
// the Args reused): the whole game's CPU time on the thread that plays.
func BenchmarkGreedyGame(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m := moatMap()
	board, err := NewBoard(m, nil)
	if err != nil {
		b.Fatal(err)
	}
	rounds := 0
	thread := cputime.Thread()
	for b.Loop() {
		g, err := New(Setup{Map: m}, Options{Machine: engineDrop, ReuseArgs: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := PlayCommands(g, []Player{NewGreedy(board), NewGreedy(board)}, engine.PlayOptions{}); err != nil {
			b.Fatal(err)
		}
		rounds += g.Round()
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
	b.ReportMetric(float64(cputime.Thread()-thread)/float64(b.N)/1e6, "thread-ms/game")
}

var sampleAnswer = []byte(`[{"c":"MOVE","hero":"吕布","to":[6,5]},{"c":"AD","hero":"吕布","target":"赵云"},{"c":"MOVE","hero":"赵云","to":[7,5]},{"c":"SG","hero":"赵云","city":[5,9]},{"c":"MOVE","hero":"关羽","to":[8,5]},{"c":"AD","hero":"关羽","target":"刘备"},{"c":"MOVE","hero":"刘备","to":[9,5]},{"c":"AC","hero":"刘备"},{"c":"MOVE","hero":"曹操","to":[10,5]},{"c":"AD","hero":"曹操","target":"孙权"},{"c":"MOVE","hero":"孙权","to":[11,5]},{"c":"AD","hero":"孙权","target":"诸葛亮"}]`)

// BenchmarkDecode decodes a typical answer (twelve commands), its JSON
// checked too.
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

// BenchmarkJSONValid is encoding/json's check of the same answer, which
// the machine would make if the rules did not (ChecksJSON), for
// comparison with validJSON's.
func BenchmarkJSONValid(b *testing.B) {
	for b.Loop() {
		json.Valid(sampleAnswer)
	}
}

// BenchmarkValidJSON is the rules' own check of the JSON.
func BenchmarkValidJSON(b *testing.B) {
	for b.Loop() {
		validJSON(sampleAnswer)
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
			start, cpu := time.Now(), cputime.Thread()
			a := t.Answer(g, d)
			took := time.Duration(cputime.Thread() - cpu)
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

// BenchmarkRulesRounds plays random against random on the seed's 80×60
// map with the rules alone: the random player's commands checked and
// resolved as typed values, without JSON and without the machine.
func BenchmarkRulesRounds(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	board, err := NewBoard(bfmt.NewStandard(80, 60), nil)
	if err != nil {
		b.Fatal(err)
	}
	rounds := 0
	thread := cputime.Thread()
	var cmds [2][]Command
	for i := 0; b.Loop(); i++ {
		st := newState(board, MaxRounds)
		players := [2]*Random{NewRandom(int64(i)), NewRandom(int64(i) + 1)}
		for st.result == nil {
			st.Round++
			st.open()
			var o [2]Orders
			for s := range o {
				cmds[s] = players[s].commands(&OrdersArgs{Side: s, Position: &st.Position}, cmds[s][:0])
				var err error
				if o[s], err = st.legality(s, cmds[s]); err != nil {
					b.Fatal(err)
				}
			}
			st.resolve(&o)
			rounds++
		}
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	b.ReportMetric(float64(cputime.Thread()-thread)/float64(rounds), "thread-ns/round")
}

// BenchmarkComputerRounds is BenchmarkRandomRounds as simulations play:
// the random players give their commands (PlayCommands), the Args of a
// round are reused (ReuseArgs).
func BenchmarkComputerRounds(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	m := bfmt.NewStandard(80, 60)
	rounds := 0
	thread := cputime.Thread()
	for i := 0; b.Loop(); i++ {
		g, err := New(Setup{Map: m}, Options{Machine: engineDrop, ReuseArgs: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := PlayCommands(g, []Player{NewRandom(int64(i)), NewRandom(int64(i) + 1)}, engine.PlayOptions{}); err != nil {
			b.Fatal(err)
		}
		rounds += g.Round()
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	b.ReportMetric(float64(cputime.Thread()-thread)/float64(rounds), "thread-ns/round")
}
