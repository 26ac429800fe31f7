package planets

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// Num is a number as the original (Python 2) computes with it: an integer
// or a real. The type matters: an integer-typed def makes the defender's
// rescaling an integer floor division (spec 5.5 step 8), and a real-typed
// max or start_unit makes garrisons reals.
//
// Python's integers are unbounded; a Num holds an int64. Every integer
// operation is checked, and one whose result would leave the int64 range
// stops the game with an error (it cannot happen with the values of any
// real map: garrisons are bounded by the planets' max and the rounds
// played). Reals are float64 (IEEE-754 double, as Python's float), and
// mixed operations convert the integer to a real first, as Python does.
//
// The zero Num is the integer 0.
type Num struct {
	i    int64
	f    float64
	real bool
}

// Int returns an integer Num.
func Int(i int64) Num { return Num{i: i} }

// Real returns a real Num.
func Real(f float64) Num { return Num{f: f, real: true} }

// IsInt reports whether n is an integer (as opposed to a real).
func (n Num) IsInt() bool { return !n.real }

// Float returns n as a float64 (Python's float(n)).
func (n Num) Float() float64 {
	if n.real {
		return n.f
	}
	return float64(n.i)
}

// Int64 returns an integer's value, or a real's value truncated.
func (n Num) Int64() int64 {
	if n.real {
		return n.Trunc().i
	}
	return n.i
}

// String writes n as Python prints it in JSON: 12, 12.0, 0.5.
func (n Num) String() string {
	if !n.real {
		return strconv.FormatInt(n.i, 10)
	}
	return formatReal(n.f)
}

// formatReal writes a real as Python 2.7's repr does (spec 12.10): the
// shortest digits that read back the same, ".0" added to a whole value,
// and the exponent form only below 1e-4 or from 1e16 up (1e-05, 1e+16).
func formatReal(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	sci := strconv.FormatFloat(f, 'e', -1, 64)
	exp, _ := strconv.Atoi(sci[strings.LastIndexByte(sci, 'e')+1:])
	if exp < -4 || exp >= 16 {
		return sci
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// MarshalJSON writes n as a JSON number that keeps its type (a real is
// written with a decimal point). Non-finite reals, which JSON cannot
// hold, are written as strings.
func (n Num) MarshalJSON() ([]byte, error) {
	if n.real && (math.IsNaN(n.f) || math.IsInf(n.f, 0)) {
		return []byte(strconv.Quote(formatReal(n.f))), nil
	}
	return []byte(n.String()), nil
}

// UnmarshalJSON reads a JSON number; a literal with a decimal point or an
// exponent is a real.
func (n *Num) UnmarshalJSON(b []byte) error {
	v, err := parseNum(string(b))
	if err != nil {
		return err
	}
	*n = v
	return nil
}

// parseNum reads a JSON number literal, keeping its type.
func parseNum(s string) (Num, error) {
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return Int(i), nil
	}
	for _, c := range s {
		if c == '.' || c == 'e' || c == 'E' {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return Num{}, fmt.Errorf("%s is not a number", s)
			}
			return Real(f), nil
		}
	}
	return Num{}, fmt.Errorf("%s is not a number in the engine's range", s)
}

// NumError is the failure of an operation the original would do with
// unbounded Python integers but that leaves the int64 range here, or that
// the original crashes on (a division by zero, a real that is not a
// number truncated to an integer).
type NumError struct{ Op string }

func (e NumError) Error() string { return "planets: " + e.Op }

func overflow(op string, a, b Num) {
	panic(NumError{fmt.Sprintf("integer overflow in %s %s %s (beyond the 64-bit integers the engine computes with)", a, op, b)})
}

// Add returns a + b.
func (a Num) Add(b Num) Num {
	if a.real || b.real {
		return Real(a.Float() + b.Float())
	}
	s := a.i + b.i
	if (s > a.i) != (b.i > 0) {
		overflow("+", a, b)
	}
	return Int(s)
}

// Sub returns a - b.
func (a Num) Sub(b Num) Num {
	if a.real || b.real {
		return Real(a.Float() - b.Float())
	}
	s := a.i - b.i
	if (s < a.i) != (b.i > 0) {
		overflow("-", a, b)
	}
	return Int(s)
}

// Mul returns a × b.
func (a Num) Mul(b Num) Num {
	if a.real || b.real {
		return Real(a.Float() * b.Float())
	}
	if a.i == 0 || b.i == 0 {
		return Int(0)
	}
	hi, lo := bits.Mul64(uint64(abs64(a.i)), uint64(abs64(b.i)))
	neg := (a.i < 0) != (b.i < 0)
	if hi != 0 || lo > math.MaxInt64 || a.i == math.MinInt64 || b.i == math.MinInt64 {
		overflow("*", a, b)
	}
	if neg {
		return Int(-int64(lo))
	}
	return Int(int64(lo))
}

// Div returns a / b with Python 2's `/`: floor division when both are
// integers, real division otherwise. Dividing by zero fails, as in
// Python.
func (a Num) Div(b Num) Num {
	if a.real || b.real {
		if b.Float() == 0 {
			panic(NumError{fmt.Sprintf("division by zero: %s / %s", a, b)})
		}
		return Real(a.Float() / b.Float())
	}
	if b.i == 0 {
		panic(NumError{fmt.Sprintf("division by zero: %s / %s", a, b)})
	}
	if a.i == math.MinInt64 && b.i == -1 {
		overflow("/", a, b)
	}
	q := a.i / b.i
	if (a.i%b.i != 0) && ((a.i < 0) != (b.i < 0)) {
		q--
	}
	return Int(q)
}

// Square returns a ** 2: an exact integer square, or a real x × x.
func (a Num) Square() Num { return a.Mul(a) }

// Trunc returns int(a): an integer as it is, a real truncated toward
// zero. A real that is not finite, or beyond the int64 range, fails.
func (a Num) Trunc() Num {
	if !a.real {
		return a
	}
	t := math.Trunc(a.f)
	if math.IsNaN(t) || t >= 0x1p63 || t < -0x1p63 {
		panic(NumError{fmt.Sprintf("cannot convert %s to an integer", formatReal(a.f))})
	}
	return Int(int64(t))
}

// Cmp compares a and b exactly, as Python compares an int with a float:
// -1 when a < b, 0 when equal, +1 when a > b. NaN compares as neither
// smaller nor larger; Cmp returns 2 then.
func (a Num) Cmp(b Num) int {
	switch {
	case !a.real && !b.real:
		return cmpInt(a.i, b.i)
	case a.real && b.real:
		return cmpFloat(a.f, b.f)
	case a.real:
		return -cmpIntFloat(b.i, a.f)
	}
	return cmpIntFloat(a.i, b.f)
}

// Less reports a < b; Eq reports a == b (numerically, as Python's ==).
func (a Num) Less(b Num) bool { return a.Cmp(b) == -1 }

// Eq reports a == b numerically.
func (a Num) Eq(b Num) bool { return a.Cmp(b) == 0 }

// Positive reports a > 0.
func (a Num) Positive() bool { return a.Cmp(Int(0)) == 1 }

// Same reports whether a and b are the same number of the same type.
func (a Num) Same(b Num) bool { return a.real == b.real && a.Cmp(b) == 0 }

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	}
	return 2
}

// cmpIntFloat compares an integer with a real exactly.
func cmpIntFloat(i int64, f float64) int {
	switch {
	case math.IsNaN(f):
		return 2
	case f >= 0x1p63:
		return -1
	case f < -0x1p63:
		return 1
	}
	t := math.Trunc(f)
	if c := cmpInt(i, int64(t)); c != 0 {
		return c
	}
	// i equals the integer part of f: the fraction decides.
	return cmpFloat(0, f-t)
}

func abs64(i int64) int64 {
	if i < 0 {
		return -i
	}
	return i
}
