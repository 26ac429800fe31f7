package balance

import (
	"math"
	"testing"

	"github.com/shapan/shapan/engine/sim"
)

// TestSurrogateFindsTheFairPoint: games drawn from a known model — three
// sides, each knob raising its own side's strength, the first side far
// ahead at the start — are fitted, and the point the search would start
// its next round from is where the true model is fair, to the knobs'
// resolution; a point already fair gives no new start.
func TestSurrogateFindsTheFairPoint(t *testing.T) {
	// True model: side s wins with weight exp(0.002 * money_s / 10) … a
	// logit of the money in thousands, as the mbg money knobs favour
	// their roles.
	strength := func(x []float64) []float64 {
		p := make([]float64, len(x))
		total := 0.0
		for i, v := range x {
			p[i] = math.Exp(v / 4000)
			total += p[i]
		}
		for i := range p {
			p[i] /= total
		}
		return p
	}
	knob := func(side int) Knob {
		return Knob{ID: "money", Side: side, Min: 3000, Max: 40000, Step: 3000, MinStep: 375, Integer: true}
	}
	s := &search{
		knobs: []Knob{knob(0), knob(1), knob(2)},
		sides: []sim.Side{{Name: "a"}, {Name: "b"}, {Name: "c"}},
		tol:   0.03,
	}
	// Candidates around (24000, 18000, 12000) on a grid of steps, each
	// with the games the true model expects of 1,000.
	from := &candidate{point: []float64{24000, 18000, 12000}}
	for _, d := range [][]float64{{0, 0, 0}, {-3000, 0, 0}, {0, 3000, 0}, {0, 0, 3000}, {-3000, 3000, 0}, {3000, 0, -3000}, {0, -3000, 3000}} {
		x := []float64{from.point[0] + d[0], from.point[1] + d[1], from.point[2] + d[2]}
		p := strength(x)
		c := &candidate{point: x}
		for side, q := range p {
			for range int(math.Round(q * 1000)) {
				c.winners = append(c.winners, side)
			}
		}
		s.order = append(s.order, c)
	}
	got := s.surrogatePoint(from)
	if got == nil {
		t.Fatal("the model predicts no fairer point than the start")
	}
	p := strength(got)
	for side, q := range p {
		if math.Abs(q-1.0/3) > 0.02 {
			t.Errorf("the predicted point %v gives side %d %.1f%% in the true model, want a third ± 2", got, side, q*100)
		}
	}
	for i, x := range got {
		if math.Abs(x-from.point[i]) > surrogateRadius*3000+1e-9 || x != math.Round(x) {
			t.Errorf("knob %d moved to %v: beyond the radius or off its grid", i, x)
		}
	}

	// From a fair point the model has nothing better to offer.
	fair := &candidate{point: []float64{18000, 18000, 18000}}
	s.order = nil
	for _, d := range [][]float64{{0, 0, 0}, {-3000, 0, 0}, {0, 3000, 0}, {0, 0, 3000}} {
		x := []float64{fair.point[0] + d[0], fair.point[1] + d[1], fair.point[2] + d[2]}
		c := &candidate{point: x}
		for side, q := range strength(x) {
			for range int(math.Round(q * 3000)) {
				c.winners = append(c.winners, side)
			}
		}
		s.order = append(s.order, c)
	}
	if got := s.surrogatePoint(fair); got != nil {
		if p := strength(got); math.Abs(p[0]-1.0/3) > 0.01 || math.Abs(p[1]-1.0/3) > 0.01 {
			t.Errorf("from a fair point the model moves to %v, rates %v", got, p)
		}
	}
}
