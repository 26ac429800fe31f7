// Package tokencmp compares two whitespace-token files value by value, the
// way the original games would read them: numbers are compared as numbers
// (as float64 and as float32, so 72 equals 72.000000), booleans by value
// (T equals true). It parses with the fmt package on purpose, independently
// of Shapan's own scanner, so a test does not check the scanner against
// itself.
package tokencmp

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Diff returns a description of the first difference between the token
// values of a and b, or "" when they are equal.
func Diff(a, b []byte) string {
	ta, tb := fields(a), fields(b)
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if !same(ta[i], tb[i]) {
			return fmt.Sprintf("token %d: %q vs %q (context: %s | %s)", i+1, ta[i], tb[i], around(ta, i), around(tb, i))
		}
	}
	if len(ta) != len(tb) {
		return fmt.Sprintf("%d tokens vs %d tokens", len(ta), len(tb))
	}
	return ""
}

// fields splits like bufio.ScanWords, whose notion of space is fmt's.
func fields(b []byte) []string {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64*1024), len(b)+1)
	sc.Split(bufio.ScanWords)
	var out []string
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

func around(ts []string, i int) string {
	lo, hi := max(0, i-3), min(len(ts), i+4)
	return strings.Join(ts[lo:hi], " ")
}

func same(a, b string) bool {
	if a == b {
		return true
	}
	var fa, fb float64
	if scanWhole(a, &fa) && scanWhole(b, &fb) {
		if fa == fb || (fa != fa && fb != fb) {
			return true
		}
	}
	var ga, gb float32
	if scanWhole(a, &ga) && scanWhole(b, &gb) && (ga == gb || (ga != ga && gb != gb)) {
		return true
	}
	var ia, ib int64
	if scanWhole(a, &ia) && scanWhole(b, &ib) && ia == ib {
		return true
	}
	var ba, bb bool
	if len(a) > 1 && len(b) > 1 && scanWhole(a, &ba) && scanWhole(b, &bb) && ba == bb {
		return true
	}
	return false
}

func scanWhole(tok string, v any) bool {
	var rest string
	n, _ := fmt.Sscan(tok+" END", v, &rest)
	return n == 2 && rest == "END"
}
