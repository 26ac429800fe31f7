package ftbt

import (
	"github.com/shapan/shapan/formats/cells"
	"math/rand"
	"slices"
	"testing"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// TestRegionLabels compares the run-based labelling with a plain flood
// fill on random grids, asking for every cell in a random order.
func TestRegionLabels(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for trial := 0; trial < 200; trial++ {
		w, h := 1+rng.Intn(12), 1+rng.Intn(9)
		cost := make([]int, w*h)
		cells := make([]int, w*h)
		for i := range cost {
			cost[i] = rng.Intn(3)
			cells[i] = i
		}
		th := rng.Intn(3)
		enter := []bool{0 <= th, 1 <= th, 2 <= th}
		rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		byCell := regionsAt(cellsOf(cost), w, enter, cells)
		got := make([]int, len(cost))
		for i, c := range cells {
			got[c] = byCell[i]
		}
		// Reference: flood fill.
		ref := make([]int, len(cost))
		for i := range ref {
			ref[i] = -1
		}
		next := 0
		for s := range cost {
			if ref[s] >= 0 {
				continue
			}
			ref[s] = next
			if cost[s] <= th {
				stack := []int{s}
				for len(stack) > 0 {
					c := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					x, y := c%w, c/w
					for _, n := range [][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
						if n[0] >= 0 && n[1] >= 0 && n[0] < w && n[1] < h {
							nc := n[1]*w + n[0]
							if ref[nc] < 0 && cost[nc] <= th {
								ref[nc] = next
								stack = append(stack, nc)
							}
						}
					}
				}
			}
			next++
		}
		for a := range cost {
			for b := range cost {
				if (got[a] == got[b]) != (ref[a] == ref[b]) {
					t.Fatalf("trial %d (%dx%d, th %d): cells %d and %d: labels %v vs %v", trial, w, h, th, a, b, got, ref)
				}
			}
		}
	}
}

// TestSidesApart: a river column that no speed can enter keeps the two
// sides apart, unless a bow shoots across it; a ford lets them meet; a
// person walled in by the river is stuck.
func TestSidesApart(t *testing.T) {
	rules := &ftbtfmt.Rules{Terrains: []ftbtfmt.Terrain{{Name: "plain", Weight: 15}, {Name: "river", Weight: 100}}}
	const w, h = 7, 3
	l := &ftbtfmt.Level{W: w, H: h, Terrain: cells.Make(w * h), People: []ftbtfmt.Person{
		{Name: "a", Side: 0, HP: 10, Speed: 90, X: 0, Y: 1},
		{Name: "b", Side: 1, HP: 10, Speed: 90, X: 6, Y: 1},
	}}
	for y := range h {
		l.Terrain.Set(y*w+3, 1)
	}
	if !SidesApart(l, rules) || !slices.Equal(PeopleMobility(l, rules), []Mobility{Separated, Separated}) {
		t.Fatalf("behind a river: apart %v, mobility %v", SidesApart(l, rules), PeopleMobility(l, rules))
	}
	l.People[1].Speed = 100 // b can swim
	if SidesApart(l, rules) {
		t.Fatal("a person who can enter the river does not reach the other side")
	}
	l.People[1].Speed = 90
	rules.Techs = []ftbtfmt.Tech{{Name: "sword", Range: [][2]int{{1, 0}, {0, 1}}}, {Name: "bow", Range: [][2]int{{3, 0}}}}
	l.People[0].Techs = []int{0}
	if !SidesApart(l, rules) {
		t.Fatal("a sword bridges the river")
	}
	l.People[1].Techs = []int{1}
	if SidesApart(l, rules) {
		t.Fatal("a bow that shoots across the river does not bridge it")
	}
	l.Terrain.Set(1*w+3, 0) // a ford
	if SidesApart(l, rules) || !slices.Equal(PeopleMobility(l, rules), []Mobility{Reaches, Reaches}) {
		t.Fatal("the ford does not join the sides")
	}
	for _, c := range []int{1*w + 1, 0*w + 0, 2*w + 0} {
		l.Terrain.Set(c, 1) // a walled in
	}
	if got := PeopleMobility(l, rules); !slices.Equal(got, []Mobility{Stuck, Separated}) {
		t.Fatalf("walled in: %v", got)
	}
}

// cellsOf is cells.Of, which the tests' variables named cells hide.
func cellsOf(values []int) cells.Grid { return cells.Of(values) }
