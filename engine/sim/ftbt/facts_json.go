package ftbt

import (
	"encoding/json"
	"fmt"
)

// y·W + x.
type ftbtGameJSON struct {
	Side     []int          `json:"side"`
	StartHP  []int          `json:"start_hp"`
	HP       []int          `json:"hp"`
	Alive    []bool         `json:"alive"`
	Damage   []int          `json:"damage"`
	Friendly []int          `json:"friendly"`
	Kills    []int          `json:"kills"`
	Cells    map[int][4]int `json:"cells"` // attacks, hits, damage, falls
	Winner   int            `json:"winner"`
	Capped   bool           `json:"capped,omitempty"`
}

// MarshalJSON implements json.Marshaler.
func (g *ftbtGame) MarshalJSON() ([]byte, error) {
	j := ftbtGameJSON{Side: g.side, StartHP: g.startHP, HP: g.hp, Alive: g.alive, Damage: g.damage, Friendly: g.friendly,
		Kills: g.kills, Cells: map[int][4]int{}, Winner: g.winner, Capped: g.capped}
	for loc, c := range g.cells {
		j.Cells[loc] = [4]int{c.attacks, c.hits, c.damage, c.falls}
	}
	return json.Marshal(j)
}

// DecodeFacts implements Family.
func (f *FTBT) DecodeFacts(data []byte) (any, error) {
	var j ftbtGameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("the facts of an ftbt game: %w", err)
	}
	l := f.setup.Level
	n := len(l.People)
	for _, v := range [][]int{j.Side, j.StartHP, j.HP, j.Damage, j.Friendly, j.Kills} {
		if len(v) != n {
			return nil, fmt.Errorf("the facts of an ftbt game of %d people list %d", n, len(v))
		}
	}
	if len(j.Alive) != n {
		return nil, fmt.Errorf("the facts of an ftbt game of %d people list %d", n, len(j.Alive))
	}
	g := &ftbtGame{side: j.Side, startHP: j.StartHP, hp: j.HP, alive: j.Alive, damage: j.Damage, friendly: j.Friendly,
		kills: j.Kills, cells: map[int]ftbtCell{}, winner: j.Winner, capped: j.Capped, src: -1}
	for loc, c := range j.Cells {
		if loc < 0 || loc >= l.W*l.H {
			return nil, fmt.Errorf("the facts of an ftbt game name cell %d of a %d×%d grid", loc, l.W, l.H)
		}
		g.cells[loc] = ftbtCell{attacks: c[0], hits: c[1], damage: c[2], falls: c[3]}
	}
	return g, nil
}
