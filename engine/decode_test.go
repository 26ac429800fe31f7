package engine

import "testing"

// TestDecodersRefuseNullAndWrongTypes: every answer decoder reads its
// own JSON type only, never null.
func TestDecodersRefuseNullAndWrongTypes(t *testing.T) {
	if v, err := DecodeInt(Answer("7")); err != nil || v != 7 {
		t.Errorf("DecodeInt(7) = %d, %v", v, err)
	}
	if v, err := DecodeBool(Answer("true")); err != nil || !v {
		t.Errorf("DecodeBool(true) = %v, %v", v, err)
	}
	if v, err := DecodeString(Answer(`"x"`)); err != nil || v != "x" {
		t.Errorf("DecodeString(\"x\") = %q, %v", v, err)
	}
	if v, err := DecodeInts(Answer("[1, 2]")); err != nil || len(v) != 2 || v[1] != 2 {
		t.Errorf("DecodeInts([1, 2]) = %v, %v", v, err)
	}
	for _, a := range []string{"null", `"7"`, "7.5", "[7]", "true", ""} {
		if _, err := DecodeInt(Answer(a)); err == nil {
			t.Errorf("DecodeInt(%s) accepted", a)
		}
	}
	for _, a := range []string{"null", "1", `"true"`} {
		if _, err := DecodeBool(Answer(a)); err == nil {
			t.Errorf("DecodeBool(%s) accepted", a)
		}
	}
	for _, a := range []string{"null", "[1, null]", "[1.5]", `["1"]`, "1"} {
		if _, err := DecodeInts(Answer(a)); err == nil {
			t.Errorf("DecodeInts(%s) accepted", a)
		}
	}
}
