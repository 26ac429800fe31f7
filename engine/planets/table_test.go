package planets

import (
	"errors"
	"testing"
)

// Reals are written as Python 2.7's repr (spec 12.10).
func TestRealsAreWrittenAsPythonReprWritesThem(t *testing.T) {
	for f, want := range map[float64]string{1e6: "1000000.0", 1000: "1000.0", 1e16: "1e+16", 1.5e16: "1.5e+16",
		9999999999999998: "9999999999999998.0", 1e-5: "1e-05", 0.0001: "0.0001", 0.1: "0.1", -2.5: "-2.5", 1.1: "1.1", 123456.789: "123456.789"} {
		if got := Real(f).String(); got != want {
			t.Errorf("%g is written %s, want %s", f, got, want)
		}
	}
}

// A table refuses orders with the reasons a server words in its own way.
func TestTableRefusalsNameTheirReason(t *testing.T) {
	tb, err := NewTable(TableSetup{Map: tinyMap(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		if _, err := tb.Join(name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.Join("c"); !errors.Is(err, ErrFull) {
		t.Fatalf("a third join: %v, want ErrFull", err)
	}
	for order, want := range map[string]error{
		`{"moves": [[10, 1, 2]]}`:                                      ErrNotYourPlanet,
		`{"moves": [[999, 0, 2]]}`:                                     ErrNotEnoughArmies,
		`{"moves": [[1, 0, 3]]}`:                                       ErrNoRoute,
		`{"moves": [[1, 0, 9]]}`:                                       ErrBadOrder,
		`{"moves": [], "tactic": {"type": "nuke", "planet": 1}}`:       ErrWrongTactic,
		`{"moves": [], "tactic": {"type": "terminator", "planet": 1}}`: ErrNotEnoughPoints,
	} {
		if err := tb.Submit(0, []byte(order)); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", order, err, want)
		}
	}
	if err := tb.Submit(0, []byte(`{"moves": [[10, 0, 2]]}`)); err != nil {
		t.Fatal(err)
	}
	if changed, err := tb.Step(); !changed || err != nil || tb.Status() != StatusRunning {
		t.Fatalf("the first step: %v %v, status %s", changed, err, tb.Status())
	}
	productions := 0
	for _, e := range tb.Events() {
		if _, ok := e.(Production); ok {
			productions++
		}
	}
	if productions != 3 {
		t.Fatalf("%d production events, want one per owned planet (A, B and C, taken this step)", productions)
	}
}
