package diag

import "sort"

// PerCode is how many diagnostics of one code a report lists; the rest
// are only counted and summarised in one line ("… and 169 950 more"), so
// that a systematic mistake in a big document stays readable and its
// messages are never all made. Package validate and the engines' checks
// share it.
const PerCode = 50

// Tally counts diagnostics by code and says which of them are listed: the
// first PerCode of each code. The zero value is not usable; make one
// with make(Tally).
type Tally map[string]int

// Count counts one diagnostic of code and reports whether it is listed
// (whether its message is worth making).
func (t Tally) Count(code string) bool {
	t[code]++
	return t[code] <= PerCode
}

// Beyond is how many diagnostics of one code were counted past PerCode.
type Beyond struct {
	Code string
	More int
}

// Beyond returns, in code order, the codes counted more than PerCode
// times and how many more there were.
func (t Tally) Beyond() []Beyond {
	var out []Beyond
	for code, n := range t {
		if n > PerCode {
			out = append(out, Beyond{code, n - PerCode})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Sink receives the problems a check finds one at a time: the code, the
// document path of the item and the message, which the receiver formats
// only for the problems it lists (see Tally).
type Sink func(code, path, format string, args ...any)
