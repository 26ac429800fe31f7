package mbg

import (
	"encoding/json"
	"fmt"
)

// mbgGameJSON is the JSON form of an mbgGame; a fight is [square, city,
// kind, captured (0 or 1)].
type mbgGameJSON struct {
	Bankrupt []int     `json:"bankrupt"`
	Owners   []int     `json:"owners"`
	Money    []float32 `json:"money"`
	Fights   [][4]int  `json:"fights"`
}

// MarshalJSON implements json.Marshaler.
func (g *mbgGame) MarshalJSON() ([]byte, error) {
	j := mbgGameJSON{Bankrupt: g.bankrupt, Owners: g.owners, Money: g.money, Fights: make([][4]int, len(g.fights))}
	for i, f := range g.fights {
		j.Fights[i] = [4]int{f.square, f.city, f.kind, boolInt(f.captured)}
	}
	return json.Marshal(j)
}

// DecodeFacts implements Family.
func (m *MBG) DecodeFacts(data []byte) (any, error) {
	var j mbgGameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("the facts of an mbg game: %w", err)
	}
	nr, nc := len(m.sc.Roles), len(m.sc.Cities)
	if len(j.Bankrupt) != nr || len(j.Money) > nr || len(j.Owners) > nc {
		return nil, fmt.Errorf("the facts of an mbg game of %d roles and %d cities have %d, %d and %d entries", nr, nc, len(j.Bankrupt), len(j.Money), len(j.Owners))
	}
	g := &mbgGame{bankrupt: j.Bankrupt, owners: j.Owners, money: j.Money}
	for _, f := range j.Fights {
		g.fights = append(g.fights, mbgFight{square: f[0], city: f[1], kind: f[2], captured: f[3] != 0})
	}
	return g, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
