package planets

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/shapan/shapan/formats/yamlx"
)

// longMap returns a map of n planets in a chain, in the game's block
// style or (flow) one planet and one route a line, some values written
// otherwise than Shapan writes them.
func longMap(n int, flow, noted bool) []byte {
	var b bytes.Buffer
	b.WriteString("name: long\nmax_round: 600\nmax_player: 2\nstart_unit: 100\nstarts: [P0, P1]\nmap: |\n  AB\nplanets:\n")
	for i := range n {
		cos := fmt.Sprint(i % 7)
		if noted && i == 1003 {
			cos = "010" // octal 8, noted
		}
		if flow {
			fmt.Fprintf(&b, "  P%d: {def: 1.0, res: 1.1, cos: %s, max: 400}\n", i, cos)
		} else {
			fmt.Fprintf(&b, "  P%d:\n    def: 1.0\n    res: 1.1\n    cos: %s\n    max: 400\n", i, cos)
		}
	}
	b.WriteString("routes:\n")
	for i := range n - 1 {
		if flow {
			fmt.Fprintf(&b, "  - [P%d, P%d, 3]\n", i, i+1)
		} else {
			fmt.Fprintf(&b, "  - - P%d\n    - P%d\n    - 3\n", i, i+1)
		}
	}
	return b.Bytes()
}

// A long map, in both styles, is read a slice of its planets and routes
// at a time without ever being parsed whole, and reads as the whole parse
// reads it: the same model and positions. One with a value written
// otherwise than Shapan writes it (a note, placed by its offset in the
// text) is read whole. The map has 1,200 planets, read from 16 KiB of
// its lists on in slices of 4 KiB (a map of the game is read so from
// 256 KiB, in slices of 64 KiB: 5,000 planets, nine seconds under -race).
func TestLongMapsAreReadInSlices(t *testing.T) {
	defer yamlx.ReadInPieces(16<<10, 4<<10)()
	for _, c := range []struct{ flow, noted bool }{{true, false}, {false, false}, {true, true}} {
		flow := c.flow
		src := longMap(1200, flow, c.noted)
		d, err := yamlx.Parse("long.yml", src)
		if err != nil {
			t.Fatal(err)
		}
		want, wantAt, err := ReadLegacyDoc(d)
		if err != nil {
			t.Fatal(err)
		}
		wholeParses := 0
		restore := yamlx.OnWholeParse(func() { wholeParses++ })
		got, gotAt, err := ReadLegacy("long.yml", src)
		restore()
		if err != nil {
			t.Fatal(err)
		}
		if wholeParses != 0 != c.noted {
			t.Errorf("flow %v, noted %v: a map of %d bytes was parsed whole %d times", flow, c.noted, len(src), wholeParses)
		}
		if !reflect.DeepEqual(want, got) {
			t.Errorf("flow %v: the models differ", flow)
		}
		if len(wantAt.Notes) > 0 != c.noted || !reflect.DeepEqual(wantAt.Notes, gotAt.Notes) {
			t.Errorf("flow %v: notes %v whole, %v in slices", flow, wantAt.Notes, gotAt.Notes)
		}
		for _, p := range []string{"planets", "planets.P0", "planets.P0.(key)", "planets.P1199.max", "planets.P1003.cos",
			"planets.P17.def.(key)", "planets.P17.nothing", "routes", "routes[0]", "routes[1198][2]", "routes[77][1]", "map[0][1]", "starts[1]"} {
			if w, g := wantAt.Locate(p), gotAt.Locate(p); w != g || !w.Known() {
				t.Errorf("flow %v: %s is at %v whole, at %v in slices", flow, p, w, g)
			}
		}
	}
}
