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
	s    *state
	k    *ftbtfmt.AIConstants
	dist distances
	set  AISettings
	p    int
	side int
	abi  int
	from int
	// reads is the part of the map the decision reads: the movement range
	// and the cells the mover's techs reach from it.
	reads box
	// goal holds the goal distances of the cells of reads.
	goal *goalTable
	objs []TechObjs
	// known maps, per tech, a target cell of reads to 1 + the index of
	// its object in objs (0: not met yet, -1: no candidate object there).
	known [][]int
	// sums holds, per tech of the mover, the prefix sums of its targets'
	// terms over reads once a target of it was scored (areaSums).
	sums    [][]int
	scratch *scratch
}

// scratch is the storage of a decision kept for the next: the goal
// distances and the objects met.
type scratch struct {
	goal  goalTable
	known []int
	sums  [][]int
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
// every intermediate score. sp is reused from decision to decision.
func decide(s *state, k *ftbtfmt.AIConstants, dist distances, sp *scratch, set AISettings, p, from int, valid []int) (*Scores, error) {
	if set.Goal < -1 || set.Goal >= s.cells() {
		return nil, fmt.Errorf("ftbt: the goal %d of person %d is not a cell of the map", set.Goal, p)
	}
	mover := &s.people[p]
	d := &decider{s: s, k: k, dist: dist, set: set, p: p, side: mover.side, abi: mover.abi, from: from, goal: &sp.goal, scratch: sp}
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
	d.reads = d.readBox(valid)
	d.goalDistances(sc, enemies)
	d.locDef(sc, enemies)
	d.attack(sc)
	sc.TechObjs = d.objs
	sc.Decision = d.choose(sc)
	return sc, nil
}

// readBox returns the box of the cells of valid and of every cell the
// mover's techs target or affect from them.
func (d *decider) readBox(valid []int) box {
	s := d.s
	x, y := s.xy(valid[0])
	b := box{x, y, x, y}
	for _, m := range valid[1:] {
		x, y := s.xy(m)
		b = b.union(box{x, y, x, y})
	}
	reach := b
	span := max(s.nx, s.ny) // no offset or radius reaches further on the map
	for _, id := range s.people[d.p].techs {
		t := &s.rules.Techs[id]
		r := min(d.radius(t), span)
		for _, o := range t.Range {
			dx, dy := min(max(o[0], -span), span), min(max(o[1], -span), span)
			reach = reach.union(box{b.x0 + dx - r, b.y0 + dy - r, b.x1 + dx + r, b.y1 + dy + r})
		}
	}
	return s.clip(reach)
}

// radius is the radius of the area around its target whose goal
// distances tech t of the mover reads (0 for none).
func (d *decider) radius(t *ftbtfmt.Tech) int {
	switch t.Class {
	case ftbtfmt.ClassPeople:
		return 0
	case ftbtfmt.ClassAbiBuf, ftbtfmt.ClassDefBuf:
		return max(t.AoeRange, 0)
	case ftbtfmt.ClassFly:
		return max(d.s.flyRadius(t, d.abi), 0)
	case ftbtfmt.ClassDisableLong:
		return max(d.s.dlRadius(t, d.abi), 0)
	}
	return 0
}

// goalDistances finds the goal (spec §6.2) and its distances to the cells
// the decision reads, exact below the largest distance a score compares.
func (d *decider) goalDistances(sc *Scores, enemies []int) {
	s, k := d.s, d.k
	goal := d.set.Goal
	if goal < 0 {
		best := d.dist.nearest(s, d.from, enemies)
		sc.GoalPerson = best
		goal = s.people[best].loc
	}
	limit := k.MaxTechDist
	if k.MaxMoveDist < noLimit {
		limit = max(limit, k.MaxMoveDist+1)
	}
	d.goal.reset(d.reads, s.nx, max(limit, 0), max(k.MaxTechDist, 0), sc.ValidLoc)
	d.dist.goalTable(s, goal, enemies, d.goal)
}

// locDef computes the location and defence scores (spec §6.3).
func (d *decider) locDef(sc *Scores, enemies []int) {
	s, k := d.s, d.k
	gain := d.dist.defence(s, enemies, k)
	sc.LocScore = make([]int, len(sc.ValidLoc))
	sc.DefScore = make([]int, len(sc.ValidLoc))
	for i, m := range sc.ValidLoc {
		loc := 0
		if g := d.goal.at(m); g <= k.MaxMoveDist {
			loc = (k.MaxMoveDist - g) * k.MaxMoveScore / k.MaxMoveDist
		}
		loc += s.effectAt(d.side, m, auxAbi).Val * k.MaxBufScore / k.MaxBufValue
		loc += s.effectAt(d.side, m, auxDef).Val * k.MaxBufScore / k.MaxBufValue
		sc.LocScore[i] = loc
		sc.DefScore[i] = (len(enemies)*k.MaxDefScore - gain[m]) / len(enemies)
	}
}

// attack finds the best tech and target from every move cell (spec §6.7),
// scoring the candidate objects of §6.4 as they are met.
func (d *decider) attack(sc *Scores) {
	s := d.s
	mover := &s.people[d.p]
	size := d.reads.width() * d.reads.height()
	d.objs = make([]TechObjs, len(mover.techs))
	d.known = make([][]int, len(mover.techs))
	d.sums = make([][]int, len(mover.techs))
	for len(d.scratch.sums) < len(mover.techs) {
		d.scratch.sums = append(d.scratch.sums, nil)
	}
	d.scratch.known = grow(d.scratch.known, size*len(mover.techs))
	clear(d.scratch.known)
	for j, id := range mover.techs {
		d.objs[j] = TechObjs{ITech: j, Tech: id, Class: s.rules.Techs[id].Class, Objs: []int{}, Scores: []int{}}
		d.known[j] = d.scratch.known[j*size : (j+1)*size]
	}
	n := len(sc.ValidLoc)
	sc.AttScore, sc.AttTech, sc.AttTarget = make([]int, n), make([]int, n), make([]int, n)
	for i, m := range sc.ValidLoc {
		best, bestTech, bestTarget := 0, -1, -1
		y := m / s.nx
		x := m - y*s.nx
		for j, id := range mover.techs {
			t := &s.rules.Techs[id]
			for _, o := range t.Range {
				tx, ty := x+o[0], y+o[1]
				if !s.onMap(tx, ty) {
					continue
				}
				c := ty*s.nx + tx
				v, ok := d.score(j, t, c, d.goal.indexXY(tx, ty))
				if ok && (bestTech == -1 || v > best) {
					best, bestTech, bestTarget = v, j, c
				}
			}
		}
		sc.AttScore[i], sc.AttTech[i], sc.AttTarget[i] = best, bestTech, bestTarget
	}
}

// score returns the score of tech j's object on cell c (at in the box),
// and whether c holds a candidate object of §6.4, computing and listing
// it the first time it is met (a person stands on one cell, so its cell
// tells it apart as well).
func (d *decider) score(j int, t *ftbtfmt.Tech, c, at int) (int, bool) {
	switch i := d.known[j][at]; {
	case i > 0:
		return d.objs[j].Scores[i-1], true
	case i < 0:
		return 0, false
	}
	obj, ok := d.object(t, c)
	if !ok {
		d.known[j][at] = -1
		return 0, false
	}
	var v int
	switch t.Class {
	case ftbtfmt.ClassPeople:
		v = d.peopleScore(t, obj)
	case ftbtfmt.ClassAbiBuf, ftbtfmt.ClassDefBuf:
		v = d.buffScore(j, t, obj)
	case ftbtfmt.ClassFly:
		v = d.flyScore(j, t, obj)
	case ftbtfmt.ClassDisableLong:
		v = d.dlScore(j, t, obj)
	}
	d.objs[j].Objs = append(d.objs[j].Objs, obj)
	d.objs[j].Scores = append(d.objs[j].Scores, v)
	d.known[j][at] = len(d.objs[j].Objs)
	return v, true
}

// object returns the candidate object of tech t on cell c (spec §6.4):
// for class 0 the enemy standing there and not protected from it, for
// other classes the cell; false when c holds none.
func (d *decider) object(t *ftbtfmt.Tech, c int) (int, bool) {
	s := d.s
	if !s.allowed(t, c) {
		return 0, false
	}
	if t.Class != ftbtfmt.ClassPeople {
		return c, true
	}
	obj := d.occupant(c)
	if obj == -1 || s.people[obj].side == d.side || (t.IsLong && s.effectAt(s.people[obj].side, c, auxDL).Val != 0) {
		return 0, false
	}
	return obj, true
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
