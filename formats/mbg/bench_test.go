package mbg

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/shapan/shapan/internal/heappeak"
	"github.com/shapan/shapan/internal/longtest"
)

// hugeScenario returns samples/mbg/赤壁.yaml with n officers and n cities
// added at the end of its lists, written as EncodeScenario writes them.
func hugeScenario(tb testing.TB, n int) []byte {
	tb.Helper()
	src, err := os.ReadFile("../../samples/mbg/赤壁.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	var officers, cities bytes.Buffer
	for i := range n {
		fmt.Fprintf(&officers, "  - {name: 兵%d, wu: 50, zhan: 50, mou: 50, zheng: 50, jing: 50}\n", i)
		fmt.Fprintf(&cities, "  - name: 城%d\n    scope: small\n    garrison: []\n", i)
	}
	out := bytes.Replace(src, []byte("\ncities:\n"), append(append([]byte("\n"), officers.Bytes()...), "cities:\n"...), 1)
	out = bytes.Replace(out, []byte("\n# the players"), append(append([]byte("\n"), cities.Bytes()...), "# the players"...), 1)
	if len(out) != len(src)+officers.Len()+cities.Len() {
		tb.Fatal("the sample no longer has the lists where hugeScenario adds to them")
	}
	return out
}

// BenchmarkDecodeHugeScenario reads the scenario of 100 000 officers and
// 100 000 cities (12 MB) and reports the heap's peak during the read and
// the bytes allocated, against the size of the document.
func BenchmarkDecodeHugeScenario(b *testing.B) {
	src := hugeScenario(b, 100_000)
	b.SetBytes(int64(len(src)))
	var peak uint64
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		peak = max(peak, heappeak.Above(heappeak.ObjectsMetric, func() {
			if _, _, err := DecodeScenario("huge.yaml", src); err != nil {
				b.Fatal(err)
			}
		}))
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(peak)/float64(len(src)), "peak/input")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/(1<<20), "alloc-MiB/op")
}

// Reading a scenario of long lists holds the items' nodes a slice at a
// time, not the whole document's tree: with the collector run often, what
// is live while the document is read (the scenario read so far, the
// positions of its values, the nodes of one slice of 64 KiB) never passes
// 3× the document plus 6 MiB (it was some 30× when the document was
// parsed whole; 3× plus 4 MiB failed now and then on a busy machine,
// whose collector finds more live while it marks), so the
// heap stays within 4× the input once the collector has that margin
// (shapan check sets it, docs/limits.md). 20 000 officers and cities,
// 2.4 MB.
func TestReadingKeepsLittleLive(t *testing.T) {
	// Under -race 5 000 of each, 0.6 MB: the bound is 7.8 MB then, and a
	// document parsed whole (some 30×, 18 MB) would still exceed it.
	n := longtest.Sized(20_000, 5_000, 20_000)
	src := hugeScenario(t, n)
	old := debug.SetGCPercent(5)
	defer debug.SetGCPercent(old)
	limit := 3*uint64(len(src)) + 6<<20
	// What a concurrent collection finds live includes what was allocated
	// while it marked (more on a busy machine), so one reading can be
	// above the true peak, never below it: the least of up to three.
	live := uint64(math.MaxUint64)
	for try := 0; try < 3 && live > limit; try++ {
		var s *Scenario
		live = min(live, heappeak.Above(heappeak.LiveMetric, func() {
			var err error
			if s, _, err = DecodeScenario("big.yaml", src); err != nil {
				t.Fatal(err)
			}
		}))
		if len(s.Officers) < n || len(s.Cities) < n {
			t.Fatalf("read %d officers and %d cities", len(s.Officers), len(s.Cities))
		}
	}
	t.Logf("live heap at most %.1f MiB above the start for a document of %.1f MiB (%.1f×)", float64(live)/(1<<20), float64(len(src))/(1<<20), float64(live)/float64(len(src)))
	if live > limit {
		t.Errorf("%d bytes were live reading a document of %d: more than 3× + 6 MiB", live, len(src))
	}
}
