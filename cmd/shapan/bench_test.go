package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/biglevel"
	"github.com/shapan/shapan/internal/cputime"
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
	cpu := cputime.Process()
	for b.Loop() {
		if status := run([]string{"check", "--rules", rules, level}, io.Discard, io.Discard); status != exitOK {
			b.Fatalf("check exits with %d", status)
		}
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkFscanBigLevel is the baseline: the same file read with one
// fmt.Fscan per value through a bufio.Reader, as the original engine
// reads a level.
func BenchmarkFscanBigLevel(b *testing.B) {
	level, _ := writeBigLevel(b)
	cpu := cputime.Process()
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
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkBigLevelProcess runs 'shapan check --rules big.tech big.map'
// and the fmt.Fscan baseline ('biglevel fscan big.map') as processes, the
// way a user or a CI job runs them: start-up, reading the file, page faults
// and exit included. cpu-ns/op is the child's user and system time. (Its
// peak memory is measured with /usr/bin/time: the rusage of a child
// started by os/exec counts the parent's memory, which the child shares
// until it executes the program.)
func BenchmarkBigLevelProcess(b *testing.B) {
	level, rules := writeBigLevel(b)
	bin := b.TempDir()
	shapan, baseline := filepath.Join(bin, "shapan"), filepath.Join(bin, "biglevel")
	for path, pkg := range map[string]string{shapan: ".", baseline: "../../internal/biglevel/cmd/biglevel"} {
		if out, err := exec.Command("go", "build", "-o", path, pkg).CombinedOutput(); err != nil {
			b.Fatalf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"check", []string{shapan, "check", "--rules", rules, level}},
		{"fscan", []string{baseline, "fscan", level}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(tc.args[0], tc.args[1:]...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%s: %v\n%s", strings.Join(tc.args, " "), err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
