package field

import (
	"fmt"
	"testing"

	"github.com/shapan/shapan/formats/diag"
)

func TestRangesAndSets(t *testing.T) {
	hp := Field{Key: "hp", Type: Integer, Code: "X1", Severity: diag.Error}.AtLeast(1)
	side := Field{Key: "side", Type: Integer, Enum: []int{0, 1}, Code: "X2", Severity: diag.Error}
	wu := Field{Key: "wu", Type: Number, Code: "X3", Severity: diag.Warning, Doc: "martial."}.Between(0, 100)
	for _, c := range []struct {
		f       Field
		v       int
		outside bool
	}{{hp, 0, true}, {hp, 1, false}, {side, 1, false}, {side, 2, true}, {side, -1, true}, {wu, 100, false}, {wu, 101, true}, {wu, -1, true}} {
		if got := c.f.Outside(c.v); got != c.outside {
			t.Errorf("%s = %d: outside %v", c.f.Key, c.v, got)
		}
	}
	if wu.OutsideFloat(100.5) != true || wu.OutsideFloat(99.5) != false {
		t.Error("OutsideFloat")
	}
	for f, want := range map[*Field]string{&hp: "at least 1", &side: "0 or 1", &wu: "0 to 100"} {
		if got := f.Allowed(); got != want {
			t.Errorf("%s: Allowed %q, want %q", f.Key, got, want)
		}
	}
	// An error's range is enforced; a warning's is only told.
	for f, want := range map[*Field]string{
		&hp:   "[{type integer} {minimum 1}]",
		&side: "[{enum [0 1]}]",
		&wu:   "[{type number} {description 0 to 100 (shapan check warns of other values, X3). martial.}]",
	} {
		if got := fmt.Sprint(f.Schema()); got != want {
			t.Errorf("%s: Schema %s, want %s", f.Key, got, want)
		}
	}
}

func TestFieldOfARecord(t *testing.T) {
	r := Record{Name: "r", Fields: []Field{{Key: "a"}, {Key: "b"}}}
	if r.Field("b") != &r.Fields[1] {
		t.Error("Field(b)")
	}
	defer func() {
		if recover() == nil {
			t.Error("Field of an unknown key does not panic")
		}
	}()
	r.Field("c")
}

// The forms' range is the rule's, its open ends taken from the form
// limits; a form limit is no rule: the schema does not state it.
func TestFormRange(t *testing.T) {
	hp := Field{Key: "hp", Type: Integer, Code: "X1", Severity: diag.Error}.AtLeast(1).Form(0, 100000)
	abi := Field{Key: "abi", Type: Integer}.Form(0, 1000)
	wu := Field{Key: "wu", Type: Number}.Between(0, 100)
	free := Field{Key: "n", Type: Integer}
	for f, want := range map[*Field][2]int{&hp: {1, 100000}, &abi: {0, 1000}, &wu: {0, 100}, &free: {-1 << 31, 1<<31 - 1}} {
		if lo, hi := f.FormRange(); lo != want[0] || hi != want[1] {
			t.Errorf("%s: FormRange %d, %d, want %v", f.Key, lo, hi, want)
		}
	}
	if abi.Bounded() || fmt.Sprint(abi.Schema()) != "[{type integer}]" {
		t.Errorf("a form limit is in the schema: %v", abi.Schema())
	}
}

func TestNamesPatternsAndTypes(t *testing.T) {
	scope := Field{Key: "scope", Type: String, Names: []string{"small", "medium", "large"}, Enum: []int{0, 1, 2}, Code: "X4", Severity: diag.Error}
	hero := Field{Key: "name", Type: String, Names: []string{"吕布", "赵云"}, Code: "X5", Severity: diag.Error}
	token := Field{Key: "", Type: String, Pattern: "^[A-Za-z]$", Code: "X6", Severity: diag.Error}
	fee := Field{Key: "fee", Type: Boolean, AnyType: true, Code: "X7", Severity: diag.Warning}
	for _, c := range []struct {
		f       *Field
		v       int
		outside bool
	}{{&scope, 2, false}, {&scope, 3, true}, {&scope, -1, true}, {&hero, 0, true}} {
		if got := c.f.Outside(c.v); got != c.outside {
			t.Errorf("%s = %d: outside %v", c.f.Key, c.v, got)
		}
	}
	for _, c := range []struct {
		f       *Field
		s       string
		outside bool
	}{{&scope, "large", false}, {&scope, "huge", true}, {&hero, "赵云", false}, {&hero, "张飞", true}, {&token, "A", false}, {&token, "AB", true}, {&token, "1", true}} {
		if got := c.f.OutsideName(c.s); got != c.outside {
			t.Errorf("%s = %q: outside %v", c.f.Key, c.s, got)
		}
	}
	for f, want := range map[*Field]string{
		&scope: "[{enum [small medium large 0 1 2]}]",
		&hero:  "[{enum [吕布 赵云]}]",
		&token: "[{type string} {pattern ^[A-Za-z]$}]",
		&fee:   "[{examples [true false]} {description True or false (shapan check warns of other values, X7). }]",
	} {
		if got := fmt.Sprint(f.Schema()); got != want {
			t.Errorf("%s: Schema %s, want %s", f.Key, got, want)
		}
	}
	if got := scope.Allowed(); got != "small, medium or large" {
		t.Errorf("Allowed %q", got)
	}
}
