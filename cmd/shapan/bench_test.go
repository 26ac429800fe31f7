package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/biglevel"
)

// writeBigLevel writes the 1500×1500 level with 2000 people and its rules
// into a temporary folder and returns their paths.
func writeBigLevel(b *testing.B) (level, rules string) {
	dir := b.TempDir()
	level, rules = filepath.Join(dir, "big.map"), filepath.Join(dir, "star.tech")
	data, err := ftbt.WriteRules(biglevel.Rules())
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(rules, data, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(level, biglevel.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return level, rules
}

// BenchmarkCheckBigLevel runs 'shapan check --rules star.tech big.map' as
// a user does (detection included) on the 1500×1500 level with 2000
// people; cpu-ns/op is the process's CPU time per check.
func BenchmarkCheckBigLevel(b *testing.B) {
	level, rules := writeBigLevel(b)
	cpu := biglevel.CPUTime()
	for b.Loop() {
		if status := run([]string{"check", "--rules", rules, level}, io.Discard, io.Discard); status != exitOK {
			b.Fatalf("check exits with %d", status)
		}
	}
	b.ReportMetric(float64(biglevel.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkFscanBigLevel is the baseline: the same file read with one
// fmt.Fscan per value through a bufio.Reader, as the original engine
// reads a level.
func BenchmarkFscanBigLevel(b *testing.B) {
	level, _ := writeBigLevel(b)
	cpu := biglevel.CPUTime()
	for b.Loop() {
		f, err := os.Open(level)
		if err != nil {
			b.Fatal(err)
		}
		_, err = biglevel.FscanLevel(f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(biglevel.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
}
