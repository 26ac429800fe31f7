package ftbt

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand"
	"sync"
	"testing"
)

// genLevel makes a w×h level with n people, each with techs and AI
// settings, deterministically.
func genLevel(w, h, n int) *Level {
	rng := rand.New(rand.NewSource(1))
	l := &Level{W: w, H: h, Terrain: make([]int, w*h)}
	for i := range l.Terrain {
		// Patches of terrain, as on a real map.
		x, y := i%w, i/w
		l.Terrain[i] = (x/7 + y/5 + rng.Intn(2)) % 6
	}
	for i := range n {
		p := Person{
			Name: fmt.Sprintf("兵%d", i+1), Side: i % 2,
			Abi: 10 + rng.Intn(20), Def: 5 + rng.Intn(20), HP: 50 + rng.Intn(200), Speed: 60 + rng.Intn(80),
			X: rng.Intn(w), Y: rng.Intn(h),
			AI: &PersonAI{Attack: 30, Defence: 30, Move: 40, GoalX: -1, GoalY: -1},
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

var bigLevel = sync.OnceValues(func() ([]byte, int) {
	src, err := WriteLevel(genLevel(1500, 1500, 2000))
	if err != nil {
		panic(err)
	}
	return src, countTokens(src)
})

// fscanLevel is the reference loader: the original engine's way, one
// fmt.Fscan call per value through a bufio.Reader.
func fscanLevel(src []byte) (*Level, error) {
	r := bufio.NewReader(bytes.NewReader(src))
	l := &Level{}
	if _, err := fmt.Fscan(r, &l.W); err != nil {
		return nil, err
	}
	if _, err := fmt.Fscan(r, &l.H); err != nil {
		return nil, err
	}
	l.Terrain = make([]int, l.W*l.H)
	for i := range l.Terrain {
		if _, err := fmt.Fscan(r, &l.Terrain[i]); err != nil {
			return nil, err
		}
	}
	var n int
	if _, err := fmt.Fscan(r, &n); err != nil {
		return nil, err
	}
	l.People = make([]Person, n)
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
		a := &PersonAI{}
		for _, v := range []any{&a.Attack, &a.Defence, &a.Move, &a.GoalX, &a.GoalY} {
			if _, err := fmt.Fscan(r, v); err != nil {
				return nil, err
			}
		}
		l.People[i].AI = a
	}
	return l, nil
}

func TestFscanReferenceAgrees(t *testing.T) {
	l := genLevel(40, 30, 25)
	src, err := WriteLevel(l)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := fscanLevel(src)
	if err != nil {
		t.Fatal(err)
	}
	ours, _, err := ReadLevel("gen.map", src)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffLevels(ref, ours); d != "" {
		t.Fatalf("the reference loader and ReadLevel disagree: %s", d)
	}
}

func diffLevels(a, b *Level) string {
	ya, _ := EncodeLevel(a, nil)
	yb, _ := EncodeLevel(b, nil)
	if !bytes.Equal(ya, yb) {
		return "levels differ"
	}
	return ""
}

func reportPerToken(b *testing.B, tokens int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tokens), "ns/token")
}

// BenchmarkReadLevel reads a 1500×1500 level with 2000 people.
func BenchmarkReadLevel(b *testing.B) {
	src, tokens := bigLevel()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, _, err := ReadLevel("big.map", src); err != nil {
			b.Fatal(err)
		}
	}
	reportPerToken(b, tokens)
}

// BenchmarkFscanLevel reads the same level with one fmt.Fscan per value.
func BenchmarkFscanLevel(b *testing.B) {
	src, tokens := bigLevel()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := fscanLevel(src); err != nil {
			b.Fatal(err)
		}
	}
	reportPerToken(b, tokens)
}

func BenchmarkWriteLevel(b *testing.B) {
	src, _ := bigLevel()
	l, _, err := ReadLevel("big.map", src)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := WriteLevel(l); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeLevel(b *testing.B) {
	src, _ := bigLevel()
	l, _, err := ReadLevel("big.map", src)
	if err != nil {
		b.Fatal(err)
	}
	rules := benchRules(b)
	for b.Loop() {
		if _, err := EncodeLevel(l, rules); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeLevel(b *testing.B) {
	src, _ := bigLevel()
	l, _, err := ReadLevel("big.map", src)
	if err != nil {
		b.Fatal(err)
	}
	rules := benchRules(b)
	y, err := EncodeLevel(l, rules)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(y)))
	for b.Loop() {
		if _, _, err := DecodeLevel("big.yaml", y, rules); err != nil {
			b.Fatal(err)
		}
	}
}

// benchRules returns eleven techs and six terrains, like star.tech.
func benchRules(b *testing.B) *Rules {
	rs := &Rules{}
	for k := range 6 {
		rs.Terrains = append(rs.Terrains, Terrain{Name: fmt.Sprintf("地%d", k), Weight: 10 + k})
	}
	for k := range 11 {
		rs.Techs = append(rs.Techs, Tech{Name: fmt.Sprintf("技%d", k), Allowed: make([]bool, 6)})
	}
	return rs
}
