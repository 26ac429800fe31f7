package validate_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/biglevel"
	"github.com/shapan/shapan/validate"
	_ "github.com/shapan/shapan/validate/ftbt"
)

var big = sync.OnceValues(func() ([]byte, int) {
	src := biglevel.Bytes()
	return src, biglevel.CountTokens(src)
})

// bigRules writes the rules of the big level into dir.
func bigRules(b *testing.B) string {
	data, err := ftbt.WriteRules(biglevel.Rules())
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "big.tech")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkCheckBigLevel is what shapan check does with a 1500×1500 level
// with 2000 people and its rules: read both, then every check.
func BenchmarkCheckBigLevel(b *testing.B) {
	src, tokens := big()
	rules := bigRules(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		doc, err := formats.ReadBytes("big.map", src, formats.Options{From: ftbt.FormatLevel, RulesPath: rules})
		if err != nil {
			b.Fatal(err)
		}
		if ds := validate.Check(doc); ds.HasErrors() {
			b.Fatalf("the big level has errors: %v", ds[:min(3, len(ds))])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tokens), "ns/token")
}

// BenchmarkFscanReadBigLevel only reads the same level, one fmt.Fscan per
// value through a bufio.Reader.
func BenchmarkFscanReadBigLevel(b *testing.B) {
	src, tokens := big()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := biglevel.FscanLevel(bytes.NewReader(src)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tokens), "ns/token")
}
