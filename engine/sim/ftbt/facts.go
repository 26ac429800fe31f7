package ftbt

import (
	"github.com/shapan/shapan/engine/sim"
	"slices"

	"github.com/shapan/shapan/engine/ftbt"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

func init() {
	sim.RegisterFacts(ftbt.Family, func() sim.FactsSection { return new(FTBTFacts) })
}

// FTBTFacts are the facts of ftbt simulations: how the sides end, what
// every person achieves, and where on the grid the fights are.
type FTBTFacts struct {
	// TurnCap is the last round a game played; a capped game is won by
	// the side that kept the larger share of its starting hp (equal
	// shares: a draw).
	TurnCap int `json:"turn_cap"`
	// Width and Height are the level's grid size.
	Width  int `json:"width"`
	Height int `json:"height"`
	// Attacks and Damage are the totals over all games: the damage techs
	// used and the hp they took (from either side).
	Attacks int `json:"attacks"`
	Damage  int `json:"damage"`
	// Sides are side 0 and side 1.
	Sides []FTBTSideFacts `json:"sides"`
	// People are the level's people, in level order.
	People []FTBTPersonFacts `json:"people"`
	// Cells are the cells where damage techs were aimed or people hit,
	// in grid order (row by row): the heat map of the fights.
	Cells []FTBTCellFacts `json:"cells"`
	// SidesApart is set when no person can ever reach an enemy (terrain
	// their speeds cannot enter separates the sides, check's FTB033): no
	// game can have a fight, however long it lasts.
	SidesApart bool `json:"sides_apart,omitempty"`

	level *ftbtfmt.Level // for charts: the level and its rules
	rules *ftbtfmt.Rules
}

// Level returns the level and rules the games were played with (nil for
// facts that were not made by an adapter, e.g. read from JSON); charts
// draw the heat map over the level. They must not be changed.
func (f *FTBTFacts) Level() (*ftbtfmt.Level, *ftbtfmt.Rules) { return f.level, f.rules }

// FTBTSideFacts are one side's facts.
type FTBTSideFacts struct {
	Name string `json:"name"`
	// People is the number of the side's people at the start.
	People int `json:"people"`
	// MeanSurvivors is the mean number of its people alive at the end of
	// a game, MeanHPLeft the mean share (0…1) of its starting hp left.
	MeanSurvivors float64 `json:"mean_survivors"`
	MeanHPLeft    float64 `json:"mean_hp_left"`
	// Routs are the games the side won by removing every enemy, CapWins
	// those it won at the turn cap on hp; their sum is the side's wins.
	Routs   int `json:"routs"`
	CapWins int `json:"cap_wins"`
}

// FTBTPersonFacts are one ftbt person's facts over the games.
type FTBTPersonFacts struct {
	Name string `json:"name"`
	Side int    `json:"side"`
	// Survived counts the games the person ended alive.
	Survived sim.Proportion `json:"survived"`
	// TotalDamage is the hp the person took from enemies over all games,
	// MeanDamage the mean per game; Kills the enemies it removed.
	TotalDamage int     `json:"total_damage"`
	MeanDamage  float64 `json:"mean_damage"`
	Kills       int     `json:"kills"`
	// FriendlyDamage is the hp its area effects took from its own side.
	FriendlyDamage int `json:"friendly_damage,omitempty"`
}

// FTBTCellFacts are the fights on one cell over all games: the damage
// techs aimed at it, the people hit on it (area effects hit cells around
// the target), the hp they lost and the people removed there.
type FTBTCellFacts struct {
	X       int `json:"x"`
	Y       int `json:"y"`
	Attacks int `json:"attacks"`
	Hits    int `json:"hits"`
	Damage  int `json:"damage"`
	Falls   int `json:"falls"`
}

// Facts implements Family.
func (f *FTBT) Facts(games []sim.GameResult) sim.Facts {
	l := f.setup.Level
	n := len(games)
	out := f.noFacts()
	t := ftbtTally{survived: make([]int, len(l.People)), cells: map[int]ftbtCell{}}
	for _, g := range games {
		t.add(out, g)
	}
	if n > 0 {
		for s := range out.Sides {
			out.Sides[s].MeanSurvivors = sim.Round4(float64(t.survivors[s]) / float64(n))
			out.Sides[s].MeanHPLeft = sim.Round4(t.hpLeft[s] / float64(n))
		}
	}
	for i, p := range l.People {
		pf := &out.People[i]
		pf.Name, pf.Side = p.Name, p.Side
		pf.Survived = sim.NewProportion(t.survived[i], n)
		if n > 0 {
			pf.MeanDamage = sim.Round4(float64(pf.TotalDamage) / float64(n))
		}
	}
	out.addCells(t.cells)
	return sim.Facts{Family: ftbt.Family, Section: out}
}

// noFacts returns the facts of no game yet: the level's size, sides and
// people.
func (f *FTBT) noFacts() *FTBTFacts {
	l := f.setup.Level
	out := &FTBTFacts{TurnCap: f.turnCap, Width: l.W, Height: l.H, level: l, rules: f.setup.Rules,
		People: make([]FTBTPersonFacts, len(l.People)), Cells: []FTBTCellFacts{},
		SidesApart: ftbt.SidesApart(l, f.setup.Rules)}
	for s, side := range f.Sides() {
		sf := FTBTSideFacts{Name: side.Name}
		for _, p := range l.People {
			if p.Side == s {
				sf.People++
			}
		}
		out.Sides = append(out.Sides, sf)
	}
	return out
}

// ftbtTally sums what games tell beyond the facts' own counters.
type ftbtTally struct {
	survivors [2]int     // people alive at the end, by side
	hpLeft    [2]float64 // shares of the starting hp kept, by side
	survived  []int      // games each person survived
	cells     map[int]ftbtCell
}

// add counts game g into out and t.
func (t *ftbtTally) add(out *FTBTFacts, g sim.GameResult) {
	rec := g.Facts.(*ftbtGame)
	for s := range out.Sides {
		if start, left := rec.sideHP(s); start > 0 {
			t.hpLeft[s] += float64(left) / float64(start)
		}
	}
	for i := range out.People {
		pf := &out.People[i]
		pf.TotalDamage += rec.damage[i]
		pf.Kills += rec.kills[i]
		pf.FriendlyDamage += rec.friendly[i]
		if rec.alive[i] {
			t.survived[i]++
			if s := rec.side[i]; s == 0 || s == 1 {
				t.survivors[s]++
			}
		}
	}
	for loc, c := range rec.cells {
		sum := t.cells[loc]
		sum.attacks += c.attacks
		sum.hits += c.hits
		sum.damage += c.damage
		sum.falls += c.falls
		t.cells[loc] = sum
	}
	if w := g.Winner; w == 0 || w == 1 {
		if rec.capped {
			out.Sides[w].CapWins++
		} else {
			out.Sides[w].Routs++
		}
	}
}

// addCells lists the cells where something happened, in cell order, and
// totals them.
func (out *FTBTFacts) addCells(cells map[int]ftbtCell) {
	locs := make([]int, 0, len(cells))
	for loc := range cells {
		locs = append(locs, loc)
	}
	slices.Sort(locs)
	for _, loc := range locs {
		c := cells[loc]
		out.Attacks += c.attacks
		out.Damage += c.damage
		if out.Width > 0 {
			out.Cells = append(out.Cells, FTBTCellFacts{X: loc % out.Width, Y: loc / out.Width, Attacks: c.attacks, Hits: c.hits, Damage: c.damage, Falls: c.falls})
		}
	}
}

// SidesNeverMeet implements sim.Apart.
func (f *FTBTFacts) SidesNeverMeet() bool { return f.SidesApart }
