package serve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"github.com/shapan/shapan/internal/cputime"
	"io"
	"math/rand"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkLoad is the load benchmark of docs/BENCHMARKS.md on loopback:
// 200 rooms of 九州 (one person seat, three computer seats) played at
// once, each by a person who follows the room's event stream, asks hint
// when another seat has answered, looks at the board (state) when it is
// their turn, thinks, and gives one of the legal answers the hint lists;
// 300 spectators follow the rooms too (500 event streams in all). A
// person who is beaten leaves the computers to finish the game at full
// speed (a room of computer players) and opens a new room when it ends. The rooms are kept on disk, so every answer
// is fsynced before it is acknowledged. It reports the p50 and p99
// latency of react (from sending an answer to its acknowledgement), the
// answers per second, and the heap of an idle room.
//
// The sub-benchmarks differ in the people's thinking time, uniform from 0
// to twice the mean: "think=1s" is people playing, "think=0" people (or
// bots) answering the moment their turn comes, which saturates the
// server.
//
// "store=disk" keeps the rooms on disk (every person's answer fsynced
// before it is acknowledged, the server's --data); "store=none" keeps
// them in memory only, which tells the disk's share of the latency.
func BenchmarkLoad(b *testing.B) {
	for _, think := range []time.Duration{time.Second, 0} {
		for _, disk := range []bool{true, false} {
			store := map[bool]string{true: "disk", false: "none"}[disk]
			b.Run(fmt.Sprintf("think=%v/store=%s", think, store), func(b *testing.B) { benchmarkLoad(b, think, disk) })
		}
	}
}

func benchmarkLoad(b *testing.B, think time.Duration, disk bool) {
	src, err := os.ReadFile("../samples/planets/九州.yml")
	if err != nil {
		b.Fatal(err)
	}
	const rooms, spectators = 200, 300
	var m0, m1 runtime.MemStats
	dir := ""
	if disk {
		dir = b.TempDir()
	}
	_, base := startServer(b, Options{Documents: []*Document{document(b, "九州.yml", string(src))}, Dir: dir, Logf: func(string, ...any) {}, Rate: 1e6, MaxRooms: 1e5})
	runtime.GC()
	runtime.ReadMemStats(&m0)
	var made []Created
	for i := range rooms {
		made = append(made, create(b, base, CreateRequest{Document: "九州.yml", Seed: ptr(int64(i)), Seats: []string{"person", "computer", "computer", "computer"}}))
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	perRoom := float64(int64(m1.HeapInuse)-int64(m0.HeapInuse)) / rooms / 1024
	for i := range spectators {
		c := made[i%rooms]
		follow(b, base, c.Room, tokenOf(c.Spectator), nil)
	}
	var (
		left = atomic.Int64{}
		mu   sync.Mutex
		lat  []time.Duration
		wg   sync.WaitGroup
	)
	left.Store(int64(b.N))
	b.ResetTimer()
	t0, cpu0 := time.Now(), time.Duration(cputime.Process())
	for i, c := range made {
		p := &person{b: b, base: base, think: think, rng: rand.New(rand.NewSource(int64(i))), left: &left}
		wg.Go(func() {
			for seed := int64(rooms + i); p.left.Load() > 0; seed += rooms {
				d := p.play(c)
				mu.Lock()
				lat = append(lat, d...)
				mu.Unlock()
				c = create(b, base, CreateRequest{Document: "九州.yml", Seed: &seed, Seats: []string{"person", "computer", "computer", "computer"}})
			}
		})
	}
	wg.Wait()
	elapsed, cpu := time.Since(t0), time.Duration(cputime.Process())-cpu0
	b.StopTimer()
	b.ReportMetric(perRoom, "KiB/idle-room")
	if len(lat) > 0 {
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-p50-react")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "ms-p99-react")
		b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "reacts/s")
		// The CPU the whole game costs per person's answer: the server's
		// (react, hint, state, the three computers' answers, 500 event
		// streams) and the test's people's, on any machine's load.
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(lat)), "cpu-ms/react")
	}
}

// person plays seat 0 of the rooms of the load benchmark.
type person struct {
	b     *testing.B
	base  string
	think time.Duration
	rng   *rand.Rand
	left  *atomic.Int64 // the answers still to give in the benchmark
}

// play plays a room until its game ends or the benchmark has its
// answers, and returns the latency of every answer.
func (p *person) play(c Created) []time.Duration {
	room, token := p.base+"/api/rooms/"+c.Room, tokenOf(c.Seats[0].Link)
	turn := make(chan struct{}, 1) // another seat answered: maybe it is our turn
	stop := follow(p.b, p.base, c.Room, token, func(line string) {
		if strings.Contains(line, `"over":true`) || (strings.Contains(line, `"answer":{"seat":`) && !strings.Contains(line, `"answer":{"seat":0,`)) {
			select {
			case turn <- struct{}{}:
			default:
			}
		}
	})
	defer stop()
	var lat []time.Duration
	for n := 0; ; n++ {
		var h Hint
		call(p.b, "GET", room+"/hint", token, nil, &h)
		switch h.Status {
		case "over":
			return lat
		case "wait":
			select {
			case <-turn:
			case <-time.After(time.Second): // a missed wake-up costs a second, not the run
			}
			continue
		}
		if p.left.Add(-1) < 0 {
			return lat
		}
		call(p.b, "GET", room+"/state", token, nil, &State{})
		if p.think > 0 {
			time.Sleep(time.Duration(p.rng.Int63n(int64(2 * p.think))))
		}
		answer := json.RawMessage(`{"moves":[]}`)
		if l := h.Decision.Legal; l != nil && len(l.Answers) > 0 {
			answer = l.Answers[p.rng.Intn(len(l.Answers))]
		}
		t0 := time.Now()
		st := call(p.b, "POST", room+"/react", token, map[string]any{"turn": h.Turn, "answer": answer, "request": fmt.Sprint(n)}, nil)
		lat = append(lat, time.Since(t0))
		if st != http.StatusOK {
			p.b.Errorf("react: HTTP %d", st)
			return lat
		}
	}
}

// follow reads a room's event stream, handing every data line to heard
// (nil: none), until stop is called or the benchmark ends.
func follow(b *testing.B, base, room, token string, heard func(line string)) (stop func()) {
	b.Helper()
	resp, err := http.Get(base + "/api/rooms/" + room + "/events?token=" + token)
	if err != nil {
		b.Fatal(err)
	}
	stop = func() { resp.Body.Close() }
	b.Cleanup(stop)
	go func() {
		if heard == nil {
			io.Copy(io.Discard, resp.Body)
			return
		}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				heard(data)
			}
		}
	}()
	return stop
}

// BenchmarkSteadyMemory is the steady-play run of docs/BENCHMARKS.md:
// 100 people play rooms of 九州 (one person seat, three computer seats)
// one after the other for SHAPAN_STEADY (default 1m), thinking 0.5 s on
// average, each opening a new room when their game ends; a finished room
// is closed a second after its end and kept as a record (the last 200
// are kept). Every SHAPAN_STEADY_EVERY (default 1m) it logs the heap in
// use after a collection, the rooms open and the games closed; it
// reports the heap's growth from the first sample to the last. Run it
// with -benchtime 1x.
func BenchmarkSteadyMemory(b *testing.B) {
	total, every := time.Minute, time.Minute
	if d, err := time.ParseDuration(os.Getenv("SHAPAN_STEADY")); err == nil {
		total = d
	}
	if d, err := time.ParseDuration(os.Getenv("SHAPAN_STEADY_EVERY")); err == nil {
		every = d
	}
	src, err := os.ReadFile("../samples/planets/九州.yml")
	if err != nil {
		b.Fatal(err)
	}
	const people = 100
	s, base := startServer(b, Options{Documents: []*Document{document(b, "九州.yml", string(src))}, Dir: b.TempDir(), Logf: func(string, ...any) {},
		Rate: 1e6, CreateRate: 1e6, MaxRooms: 1e5, FinishedTTL: time.Second, KeepRecords: 200})
	var left atomic.Int64
	left.Store(1 << 40)
	var games, answers atomic.Int64
	var wg sync.WaitGroup
	for i := range people {
		p := &person{b: b, base: base, think: 500 * time.Millisecond, rng: rand.New(rand.NewSource(int64(i))), left: &left}
		wg.Go(func() {
			for seed := int64(i); left.Load() > 0; seed += people {
				c := create(b, base, CreateRequest{Document: "九州.yml", Seed: &seed, Seats: []string{"person", "computer", "computer", "computer"}})
				answers.Add(int64(len(p.play(c))))
				games.Add(1)
			}
		})
	}
	var first, last uint64
	t0 := time.Now()
	for k := 0; time.Since(t0) < total; k++ {
		time.Sleep(every)
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		s.hub.mu.Lock()
		open, kept := len(s.hub.rooms), len(s.hub.records)
		var over int
		for _, r := range s.hub.rooms {
			r.mu.Lock()
			if !r.closed && r.g.Over() {
				over++
			}
			r.mu.Unlock()
		}
		s.hub.mu.Unlock()
		if k == 0 {
			first = m.HeapInuse
		}
		last = m.HeapInuse
		fmt.Fprintf(os.Stderr, "%6s: heap in use %6.1f MiB, %3d rooms open (%2d of them over), %5d games played (%d records kept), %7d answers\n",
			time.Since(t0).Round(time.Second), float64(m.HeapInuse)/(1<<20), open, over, games.Load(), kept, answers.Load())
	}
	left.Store(0)
	wg.Wait()
	b.ReportMetric(float64(first)/(1<<20), "MiB-heap-first")
	b.ReportMetric(float64(last)/(1<<20), "MiB-heap-last")
	b.ReportMetric(float64(games.Load()), "games")
}
