// Package biglevel makes the big ftbt level the performance benchmarks
// share — 1500×1500 cells and 2000 people with techs and AI settings —
// with matching rules, and reads a level the way the original engine did
// (one fmt.Fscan per value through a bufio.Reader) as the reference the
// benchmarks compare against.
package biglevel

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"io"
	"math/rand"

	"github.com/shapan/shapan/formats/ftbt"
)

// Generate makes a w×h level with n people, deterministically: patches of
// six terrains, people alternating sides with one to five techs of eleven
// and AI settings (a third with a goal).
func Generate(w, h, n int) *ftbt.Level {
	rng := rand.New(rand.NewSource(1))
	l := &ftbt.Level{W: w, H: h, Terrain: cells.Make(w * h)}
	for i := range l.Terrain.Len() {
		x, y := i%w, i/w
		l.Terrain.Set(i, (x/7+y/5+rng.Intn(2))%6)
	}
	taken := map[int]bool{}
	for i := range n {
		p := ftbt.Person{
			Name: fmt.Sprintf("兵%d", i+1), Side: i % 2,
			Abi: 10 + rng.Intn(20), Def: 5 + rng.Intn(20), HP: 50 + rng.Intn(200), Speed: 60 + rng.Intn(80),
			AI: &ftbt.PersonAI{Attack: 30, Defence: 30, Move: 40, GoalX: -1, GoalY: -1},
		}
		for {
			p.X, p.Y = rng.Intn(w), rng.Intn(h)
			if !taken[p.Y*w+p.X] || len(taken) >= w*h {
				taken[p.Y*w+p.X] = true
				break
			}
		}
		for range 1 + rng.Intn(5) {
			p.Techs = append(p.Techs, rng.Intn(11))
		}
		if i%3 == 0 {
			p.AI.GoalX, p.AI.GoalY = rng.Intn(w), rng.Intn(h)
		}
		l.People = append(l.People, p)
	}
	return l
}

// Rules returns rules that fit Generate's levels: six terrains and eleven
// techs of every class, with the AI constants of the shipped rules.
func Rules() *ftbt.Rules {
	rs := &ftbt.Rules{MaxFlyWeight: 15, MaxAbi: 30}
	for k := range 6 {
		rs.Terrains = append(rs.Terrains, ftbt.Terrain{Name: fmt.Sprintf("地%d", k), Weight: 15 + 10*k})
	}
	for k := range 11 {
		allowed := []bool{true, true, true, true, true, true}
		rs.Techs = append(rs.Techs, ftbt.Tech{Name: fmt.Sprintf("技%d", k), Class: k % 5, Range: [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
			AoeRange: k % 3, AoeRatio: 50, Duration: 2, Allowed: allowed, Value: 10 + k})
	}
	rs.AI = &ftbt.AIConstants{MaxMoveDist: 3000, MaxMoveScore: 1500, MaxBufValue: 30, MaxBufScore: 1000, MaxDefDist: 300, MaxDefScore: 500,
		MaxTechDist: 80, MaxTechScore: 1000, MaxTechBufVMD: 800, MaxTechFlyVMD: 800, MaxTechDLVMD: 600}
	return rs
}

// Bytes writes Generate(1500, 1500, 2000) as a legacy level file.
func Bytes() []byte {
	src, err := ftbt.WriteLevel(Generate(1500, 1500, 2000))
	if err != nil {
		panic(err)
	}
	return src
}

// CountTokens counts the white-space separated values of src.
func CountTokens(src []byte) int { return len(bytes.Fields(src)) }

// FscanLevel reads a level with one fmt.Fscan call per value through a
// bufio.Reader, as the original engine does; it is the reference the
// benchmarks are measured against.
func FscanLevel(src io.Reader) (*ftbt.Level, error) {
	r := bufio.NewReader(src)
	l := &ftbt.Level{}
	if _, err := fmt.Fscan(r, &l.W, &l.H); err != nil {
		return nil, err
	}
	l.Terrain = cells.Make(l.W * l.H)
	for i := range l.Terrain.Len() {
		var v int
		if _, err := fmt.Fscan(r, &v); err != nil {
			return nil, err
		}
		l.Terrain.Set(i, v)
	}
	var n int
	if _, err := fmt.Fscan(r, &n); err != nil {
		return nil, err
	}
	l.People = make([]ftbt.Person, n)
	for i := range l.People {
		p := &l.People[i]
		for _, v := range []any{&p.Name, &p.Side, &p.Abi, &p.Def, &p.HP, &p.Speed, &p.X, &p.Y} {
			if _, err := fmt.Fscan(r, v); err != nil {
				return nil, err
			}
		}
		var nt int
		if _, err := fmt.Fscan(r, &nt); err != nil {
			return nil, err
		}
		p.Techs = make([]int, nt)
		for k := range p.Techs {
			if _, err := fmt.Fscan(r, &p.Techs[k]); err != nil {
				return nil, err
			}
		}
	}
	for i := range l.People {
		a := &ftbt.PersonAI{}
		for _, v := range []any{&a.Attack, &a.Defence, &a.Move, &a.GoalX, &a.GoalY} {
			if _, err := fmt.Fscan(r, v); err != nil {
				return nil, err
			}
		}
		l.People[i].AI = a
	}
	return l, nil
}
