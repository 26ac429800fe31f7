package ftbt

import (
	"fmt"
	"slices"
	"testing"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// TestRemoveOwnerMatchesNewSearch takes enemies away one by one from an
// owner field on random boards (weights of 1 to 3, so that many cells are
// at equal distances from two enemies and the lower index must win) and
// checks after each removal that every cell's nearest enemy and cost are
// those a new search from the enemies left gives.
func TestRemoveOwnerMatchesNewSearch(t *testing.T) {
	for i := range 40 {
		rng := newRand(int64(i))
		w, h := 2+rng.Intn(30), 1+rng.Intn(30)
		r := testRules()
		r.Terrains = []ftbtfmt.Terrain{{Name: "a", Weight: 1}, {Name: "b", Weight: 2}, {Name: "c", Weight: 3}}
		l := testLevel(w, h)
		for c := range l.Terrain.Len() {
			l.Terrain.Set(c, rng.Intn(3))
		}
		cells := rng.Perm(w * h)[:2+rng.Intn(min(w*h-1, 12))]
		for _, c := range cells[1:] {
			l.People = append(l.People, pawn(1, c%w, c/w))
		}
		l.People = append(l.People, pawn(0, cells[0]%w, cells[0]/w)) // the side to move
		s, err := newState(r, l)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprint("board", i), func(t *testing.T) {
			enemies := make([]int, len(s.people)-1)
			for e := range enemies {
				enemies[e] = e
			}
			var f, want ownerField
			var q distQueue
			s.nearestOwners(enemies, &f, &q)
			for len(enemies) > 1 {
				dead := enemies[rng.Intn(len(enemies))]
				enemies = slices.DeleteFunc(enemies, func(e int) bool { return e == dead })
				s.removeOwner(dead, s.people[dead].loc, &f, &q)
				s.nearestOwners(enemies, &want, &q)
				if !slices.Equal(f.label, want.label) {
					t.Fatalf("%d×%d, without %d: labels %v, a new search gives %v", w, h, dead, f.label, want.label)
				}
			}
		})
	}
}
