// Command battle-from-ftbt derives a battle map from the terrain of an
// original ftbt level (../shared/legacy/ftbt/*.map), so that the computer
// players can be measured on a battle map no setting of theirs was chosen
// on (docs/ai.md). The level's terrain ids are those of star.tech: 森
// (forest) and 墙 (wall) become mountains, 水 (water) water, the others
// open ground. The 3×3 flag zone is put at the centre, player 1's base at
// (2, 2), player 2's at (W−3, H−3), a pair of cities of each level
// (levels 1 and 2 at 180° images of each other, the level-3 pair eight
// cells left and right of the zone). It writes the battle/map YAML.
//
//	go run ./scripts/battle-from-ftbt ../shared/legacy/ftbt/m1.map > m1-battle.yaml
package main

import (
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"os"

	bfmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/ftbt"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: battle-from-ftbt LEVEL.map > MAP.yaml")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "battle-from-ftbt:", err)
		os.Exit(1)
	}
}

// codes maps star.tech's terrain ids (平 草 森 墙 城 水) to battle codes.
var codes = []int{bfmt.CodeSpace, bfmt.CodeSpace, bfmt.CodeMountain, bfmt.CodeMountain, bfmt.CodeSpace, bfmt.CodeWater}

func run(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	l, _, err := ftbt.ReadLevel(path, src)
	if err != nil {
		return err
	}
	if l.W < 20 || l.H < 16 {
		return fmt.Errorf("%s: the level is %d×%d; a battle map needs at least 20×16", path, l.W, l.H)
	}
	m := &bfmt.Map{W: l.W, H: l.H, Cells: cells.Make(l.W * l.H)}
	for i, t := range l.Terrain.All() {
		if t >= 0 && t < len(codes) {
			m.Cells.Set(i, codes[t])
		}
	}
	set := func(x, y, code int) { m.Cells.Set(y*l.W+x, code) }
	cx, cy := l.W/2, l.H/2
	for y := cy - 1; y <= cy+1; y++ {
		for x := cx - 1; x <= cx+1; x++ {
			set(x, y, bfmt.CodeFlag)
		}
	}
	set(2, 2, bfmt.CodeBase)
	set(l.W-3, l.H-3, bfmt.CodeBase)
	set(10, 6, bfmt.CodeCity1)
	set(l.W-11, l.H-7, bfmt.CodeCity1)
	set(l.W-10, 4, bfmt.CodeCity2)
	set(9, l.H-5, bfmt.CodeCity2)
	set(cx-8, cy, bfmt.CodeCity3)
	set(cx+8, cy, bfmt.CodeCity3)
	out, err := bfmt.Encode(m)
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(out)
	return err
}
