package balance

import (
	"context"
	"fmt"
	"github.com/shapan/shapan/family"
	"image"
	"strings"
	"time"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/preview/charts"
)

// chartScale is the scale the charts are drawn at: twice their size, so
// that they stay sharp when the window shows them large (or on a HiDPI
// screen) and shrink smoothly when it shows them small.
const chartScale = 2

// outcome is what a simulation leaves to show: its report, the report as
// text and its charts, or the reason there is no report.
type outcome struct {
	report   *sim.Report
	text     string
	winRates image.Image
	lengths  image.Image
	heatmap  image.Image // nil when the report has no heat map
	elapsed  time.Duration
	err      error // why there is no report (report nil)
}

// simulate plays the games of doc (a private copy: see snapshot), sums
// them up and draws the charts. It runs off the UI thread; progress is
// called as in sim.Options. Cancelling ctx stops the games: the outcome
// is then the report of the games played so far, marked stopped.
func simulate(ctx context.Context, doc *formats.Document, name string, set settings, now func() time.Time, progress func(done, total int)) outcome {
	start := now()
	adapter, err := family.Simulate(doc, family.SimOptions{TurnCap: set.TurnCap})
	if err != nil {
		return outcome{err: fmt.Errorf("%s cannot be simulated: %w", name, err)}
	}
	r, err := sim.Run(ctx, adapter, sim.Options{Games: set.Games, Seed: set.Seed, Jobs: set.Jobs, Progress: progress})
	if r == nil {
		return outcome{err: fmt.Errorf("simulating %s: %w", name, err)}
	}
	r.Scenario = name
	out := outcome{report: r, elapsed: now().Sub(start)}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		return outcome{err: fmt.Errorf("writing the report of %s: %w", name, err)}
	}
	out.text = b.String()
	o := charts.Options{Scale: chartScale, English: true} // the studio speaks English
	out.winRates, out.lengths, out.heatmap = charts.WinRates(r, o), charts.Lengths(r, o), charts.Heatmap(r, o)
	return out
}

// everyPermille passes progress reports on to f only when another
// thousandth of the games is done (and the last one), so that a run of
// many short games does not flood the UI thread.
func everyPermille(f func(done, total int)) func(done, total int) {
	last := -1
	return func(done, total int) {
		p := done * 1000 / max(total, 1)
		if p == last && done != total {
			return
		}
		last = p
		f(done, total)
	}
}
