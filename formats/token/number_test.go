package token

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// fscanWhole reports what fmt.Sscan does with tok when tok must be taken
// whole: ok is false when Sscan fails or leaves part of the token unread.
func fscanWhole(tok string, v any) bool {
	var rest string
	n, _ := fmt.Sscan(tok+" END", v, &rest)
	return n == 2 && rest == "END"
}

func hasSpace(s string) bool {
	return strings.IndexFunc(s, IsSpace) >= 0 || s == ""
}

func checkSameAsFscan(t *testing.T, tok string) {
	t.Helper()
	if hasSpace(tok) {
		return
	}
	var fi int
	okF := fscanWhole(tok, &fi)
	vi, okI := ParseInt([]byte(tok))
	if okF != okI || (okI && int64(fi) != vi) {
		t.Errorf("int %q: fmt ok=%v %d, ours ok=%v %d", tok, okF, fi, okI, vi)
	}
	var ff float32
	okF = fscanWhole(tok, &ff)
	vf, okR := ParseFloat32([]byte(tok))
	same := math.Float32bits(ff) == math.Float32bits(vf) || (ff != ff && vf != vf)
	if okF != okR || (okR && !same) {
		t.Errorf("float32 %q: fmt ok=%v %v, ours ok=%v %v", tok, okF, ff, okR, vf)
	}
	// Fscan reads any other one-character token as false; we reject it.
	var fb bool
	okF = fscanWhole(tok, &fb) && !(len([]rune(tok)) == 1 && !strings.ContainsAny(tok, "01tTfF"))
	vb, okB := ParseBool([]byte(tok))
	if okF != okB || (okB && fb != vb) {
		t.Errorf("bool %q: fmt ok=%v %v, ours ok=%v %v", tok, okF, fb, okB, vb)
	}
}

func TestNumbersMatchFscan(t *testing.T) {
	for _, tok := range []string{
		"0", "7", "-7", "+7", "010", "08", "0x1F", "0X1f", "0b101", "0o17", "1_000", "_1", "1__0",
		"12abc", "abc", "-", "+", "0x", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"1.5", "-0.25", ".5", "5.", "1e3", "1E-3", "1e50", "1p3", "1.5p-2", "0x1p4", "0x1.8p1", "nan", "NaN", "-nan",
		"inf", "+Inf", "-INF", "Infinity", "n5", "0.174101", "66027.546875", "1e", "1e+", "--1",
		"true", "TRUE", "True", "tRuE", "false", "F", "t", "1", "0", "yes", "tru", "fals", "f0",
		"曹操", "１２",
	} {
		checkSameAsFscan(t, tok)
	}
}

func FuzzNumbersMatchFscan(f *testing.F) {
	for _, s := range []string{"0", "-12", "0x1F", "1_000", "1.5e3", "nan", "+Inf", "true", "F", "1p3", "08"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		checkSameAsFscan(t, tok)
	})
}

func TestFormatFloat32RoundTrips(t *testing.T) {
	for _, v := range []float32{0, 1, -1, 0.1, 72, 2788, 66027.546875, 1e30, 1e-30, float32(math.Inf(1)), float32(math.Inf(-1))} {
		s := FormatFloat32(v)
		got, ok := ParseFloat32([]byte(s))
		if !ok || got != v {
			t.Errorf("%v → %q → %v (ok=%v)", v, s, got, ok)
		}
	}
	if s := FormatFixed6(66027.546875); s != "66027.546875" {
		t.Errorf("FormatFixed6 = %q", s)
	}
	if s := FormatFixed6(0.17410123); s != "0.174101" {
		t.Errorf("FormatFixed6 = %q", s)
	}
}

// TestIntsAgreesWithInt reads the same tokens with Ints and with Int:
// values, errors, offsets and notes must be the same.
func TestIntsAgreesWithInt(t *testing.T) {
	for _, src := range []string{
		"1 2 3 -4 0 17", " 10\n\t20\r\n30 ", "1 010 3", "1 +2 3", "1 -0 3", "1 2x 3", "1 2", "5 0x1F 6",
		"1\u00a02 3", "999999999999999999 1 2", "9223372036854775807 1 2", "1 2 3 4",
	} {
		a := NewReader("a", []byte(src))
		b := NewReader("b", []byte(src))
		bulk := make([]int, 3)
		a.Ints(bulk, func(i int) string { return fmt.Sprintf("value %d", i) })
		one := make([]int, 3)
		for i := range one {
			one[i] = b.Int(func() string { return fmt.Sprintf("value %d", i) })
		}
		errA, errB := fmt.Sprint(a.Err()), fmt.Sprint(b.Err())
		errA, errB = strings.TrimPrefix(errA, "a"), strings.TrimPrefix(errB, "b")
		if errA != errB || a.Offset() != b.Offset() || a.NextOffset() != b.NextOffset() || len(a.Map.Notes) != len(b.Map.Notes) {
			t.Errorf("%q: Ints %v %v off %d notes %d; Int %v %v off %d notes %d", src, bulk, errA, a.Offset(), len(a.Map.Notes), one, errB, b.Offset(), len(b.Map.Notes))
			continue
		}
		if a.Err() == nil && fmt.Sprint(bulk) != fmt.Sprint(one) {
			t.Errorf("%q: %v vs %v", src, bulk, one)
		}
	}
}
