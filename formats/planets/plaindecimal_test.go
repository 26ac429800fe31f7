package planets

import (
	"math/rand"
	"strconv"
	"testing"
)

// TestPlainDecimalReadsAsConstructInt: an integer taken by the fast path
// has the text constructInt gives it; the others are left to it.
func TestPlainDecimalReadsAsConstructInt(t *testing.T) {
	inputs := []string{"0", "-0", "00", "7", "-7", "400", "999", "1000", "-999", "012", "0x1F", "+5", "1_000", "1:30",
		"123456789012345678901234567890", "-123456789012345678901234567890", "", "-", "5a", "٣"}
	rng := rand.New(rand.NewSource(1))
	for range 2000 {
		inputs = append(inputs, strconv.FormatInt(rng.Int63n(1<<40)-1<<39, 10))
	}
	for _, s := range inputs {
		text, ok := plainDecimal(s)
		if !ok {
			continue
		}
		n, err := constructInt(s)
		if err != nil || n.String() != text {
			t.Errorf("%q: fast path %q, constructInt %v, %v", s, text, n, err)
		}
	}
	if _, ok := plainDecimal("0x1F"); ok {
		t.Error("a hexadecimal integer took the fast path")
	}
	if text, _ := plainDecimal("400"); text != "400" {
		t.Errorf("400 read as %q", text)
	}
}
