package formats_test

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/tiled"
	"github.com/shapan/shapan/internal/biglevel"
	"github.com/shapan/shapan/internal/heappeak"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/validate"
	_ "github.com/shapan/shapan/validate/battle"
	_ "github.com/shapan/shapan/validate/ftbt"
	_ "github.com/shapan/shapan/validate/mbg"
	_ "github.com/shapan/shapan/validate/planets"
)

// The memory of reading a document, family by family and form by form:
// with the collector run often, the heap live while a document of a few
// hundred KB is read never passes its case's bound times the input plus
// 4 MiB. The bound is 4 where the reader keeps so little: the mbg and
// ftbt YAML documents, read a slice of their long lists at a time, and
// the token files of the three families (the mbg and ftbt rules readers
// record where each item of a list starts, not every value), and the grids of ftbt
// levels and battle maps in either form, whose cells are kept a byte a
// cell (cells.Grid; a cell is one symbol or more in the file): their
// YAML cases are 1500×1500 grids, which the 8 bytes a cell they took
// before would put at 8× the file. An ftbt level's YAML terrain, one
// block scalar, is read from the file's lines (yamlx.Lazy.Blocks: its
// rows once, then its cells), not by the YAML parser, which held it
// twice (its buffer and the string made of it); the 1500×1500 level with
// 1 500 people keeps 6 (6.2× measured at 2.5 MB, 14.7 MiB, with the
// terrain read either way: what keeps it is not the terrain, not looked
// into; the 8 bytes a cell of before made it 13×), and a 6000×6000 level
// (36 MB, past the largest size: FTB020) read and checked 4 (2.0×; 2.1×
// with the terrain parsed, as the heap live after each collection shows
// it: the parser's excess was in what check let grow between collections,
// which cmd/shapan TestCheckOfAnFTBTLevelPastTheLargestSizeStaysInBound
// measures). The planets map (YAML
// and the game's file) is read a slice of its planets and routes at a
// time too, and its model keeps six values of 8 bytes a planet (a
// pointer to a payload shared by the values of the same text) written
// in some 45 bytes, and three a route in some 20: 4, read alone and read
// and checked (2.6–3.3× measured beyond the 4 MiB at 2.3 MB, the file
// itself, read before, not counted; the bound was 5 with values of 16
// bytes, 8 before); docs/limits.md lists it.
// A planets map's Tiled form (.tmj, .tmx) decodes its planet and route
// objects one at a time from the file: 4, read and checked (2 000
// planets and 1 999 routes; the file, 2–3 KB a planet, is much larger
// than the model).
// The Tiled maps of battle and ftbt (.tmj, .tmx) read their tile layers
// straight into tile ids, 4 bytes a cell, then a byte a cell, and an ftbt
// level's people one object at a time from the file, their positions
// found again when a diagnostic needs one: 4 (battle 2.7–3.3×, the ftbt
// level's JSON 3.1–3.8×, its XML 1.6×; a level of 1 500 people on
// 100×100 cells, read and checked, 1.3× as JSON and 2.3× as XML, 11× as
// JSON before).
// The check cases read and check the document (validate.Check): a
// battle map past the largest size (its error BTL002; where the bases
// reach is not searched), an mbg
// save of 4 000 officers none of the save's lists places (4 001 errors
// of one code, 50 of them listed; the others' messages are not made),
// and the planets maps (each planet's token is no single letter: 8 000
// errors PLN007, and the routes' graph of 8 000 planets).
// SHAPAN_LONG reads inputs four times as large. In a binary built with
// the race detector the test runs in one built without it
// (longtest.WithoutRace): it reads on one goroutine, and the detector
// made the readers and the collector at 5 % 8–10 times slower (46 s of
// CPU, 5 s without); the package's other tests read every form under
// -race.
func TestReadingHeapPerFamilyAndForm(t *testing.T) {
	if longtest.WithoutRace(t) {
		return
	}
	scale := longtest.Pick(1, 4)
	dir := t.TempDir()
	rules := filepath.Join(dir, "big.tech")
	data, err := ftbt.WriteRules(biglevel.Rules())
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, rules, data)
	for _, tc := range []struct {
		name, file string
		src        func() []byte
		bound      float64 // times the input
		check      bool    // read and check (shapan check), not only read
		constant   uint64  // MiB above bound times the input (0: 4)
	}{
		{"mbg scenario YAML", "s.yaml", func() []byte { return mbgScenario(t, 12_000*scale) }, 4, false, 0},
		{"mbg scenario legacy", "s.map", func() []byte { return encodeAs(t, "s.yaml", mbgScenario(t, 12_000*scale), "mbg-map") }, 4, false, 0},
		{"planets map YAML", "p.yaml", func() []byte { return planetsMap(8_000*scale, true) }, 4, false, 0},
		{"planets map legacy", "p.yml", func() []byte { return planetsMap(8_000*scale, false) }, 4, false, 0},
		{"ftbt level legacy", "l.map", func() []byte { return ftbtLevel(t, 500*scale) }, 4, false, 0},
		{"ftbt level YAML", "l.yaml", func() []byte { return encodeAs(t, filepath.Join(dir, "l.map"), ftbtLevel(t, 1500*scale), "yaml") }, 6, false, 0},
		{"ftbt level YAML past the largest size (check)", "lc.yaml", func() []byte { return bigLevelYAML(6000) }, 4, true, 0},
		{"ftbt rules YAML", "r.yaml", func() []byte { return ftbtRules(t, 1_200*scale) }, 4, false, 0},
		{"ftbt rules legacy", "r.tech", func() []byte { return ftbtRulesFile(t, 24_000*scale) }, 4, false, 0},
		{"battle grid legacy", "b.grid", func() []byte { return battleGrid(500 * scale) }, 4, false, 0},
		{"battle map YAML", "b.yaml", func() []byte { return encodeAs(t, "b.grid", battleGrid(1500*scale), "yaml") }, 4, false, 0},
		{"battle map YAML past the largest size (check)", "bc.yaml", func() []byte { return encodeAs(t, "b.grid", battleGrid(1500*scale), "yaml") }, 4, true, 0},
		{"battle map Tiled JSON", "b.tmj", func() []byte { return encodeAs(t, "b.grid", battleGrid(500*scale), "tiled") }, 4, false, 0},
		{"battle map Tiled XML", "b.tmx", func() []byte { return tmx(t, encodeAs(t, "b.grid", battleGrid(500*scale), "tiled")) }, 4, false, 0},
		{"ftbt level Tiled JSON", "l.tmj", func() []byte { return encodeAs(t, filepath.Join(dir, "l.map"), ftbtLevel(t, 500*scale), "tiled") }, 4, false, 0},
		{"ftbt level Tiled XML", "l.tmx", func() []byte {
			return tmx(t, encodeAs(t, filepath.Join(dir, "l.map"), ftbtLevel(t, 500*scale), "tiled"))
		}, 4, false, 0},
		{"ftbt level Tiled JSON, many people (check)", "lp.tmj", func() []byte { return encodeAs(t, filepath.Join(dir, "l.map"), crowdedLevel(t, scale), "tiled") }, 4, true, 0},
		{"ftbt level Tiled XML, many people (check)", "lp.tmx", func() []byte {
			return tmx(t, encodeAs(t, filepath.Join(dir, "l.map"), crowdedLevel(t, scale), "tiled"))
		}, 4, true, 0},
		{"planets map YAML (check)", "pc.yaml", func() []byte { return planetsMap(8_000*scale, true) }, 4, true, 0},
		{"planets map Tiled JSON (check)", "pc.tmj", func() []byte { return encodeAs(t, "p.yaml", planetsMap(2_000*scale, true), "tiled") }, 4, true, 0},
		{"planets map Tiled XML (check)", "pc.tmx", func() []byte { return tmx(t, encodeAs(t, "p.yaml", planetsMap(2_000*scale, true), "tiled")) }, 4, true, 0},
		{"planets map legacy (check)", "pc.yml", func() []byte { return planetsMap(8_000*scale, false) }, 4, true, 0},
		// check of a save holds about 4 MiB whatever its size (11–13× a
		// 0.4 MB file, 3.3× more for each byte added): twice the
		// officers and 6 MiB, so that a busy machine's collector
		// cannot take it past the bound, and a slope above 6× still can
		{"mbg save YAML, every added officer misplaced (check)", "v.yaml", func() []byte { return mbgSave(t, 8_000*scale) }, 4, true, 6},
		{"mbg save legacy, the same (check)", "v.sav", func() []byte { return encodeAs(t, "v.yaml", mbgSave(t, 4_000*scale), "mbg-sav") }, 4, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src()
			path := filepath.Join(dir, tc.file)
			constant := cmp.Or(tc.constant, 4)
			limit := uint64(tc.bound*float64(len(src))) + constant<<20
			// What a concurrent collection finds live includes what was
			// allocated while it marked (more when the mutator runs
			// slower, as under the race detector), so one reading can
			// be above the heap's true peak, never below it: the least
			// of up to three readings is taken.
			live := uint64(math.MaxUint64)
			for try := 0; try < 3 && live > limit; try++ {
				live = min(live, heappeak.Live(func() {
					doc, err := formats.ReadBytes(path, src, formats.Options{RulesPath: rules})
					if err != nil {
						t.Fatalf("%.300v", err)
					}
					if tc.check {
						validate.Check(doc)
					}
				}))
			}
			t.Logf("%d bytes: %.1f MiB live at most (%.1f× the input)", len(src), float64(live)/(1<<20), float64(live)/float64(len(src)))
			if live > limit {
				t.Errorf("%d bytes were live reading %d bytes: more than %g× + %d MiB", live, len(src), tc.bound, constant)
			}
		})
	}
}

// A file or a stream whose beginning fits no form is refused from its
// first 64 KiB, whatever its length: a file of NUL bytes, standard input
// from /dev/zero (which was read to the input limit, 256 MiB, first).
func TestNoDocumentIsRefusedFromItsBeginning(t *testing.T) {
	dir := t.TempDir()
	nul := filepath.Join(dir, "zeros.bin")
	writeFile(t, nul, make([]byte, 8<<20))
	garbage := filepath.Join(dir, "noise.map")
	writeFile(t, garbage, bytes.Repeat([]byte("\x01\x02\x03 \x04"), 2<<20))
	for _, tc := range []struct {
		name, path string
		stdin      io.Reader
	}{
		{"NUL file", nul, nil},
		{"control bytes as .map", garbage, nil},
		{"standard input from /dev/zero", formats.Stdin, zeros{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := formats.Read(tc.path, formats.Options{Stdin: tc.stdin})
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), "cannot tell what kind of file this is") {
				t.Fatalf("got %v, want the form refused", err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
				t.Errorf("%d bytes allocated to refuse it: it was read beyond its beginning", alloc)
			}
		})
	}
}

// zeros is /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mbgScenario returns samples/mbg/赤壁.yaml with n officers added.
func mbgScenario(t *testing.T, n int) []byte {
	src, err := os.ReadFile("../samples/mbg/赤壁.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "  - {name: 兵%d, wu: 50, zhan: 50, mou: 50, zheng: 50, jing: 50}\n", i)
	}
	out := bytes.Replace(src, []byte("\ncities:\n"), append(append([]byte("\n"), b.Bytes()...), "cities:\n"...), 1)
	if len(out) == len(src) {
		t.Fatal("the sample has no cities: where mbgScenario adds officers")
	}
	return out
}

// mbgSave returns samples/mbg/赤壁第十四回.yaml with n free officers added
// that no list of the save places: each is an error (MBG062).
func mbgSave(t testing.TB, n int) []byte {
	src, err := os.ReadFile("../samples/mbg/赤壁第十四回.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "  - {name: 兵%d, hp: 2704, hp_max: 2704, wu: 62, zhan: 97, mou: 97, zheng: 94, jing: 76, level: high}\n", i)
	}
	out := bytes.Replace(src, []byte("\nroles:\n"), append(append([]byte("\n"), b.Bytes()...), "roles:\n"...), 1)
	if len(out) == len(src) {
		t.Fatal("the sample has no roles: where mbgSave adds officers")
	}
	return out
}

// planetsMap returns a map of n planets in a chain, in block style, as a
// planets/map document (ours) or the game's file.
func planetsMap(n int, ours bool) []byte {
	var b bytes.Buffer
	if ours {
		b.WriteString("kind: planets/map\nformat: 1\n")
	}
	b.WriteString("name: big\nmax_round: 600\nmax_player: 2\nstart_unit: 100\nstarts: [P0, P1]\nmap: |\n  AB\nplanets:\n")
	for i := range n {
		fmt.Fprintf(&b, "  P%d: {def: 1.0, res: 1.1, cos: 5, max: 400}\n", i)
	}
	b.WriteString("routes:\n")
	for i := range n - 1 {
		fmt.Fprintf(&b, "  - [P%d, P%d, 3]\n", i, i+1)
	}
	return b.Bytes()
}

// ftbtLevel returns the game's file of a side×side level with side
// people (biglevel's, with its rules).
func ftbtLevel(t *testing.T, side int) []byte {
	src, err := ftbt.WriteLevel(biglevel.Generate(side, side, side))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// bigLevelYAML returns an ftbt/level document of side×side cells (rows
// of the six terrains of biglevel's rules, in stripes) and two people,
// written as shapan convert writes a level.
func bigLevelYAML(side int) []byte {
	var b bytes.Buffer
	b.Grow(side*(side+3) + 1<<10)
	fmt.Fprintf(&b, "kind: ftbt/level\nversion: 1\nsize: {width: %d, height: %d}\nlegend:\n", side, side)
	for k := range 6 {
		fmt.Fprintf(&b, "  \"%d\": %d\n", k, k)
	}
	b.WriteString("terrain: |\n")
	row := make([]byte, side+3)
	row[0], row[1], row[side+2] = ' ', ' ', '\n'
	for y := range side {
		for x := range side {
			row[2+x] = byte('0' + (x/7+y/5)%6)
		}
		b.Write(row)
	}
	b.WriteString("people:\n  - {name: a, side: 0, abi: 10, def: 10, hp: 100, speed: 60, at: [0, 0]}\n" +
		"  - {name: b, side: 1, abi: 10, def: 10, hp: 100, speed: 60, at: [1, 1]}\n")
	return b.Bytes()
}

// crowdedLevel returns the game's file of a 100×100 level with 1 500
// people (scale² times as many cells and people), biglevel's.
func crowdedLevel(t *testing.T, scale int) []byte {
	src, err := ftbt.WriteLevel(biglevel.Generate(100*scale, 100*scale, 1_500*scale*scale))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// ftbtRules returns an ftbt/rules YAML document of n techs (biglevel's
// rules, their techs repeated).
func ftbtRules(t *testing.T, n int) []byte {
	src, err := ftbt.EncodeRules(manyTechs(n))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// ftbtRulesFile returns the game's rules file of n techs (as ftbtRules).
func ftbtRulesFile(t *testing.T, n int) []byte {
	src, err := ftbt.WriteRules(manyTechs(n))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// manyTechs returns biglevel's rules with n techs, theirs repeated.
func manyTechs(n int) *ftbt.Rules {
	rs := biglevel.Rules()
	techs := rs.Techs
	rs.Techs = nil
	for i := range n {
		tech := techs[i%len(techs)]
		tech.Name = fmt.Sprintf("技%d", i)
		rs.Techs = append(rs.Techs, tech)
	}
	return rs
}

// battleGrid returns the game's grid of a side×side battle map of open
// ground with two bases.
func battleGrid(side int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d %d\n", side, side)
	for y := range side {
		for x := range side {
			c := "0"
			if x == y && (x == 1 || x == side-2) {
				c = "5"
			}
			if x > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(c)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// encodeAs reads src (from path) and returns it written in the form to.
// tmx returns a Tiled map in its XML form.
func tmx(t testing.TB, tmj []byte) []byte {
	t.Helper()
	out, err := tiled.ToTMX(tmj)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func encodeAs(t testing.TB, path string, src []byte, to formats.Format) []byte {
	t.Helper()
	doc, err := formats.ReadBytes(path, src, formats.Options{})
	if err != nil {
		t.Fatalf("%.300v", err)
	}
	out, err := formats.Encode(doc, to)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// BenchmarkReadMemory reads a NUL file, standard input from /dev/zero
// (to the input limit, 64 MiB here) and a legacy planets map of 3 000
// planets; B/op is what the read allocates, peak-live/input the most
// heap live during it against the input.
func BenchmarkReadMemory(b *testing.B) {
	dir := b.TempDir()
	nul := filepath.Join(dir, "zeros.bin")
	if err := os.WriteFile(nul, make([]byte, 32<<20), 0o644); err != nil {
		b.Fatal(err)
	}
	planets := filepath.Join(dir, "p.yml")
	if err := os.WriteFile(planets, planetsMap(3_000, false), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name, path string
		stdin      func() io.Reader
		size       int64
	}{
		{"nul-file-32MiB", nul, nil, 32 << 20},
		{"dev-zero-stdin", formats.Stdin, func() io.Reader { return zeros{} }, 64 << 20},
		{"planets-legacy-3000", planets, nil, int64(len(planetsMap(3_000, false)))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				opts := formats.Options{MaxInput: 64 << 20}
				if bc.stdin != nil {
					opts.Stdin = bc.stdin()
				}
				peak = max(peak, heappeak.Live(func() { formats.Read(bc.path, opts) }))
			}
			b.ReportMetric(float64(peak)/float64(bc.size), "peak-live/input")
		})
	}
}

// BenchmarkCheckMemory reads and checks (as shapan check does) an mbg
// save of 20 000 officers that no list of the save places (20 001 MBG062
// errors, 50 listed) as YAML and .sav, a 300×300 ftbt level with 6 000
// people in both Tiled forms, and a planets map of 100 000 planets and
// 99 999 routes as YAML (6.7 MB; 100 000 PLN007 errors: no token is one
// letter) and of 20 000 in both Tiled forms;
// B/op is what reading and checking
// allocate, peak-live/input the most heap live during it against the
// input.
func BenchmarkCheckMemory(b *testing.B) {
	dir := b.TempDir()
	save := mbgSave(b, 20_000)
	level, err := ftbt.WriteLevel(biglevel.Generate(300, 300, 6_000))
	if err != nil {
		b.Fatal(err)
	}
	tmj := encodeAs(b, filepath.Join(dir, "l.map"), level, "tiled")
	planetsTMJ := encodeAs(b, "p.yaml", planetsMap(20_000, true), "tiled")
	for _, bc := range []struct {
		name, file string
		src        []byte
	}{
		{"mbg-save-yaml-20000", "v.yaml", save},
		{"mbg-save-sav-20000", "v.sav", encodeAs(b, "v.yaml", save, "mbg-sav")},
		{"ftbt-tiled-tmj-6000-people", "l.tmj", tmj},
		{"ftbt-tiled-tmx-6000-people", "l.tmx", tmx(b, tmj)},
		{"planets-yaml-100000", "p.yaml", planetsMap(100_000, true)},
		{"planets-tiled-tmj-20000", "p.tmj", planetsTMJ},
		{"planets-tiled-tmx-20000", "p.tmx", tmx(b, planetsTMJ)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			path := filepath.Join(dir, bc.file)
			b.ReportAllocs()
			var peak uint64
			for b.Loop() {
				peak = max(peak, heappeak.Live(func() {
					doc, err := formats.ReadBytes(path, bc.src, formats.Options{})
					if err != nil {
						b.Fatalf("%.300v", err)
					}
					validate.Check(doc)
				}))
			}
			b.ReportMetric(float64(peak)/float64(len(bc.src)), "peak-live/input")
		})
	}
}

// A file that holds NUL bytes where its form cannot be told is refused at
// its first NUL byte, as no file of the games (a file of NUL bytes longer
// than what detection reads seemed to fit "more than one form"); a file
// whose beginning is one form's is read as that form, whose reader places
// the byte.
func TestANULByteIsNamedWhereTheFormCannotBeTold(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		src  []byte
		want string
	}{
		{"z.bin", make([]byte, 1000), "z.bin:1:1: error P013: cannot tell what kind of file this is: it holds a NUL byte here"},
		{"long.bin", make([]byte, 200<<10), "long.bin:1:1: error P013: cannot tell what kind of file this is: it holds a NUL byte here"},
		{"text.bin", []byte("abc 一二\n  x\x00\x00"), "text.bin:2:4: error P013: cannot tell what kind of file this is: it holds a NUL byte here"},
		{"mbg.map", []byte("10 5 5 30000\n\x00\x00"), "mbg.map:1:1: error P005: the number of board squares"},
	} {
		path := filepath.Join(dir, tc.name)
		writeFile(t, path, tc.src)
		_, err := formats.Read(path, formats.Options{})
		if err == nil || !strings.Contains(err.Error(), string(filepath.Separator)+tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}
