package balance

import (
	"context"
	"math"
	"strings"
	"testing"

	planetsfmt "github.com/shapan/shapan/formats/planets"
)

// oddOneOutGame is a model of a four-player map where a start planet
// whose max differs from every other start's wins three times as often
// as each of the others: no slope of one knob leads back, since moving
// the odd one's max anywhere but to the others' leaves it odd, and
// moving another's makes two odd ones.
func oddOneOutGame(knobs []Knob) func([]float64, int, int64) int {
	return func(point []float64, i int, seed int64) int {
		maxes := make([]float64, 4) // the start planets', by side
		for k, kn := range knobs {
			if strings.HasPrefix(kn.ID, "max/") && kn.Side >= 0 {
				maxes[kn.Side] = point[k]
			}
		}
		weights := make([]float64, len(maxes))
		total := 0.0
		for s, m := range maxes {
			weights[s] = 1
			same := 0
			for _, o := range maxes {
				if o == m {
					same++
				}
			}
			if same == 1 {
				weights[s] = 3
			}
			total += weights[s]
		}
		u := unit(seed, nil) * total
		for s, w := range weights {
			if u < w {
				return s
			}
			u -= w
		}
		return len(maxes) - 1
	}
}

// TestMakesTheSidesAlike: 九州 with start B's max 800 → 1200, in a game
// where the odd start wins 50 % and each other 16.7 %, is fair again
// with B's max back at 800, the others' — a point no knob's probe leads
// to (max/B one step either way, or at an end of its range, is still
// odd and changes no game). The search before the points that make the
// sides alike proposed two other starts' max moved (C 800 → 1320, D 800
// → 400: every start odd, which this game calls fair too) with the four
// start planets' max as its knobs, and ended with none fair with every
// planet's max (all 17 of max/*).
func TestMakesTheSidesAlike(t *testing.T) {
	doc := loadSample(t, "planets/九州.yaml")
	m := doc.Value.(*planetsfmt.Map)
	for i := range m.Planets {
		if m.Planets[i].Token.Text() == "B" {
			m.Planets[i].Max = planetsfmt.IntValue(1200)
		}
	}
	ks, err := Knobs(doc, "max/[ABCD]")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), doc, Options{Knobs: "max/[ABCD]", Jobs: 1, Tolerance: 0.05, Budget: 12000, winner: oddOneOutGame(ks)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != OutcomeFairConfirmed && r.Outcome != OutcomeFair || len(r.Proposals) == 0 {
		t.Fatalf("outcome %s, want a fair proposal: %s", r.Outcome, r.Headline)
	}
	edits := r.Proposals[0].Edits
	if len(edits) != 1 || edits[0].Knob != "max/B" || edits[0].To != 800 {
		t.Fatalf("the proposal is %+v, want max/B 1200 → 800: %s", edits, r.Headline)
	}
	if math.Abs(r.Proposals[0].Fresh.Sides[1].Wins.Rate-0.25) > 0.05 {
		t.Errorf("B wins %.3f of the proposal's fresh games", r.Proposals[0].Fresh.Sides[1].Wins.Rate)
	}
}
