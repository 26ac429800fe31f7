package mbgview

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/internal/cputime"
	"github.com/shapan/shapan/internal/mbgtest"
	"github.com/shapan/shapan/internal/shared"
)

// BenchmarkOpenLegacy opens each of the original game's files in a
// headless studio (what File ▸ Open does, the views built and shown at
// 1280×800): docs/BENCHMARKS.md, "Opening the original files".
func BenchmarkOpenLegacy(b *testing.B) {
	for _, name := range []string{"sanguo.map", mbgtest.SanguoSav, "test_game_s404_t9_r0.sav"} {
		src, err := os.ReadFile(filepath.Join(shared.Dir(b), "legacy", "mbg", name))
		if err != nil {
			b.Fatal(err)
		}
		path := filepath.Join(b.TempDir(), name)
		os.WriteFile(path, src, 0o644)
		b.Run(name, func(b *testing.B) {
			a := test.NewTempApp(b)
			defer reportCPU(b)()
			for b.Loop() {
				st := editor.New(a, editor.Options{Synchronous: true})
				st.Window().Resize(fyne.NewSize(1280, 800))
				if _, err := st.Open(path); err != nil {
					b.Fatal(err)
				}
				st.Window().Close()
			}
		})
	}
}

// BenchmarkSelectCity selects a city of the original's save in its
// Cities pane (its form shows the city's garrison, mayor and treasurer):
// docs/BENCHMARKS.md, "Selecting in the original files".
func BenchmarkSelectCity(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(shared.Dir(b), "legacy", "mbg", mbgtest.SanguoSav))
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), mbgtest.SanguoSav)
	os.WriteFile(path, src, 0o644)
	st := editor.New(test.NewTempApp(b), editor.Options{Synchronous: true})
	st.Window().Resize(fyne.NewSize(1280, 800))
	s, err := st.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	v := st.ViewOf(s).(*SaveView)
	st.ShowPane(s, "Cities")
	i := 0
	defer reportCPU(b)()
	for b.Loop() {
		v.cities.Select(i % 5)
		i++
	}
}

// reportCPU reports the process's CPU time per operation (cpu-ms/op)
// when the returned function runs after the loop: on a shared machine the
// wall time is mostly waiting for a core.
func reportCPU(b *testing.B) func() {
	start := cputime.Process()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cputime.Process()-start)/1e6/float64(b.N), "cpu-ms/op")
		}
	}
}
