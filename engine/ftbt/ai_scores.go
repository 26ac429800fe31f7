package ftbt

import (
	"errors"
	"fmt"

	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// Choice is an AI decision (spec §6.7): the destination, the tech index
// (-1 none) and the target cell (-1 none).
type Choice struct {
	Move   int `json:"move"`
	ITech  int `json:"itech"`
	Target int `json:"target"`
}

// Scores are the AI's intermediate values for one decision, named as in
// ai_decisions.json (spec §7.3); the arrays are aligned with ValidLoc.
type Scores struct {
	ValidLoc   []int      `json:"valid_loc"`
	GoalPerson int        `json:"goal_person"` // -1 with a fixed goal
	NRP        int        `json:"nrp"`         // enemies on the map
	LocScore   []int      `json:"loc_score"`
	DefScore   []int      `json:"def_score"`
	AttScore   []int      `json:"att_score"`
	AttTech    []int      `json:"att_tech"`
	AttTarget  []int      `json:"att_target"`
	TechObjs   []TechObjs `json:"tech_objs"`
	Decision   Choice     `json:"decision"`
}

// TechObjs are the candidate objects of one tech of the mover (spec §6.4)
// in enumeration order — people for class 0, cells otherwise — and their
// scores (§6.5, §6.6).
type TechObjs struct {
	ITech  int   `json:"itech"`
	Tech   int   `json:"tech"`
	Class  int   `json:"class"`
	Objs   []int `json:"objs"`
	Scores []int `json:"scores"`
}

// errNoEnemy is the original's panic "no enermy for AI".
var errNoEnemy = errors.New("ftbt: the AI has no enemy on the map to decide against")

// decider computes one decision of spec §6.2–§6.7 for person p, scored on
// the board as it was before p moved: p stands on from.
type decider struct {
	s     *state
	k     *ftbtfmt.AIConstants
	dc    *distCache
	set   AISettings
	p     int
	side  int
	abi   int
	from  int
	gd    []int
	objs  []TechObjs
	known []map[int]int // per tech: object → index into its Objs
}

// occupant is the person on cell c with the mover back on from.
func (d *decider) occupant(c int) int {
	if c == d.from {
		return d.p
	}
	if o := d.s.occ[c]; o != d.p {
		return o
	}
	return -1
}

// decide makes the decision of person p (settings set) whose action
// started on from, over its movement range valid (spec §3.4), and returns
// every intermediate score.
func decide(s *state, k *ftbtfmt.AIConstants, dc *distCache, set AISettings, p, from int, valid []int) (*Scores, error) {
	if set.Goal < -1 || set.Goal >= s.cells() {
		return nil, fmt.Errorf("ftbt: the goal %d of person %d is not a cell of the map", set.Goal, p)
	}
	dc.startTurn(s)
	mover := &s.people[p]
	d := &decider{s: s, k: k, dc: dc, set: set, p: p, side: mover.side, abi: mover.abi, from: from}
	var enemies []int
	for i := range s.people {
		if e := &s.people[i]; e.loc != -1 && e.side != d.side {
			enemies = append(enemies, i)
		}
	}
	if len(enemies) == 0 {
		return nil, errNoEnemy
	}
	sc := &Scores{ValidLoc: valid, GoalPerson: -1, NRP: len(enemies)}
	d.goal(sc, enemies)
	d.locDef(sc, enemies)
	d.attack(sc)
	sc.TechObjs = d.objs
	sc.Decision = d.choose(sc)
	return sc, nil
}

// goal sets the goal distances (spec §6.2).
func (d *decider) goal(sc *Scores, enemies []int) {
	s := d.s
	if d.set.Goal >= 0 {
		d.gd = d.dc.goal(s, d.set.Goal)
		return
	}
	best := d.dc.nearest(s, d.from, enemies)
	sc.GoalPerson = best
	d.gd = d.dc.at(s, s.people[best].loc)
}

// locDef computes the location and defence scores (spec §6.3).
func (d *decider) locDef(sc *Scores, enemies []int) {
	s, k := d.s, d.k
	tables := make([][]int, len(enemies))
	for i, e := range enemies {
		tables[i] = d.dc.atBelow(s, s.people[e].loc, k.MaxDefDist)
	}
	sc.LocScore = make([]int, len(sc.ValidLoc))
	sc.DefScore = make([]int, len(sc.ValidLoc))
	for i, m := range sc.ValidLoc {
		loc := 0
		if g := d.gd[m]; g <= k.MaxMoveDist {
			loc = (k.MaxMoveDist - g) * k.MaxMoveScore / k.MaxMoveDist
		}
		loc += s.aux[d.side][m][auxAbi].val * k.MaxBufScore / k.MaxBufValue
		loc += s.aux[d.side][m][auxDef].val * k.MaxBufScore / k.MaxBufValue
		sc.LocScore[i] = loc
		def := 0
		for _, t := range tables {
			if dist := t[m]; dist < k.MaxDefDist {
				def += dist * k.MaxDefScore / k.MaxDefDist
			} else {
				def += k.MaxDefScore
			}
		}
		sc.DefScore[i] = def / len(enemies)
	}
}

// attack finds the best tech and target from every move cell (spec §6.7),
// scoring the candidate objects of §6.4 as they are met.
func (d *decider) attack(sc *Scores) {
	s := d.s
	mover := &s.people[d.p]
	d.objs = make([]TechObjs, len(mover.techs))
	d.known = make([]map[int]int, len(mover.techs))
	for j, id := range mover.techs {
		d.objs[j] = TechObjs{ITech: j, Tech: id, Class: s.rules.Techs[id].Class, Objs: []int{}, Scores: []int{}}
		d.known[j] = map[int]int{}
	}
	n := len(sc.ValidLoc)
	sc.AttScore, sc.AttTech, sc.AttTarget = make([]int, n), make([]int, n), make([]int, n)
	for i, m := range sc.ValidLoc {
		best, bestTech, bestTarget := 0, -1, -1
		for j, id := range mover.techs {
			t := &s.rules.Techs[id]
			for _, o := range t.Range {
				c := s.offset(m, o[0], o[1])
				if c == -1 || !s.allowed(t, c) {
					continue
				}
				obj := c
				if t.Class == ftbtfmt.ClassPeople {
					obj = d.occupant(c)
					if obj == -1 || s.people[obj].side == d.side || (t.IsLong && s.aux[s.people[obj].side][c][auxDL].val != 0) {
						continue
					}
				}
				v := d.score(j, t, obj)
				if bestTech == -1 || v > best {
					best, bestTech, bestTarget = v, j, c
				}
			}
		}
		sc.AttScore[i], sc.AttTech[i], sc.AttTarget[i] = best, bestTech, bestTarget
	}
}

// score returns the score of object obj for tech j, computing and
// listing it the first time it is met.
func (d *decider) score(j int, t *ftbtfmt.Tech, obj int) int {
	if i, ok := d.known[j][obj]; ok {
		return d.objs[j].Scores[i]
	}
	var v int
	switch t.Class {
	case ftbtfmt.ClassPeople:
		v = d.peopleScore(t, obj)
	case ftbtfmt.ClassAbiBuf, ftbtfmt.ClassDefBuf:
		v = d.buffScore(t, obj)
	case ftbtfmt.ClassFly:
		v = d.flyScore(t, obj)
	case ftbtfmt.ClassDisableLong:
		v = d.dlScore(t, obj)
	}
	d.known[j][obj] = len(d.objs[j].Objs)
	d.objs[j].Objs = append(d.objs[j].Objs, obj)
	d.objs[j].Scores = append(d.objs[j].Scores, v)
	return v
}

// choose is the final choice of spec §6.7: the best free cell of the
// range by total score, else staying put without a tech.
func (d *decider) choose(sc *Scores) Choice {
	bi, bestTotal := -1, 0
	for i, m := range sc.ValidLoc {
		if d.occupant(m) != -1 {
			continue
		}
		total := sc.AttScore[i]*d.set.Attack + sc.DefScore[i]*d.set.Defence + sc.LocScore[i]*d.set.Move
		if bi == -1 || total > bestTotal {
			bi, bestTotal = i, total
		}
	}
	if bi == -1 {
		return Choice{Move: d.from, ITech: -1, Target: -1}
	}
	return Choice{Move: sc.ValidLoc[bi], ITech: sc.AttTech[bi], Target: sc.AttTarget[bi]}
}
