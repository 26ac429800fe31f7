package battle

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/shapan/shapan/engine/battle"
)

// battleGameJSON is the JSON form of a battleGame: cells is the damage
// and heroes killed on every cell where some were, by y·W + x; falls are
// [x, y, cities fallen].
type battleGameJSON struct {
	Seat   [2]int         `json:"seat"`
	Cells  map[int][2]int `json:"cells"`
	Falls  [][3]int       `json:"falls"`
	Taken  [2]int         `json:"taken"`
	Result battle.Result  `json:"result"`
}

// MarshalJSON implements json.Marshaler.
func (g *battleGame) MarshalJSON() ([]byte, error) {
	j := battleGameJSON{Seat: g.seat, Cells: map[int][2]int{}, Falls: [][3]int{}, Taken: g.taken, Result: g.result}
	for i := range g.damage {
		if g.damage[i] != 0 || g.kills[i] != 0 {
			j.Cells[i] = [2]int{g.damage[i], g.kills[i]}
		}
	}
	for c, n := range g.falls {
		j.Falls = append(j.Falls, [3]int{c.X, c.Y, n})
	}
	sort.Slice(j.Falls, func(a, b int) bool {
		return j.Falls[a][1] < j.Falls[b][1] || j.Falls[a][1] == j.Falls[b][1] && j.Falls[a][0] < j.Falls[b][0]
	})
	return json.Marshal(j)
}

// DecodeFacts implements Family.
func (b *Battle) DecodeFacts(data []byte) (any, error) {
	var j battleGameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("the facts of a battle game: %w", err)
	}
	n := b.board.W * b.board.H
	g := &battleGame{seat: j.Seat, w: b.board.W, damage: make([]int, n), kills: make([]int, n), falls: map[battle.Cell]int{},
		taken: j.Taken, result: j.Result}
	for _, s := range j.Seat {
		if s < 0 || s > 1 {
			return nil, fmt.Errorf("the facts of a battle game seat the player %d", s)
		}
	}
	if w := j.Result.Winner; w < -1 || w > 1 {
		return nil, fmt.Errorf("the facts of a battle game name the winner %d", w)
	}
	for i, c := range j.Cells {
		if i < 0 || i >= n {
			return nil, fmt.Errorf("the facts of a battle game name cell %d of a %d×%d map", i, b.board.W, b.board.H)
		}
		g.damage[i], g.kills[i] = c[0], c[1]
	}
	for _, f := range j.Falls {
		g.falls[battle.Cell{X: f[0], Y: f[1]}] += f[2]
	}
	return g, nil
}
