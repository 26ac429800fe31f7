package preview_test

import (
	"github.com/shapan/shapan/preview"
	ftbtpreview "github.com/shapan/shapan/preview/ftbt"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/biglevel"
	"github.com/shapan/shapan/internal/cputime"
	"github.com/shapan/shapan/samples"
)

// BenchmarkRenderSamples renders the preview of every sample document, as
// shapan preview and the studio's Preview pane do.
func BenchmarkRenderSamples(b *testing.B) {
	for _, name := range samples.YAML() {
		src, err := samples.Read(name)
		if err != nil {
			b.Fatal(err)
		}
		doc, err := formats.ReadBytes(name, src, formats.Options{From: formats.YAML, FS: samples.FS()})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			cpu := cputime.Process()
			for b.Loop() {
				if _, err := preview.Render(doc, preview.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkLevel200 draws the preview of a generated 200×200 level with
// 100 people, as the studio's Preview pane does after each edit.
func BenchmarkLevel200(b *testing.B) {
	level, rules := biglevel.Generate(200, 200, 100), biglevel.Rules()
	cpu := cputime.Process()
	for b.Loop() {
		ftbtpreview.Level(level, rules, preview.Options{})
	}
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
}
