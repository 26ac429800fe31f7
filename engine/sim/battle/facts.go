package battle

import (
	"github.com/shapan/shapan/engine/battle"
	"github.com/shapan/shapan/engine/sim"
	battlefmt "github.com/shapan/shapan/formats/battle"
)

func init() {
	sim.RegisterFacts(battle.Family, func() sim.FactsSection { return new(BattleFacts) })
}

// BattleFacts are the facts of battle simulations: how each computer
// player fares on both bases, how the games end, what each side achieves,
// and where the fights, kills and captures happen.
type BattleFacts struct {
	// RoundCap is the last round of every game.
	RoundCap int `json:"round_cap"`
	// Players are the two computer players: even games seat Players[0]
	// on side 0 (player 1's base), odd games the other way round.
	Players [2]string `json:"players"`
	// PlayerWins counts each player's wins over both seatings (the same
	// player twice: its wins as the first, then as the second seat).
	PlayerWins [2]sim.Proportion `json:"player_wins"`
	// Ends counts the games by how they ended (flag, held, hero_kills,
	// soldier_kills, draw, forfeit), in that order.
	Ends []BattleEnd `json:"ends"`
	// Sides are each side's means over the games.
	Sides [2]BattleSideFacts `json:"sides"`
	// Width and Height are the map's; Cells lists the cells where units
	// were hit or killed (row-major), Cities every city with its falls.
	Width  int               `json:"width"`
	Height int               `json:"height"`
	Cells  []BattleCellFacts `json:"cells"`
	Cities []BattleCityFacts `json:"cities"`
	// Damage, Kills and Falls are the totals of the cells and cities.
	Damage int `json:"damage"`
	Kills  int `json:"kills"`
	Falls  int `json:"falls"`

	m *battlefmt.Map
}

// Map returns the map the games were played on (nil for facts read from
// JSON); the heat map is drawn over it. It must not be changed.
func (f *BattleFacts) Map() *battlefmt.Map { return f.m }

// BattleEnd is the number of games that ended one way.
type BattleEnd struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// BattleSideFacts are one side's means at the end of the games.
type BattleSideFacts struct {
	Held         float64 `json:"held"`
	HeroKills    float64 `json:"hero_kills"`
	SoldierKills float64 `json:"soldier_kills"`
	Cities       float64 `json:"cities"`
	Grain        float64 `json:"grain"`
	// FlagTaken counts the times the side became the flag's holder.
	FlagTaken int `json:"flag_taken"`
}

// BattleCellFacts are the fights on one cell over the games.
type BattleCellFacts struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Damage int `json:"damage"`
	Kills  int `json:"kills"`
}

// BattleCityFacts is one city and how often it fell.
type BattleCityFacts struct {
	X     int `json:"x"`
	Y     int `json:"y"`
	Level int `json:"level"`
	Falls int `json:"falls"`
}

// Facts implements Family.
func (b *Battle) Facts(games []sim.GameResult) sim.Facts {
	f := &BattleFacts{RoundCap: b.roundCap, Players: b.players, Width: b.board.W, Height: b.board.H, m: b.m}
	reasons := []string{battle.ReasonFlag, battle.ReasonHeld, battle.ReasonHeroKills, battle.ReasonSoldierKills, battle.ReasonDraw, battle.ReasonForfeit}
	ends := map[string]int{}
	var wins [2]int
	damage := make([]int, b.board.W*b.board.H)
	kills := make([]int, len(damage))
	falls := map[battle.Cell]int{}
	var sums [2][5]int
	for _, g := range games {
		rec := g.Facts.(*battleGame)
		r := rec.result
		ends[r.Reason]++
		if r.Winner >= 0 {
			wins[rec.seat[r.Winner]]++
		}
		for s, sd := range r.Sides {
			for i, v := range []int{sd.Held, sd.HeroKills, sd.SoldierKills, sd.Cities, sd.Grain} {
				sums[s][i] += v
			}
			f.Sides[s].FlagTaken += rec.taken[s]
		}
		for i := range damage {
			damage[i] += rec.damage[i]
			kills[i] += rec.kills[i]
		}
		for c, n := range rec.falls {
			falls[c] += n
		}
	}
	for p := range wins {
		f.PlayerWins[p] = sim.NewProportion(wins[p], len(games))
	}
	for _, reason := range reasons {
		f.Ends = append(f.Ends, BattleEnd{Reason: reason, Games: ends[reason]})
	}
	if n := len(games); n > 0 {
		for s := range f.Sides {
			mean := func(i int) float64 { return sim.Round4(float64(sums[s][i]) / float64(n)) }
			f.Sides[s].Held, f.Sides[s].HeroKills, f.Sides[s].SoldierKills, f.Sides[s].Cities, f.Sides[s].Grain = mean(0), mean(1), mean(2), mean(3), mean(4)
		}
	}
	for i := range damage {
		if damage[i] > 0 || kills[i] > 0 {
			f.Cells = append(f.Cells, BattleCellFacts{X: i % b.board.W, Y: i / b.board.W, Damage: damage[i], Kills: kills[i]})
			f.Damage += damage[i]
			f.Kills += kills[i]
		}
	}
	for i, c := range b.board.CityCells {
		n := falls[battle.Cell(c)]
		f.Cities = append(f.Cities, BattleCityFacts{X: c.X, Y: c.Y, Level: b.board.CityLevel[i], Falls: n})
		f.Falls += n
	}
	return sim.Facts{Family: battle.Family, Section: f}
}
