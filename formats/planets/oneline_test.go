package planets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/internal/cputime"
	"github.com/shapan/shapan/internal/longtest"
)

// oneLineMap returns a Planet-Conquer map of n planets written as one
// flow mapping on one line, as a script might write it.
func oneLineMap(n int) []byte {
	var b strings.Builder
	name := func(i int) string { return fmt.Sprintf("P%d", i) }
	b.WriteString("{name: big, desc: one line, max_round: 100, max_player: 2, start_unit: 100, map: 'AB', starts: [P0, P1], planets: {")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: {def: 0.5, res: 1.1, cos: 10, max: 100}", name(i))
	}
	b.WriteString("}, routes: [")
	for i := range n - 1 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[%s, %s, 3]", name(i), name(i+1))
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}

// A map written on one line is read in time linear in its size (the
// loader walked the line from its start for every value, and every route
// sorted the planets): four times the planets cost about four times the
// CPU, not sixteen. The larger map holds more than 100,000 values and no
// alias, which the reader refused as "expanded through aliases".
func TestOneLineMapIsReadInLinearTime(t *testing.T) {
	cost := func(n int) time.Duration {
		src := oneLineMap(n)
		start := cputime.Process() // CPU, not the wall clock: the machine may be busy
		m, _, err := ReadLegacy("big.yml", src)
		if err != nil {
			t.Fatalf("%d planets: %.300v", n, err)
		}
		derive(m) // the routes between ids, the grid, ...
		return time.Duration(cputime.Process() - start)
	}
	// Under -race a quarter of the sizes: a walk of the line for every
	// value (hundreds of millions of bytes for 1,312 planets on an 80 kB
	// line) would still outweigh the reading many times over, and sixteen
	// times the CPU would show; the map of more than 100,000 values is read
	// in the runs without -race.
	n := longtest.Sized(5250, 1312, 5250)
	cost(n / 10) // warm up
	small, big := cost(n), cost(4*n)
	if small > 0 && big > 8*small {
		t.Errorf("%d planets on one line cost %v of CPU, %d cost %v: more than linear", n, small, 4*n, big)
	}
}

func BenchmarkOneLineMap(b *testing.B) {
	src := oneLineMap(31000) // 2 MB
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ReadLegacy("big.yml", src)
	}
}

// FuzzReadOneLine reads maps written on one line (flow mappings, JSON),
// the form a script writes: never a panic, every value located on the
// line, and a map that reads is written back to the same model.
func FuzzReadOneLine(f *testing.F) {
	for _, n := range []int{2, 5, 40} {
		f.Add(oneLineMap(n))
	}
	for _, b := range legacySeeds() {
		var v any
		if yaml.Unmarshal(b, &v) == nil {
			if j, err := json.Marshal(v); err == nil {
				f.Add(append(j, '\n'))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, sm, err := ReadLegacy("fuzz.yml", data)
		if err != nil {
			return
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		for i := range m.Routes {
			if p := sm.Locate(fmt.Sprintf("routes[%d]", i)); p.Line < 1 || p.Line > lines {
				t.Fatalf("routes[%d] is located at %v, outside the %d line(s)", i, p, lines)
			}
		}
		derive(m)
		roundTrip(t, m)
	})
}
