package ftbt_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/biglevel"
)

var bigLevel = sync.OnceValues(func() ([]byte, int) {
	src := biglevel.Bytes()
	return src, biglevel.CountTokens(src)
})

func TestFscanReferenceAgrees(t *testing.T) {
	src, err := ftbt.WriteLevel(biglevel.Generate(40, 30, 25))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := biglevel.FscanLevel(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	ours, _, err := ftbt.ReadLevel("gen.map", src)
	if err != nil {
		t.Fatal(err)
	}
	ya, _ := ftbt.EncodeLevel(ref, nil)
	yb, _ := ftbt.EncodeLevel(ours, nil)
	if !bytes.Equal(ya, yb) {
		t.Fatal("the reference loader and ReadLevel disagree")
	}
}

func reportPerToken(b *testing.B, tokens int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tokens), "ns/token")
}

// BenchmarkReadLevel reads a 1500×1500 level with 2000 people.
func BenchmarkReadLevel(b *testing.B) {
	src, tokens := bigLevel()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, _, err := ftbt.ReadLevel("big.map", src); err != nil {
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
		if _, err := biglevel.FscanLevel(bytes.NewReader(src)); err != nil {
			b.Fatal(err)
		}
	}
	reportPerToken(b, tokens)
}

func BenchmarkWriteLevel(b *testing.B) {
	src, _ := bigLevel()
	l, _, err := ftbt.ReadLevel("big.map", src)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := ftbt.WriteLevel(l); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeLevel(b *testing.B) {
	src, _ := bigLevel()
	l, _, err := ftbt.ReadLevel("big.map", src)
	if err != nil {
		b.Fatal(err)
	}
	rules := biglevel.Rules()
	for b.Loop() {
		if _, err := ftbt.EncodeLevel(l, rules); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeLevel(b *testing.B) {
	src, _ := bigLevel()
	l, _, err := ftbt.ReadLevel("big.map", src)
	if err != nil {
		b.Fatal(err)
	}
	rules := biglevel.Rules()
	y, err := ftbt.EncodeLevel(l, rules)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(y)))
	for b.Loop() {
		if _, _, err := ftbt.DecodeLevel("big.yaml", y, rules); err != nil {
			b.Fatal(err)
		}
	}
}
