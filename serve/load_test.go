package serve

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"sort"
	"testing"
	"time"
)

// BenchmarkLoad is the load benchmark of docs/BENCHMARKS.md on loopback:
// 200 rooms of 九州 (one person seat, three computer seats), 500 event
// streams following them, and persons answering in every room; it
// reports the p50 and p99 latency of react (an answer made durable) and
// the heap of an idle room.
func BenchmarkLoad(b *testing.B) {
	src, err := os.ReadFile("../samples/planets/九州.yml")
	if err != nil {
		b.Fatal(err)
	}
	const rooms, streams = 200, 500
	var m0, m1 runtime.MemStats
	_, base := startServer(b, Options{Documents: []*Document{document(b, "九州.yml", string(src))}, Dir: b.TempDir(), Logf: func(string, ...any) {}, Rate: 1e6})
	runtime.GC()
	runtime.ReadMemStats(&m0)
	var made []Created
	for i := range rooms {
		made = append(made, create(b, base, CreateRequest{Document: "九州.yml", Seed: ptr(int64(i)), Seats: []string{"person", "computer", "computer", "computer"}}))
	}
	time.Sleep(500 * time.Millisecond) // the computers answer their first decisions
	runtime.GC()
	runtime.ReadMemStats(&m1)
	perRoom := float64(int64(m1.HeapInuse)-int64(m0.HeapInuse)) / rooms / 1024
	for i := range streams {
		c := made[i%rooms]
		resp, err := http.Get(base + "/api/rooms/" + c.Room + "/events?token=" + tokenOf(c.Spectator))
		if err != nil {
			b.Fatal(err)
		}
		go func() {
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			for sc.Scan() {
			}
		}()
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := made[i%rooms]
		room, token := base+"/api/rooms/"+c.Room, tokenOf(c.Seats[0].Link)
		var h Hint
		for {
			call(b, "GET", room+"/hint", token, nil, &h)
			if h.Status != "wait" {
				break
			}
			time.Sleep(time.Millisecond)
		}
		if h.Status != "play" {
			continue
		}
		t0 := time.Now()
		st := call(b, "POST", room+"/react", token, map[string]any{"turn": h.Turn, "answer": map[string]any{"moves": []any{}}, "request": fmt.Sprint(i)}, nil)
		lat = append(lat, time.Since(t0))
		if st != http.StatusOK {
			b.Fatalf("react: HTTP %d", st)
		}
	}
	b.StopTimer()
	b.ReportMetric(perRoom, "KiB/idle-room")
	if len(lat) > 0 {
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "ms-p50-react")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "ms-p99-react")
	}
}
