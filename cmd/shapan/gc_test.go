package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/internal/heappeak"
)

// A heap limit below what a document keeps live rises after the next
// collection to above the live heap, so the collector does not run
// without end against it; a limit with room to spare stays.
func TestHeapLimitFollowsTheLiveHeap(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	keep := make([][]byte, 64)
	for i := range keep {
		keep[i] = make([]byte, 256<<10) // 16 MiB live
	}
	roomy := newHeapLimit(1 << 40)
	tight := newHeapLimit(1 << 20)
	collections := make(chan struct{}, 16)
	stop := afterEachCollection(func() {
		roomy.follow()
		tight.follow()
		select {
		case collections <- struct{}{}:
		default:
		}
	})
	defer stop()
	deadline := time.After(10 * time.Second)
	for seen := false; !seen; {
		runtime.GC()
		select {
		case <-collections:
			seen = true
		case <-deadline:
			t.Fatal("no call after 10 s of collections")
		case <-time.After(10 * time.Millisecond):
		}
	}
	runtime.KeepAlive(keep)
	if got := tight.get(); got < 16<<20+memoryBase {
		t.Errorf("a 1 MiB limit with 16 MiB live became %d bytes, want at least the live heap plus %d", got, memoryBase)
	}
	if got := roomy.get(); got != 1<<40 {
		t.Errorf("a limit with room to spare changed to %d", got)
	}
}

// check of an ftbt level's YAML past the largest size (6000×6000 cells,
// 36 MB; FTB020) keeps the heap within the bound check sets, 4× the file
// plus memoryBase: its terrain, one block scalar, is read from the file's
// lines, so the document is not handed whole to the YAML parser (which
// held the block twice and lifted the bound: the heap then grew 400 %
// between collections, to 6× the file).
func TestCheckOfAnFTBTLevelPastTheLargestSizeStaysInBound(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and checks a 36 MB level")
	}
	path := filepath.Join(t.TempDir(), "big.yaml")
	var b bytes.Buffer
	side := 6000
	fmt.Fprintf(&b, "kind: ftbt/level\nversion: 1\nsize: {width: %d, height: %d}\nlegend: {\"0\": 0, \"1\": 1}\nterrain: |\n", side, side)
	row := append(append([]byte("  "), bytes.Repeat([]byte("01"), side/2)...), '\n')
	for range side {
		b.Write(row)
	}
	b.WriteString("people:\n  - {name: a, side: 0, abi: 1, def: 1, hp: 1, speed: 1, at: [0, 0]}\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	size := uint64(b.Len())
	b = bytes.Buffer{}
	runtime.GC()
	var code int
	var stdout string
	_, peak := heappeak.Sample(heappeak.ObjectsMetric, func() { code, stdout, _ = runCLI("check", path) })
	if code != 1 || !strings.Contains(stdout, "[FTB020]") {
		t.Fatalf("exit %d, %q: want FTB020", code, stdout)
	}
	limit := memoryPerInput*size + memoryBase
	t.Logf("%d bytes: %.1f MiB of heap at most (%.1f× the input)", size, float64(peak)/(1<<20), float64(peak)/float64(size))
	if peak > limit {
		t.Errorf("the heap reached %d bytes checking %d: more than %d× + %d MiB", peak, size, memoryPerInput, memoryBase>>20)
	}
}
