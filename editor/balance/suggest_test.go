package balance

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	bal "github.com/shapan/shapan/balance"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/guitest"
)

// TestSuggestAppliesAProposal makes the 赤壁 sample unfair in the editor
// (魏 given 34000 money), presses Suggest turning 魏's money at ±12
// points, and checks the Suggestions tab shows the assistant's headline
// and proposals and the status its headline; pressing a proposal's Apply button
// changes the document as the proposal says in one undoable edit and
// re-runs the report; pressed again it changes nothing and says so; one
// Undo brings the unfair document back.
func TestSuggestAppliesAProposal(t *testing.T) {
	w, s := openWindow(t, "mbg/赤壁.yaml")
	s.Edit("money", func() { s.Model().(*mbgfmt.Scenario).Roles[0].Money = 34000 })
	w.fields.turnCap.SetText("20")
	w.fields.games.SetText("16")
	w.knobs.pattern.SetText("money/魏")
	w.knobs.tolerance.SetText("12")
	r := pressSuggest(t, w, 400, 64, 4, 2)
	if r.Spent > 400 || r.Baseline.Measure.Games == 0 || r.Family != "mbg" || len(r.Proposals) == 0 {
		t.Fatalf("unexpected search: spent %d, baseline %d games, family %q, %d proposals", r.Spent, r.Baseline.Measure.Games, r.Family, len(r.Proposals))
	}
	if headline := strings.ToUpper(r.Headline[:1]) + r.Headline[1:] + "."; w.status.Text != headline {
		t.Errorf("the status says %q, not the headline %q", w.status.Text, headline)
	}
	if w.tabs.Selected().Text != "Suggestions" {
		t.Errorf("the %s tab is shown, not Suggestions", w.tabs.Selected().Text)
	}
	p := r.Proposals[0]
	if len(p.Edits) == 0 || !strings.Contains(p.Diff, "+++ b/赤壁.yaml") {
		t.Fatalf("proposal 1 has no edit or no diff: %+v", p)
	}
	if !guitest.Button(w.win.Content(), "Apply 1") {
		t.Fatal("there is no Apply 1 button")
	}
	if got := s.UndoLabel(); !strings.Contains(got, p.EditLine()) {
		t.Errorf("the undo label is %q, want the proposal's edits %q", got, p.EditLine())
	}
	sc := s.Model().(*mbgfmt.Scenario)
	for _, e := range p.Edits {
		if got := knobValue(sc, e.Knob); got != e.To {
			t.Errorf("after Apply %s is %v, want %v", e.Knob, got, e.To)
		}
	}
	if rep := w.Report(); rep == nil || rep.Games+rep.Failed != 16 || rep.Seed != 4 {
		t.Fatalf("the report was not re-run after Apply: %+v", rep)
	}
	if !guitest.Button(w.win.Content(), "Apply 1") {
		t.Fatal("there is no Apply 1 button after Apply")
	}
	if !strings.Contains(w.status.Text, "already") {
		t.Errorf("Apply 1 pressed again says %q, not that the document has the values already", w.status.Text)
	}
	if !s.Undo() || s.Model().(*mbgfmt.Scenario).Roles[0].Money != 34000 {
		t.Errorf("one Undo does not bring the document before the proposal back")
	}
	for _, e := range p.Edits {
		if got := knobValue(s.Model().(*mbgfmt.Scenario), e.Knob); got != e.From {
			t.Errorf("after Undo %s is %v, want %v", e.Knob, got, e.From)
		}
	}
}

// knobValue reads an mbg knob the way a designer would: by the name of
// what it changes.
func knobValue(sc *mbgfmt.Scenario, id string) float64 {
	what, who, _ := strings.Cut(id, "/")
	for _, r := range sc.Roles {
		if what == "money" && r.Name == who {
			return float64(r.Money)
		}
	}
	for _, c := range sc.Cities {
		if what == "scope" && c.Name == who {
			return float64(c.Scope)
		}
	}
	for _, o := range sc.Officers {
		if what == "abilities" && o.Name == who {
			sum := float32(0)
			for _, v := range o.Props {
				sum += v
			}
			return float64(int(float64(sum)/5 + 0.5))
		}
	}
	return -1
}

// TestSuggestOnAFairDocument: Suggest on a document already fair within
// the tolerance typed says so once, with the tolerance and the games,
// and proposes nothing to apply.
func TestSuggestOnAFairDocument(t *testing.T) {
	w, _ := openWindow(t, "planets/九州.yaml")
	w.knobs.tolerance.SetText("40")
	r := pressSuggest(t, w, 400, 0, 1, 2)
	if r == nil || !r.Baseline.Fair || r.Outcome != bal.OutcomeFairAlready {
		t.Fatalf("九州 is not fair within ±40 points: %+v", r)
	}
	want := fmt.Sprintf("Fair already: every side within ±40 points of its target on %d fresh games (", r.Baseline.Fresh.Games)
	if !strings.HasPrefix(w.status.Text, want) || !strings.HasSuffix(w.status.Text, "); no edit is needed.") {
		t.Errorf("the status says %q, want %q", w.status.Text, want)
	}
	if guitest.Button(w.win.Content(), "Apply 1") {
		t.Error("a fair document offers a proposal to apply")
	}
}

// TestSuggestShowsItsProgress: while a search runs, the progress bar
// counts the games played of those the search expects to play and says
// about how long is left, from the time its games took so far (a clock
// that moves a second a reading here); the status says what the search
// does. When it ends the status is its headline.
func TestSuggestShowsItsProgress(t *testing.T) {
	w, s := openWindow(t, "mbg/赤壁.yaml")
	s.Edit("money", func() { s.Model().(*mbgfmt.Scenario).Roles[0].Money = 34000 })
	w.fields.turnCap.SetText("20")
	w.knobs.pattern.SetText("money/魏")
	w.knobs.tolerance.SetText("12")
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	w.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	var bars, statuses []string
	w.onProgress = func(done, total int) {
		bars = append(bars, w.progress.TextFormatter())
		statuses = append(statuses, w.status.Text)
	}
	r := pressSuggest(t, w, 400, 64, 4, 2)
	if len(bars) < 3 {
		t.Fatalf("%d progress reports", len(bars))
	}
	estimate := regexp.MustCompile(`^\d+ of about \d+ games( · (a few seconds|about \d+ (s|min)|about [\d.]+ h) left)?$`)
	left := 0
	for i, b := range bars {
		if !estimate.MatchString(b) {
			t.Errorf("the progress bar says %q", b)
		}
		if strings.HasSuffix(b, " left") {
			left++
		}
		if !strings.HasPrefix(statuses[i], "Suggest (1 knob, ±12 points, at most 400 games): ") {
			t.Errorf("the status says %q", statuses[i])
		}
	}
	if left == 0 {
		t.Errorf("the progress bar never says the time left: %q", bars)
	}
	if !slices.ContainsFunc(statuses, func(s string) bool { return strings.Contains(s, ": measuring money/魏") }) {
		t.Errorf("no status says the knob is measured: %q", statuses)
	}
	if headline := strings.ToUpper(r.Headline[:1]) + r.Headline[1:] + "."; w.status.Text != headline {
		t.Errorf("at the end the status says %q, not the headline %q", w.status.Text, headline)
	}
}

func TestAboutLeft(t *testing.T) {
	for d, want := range map[time.Duration]string{
		3 * time.Second: "a few seconds left", 42 * time.Second: "about 40 s left",
		170 * time.Second: "about 3 min left", 90 * time.Minute: "about 1.5 h left",
	} {
		if got := aboutLeft(d); got != want {
			t.Errorf("aboutLeft(%v) = %q, want %q", d, got, want)
		}
	}
}
