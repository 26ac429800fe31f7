package balance

import (
	"context"
	"github.com/shapan/shapan/family"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	bal "github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/samples"
)

// openSample opens a copy of a sample (with the other files named, such
// as an ftbt level's rules, beside it) in a synchronous studio: Run then
// plays every game before it returns.
func openSample(t *testing.T, name string, others ...string) (*editor.Studio, *editor.Session) {
	t.Helper()
	st := editor.New(guitest.App(t), editor.Options{Synchronous: true})
	dir := t.TempDir()
	for _, n := range append([]string{name}, others...) {
		src, err := samples.Read(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(n)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := st.Open(filepath.Join(dir, filepath.Base(name)))
	if err != nil {
		t.Fatal(err)
	}
	return st, s
}

// The samples the balance view simulates, with the files they need.
var sampleCases = []struct {
	name   string
	others []string
}{
	{"mbg/赤壁.yaml", nil},
	{"ftbt/长坂坡.yaml", []string{"ftbt/兵法.yaml"}},
	{"planets/九州.yaml", nil},
	{"battle/小沛.yaml", nil},
}

// openWindow opens the balance window of a sample with a fixed clock, so
// that it always shows the same text.
func openWindow(t *testing.T, name string, others ...string) (*Window, *editor.Session) {
	t.Helper()
	st, s := openSample(t, name, others...)
	w := Open(st, s)
	t.Cleanup(w.Close)
	w.now = func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	return w, s
}

// runGames fills in the fields and presses Run; in a synchronous studio
// the games are over when it returns.
func runGames(t *testing.T, w *Window, games int, seed int64, jobs int) {
	t.Helper()
	w.fields.games.SetText(strconv.Itoa(games))
	w.fields.seed.SetText(strconv.FormatInt(seed, 10))
	w.fields.jobs.SetText(strconv.Itoa(jobs))
	if !guitest.Button(w.win.Content(), "Run") {
		t.Fatal("there is no enabled Run button")
	}
	if w.Running() {
		t.Fatal("the simulation still runs after Run returned in a synchronous studio")
	}
}

// pressSuggest gives the search a budget and a confirmation of
// maxGames fresh games (the window's defaults are the command's, minutes
// of games), fills in the seed and jobs fields, presses Suggest and
// returns the result the Suggestions tab shows (in a synchronous studio
// the search is over when the press returns).
func pressSuggest(t *testing.T, w *Window, budget, maxGames, seed, jobs int) *bal.Result {
	t.Helper()
	w.suggestBudget, w.suggestMaxGames = budget, maxGames
	w.fields.seed.SetText(strconv.Itoa(seed))
	w.fields.jobs.SetText(strconv.Itoa(jobs))
	if !guitest.Button(w.win.Content(), "Suggest") {
		t.Fatal("there is no enabled Suggest button")
	}
	r := w.suggest.result
	if r == nil {
		t.Fatalf("no result shown; status %q", w.status.Text)
	}
	return r
}

// showProposals shows in the Suggestions tab a result with proposals of
// the edits given, of the document's knobs that spec selects, as a
// search that tried them would: what the tests of the map and of Apply
// need, without the games.
func showProposals(t *testing.T, w *Window, spec string, proposals ...[]bal.Edit) *bal.Result {
	t.Helper()
	doc, err := snapshot(w.session)
	if err != nil {
		t.Fatal(err)
	}
	knobs, err := bal.DescribeKnobs(doc, spec)
	if err != nil {
		t.Fatal(err)
	}
	r := &bal.Result{Outcome: bal.OutcomeNone, Headline: "no fair proposal within 0 games", Family: "test", Target: "fair", Tolerance: 3, Knobs: knobs}
	for _, edits := range proposals {
		r.Proposals = append(r.Proposals, bal.Proposal{Edits: edits})
	}
	w.suggest.show(r, w.applyProposal)
	w.tabs.Select(w.tabs.Items[2]) // Suggestions
	return r
}

// direct plays the games of the session's document, as it is now,
// straight through package sim: what the window must show.
func direct(t *testing.T, s *editor.Session, games int, seed int64, jobs int) *sim.Report {
	t.Helper()
	doc, err := snapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	f, err := family.Simulate(doc, family.SimOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(context.Background(), f, sim.Options{Games: games, Seed: seed, Jobs: jobs})
	if err != nil {
		t.Fatal(err)
	}
	r.Scenario = s.Name()
	return r
}

// reportJSON is a report as JSON, for comparisons.
func reportJSON(t *testing.T, r *sim.Report) string {
	t.Helper()
	if r == nil {
		t.Fatal("no report")
	}
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// inked returns the share of an image's pixels that differ from its top
// left pixel (its background).
func inked(img image.Image) float64 {
	b := img.Bounds()
	bg := img.At(b.Min.X, b.Min.Y)
	r0, g0, b0, _ := bg.RGBA()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bl != b0 {
				n++
			}
		}
	}
	return float64(n) / float64(max(1, b.Dx()*b.Dy()))
}
