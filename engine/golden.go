package engine

import (
	"fmt"
	"math"
)

// Divergence is a replay that does not match its golden data: Where names
// the case (or fact, or battle), Detail the first difference.
type Divergence struct {
	Where  string
	Detail string
}

func (d *Divergence) Error() string { return d.Where + ": " + d.Detail }

// IsDivergence marks the error as a mismatch with the golden data (as
// opposed to a file that cannot be read): `shapan replay` exits 1 on it.
func (d *Divergence) IsDivergence() bool { return true }

// Diverged returns the Divergence at where, its detail formatted.
func Diverged(where, format string, args ...any) *Divergence {
	return &Divergence{Where: where, Detail: fmt.Sprintf(format, args...)}
}

// Z95 is the normal quantile of a two-sided 95 % interval, as the reports
// round it.
const Z95 = 1.96

// Wilson returns the Wilson score interval of a proportion: wins out of n
// at the confidence of the normal quantile z (Z95 for 95 %); [0, 1] when
// n is 0.
func Wilson(wins, n int, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	p := float64(wins) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(centre-half, 0), min(centre+half, 1)
}
