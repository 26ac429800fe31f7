package planets

import "math"

// Wilson returns the Wilson score interval of a proportion: wins out of n
// at the confidence of the normal quantile z (1.96 for 95 %).
func Wilson(wins, n int, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	p := float64(wins) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return centre - half, centre + half
}
