package token

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The functions in this file accept exactly what Go's fmt.Fscan accepts when
// it scans into an int, a float32 or a bool (the original engines read their
// files that way), with one difference: a token must be consumed completely.
// Fscan silently splits a token like "08" into 0 and 8; for us that is an
// error, because the rest of the file would be read out of step.

// ParseInt parses tok as fmt.Fscan parses an int: optional sign, base
// prefixes 0b 0o 0x, a leading 0 meaning octal, '_' separators.
func ParseInt(tok []byte) (int64, bool) {
	if v, ok := plainInt(tok); ok {
		return v, true
	}
	if fscanIntLen(tok) != len(tok) {
		return 0, false
	}
	v, err := strconv.ParseInt(string(tok), 0, 64)
	return v, err == nil
}

// plainInt is the fast path: an optional '-' and up to 18 decimal digits
// without a leading zero.
func plainInt(tok []byte) (int64, bool) {
	neg := false
	d := tok
	if len(d) > 0 && d[0] == '-' {
		neg, d = true, d[1:]
	}
	if len(d) == 0 || len(d) > 18 || (d[0] == '0' && len(d) > 1) {
		return 0, false
	}
	var v int64
	for _, c := range d {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// fscanIntLen returns how many bytes of tok fmt.Fscan takes as an integer.
func fscanIntLen(tok []byte) int {
	i := 0
	accept := func(set string) bool {
		if i < len(tok) && strings.IndexByte(set, tok[i]) >= 0 {
			i++
			return true
		}
		return false
	}
	accept("+-")
	digits := "0123456789_"
	if accept("0") {
		switch {
		case accept("bB"):
			digits = "01_"
		case accept("oO"):
			digits = "01234567_"
		case accept("xX"):
			digits = "0123456789aAbBcCdDeEfF_"
		default:
			digits = "01234567_"
		}
	}
	for accept(digits) {
	}
	return i
}

// ParseFloat32 parses tok as fmt.Fscan parses a float32 (including "nan",
// "inf" and Fscan's decimal mantissa with a binary 'p' exponent).
func ParseFloat32(tok []byte) (float32, bool) {
	if fscanFloatLen(tok) != len(tok) || len(tok) == 0 {
		return 0, false
	}
	s := string(tok)
	if p := strings.IndexByte(s, 'p'); p >= 0 && !strings.ContainsAny(s, "xX") {
		f, err := strconv.ParseFloat(s[:p], 32)
		if err != nil {
			return 0, false
		}
		m, err := strconv.Atoi(s[p+1:])
		if err != nil {
			return 0, false
		}
		return float32(math.Ldexp(f, m)), true
	}
	f, err := strconv.ParseFloat(s, 32)
	if err != nil {
		return 0, false
	}
	return float32(f), true
}

// fscanFloatLen returns how many bytes of tok fmt.Fscan takes as a float.
func fscanFloatLen(tok []byte) int {
	i := 0
	accept := func(set string) bool {
		if i < len(tok) && strings.IndexByte(set, tok[i]) >= 0 {
			i++
			return true
		}
		return false
	}
	if accept("nN") && accept("aA") && accept("nN") {
		return i
	}
	accept("+-")
	if accept("iI") && accept("nN") && accept("fF") {
		return i
	}
	digits, exp := "0123456789_", "eEpP"
	if accept("0") && accept("xX") {
		digits, exp = "0123456789aAbBcCdDeEfF_", "pP"
	}
	for accept(digits) {
	}
	if accept(".") {
		for accept(digits) {
		}
	}
	if accept(exp) {
		accept("+-")
		for accept("0123456789_") {
		}
	}
	return i
}

// ParseBool parses tok as fmt.Fscan parses a bool: 0, 1, t, f, T, F and
// "true"/"false" in any case.
func ParseBool(tok []byte) (bool, bool) {
	switch len(tok) {
	case 1:
		switch tok[0] {
		case '1', 't', 'T':
			return true, true
		case '0', 'f', 'F':
			return false, true
		}
	case 4:
		if strings.EqualFold(string(tok), "true") {
			return true, true
		}
	case 5:
		if strings.EqualFold(string(tok), "false") {
			return false, true
		}
	}
	return false, false
}

// FormatFloat32 writes f in the shortest plain decimal form that reads back
// as the same float32 (no exponent; "NaN", "+Inf", "-Inf" for the specials).
func FormatFloat32(f float32) string {
	return strconv.FormatFloat(float64(f), 'f', -1, 32)
}

// FormatFixed6 writes f exactly as Go's fmt "%f" does for a float32: fixed
// point with six decimals, rounded to nearest from the exact binary value
// ("+Inf", "-Inf" and "NaN" for the specials).
func FormatFixed6(f float32) string {
	return fmt.Sprintf("%f", f)
}
