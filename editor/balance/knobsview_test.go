package balance

import (
	"image"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	bal "github.com/shapan/shapan/balance"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/guitest"
)

// typeInto clicks an entry, deletes what it holds with Backspace and
// types text, key by key, as a user does.
func typeInto(w *Window, e interface {
	fyne.Tappable
	fyne.Focusable
}, old, text string) {
	guitest.Click(e, fyne.NewPos(4, 4))
	w.win.Canvas().Focus(e)
	for range []rune(old) {
		e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
		e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	}
	test.Type(e, text)
}

// TestSuggestTurnsTheKnobsTyped: the Balance window lists the default
// knobs of 九州 (its start planets' def, res and max); typing a pattern
// that names no knob shows why, in the list and beside the field, and
// Suggest refuses to start; typing res/A,start/* lists those five knobs
// with their values and the planets a start may move to (A, growing by
// 1.5, now the strongest); a tolerance of
// 10 typed, Suggest's search turns only those knobs, at ±10 points.
func TestSuggestTurnsTheKnobsTyped(t *testing.T) {
	w, s := openWindow(t, "planets/九州.yaml")
	s.Edit("res", func() { planetRes(t, s.Model().(*planetsfmt.Map), "A", planetsfmt.FloatValue(1.5)) })
	kv := w.knobs
	if len(kv.knobs) != 12 || !strings.Contains(kv.summary.Text, "12 knobs (the default set)") {
		t.Fatalf("the window opens with %d knobs listed, %q", len(kv.knobs), kv.summary.Text)
	}
	if !strings.Contains(kv.list.Text(), "planets.A.res = 1.5 (") {
		t.Errorf("the list does not show res/A's value after the edit:\n%s", kv.list.Text())
	}

	typeInto(w, kv.pattern, "", "gold/*")
	if kv.err == nil || !strings.Contains(kv.summary.Text, `"gold/*" names no knob`) || !strings.Contains(kv.list.Text(), "there are def/* (25)") {
		t.Fatalf("a pattern that names no knob: error %v, summary %q, list %q", kv.err, kv.summary.Text, kv.list.Text())
	}
	if w.tabs.Selected().Text != "Suggestions" {
		t.Errorf("typing a pattern shows the %s tab, not Suggestions where the knobs are listed", w.tabs.Selected().Text)
	}
	if !guitest.Button(w.win.Content(), "Suggest") {
		t.Fatal("there is no enabled Suggest button")
	}
	if strings.Contains(kv.summary.Text, "--knobs") || !strings.Contains(kv.list.Text(), "names no knob of this planets/map;\nthere are") {
		t.Errorf("the error reads %q beside the field and %q in the list", kv.summary.Text, kv.list.Text())
	}
	if w.suggest.result != nil || !strings.HasPrefix(w.status.Text, `Suggest needs knobs: "gold/*" names no knob`) {
		t.Fatalf("Suggest with a pattern that names no knob: result %v, status %q", w.suggest.result, w.status.Text)
	}

	typeInto(w, kv.pattern, "gold/*", "res/A,start/*")
	want := []string{"res/A", "start/1", "start/2", "start/3", "start/4"}
	if got := knobIDs(kv.knobs); !slices.Equal(got, want) || kv.err != nil {
		t.Fatalf("res/A,start/* lists %v (%v), want %v", got, kv.err, want)
	}
	if strings.Contains(w.status.Text, "Suggest needs knobs") {
		t.Errorf("the status still says %q once the pattern is mended", w.status.Text)
	}
	list := kv.list.Text()
	for _, line := range []string{"starts[0] = A (one of e, F, j, f, A, weakest first), of start 1 (A)", "planets.A.res = 1.5 ("} {
		if !strings.Contains(list, line) {
			t.Errorf("the list lacks %q:\n%s", line, list)
		}
	}
	typeInto(w, kv.tolerance, "3", "10")
	r := pressSuggest(t, w, 240, 16, 3, 2)
	if got := knobIDs(r.Knobs); !slices.Equal(got, want) || r.Tolerance != 10 {
		t.Errorf("the search turned %v at ±%v, want %v at ±10", got, r.Tolerance, want)
	}
	for i, p := range r.Proposals {
		t.Logf("proposal %d: %s (%s)", i+1, p.EditLine(), rates(p.Unbiased()))
		for _, e := range p.Edits {
			if !slices.Contains(want, e.Knob) {
				t.Errorf("proposal %d edits %s, which the pattern does not select", i+1, e.Knob)
			}
		}
	}
	checkStartsDrawn(t, w, r)
}

// checkStartsDrawn previews every proposal that moves a start and checks
// the map rings it (the planet it moves to) instead of listing it as not
// drawn.
func checkStartsDrawn(t *testing.T, w *Window, r *bal.Result) {
	t.Helper()
	for i, p := range r.Proposals {
		for _, e := range p.Edits {
			if !strings.HasPrefix(e.Knob, "start/") {
				continue
			}
			if e.ToLabel == "" || !strings.Contains(p.EditLine(), e.FromLabel+" → "+e.ToLabel) {
				t.Errorf("proposal %d names no planets: %s", i+1, p.EditLine())
			}
			w.suggest.preview(i)
			if strings.Contains(w.suggest.notes.Text, "Not drawn") {
				t.Errorf("proposal %d: %s", i+1, w.suggest.notes.Text)
			}
		}
	}
}

// knobIDs are the IDs of knobs.
func knobIDs(knobs []bal.KnobInfo) []string {
	var out []string
	for _, k := range knobs {
		out = append(out, k.ID)
	}
	return out
}

// TestStartMoveIsRingedOnTheMap: a proposal that moves start 1 of 九州
// from A to f rings f on the map after and A before, labelled with the
// planets' names, and draws every edit.
func TestStartMoveIsRingedOnTheMap(t *testing.T) {
	_, s := openSample(t, "planets/九州.yaml")
	edits := []bal.Edit{{Knob: "start/1", Path: "starts[0]", From: 3, To: 4, FromLabel: "A", ToLabel: "f"}}
	for _, after := range []bool{false, true} {
		doc, err := snapshot(s)
		if err != nil {
			t.Fatal(err)
		}
		img, unplaced, err := proposalMap(doc, nil, edits, after, image.Point{})
		if err != nil || img == nil || len(unplaced) > 0 {
			t.Fatalf("after %v: %v, not drawn %v", after, err, unplaced)
		}
		want := "A"
		if after {
			want = "f"
		}
		if got := doc.Value.(*planetsfmt.Map).Starts[0].Text(); got != want {
			t.Errorf("after %v the map's start 1 is %s, want %s", after, got, want)
		}
		sp, ok := knobSpot(doc, bal.KnobInfo{ID: "start/1"})
		if !ok || img.RGBAAt(int(sp.x+sp.r), int(sp.y)) != markColor {
			t.Errorf("after %v: start 1 (%s) is not ringed at %+v", after, want, sp)
		}
	}
}
