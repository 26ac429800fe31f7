package jsondiff

import (
	"encoding/json"
	"testing"
)

func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		want, got string
		eq        NumbersEqual
		name      string
		equal     bool
	}{
		{"12", "12", Literal, "literal same", true},
		{"12", "12.0", Literal, "literal other spelling", false},
		{"0.1", "0.100000001", Float32, "float32 rounding", true},
		{"0.1", "0.2", Float32, "float32 different", false},
		{"12", "12.0", ValueAndKind, "integer is not real", false},
		{"1.50", "1.5", ValueAndKind, "same real", true},
		{"1e2", "100.0", ValueAndKind, "exponent is real", true},
		{"x", "x", Float32, "not a number", false},
	} {
		if got := tc.eq(json.Number(tc.want), json.Number(tc.got)); got != tc.equal {
			t.Errorf("%s: %s vs %s = %v", tc.name, tc.want, tc.got, got)
		}
	}
}

func TestRawNamesTheFirstDifference(t *testing.T) {
	type ev struct {
		E   string `json:"e"`
		HP  []int  `json:"hp"`
		Err string `json:"err,omitempty"`
	}
	for _, tc := range []struct {
		want string
		got  any
		diff string
	}{
		{`{"e":"move","hp":[1,2]}`, ev{E: "move", HP: []int{1, 2}}, ""},
		{`{"e":"move","hp":[1,3]}`, ev{E: "move", HP: []int{1, 2}}, "ev.hp[1]: expected 3, got 2"},
		{`{"e":"move","hp":[1]}`, ev{E: "move", HP: []int{1, 2}}, "ev.hp: expected 1 elements [1], got 2 [1,2]"},
		{`{"e":"hit","hp":[1,2]}`, ev{E: "move", HP: []int{1, 2}}, `ev.e: expected "hit", got "move"`},
		{`{"e":"move","hp":[1,2],"dir":1}`, ev{E: "move", HP: []int{1, 2}}, `ev: field "dir" is missing`},
		{`{"e":"move","hp":[1,2]}`, ev{E: "move", HP: []int{1, 2}, Err: "x"}, `ev: unexpected field "err"`},
		{`[1,2]`, map[string]int{"a": 1}, `ev: expected [1,2], got {"a":1}`},
	} {
		d, err := Raw("ev", json.RawMessage(tc.want), tc.got, Literal)
		if err != nil || d != tc.diff {
			t.Errorf("%s: got %q (%v), want %q", tc.want, d, err, tc.diff)
		}
	}
	if _, err := Raw("", json.RawMessage(`{`), 1, Literal); err == nil {
		t.Error("a recorded value that is not JSON must be an error")
	}
	if _, err := Raw("", json.RawMessage(`1`), func() {}, Literal); err == nil {
		t.Error("a value that does not marshal must be an error")
	}
}
