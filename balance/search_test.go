package balance

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// The tests here play a model in place of a game: side 0 of two wins a
// game with a probability known at every point of the knobs, drawn with
// a number of the game's seed (the same at every point, so that common
// games are common), or for a share of the games (chaos) with a number of
// the seed and the point — as a real game, where a knob changes some
// games' course. They run the whole search in milliseconds of games, so
// that they can ask what a real game cannot cheaply show: that it moves
// a knob the way its measured effect says, picks the smallest edit, stays
// on the grid and above the noise.

// logitGame returns a game where side 0 wins with probability
// σ(a + Σ b[id]·(x − x0)/x0) over the knobs (relative moves).
func logitGame(knobs []Knob, x0 []float64, a float64, b map[string]float64, chaos float64) func([]float64, int, int64) int {
	return func(point []float64, i int, seed int64) int {
		z := a
		for k, kn := range knobs {
			z += b[kn.ID] * (point[k] - x0[k]) / x0[k]
		}
		p := 1 / (1 + math.Exp(-z))
		u := float64(seed) / float64(1<<31-1)
		if v := unit(seed, point); v < chaos {
			u = unit(seed+1, point)
		}
		if u < p {
			return 0
		}
		return 1
	}
}

// unit is a number in [0, 1) from a seed and a point.
func unit(seed int64, point []float64) float64 {
	h := uint64(seed)*0x9e3779b97f4a7c15 + 1
	for _, x := range point {
		h ^= math.Float64bits(x) + 0x9e3779b97f4a7c15 + h<<6 + h>>2
	}
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	return float64(h>>11) / float64(1<<53)
}

// modelSearch runs a search of 长坂坡 turning knobs, side 0 winning as
// logitGame says.
func modelSearch(t testing.TB, knobs string, a float64, b map[string]float64, opts Options) *Result {
	t.Helper()
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	ks, err := Knobs(doc, knobs)
	if err != nil {
		t.Fatal(err)
	}
	var x0 []float64
	for _, k := range ks {
		x0 = append(x0, k.Get(doc.Value))
	}
	opts.Knobs, opts.Jobs = knobs, 1
	opts.winner = logitGame(ks, x0, a, b, 0.3)
	r, err := Run(context.Background(), doc, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func knobInfo(r *Result, id string) KnobInfo {
	for _, k := range r.Knobs {
		if k.ID == id {
			return k
		}
	}
	return KnobInfo{}
}

// TestMeasuresWhichWayEachKnobMoves: 赵云 belongs to side 0, but in this
// game more hp for him makes side 0 lose (side 0 wins 80 % as it is).
// The search measures that, raises his hp — the way its probe showed —
// and leaves the knobs that move nothing alone.
func TestMeasuresWhichWayEachKnobMoves(t *testing.T) {
	r := modelSearch(t, "hp/赵云,hp/曹纯,hp/文聘", 1.4, map[string]float64{"hp/赵云": -6}, Options{Seed: 3})
	zy := knobInfo(r, "hp/赵云")
	if zy.Side != "side 0" || zy.Effect == nil || !zy.Effect.Significant || zy.Effect.To <= zy.Value || zy.Effect.Change[0] >= 0 {
		t.Errorf("hp/赵云 (side 0's): effect %+v; want raising it measured to lower side 0", zy.Effect)
	}
	for _, id := range []string{"hp/曹纯", "hp/文聘"} {
		if e := knobInfo(r, id).Effect; e == nil || e.Significant {
			t.Errorf("%s moves nothing, measured %+v", id, e)
		}
	}
	if r.Outcome != OutcomeFair && r.Outcome != OutcomeFairConfirmed {
		t.Fatalf("outcome %s:\n%s", r.Outcome, text(r))
	}
	p := r.Proposals[0]
	if len(p.Edits) != 1 || p.Edits[0].Knob != "hp/赵云" || p.Edits[0].To <= 110 || math.Mod(p.Edits[0].To, 5) != 0 {
		t.Errorf("proposal 1 is %s; want hp/赵云 raised, by 5s", p.EditLine())
	}
	t.Logf("%s", firstLine(r))
}

// TestProposesTheSmallestEdit: two knobs can each make the game fair
// alone — 曹纯's hp by +27 % (140), 文聘's by +14 % (125) — and a third
// moves it too little to matter. The search proposes one knob, the
// smaller move, on its grid (hp by 5s), not below its noise threshold,
// with how far it moved in percent; no two proposals played the same
// games alike; the probe of the knob that matters little shows it below
// the noise.
func TestProposesTheSmallestEdit(t *testing.T) {
	r := modelSearch(t, "hp/曹纯,hp/文聘,hp/夏侯恩", 0.4, map[string]float64{"hp/曹纯": -1.5, "hp/文聘": -3, "hp/夏侯恩": -0.05}, Options{Seed: 5})
	if r.Outcome != OutcomeFair && r.Outcome != OutcomeFairConfirmed {
		t.Fatalf("outcome %s:\n%s", r.Outcome, text(r))
	}
	p := r.Proposals[0]
	if len(p.Edits) != 1 || p.Edits[0].Knob != "hp/文聘" {
		t.Fatalf("proposal 1 is %s; want hp/文聘 alone\n%s", p.EditLine(), text(r))
	}
	e := p.Edits[0]
	k := knobInfo(r, e.Knob)
	if math.Mod(e.To, 5) != 0 || e.Percent != math.Round((e.To-e.From)/e.From*1000)/10 || !strings.Contains(e.String(), fmt.Sprintf("(+%s%%)", num(e.Percent))) {
		t.Errorf("the edit %s: not on the grid of 5, or its percent %v is wrong", e, e.Percent)
	}
	if k.Effect == nil || math.Abs(e.To-e.From) < k.Effect.Threshold {
		t.Errorf("the edit %s moves less than the knob's noise threshold %v", e, k.Effect)
	}
	if e := knobInfo(r, "hp/夏侯恩").Effect; e == nil || e.Significant {
		t.Errorf("hp/夏侯恩 barely moves the game, measured %+v", e)
	}
	for _, q := range r.Proposals {
		for _, e := range q.Edits {
			if e.Knob == "hp/夏侯恩" {
				t.Errorf("proposal %s edits a knob below the noise", q.EditLine())
			}
		}
	}
	seen := map[string]string{}
	for _, q := range r.Proposals {
		k := fmt.Sprint(q.Measure.Sides, q.Fresh)
		if other, dup := seen[k]; dup {
			t.Errorf("proposals %s and %s played the same games alike", other, q.EditLine())
		}
		seen[k] = q.EditLine()
	}
	t.Logf("%s", firstLine(r))
}

// TestFairAlready: a game fair as it is is called fair already on its
// fresh games, with no edit and no knob measured.
func TestFairAlready(t *testing.T) {
	r := modelSearch(t, "hp/赵云", 0, map[string]float64{"hp/赵云": 3}, Options{Seed: 7})
	if r.Outcome != OutcomeFairAlready || r.Baseline.Fresh == nil || r.Games.Knobs != 0 || len(r.Proposals) != 0 {
		t.Fatalf("outcome %s, %d games measuring knobs, %d proposals:\n%s", r.Outcome, r.Games.Knobs, len(r.Proposals), text(r))
	}
	if !strings.HasPrefix(firstLine(r), "长坂坡.yaml: fair already: every side within ±3 points") {
		t.Errorf("the headline: %s", firstLine(r))
	}
}

// TestNoFairProposalSaysSoFirst: a game no knob moves ends with no fair
// proposal, and the report says so in its first line, with the
// document's rates and the games they rest on; the outcome is a code.
func TestNoFairProposalSaysSoFirst(t *testing.T) {
	r := modelSearch(t, "hp/赵云,hp/曹纯", 2, nil, Options{Seed: 9, Budget: 3000})
	if r.Outcome != OutcomeNoKnob {
		t.Fatalf("outcome %q, want %q", r.Outcome, OutcomeNoKnob)
	}
	line := firstLine(r)
	if !strings.HasPrefix(line, "长坂坡.yaml: no fair proposal: none of the 2 knobs moved a side's win rate beyond the noise") ||
		!strings.Contains(line, "(the document: side 0 ") || !strings.Contains(line, fmt.Sprintf("on %d games)", r.Baseline.Measure.Games)) {
		t.Errorf("the headline: %s", line)
	}
	if r.Baseline.Measure.Games < 200 {
		t.Errorf("the baseline rests on %d games", r.Baseline.Measure.Games)
	}
}

// TestProgressEstimates: the search tells how far it is — the games
// spent, those it expects to play in all (never more than the budget,
// never less than those spent) and what it does.
func TestProgressEstimates(t *testing.T) {
	var seen []Progress
	modelSearch(t, "hp/赵云,hp/曹纯", 1.4, map[string]float64{"hp/赵云": -6}, Options{Seed: 3, Watch: func(p Progress) { seen = append(seen, p) }})
	if len(seen) < 5 {
		t.Fatalf("%d progress reports", len(seen))
	}
	var phases []string
	for _, p := range seen {
		if p.Expected < p.Spent || p.Expected > p.Budget || p.Phase == "" {
			t.Errorf("progress %+v", p)
		}
		if len(phases) == 0 || phases[len(phases)-1] != p.Phase {
			phases = append(phases, p.Phase)
		}
	}
	for _, want := range []string{"measuring the document as it is", "measuring hp/赵云 (knob 1 of 2)", "confirming hp/赵云 "} {
		if !slices.ContainsFunc(phases, func(p string) bool { return strings.HasPrefix(p, want) }) {
			t.Errorf("no phase %q in %q", want, phases)
		}
	}
}

// TestKeepsLookingForAConfirmedProposal: 赵云's hp moves side 0 on a
// grid of 5 hp too coarse to bring it within a point of 50 % (130 hp
// leaves it near 52 %), 曹纯's can (65 hp). A proposal fair on its fresh
// games whose intervals are not all inside the band may still be found
// off by an independent simulation: while the budget leaves room, the
// search looks on for one nearer the target, and a confirmed one comes
// first, the fair one after it.
func TestKeepsLookingForAConfirmedProposal(t *testing.T) {
	r := modelSearch(t, "hp/赵云,hp/曹纯", 0.8, map[string]float64{"hp/赵云": -4, "hp/曹纯": 2}, Options{Seed: 1})
	if r.Outcome != OutcomeFairConfirmed || !r.Proposals[0].Confirmed {
		t.Fatalf("outcome %s:\n%s", r.Outcome, text(r))
	}
	fairOnly := slices.IndexFunc(r.Proposals, func(p Proposal) bool { return p.Fair && !p.Confirmed })
	if fairOnly < 1 {
		t.Errorf("no proposal fair and not confirmed after the confirmed one:\n%s", text(r))
	}
	if r.Spent > r.Budget {
		t.Errorf("spent %d of %d games", r.Spent, r.Budget)
	}
	t.Logf("%s; spent %d", firstLine(r), r.Spent)
}

// TestAConfirmationAfterOthersIsRepeated: of several points judged on
// fresh games, the one that looks confirmed may owe it to the luck of
// its games (the winner's curse of choosing among them). A point
// confirmed when another was judged before it plays as many fresh games
// again, and its rates rest on all of them; the first point judged is
// confirmed on one set. (The search used to call the second point
// confirmed on its first set: on ut_test.yml such a point was 3.3 points
// off in an independent simulation.)
func TestAConfirmationAfterOthersIsRepeated(t *testing.T) {
	r := modelSearch(t, "hp/赵云,hp/曹纯", 0.8, map[string]float64{"hp/赵云": -4, "hp/曹纯": 2}, Options{Seed: 1})
	judged := 0
	for _, p := range r.Proposals {
		if p.Fresh != nil {
			judged++
		}
	}
	p := r.Proposals[0]
	if !p.Confirmed || p.Fresh == nil || judged < 2 {
		t.Fatalf("want a confirmed proposal after another judged (%d judged):\n%s", judged, text(r))
	}
	if p.Fresh.Games != 2*r.MaxGames {
		t.Errorf("%s was confirmed on %d fresh games, want twice a confirmation's %d", p.EditLine(), p.Fresh.Games, r.MaxGames)
	}
	if !strings.Contains(r.Headline, fmt.Sprintf("on %d fresh games", p.Fresh.Games)) {
		t.Errorf("the headline does not rest on all its fresh games: %s", r.Headline)
	}
	if r.Spent > r.Budget || r.Games.Confirmations > r.Spent {
		t.Errorf("spent %d of %d games, %d confirming", r.Spent, r.Budget, r.Games.Confirmations)
	}
}

// TestFarFromFairProbesTheEnds: when one side wins nearly every game, a
// step of a knob moves little; each knob is probed at the ends of its
// range — two probes a knob, not a step up, a step down and then both
// ends — and 赵云's hp, whose effect is strong, is measured at an end.
func TestFarFromFairProbesTheEnds(t *testing.T) {
	// the games spent while the knobs are measured one by one around
	// the document (before the first point tried)
	measuring, last, screened := 0, 0, false
	watch := func(p Progress) {
		if strings.HasPrefix(p.Phase, "trying") {
			screened = true
		}
		if !screened && strings.HasPrefix(p.Phase, "measuring hp/") {
			measuring += p.Spent - last
		}
		last = p.Spent
	}
	r := modelSearch(t, "hp/赵云,hp/曹纯,hp/文聘", 7, map[string]float64{"hp/赵云": -14}, Options{Seed: 2, Budget: 4000, Watch: watch})
	if b := r.Baseline.Measure.Sides[0].Wins.Rate; b < 0.95 {
		t.Fatalf("side 0 wins %.1f%% of the baseline's games, want a document far from fair", b*100)
	}
	most := 0
	for _, k := range r.Knobs {
		if k.Effect == nil {
			t.Fatalf("%s was not measured:\n%s", k.ID, text(r))
		}
		if k.Effect.To != k.Min && k.Effect.To != k.Max {
			t.Errorf("%s was measured at %v, not at an end of %v–%v", k.ID, k.Effect.To, k.Min, k.Max)
		}
		most += 2 * k.Effect.Games
	}
	if measuring > most {
		t.Errorf("%d games measuring the knobs one by one; two probes a knob play %d", measuring, most)
	}
}

// TestAConfirmationDropsAPointClearlyOffCheaply: a point 17 points off
// the target (side 0 wins 67 %) is dropped after the confirmation's first
// eighth of fresh games (316 of 2,528 for two sides), where it used to
// play a quarter (632): on a slow ftbt level (110 ms a game) a
// confirmation of a point off took 70 CPU-seconds of the 10 minutes. A
// fair point is not dropped by the cheap stage.
func TestAConfirmationDropsAPointClearlyOffCheaply(t *testing.T) {
	for _, tc := range []struct {
		p   float64
		off bool
	}{{0.67, true}, {0.5, false}} {
		doc := loadSample(t, "ftbt/长坂坡.yaml")
		s, err := newSearch(doc, Options{Seed: 4, Jobs: 1, Budget: 10000, winner: func(_ []float64, i int, seed int64) int {
			if unit(seed, nil) < tc.p {
				return 0
			}
			return 1
		}})
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.candidate(s.x0)
		if err != nil || c == nil {
			t.Fatalf("the document: %v", err)
		}
		s.sides = c.fam.Sides()
		s.size()
		if err := s.judge(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		n := len(c.fresh.winners)
		switch {
		case tc.off && (c.fair || n > s.units(s.confirm/8)):
			t.Errorf("side 0 at %.0f%%: fair %v after %d fresh games of %d; want dropped after %d", tc.p*100, c.fair, n, s.confirm, s.units(s.confirm/8))
		case !tc.off && !c.fair:
			t.Errorf("side 0 at %.0f%%: dropped after %d fresh games (%s)", tc.p*100, n, c.dropped)
		}
		t.Logf("side 0 at %.0f%%: %d fresh games, fair %v %s", tc.p*100, n, c.fair, c.dropped)
	}
}

// TestAKnobIsProbedAtItsEndsBeforeGivingUp: 赵云's hp moves the game only
// below 70 (of 110): side 0 wins 38 % above, 50 % below. Its probes of a
// step either way move nothing, and the search used to end "no fair
// proposal" with most of its budget unspent; it now probes the knob at the
// ends of its range before it says so, and finds 赵云's hp lowered.
func TestAKnobIsProbedAtItsEndsBeforeGivingUp(t *testing.T) {
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	winner := func(point []float64, i int, seed int64) int {
		p := 0.38
		if point[0] < 70 {
			p = 0.5
		}
		if unit(seed, nil) < p {
			return 0
		}
		return 1
	}
	r, err := Run(context.Background(), doc, Options{Seed: 5, Jobs: 1, Budget: 8000, Knobs: "hp/赵云", winner: winner})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != OutcomeFair && r.Outcome != OutcomeFairConfirmed {
		t.Fatalf("outcome %s, spent %d of %d:\n%s", r.Outcome, r.Spent, r.Budget, text(r))
	}
	if e := r.Proposals[0].Edits; len(e) != 1 || e[0].To >= 70 {
		t.Errorf("proposal 1: %s, want 赵云's hp below 70", r.Proposals[0].EditLine())
	}
	t.Logf("%s; spent %d of %d", firstLine(r), r.Spent, r.Budget)
}

// TestAnEndWithGamesUnspentSaysWhy: a search that ends with games of its
// budget unspent because its planning passes found nothing more to play
// says so in its result and its text ("none within the budget" alone read
// as if the games had run out: the eighth unseen ftbt level ended so with
// 14,896 of 21,000 games unspent). The passes are bounded by the budget;
// only those that play no game, in a row, end a search (a test hook
// bounds them to 1 here).
func TestAnEndWithGamesUnspentSaysWhy(t *testing.T) {
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	r, err := Run(context.Background(), doc, Options{Seed: 3, Jobs: 1, Budget: 10000, winner: jaggedGame, passes: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome == OutcomeNone && r.Spent < r.Budget {
		if !strings.Contains(r.EndNote, "after 1 planning passes in a row that played no game") || !strings.Contains(text(r), "The end: the search ended after 1 planning passes in a row") {
			t.Fatalf("ended %s with %d of %d games spent, end note %q:\n%s", r.Outcome, r.Spent, r.Budget, r.EndNote, text(r))
		}
		t.Logf("%s (%d of %d games)", r.EndNote, r.Spent, r.Budget)
		return
	}
	if r.EndNote != "" {
		t.Errorf("outcome %s, %d of %d games spent, yet the end note says %q", r.Outcome, r.Spent, r.Budget, r.EndNote)
	}
	t.Fatalf("the search ended %s with %d of %d games spent: the test needs an end by its passes", r.Outcome, r.Spent, r.Budget)
}

// TestWidensWhenNoDefaultKnobMoves: on an mbg scenario whose 蜀 loses
// nearly every game for its officers' abilities (no default knob), no
// money nor scope moves a game; the search goes on with the knobs named
// only that belong to a side, and proposes 刘备's abilities raised. It
// used to end "none of the 16 knobs moved a side beyond the noise of its
// games" with most of its budget unspent (test_game.map with RD's
// officers at 0.6 times their abilities ended so after 1,336 of 80,000
// games).
func TestWidensWhenNoDefaultKnobMoves(t *testing.T) {
	doc := loadSample(t, "mbg/赤壁.yaml")
	defaults, err := Knobs(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	spec, added := widerKnobs(doc, defaults)
	wide, err := Knobs(doc, spec)
	if err != nil || added == 0 || len(wide) != added {
		t.Fatalf("the wider knobs: %d of %d added (%v)", added, len(wide), err)
	}
	at, side := -1, -1
	for i, k := range wide {
		if k.ID == "abilities/刘备" {
			at, side = i, k.Side
		}
	}
	if at < 0 {
		t.Fatal("no knob abilities/刘备 among the wider knobs")
	}
	winner := func(point []float64, i int, seed int64) int {
		w := []float64{1, 1, 1}
		if len(point) == len(wide) {
			w[side] = math.Exp(0.25 * (point[at] - 86)) // fair at 86
		} else {
			w[side] = math.Exp(0.25 * (78 - 86)) // 刘备 as he is
		}
		u := unit(seed, nil) * (w[0] + w[1] + w[2])
		for s, x := range w {
			if u < x {
				return s
			}
			u -= x
		}
		return 2
	}
	r, err := Run(context.Background(), doc, Options{Seed: 4, Jobs: 1, Budget: 16000, winner: winner})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != OutcomeFair && r.Outcome != OutcomeFairConfirmed || !strings.Contains(r.Proposals[0].EditLine(), "abilities/刘备") {
		t.Fatalf("outcome %s:\n%s", r.Outcome, text(r))
	}
	if !strings.Contains(text(r), "The knobs: none of the 16 knobs of the default set moved a side") {
		t.Errorf("the text does not say why the knobs are more than the default set:\n%s", text(r))
	}
	t.Logf("%s; spent %d of %d", firstLine(r), r.Spent, r.Budget)
}

// TestEveryEndWithGamesLeftSaysWhy: whatever ends a search with no fair
// proposal and games of its budget left says why in the report — the
// passes that played nothing, or the games left too few for a
// confirmation or another point (ftbt-m1-side0-def-two-thirds ended
// "no fair proposal within 11000 games" after 8,744, saying nothing of
// the 2,256 left, fewer than its confirmation's 2,528).
func TestEveryEndWithGamesLeftSaysWhy(t *testing.T) {
	doc := loadSample(t, "ftbt/长坂坡.yaml")
	ended := 0
	for _, budget := range []int{1500, 3000, 6000} {
		r, err := Run(context.Background(), doc, Options{Seed: 3, Jobs: 1, Budget: budget, winner: jaggedGame})
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != OutcomeNone || r.Spent >= r.Budget {
			continue
		}
		ended++
		if !strings.Contains(r.EndNote, fmt.Sprintf("with %d of its %d games left", r.Budget-r.Spent, r.Budget)) && !strings.Contains(r.EndNote, "planning passes") {
			t.Errorf("budget %d: ended with %d games left, end note %q", budget, r.Budget-r.Spent, r.EndNote)
		} else if !strings.Contains(text(r), "The end: "+r.EndNote) {
			t.Errorf("budget %d: the text report does not say %q", budget, r.EndNote)
		}
	}
	if ended == 0 {
		t.Fatal("no search ended without a fair proposal and with games left: the test needs one")
	}
}
