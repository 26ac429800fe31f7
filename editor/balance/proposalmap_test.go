package balance

import (
	ftbtpreview "github.com/shapan/shapan/preview/ftbt"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	bal "github.com/shapan/shapan/balance"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/internal/guitest"
	"github.com/shapan/shapan/internal/imagetest"
	"github.com/shapan/shapan/preview"
)

// suggestUnfairPlanets opens 九州 with start A growing by 1.5 a step
// (the others by 1.05) and shows two proposals for it: A's res back to
// 1.2, and A's res to 1.25 with C's def to 1.8.
func suggestUnfairPlanets(t *testing.T) *Window {
	t.Helper()
	w, s := openWindow(t, "planets/九州.yaml")
	s.Edit("res", func() { planetRes(t, s.Model().(*planetsfmt.Map), "A", planetsfmt.FloatValue(1.5)) })
	showProposals(t, w, "",
		[]bal.Edit{{Knob: "res/A", Path: "planets.A.res", From: 1.5, To: 1.2, Percent: -20}},
		[]bal.Edit{{Knob: "def/C", Path: "planets.C.def", From: 1.5, To: 1.8, Percent: 20}, {Knob: "res/A", Path: "planets.A.res", From: 1.5, To: 1.25, Percent: -16.7}})
	return w
}

// planetRes sets (v != nil) or reads the res of the planet named name.
func planetRes(t *testing.T, m *planetsfmt.Map, name string, v planetsfmt.Value) string {
	t.Helper()
	for i := range m.Planets {
		if m.Planets[i].Token.Text() == name {
			if v.Type() != 0 || v.Text() != "" {
				m.Planets[i].Res = v
			}
			return m.Planets[i].Res.Describe()
		}
	}
	t.Fatalf("no planet %s", name)
	return ""
}

// TestPreviewShowsAProposalOnTheMap presses Suggest on an unfair planets
// map: proposal 1 is drawn on the map at once, with the proposal
// applied, every planet it edits ringed; pressing Preview 2 draws the
// second, Before the document as it is (other values beside the same
// rings), After the proposal again — and none of it changes the
// document or its undo history, which Apply then does.
func TestPreviewShowsAProposalOnTheMap(t *testing.T) {
	w := suggestUnfairPlanets(t)
	s, sg := w.session, w.suggest
	undo := s.UndoLabel()
	if sg.previewed != 0 || !sg.after || sg.mapImage == nil || !strings.Contains(sg.title.Text, "Proposal 1") {
		t.Fatalf("after Suggest the map shows proposal %d (after %v, title %q)", sg.previewed, sg.after, sg.title.Text)
	}
	checkRings(t, w, sg.result.Proposals[0])
	if !guitest.Button(w.win.Content(), "Preview 2") {
		t.Fatal("there is no Preview 2 button")
	}
	p := sg.result.Proposals[1]
	if sg.previewed != 1 || !strings.Contains(sg.title.Text, "Proposal 2") || !strings.Contains(sg.title.Text, p.EditLine()) {
		t.Fatalf("Preview 2 shows proposal %d titled %q", sg.previewed+1, sg.title.Text)
	}
	checkRings(t, w, p)
	after := sg.mapImage
	if !guitest.Button(w.win.Content(), "Before") {
		t.Fatal("there is no Before button")
	}
	before := sg.mapImage
	if sg.after || before == nil || sameImage(before, after) {
		t.Fatal("Before shows the same map as After")
	}
	checkRings(t, w, p)
	if !guitest.Button(w.win.Content(), "After") || !sameImage(sg.mapImage, after) {
		t.Fatal("After does not show the proposal's map again")
	}
	if got := planetRes(t, s.Model().(*planetsfmt.Map), "A", planetsfmt.Value{}); got != "1.5" || s.UndoLabel() != undo {
		t.Fatalf("previewing changed the document: res of A %s, undo %q (was %q)", got, s.UndoLabel(), undo)
	}
	if !guitest.Button(w.win.Content(), "Apply 2") || !strings.Contains(s.UndoLabel(), p.EditLine()) {
		t.Fatalf("Apply 2 did not edit the document: undo %q", s.UndoLabel())
	}
}

// checkRings checks that every edit of p is ringed on the map shown, at
// the planet it edits.
func checkRings(t *testing.T, w *Window, p bal.Proposal) {
	t.Helper()
	doc, err := snapshot(w.session)
	if err != nil {
		t.Fatal(err)
	}
	full, err := preview.Render(doc, preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The map is drawn at the size the window shows it.
	scale := float64(w.suggest.mapImage.Bounds().Dx()) / float64(full.Bounds().Dx())
	for _, e := range p.Edits {
		sp, ok := knobSpot(doc, bal.KnobInfo{ID: e.Knob})
		if !ok {
			t.Fatalf("%s has no place on the map", e.Knob)
		}
		sp = sp.atScale(scale)
		if c := w.suggest.mapImage.RGBAAt(int(sp.x+sp.r), int(sp.y)); c != markColor {
			t.Errorf("%s: the map at the ring's right (%.0f, %.0f) is %v, not the mark's colour", e.Knob, sp.x+sp.r, sp.y, c)
		}
	}
}

func sameImage(a, b *image.RGBA) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return false
		}
	}
	return true
}

// TestProposalMapRingsEveryFamily draws an edit of every family's sample
// on its map: the ring lies where the family draws what the knob
// changes, and an edit the map does not draw (an mbg officer's
// abilities) is returned to be listed instead.
func TestProposalMapRingsEveryFamily(t *testing.T) {
	for _, tc := range []struct {
		sample, knob string
	}{{"planets/九州.yaml", "max/X"}, {"planets/九州.yaml", "start/1"}, {"battle/小沛.yaml", ""}, {"ftbt/长坂坡.yaml", "hp/赵云"},
		{"ftbt/长坂坡.yaml", "x/赵云"}, {"mbg/赤壁.yaml", "scope/襄阳"}, {"mbg/赤壁.yaml", "money/魏"}, {"mbg/赤壁.yaml", "abilities/曹操"}} {
		t.Run(tc.sample+" "+tc.knob, func(t *testing.T) {
			_, s := openSample(t, tc.sample, sampleOthers(tc.sample)...)
			doc, err := snapshot(s)
			if err != nil {
				t.Fatal(err)
			}
			ks, err := bal.Knobs(doc, "all")
			if err != nil {
				t.Fatal(err)
			}
			k := ks[0]
			for _, kk := range ks {
				if kk.ID == tc.knob {
					k = kk
				}
			}
			if tc.knob != "" && k.ID != tc.knob {
				t.Fatalf("%s has no knob %s", tc.sample, tc.knob)
			}
			from := k.Get(doc.Value)
			info := bal.KnobInfo{ID: k.ID}
			if k.Side >= 0 {
				info.Side = sideName(t, s.Model(), k.Side)
			}
			to := k.Max
			if to == from {
				to = k.Min
			}
			e := bal.Edit{Knob: k.ID, From: from, To: to}
			img, unplaced, err := proposalMap(doc, []bal.KnobInfo{info}, []bal.Edit{e}, true, image.Point{})
			if err != nil {
				t.Fatal(err)
			}
			if len(unplaced) > 0 {
				t.Fatalf("%s is not placed on the map", k.ID)
			}
			if share := markedShare(img); share == 0 {
				t.Errorf("%s: no pixel of the map has the mark's colour", k.ID)
			}
			if got := k.Get(doc.Value); got != to {
				t.Errorf("the copy drawn has %s = %v, want the proposal's %v", k.ID, got, to)
			}
		})
	}
}

// sampleOthers names the files a sample needs beside it.
func sampleOthers(name string) []string {
	for _, c := range sampleCases {
		if c.name == name {
			return c.others
		}
	}
	return nil
}

// sideName names side i of an mbg scenario (its role); "" elsewhere.
func sideName(t *testing.T, model any, i int) string {
	t.Helper()
	if sc, ok := model.(interface{ RoleNames() []string }); ok && i < len(sc.RoleNames()) {
		return sc.RoleNames()[i]
	}
	return ""
}

// markedShare is the share of img's pixels in the mark's colour.
func markedShare(img *image.RGBA) float64 {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.RGBAAt(x, y) == markColor {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

// TestSuggestionsPreviewImage renders the Suggestions tab with proposal
// 1 of the unfair planets map on the map, and compares it with its
// golden image.
func TestSuggestionsPreviewImage(t *testing.T) {
	w := suggestUnfairPlanets(t)
	w.win.Resize(fyne.NewSize(1220, 760))
	imagetest.Compare(t, "window-suggest-preview", w.win.Canvas().Capture())
}

// TestProposalMapStacksTheLabelsOfOnePlanet: two edits of one planet
// (its def and its res) write two labels beside its ring, one below the
// other, not one over the other: the mark's colour (rings and plates'
// borders) covers clearly more of the map than with one edit.
func TestProposalMapStacksTheLabelsOfOnePlanet(t *testing.T) {
	_, s := openSample(t, "planets/九州.yaml")
	marked := func(edits ...bal.Edit) float64 {
		doc, err := snapshot(s)
		if err != nil {
			t.Fatal(err)
		}
		img, unplaced, err := proposalMap(doc, nil, edits, true, image.Point{})
		if err != nil || len(unplaced) > 0 {
			t.Fatalf("%v, unplaced %v", err, unplaced)
		}
		return markedShare(img)
	}
	def := bal.Edit{Knob: "def/A", From: 1.5, To: 1.2}
	res := bal.Edit{Knob: "res/A", From: 1.05, To: 1.2}
	one, two := marked(def), marked(def, res)
	if two < one*1.15 {
		t.Errorf("two edits of A mark %.4f%% of the map, one %.4f%%: the second label covers the first", two*100, one*100)
	}
}

// TestProposalMapRingsPeopleWhoShareAName: when two people of a level
// share a name their knobs are NAME#N; the map rings the N-th person.
func TestProposalMapRingsPeopleWhoShareAName(t *testing.T) {
	_, s := openSample(t, "ftbt/长坂坡.yaml", sampleOthers("ftbt/长坂坡.yaml")...)
	doc, err := snapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	l := doc.Value.(*ftbtfmt.Level)
	l.People[9].Name = l.People[8].Name // 虎豹骑乙 becomes a second 虎豹骑甲
	e := bal.Edit{Knob: "hp/虎豹骑甲#10", From: 80, To: 60}
	if _, err := bal.Knobs(doc, e.Knob); err != nil {
		t.Fatal(err)
	}
	want, ok := knobSpot(doc, bal.KnobInfo{ID: e.Knob})
	cell, margin := ftbtpreview.LevelGeometry(l, preview.Options{})
	if x, y := margin+(float64(l.People[9].X)+0.5)*cell, margin+(float64(l.People[9].Y)+0.5)*cell; !ok || want.x != x || want.y != y {
		t.Fatalf("%s is placed at %+v (%v), want person 10's cell (%v, %v)", e.Knob, want, ok, x, y)
	}
	img, unplaced, err := proposalMap(doc, nil, []bal.Edit{e}, true, image.Point{})
	if err != nil || len(unplaced) > 0 || img.RGBAAt(int(want.x+want.r), int(want.y)) != markColor {
		t.Errorf("%s: %v, not drawn %v", e.Knob, err, unplaced)
	}
}
