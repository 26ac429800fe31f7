package battle

import (
	"math/rand"
	"testing"
)

// bigMap is a 1000×1000 map (the largest size the game allows) of
// elements in random clumps.
func bigMap() *Map {
	rng := rand.New(rand.NewSource(7))
	m := New(1000, 1000)
	codes := []int{CodeSpace, CodeMountain, CodeWater, CodeCity1}
	for i := range m.Cells.Len() {
		if rng.Intn(8) == 0 {
			m.Cells.Set(i, codes[rng.Intn(len(codes))])
		} else if i > 0 {
			m.Cells.Set(i, m.Cells.At(i-1))
		}
	}
	return m
}

func BenchmarkEncode1000(b *testing.B) {
	m := bigMap()
	b.ResetTimer()
	for b.Loop() {
		if _, err := Encode(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode1000(b *testing.B) {
	y, err := Encode(bigMap())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(y)))
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Decode("big.yaml", y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadGrid1000(b *testing.B) {
	g, err := WriteGrid(bigMap())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(g)))
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := ReadGrid("big.grid", g); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteGrid1000(b *testing.B) {
	m := bigMap()
	b.ResetTimer()
	for b.Loop() {
		if _, err := WriteGrid(m); err != nil {
			b.Fatal(err)
		}
	}
}
