package sim

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/shapan/shapan/engine/battle"
)

// The facts of one game (GameResult.Facts) of every family in JSON, as the
// parts of a sharded simulation carry them (Part), and read back by the
// family's DecodeFacts, which checks that they fit the scenario.

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

// ftbtGameJSON is the JSON form of an ftbtGame; cells are keyed by
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

// planetsGameJSON is the JSON form of a planetsGame.
type planetsGameJSON struct {
	Slot       []int   `json:"slot"`
	Battles    []int   `json:"battles"`
	Captures   []int   `json:"captures"`
	Changes    []int   `json:"changes"`
	Owners     []int   `json:"owners"`
	HeldRounds [][]int `json:"held_rounds"`
	First      []int   `json:"first"`
	FirstRound []int64 `json:"first_round"`
	Rounds     int     `json:"rounds"`
	Held       []int   `json:"held"`
	Played     []bool  `json:"played"`
	Eliminated []bool  `json:"eliminated"`
}

// MarshalJSON implements json.Marshaler.
func (g *planetsGame) MarshalJSON() ([]byte, error) {
	return json.Marshal(planetsGameJSON{Slot: g.slot, Battles: g.battles, Captures: g.captures, Changes: g.changes,
		Owners: g.owners, HeldRounds: g.heldRounds, First: g.first, FirstRound: g.firstRound, Rounds: g.rounds,
		Held: g.held, Played: g.played, Eliminated: g.eliminated})
}

// DecodeFacts implements Family.
func (p *Planets) DecodeFacts(data []byte) (any, error) {
	var j planetsGameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("the facts of a planets game: %w", err)
	}
	ns, np, no := len(p.starts), len(p.byID), len(j.Owners)
	if len(j.Held) != ns || len(j.Played) != ns || len(j.Eliminated) != ns || no > np || len(j.Battles) < no ||
		len(j.Captures) < no || len(j.Changes) < no || len(j.HeldRounds) < no || len(j.First) < no || len(j.FirstRound) < no {
		return nil, fmt.Errorf("the facts of a planets game do not fit a map of %d planets and %d starts", np, ns)
	}
	for id, o := range j.Owners {
		if o < -1 || o >= ns || j.First[id] < -1 || j.First[id] >= ns || len(j.HeldRounds[id]) > ns {
			return nil, fmt.Errorf("the facts of a planets game name an owner out of %d starts", ns)
		}
	}
	return &planetsGame{slot: j.Slot, battles: j.Battles, captures: j.Captures, changes: j.Changes, owners: j.Owners,
		heldRounds: j.HeldRounds, first: j.First, firstRound: j.FirstRound, rounds: j.Rounds,
		held: j.Held, played: j.Played, eliminated: j.Eliminated}, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

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
