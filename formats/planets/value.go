package planets

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Type is the type of a Value as PyYAML (YAML 1.1) reads it.
type Type uint8

// The value types. The zero Type is Absent: the key is not written at all.
const (
	Absent  Type = iota
	Null         // ~, null, or nothing
	Bool         // yes/no, true/false, on/off in any of PyYAML's spellings
	Int          // an integer (no decimal point), of any size
	Float        // a real number (written with a decimal point), .inf, .nan
	Str          // text
	Time         // a YAML 1.1 timestamp such as 2012-05-01 (a date in Python)
	List         // a sequence
	Mapping      // a mapping, keys in order
)

var typeNames = [...]string{"absent", "null", "bool", "int", "float", "str", "timestamp", "list", "mapping"}

// String returns the type's name.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// Value is any YAML value with the type PyYAML gives it. A map keeps
// six for every planet and three for every route, so a Value is one
// pointer (8 bytes) to its payload, boxed once and shared by every copy
// of the Value (the reader shares the values of a text read again, a
// route's ends share their planet's token): nothing for Absent (a nil
// pointer), null, a bool, an int64 (an integer that does not fit is kept
// as its decimal digits, bigInt), a float64, a string (Str), a timestamp
// as written, or the *collection of a List or Mapping. The zero Value is
// Absent. Values are compared with Equal, not ==: two Values of the same
// text may hold different boxes, so == would not tell them alike (the
// blank field makes == a compile error).
type Value struct {
	_ [0]func()
	p *any
}

// boxed returns the Value holding the payload x.
func boxed(x any) Value { return Value{p: &x} }

// x returns v's payload (nil for Absent).
func (v Value) x() any {
	if v.p == nil {
		return nil
	}
	return *v.p
}

// The Values of the payloads met most (the nulls, booleans and small
// integers the readers, writers and engines make), boxed once.
var (
	nullBoxed  = boxed(null{})
	boolBoxed  = [2]Value{boxed(false), boxed(true)}
	smallInts  = makeSmallInts()
	smallFirst = int64(-1)
)

// makeSmallInts boxes the integers -1 to 255.
func makeSmallInts() []Value {
	out := make([]Value, 257)
	for i := range out {
		out[i] = boxed(int64(i) - 1)
	}
	return out
}

// intValue returns the Value of the integer i.
func intValue(i int64) Value {
	if k := i - smallFirst; k >= 0 && k < int64(len(smallInts)) {
		return smallInts[k]
	}
	return boxed(i)
}

// null is the payload of a Null value.
type null struct{}

// bigInt is the payload of an integer beyond int64: its decimal digits,
// with a leading '-' when negative (integers have no size limit in
// Python).
type bigInt string

// timestamp is the payload of a Time: the timestamp as written.
type timestamp string

// collection is what a List or a Mapping holds.
type collection struct {
	typ   Type // List or Mapping
	items []Value
	pairs []Pair
	// lazy, for the planets or routes of a document read in slices,
	// ranges over them as they are read (the others are nil then).
	lazy *lazyValues
}

// lazyValues are the items (the Pair's Value) or entries of a list or
// mapping read a slice at a time.
type lazyValues struct {
	count int
	each  func(f func(Pair))
}

// Type returns the type of v.
func (v Value) Type() Type {
	switch x := v.x().(type) {
	case nil:
		return Absent
	case null:
		return Null
	case bool:
		return Bool
	case int64, bigInt:
		return Int
	case float64:
		return Float
	case string:
		return Str
	case timestamp:
		return Time
	case *collection:
		return x.typ
	}
	panic("planets: a value of unknown payload")
}

// Text returns the string of a Str, the decimal digits of an Int (with a
// leading '-' when negative) and the timestamp of a Time as written; ""
// for any other value.
func (v Value) Text() string {
	switch x := v.x().(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case bigInt:
		return string(x)
	case timestamp:
		return string(x)
	}
	return ""
}

// Bool returns the value of a Bool (false for any other value).
func (v Value) Bool() bool {
	b, _ := v.x().(bool)
	return b
}

// Float returns the value of a Float (0 for any other value; Float64
// converts integers too).
func (v Value) Float() float64 {
	f, _ := v.x().(float64)
	return f
}

// coll returns the collection of a List or Mapping (nil for any other
// value).
func (v Value) coll() *collection {
	c, _ := v.x().(*collection)
	return c
}

// count returns the number of items or entries of a List or Mapping.
func (v Value) count() int {
	c := v.coll()
	switch {
	case c == nil:
		return 0
	case c.lazy != nil:
		return c.lazy.count
	}
	return len(c.items) + len(c.pairs)
}

// each calls f with each entry of a Mapping, or each item of a List (as
// the Pair's Value), in order.
func (v Value) each(f func(Pair)) {
	c := v.coll()
	switch {
	case c == nil:
	case c.lazy != nil:
		c.lazy.each(f)
	case c.typ == List:
		for _, it := range c.items {
			f(Pair{Value: it})
		}
	default:
		for _, p := range c.pairs {
			f(p)
		}
	}
}

// Items returns the items of a List (nil for any other value).
func (v Value) Items() []Value {
	if c := v.coll(); c != nil {
		return c.items
	}
	return nil
}

// Pairs returns the entries of a Mapping, in order; keys are scalars and
// distinct in the Python sense (nil for any other value).
func (v Value) Pairs() []Pair {
	if c := v.coll(); c != nil {
		return c.pairs
	}
	return nil
}

// Pair is one entry of a mapping.
type Pair struct {
	Key, Value Value
}

// NullValue returns null.
func NullValue() Value { return nullBoxed }

// BoolValue returns a boolean.
func BoolValue(b bool) Value {
	if b {
		return boolBoxed[1]
	}
	return boolBoxed[0]
}

// IntValue returns an integer.
func IntValue(i int64) Value { return intValue(i) }

// BigIntValue returns an integer of any size.
func BigIntValue(i *big.Int) Value {
	if i.IsInt64() {
		return intValue(i.Int64())
	}
	return boxed(bigInt(i.String()))
}

// decimalValue returns the integer written in decimal digits as Python
// prints it (an optional '-', no leading zero).
func decimalValue(text string) Value {
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		return intValue(i)
	}
	return boxed(bigInt(strings.Clone(text)))
}

// FloatValue returns a real number.
func FloatValue(f float64) Value { return boxed(f) }

// StrValue returns a string.
func StrValue(s string) Value { return boxed(s) }

// TimeValue returns a timestamp as written (2012-05-01).
func TimeValue(s string) Value { return boxed(timestamp(s)) }

// ListValue returns a list of items.
func ListValue(items ...Value) Value { return boxed(&collection{typ: List, items: items}) }

// MappingValue returns a mapping with the given entries.
func MappingValue(pairs ...Pair) Value { return boxed(&collection{typ: Mapping, pairs: pairs}) }

// IsScalar reports whether v is a single value (not absent, a list or a
// mapping).
func (v Value) IsScalar() bool {
	return v.Type() != Absent && v.Type() != List && v.Type() != Mapping
}

// IsNumber reports whether v is an integer or a real (booleans, which
// Python also counts as numbers, are not).
func (v Value) IsNumber() bool { return v.Type() == Int || v.Type() == Float }

// BigInt returns the integer value of an Int.
func (v Value) BigInt() (*big.Int, bool) {
	switch x := v.x().(type) {
	case int64:
		return big.NewInt(x), true
	case bigInt:
		return new(big.Int).SetString(string(x), 10)
	}
	return nil, false
}

// Int64 returns the value of an Int that fits in an int64.
func (v Value) Int64() (int64, bool) {
	i, ok := v.x().(int64)
	return i, ok
}

// Float64 returns a number as a float64 the way Python's float() converts
// it: a real as it is, an integer rounded to the nearest real (false when
// it is too large), a boolean as 0 or 1.
func (v Value) Float64() (float64, bool) {
	switch v.Type() {
	case Float:
		return v.Float(), true
	case Bool:
		if v.Bool() {
			return 1, true
		}
		return 0, true
	case Int:
		if i, ok := v.Int64(); ok {
			return float64(i), true
		}
		b, ok := v.BigInt()
		if !ok {
			return 0, false
		}
		f, _ := new(big.Float).SetInt(b).Float64()
		return f, !math.IsInf(f, 0)
	}
	return 0, false
}

// Truth reports whether v is true in the Python sense: false for absent,
// null, false, zero, the empty string and empty collections, true otherwise.
func (v Value) Truth() bool {
	switch v.Type() {
	case Bool:
		return v.Bool()
	case Int:
		i, small := v.Int64()
		return !small || i != 0
	case Float:
		return v.Float() != 0
	case Str:
		return v.Text() != ""
	case Time:
		return true
	case List:
		return len(v.Items()) > 0
	case Mapping:
		return len(v.Pairs()) > 0
	}
	return false
}

// Key returns a scalar as text for paths and messages: a string as it is,
// other scalars in the form the writers use (2, 0.5, true, null).
func (v Value) Key() string {
	switch v.Type() {
	case Str, Time, Int:
		return v.Text()
	case Float:
		return formatFloat(v.Float())
	case Bool:
		return strconv.FormatBool(v.Bool())
	case Null:
		return "null"
	}
	return v.Type().String()
}

// Describe returns a short description of v for messages: 'text', 2, a
// list, a mapping, nothing.
func (v Value) Describe() string {
	switch v.Type() {
	case Absent:
		return "nothing"
	case Null:
		return "null"
	case List:
		return "a list"
	case Mapping:
		return "a mapping"
	case Str:
		s := v.Text()
		if utf8.RuneCountInString(s) > 40 {
			s = string([]rune(s)[:40]) + "…"
		}
		return "'" + s + "'"
	case Time:
		return "the date " + v.Text()
	}
	return v.Key()
}

// Equal reports whether a and b are the same value of the same type (NaN
// equals NaN; mappings are equal when they have the same entries in any
// order, as Python dictionaries are).
func Equal(a, b Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	switch a.Type() {
	case Bool:
		return a.Bool() == b.Bool()
	case Float:
		return a.Float() == b.Float() && math.Signbit(a.Float()) == math.Signbit(b.Float()) ||
			math.IsNaN(a.Float()) && math.IsNaN(b.Float())
	case Int, Str, Time:
		return a.x() == b.x() // an Int is an int64 exactly when it fits
	case List:
		ai, bi := a.Items(), b.Items()
		if len(ai) != len(bi) {
			return false
		}
		for i := range ai {
			if !Equal(ai[i], bi[i]) {
				return false
			}
		}
		return true
	case Mapping:
		if len(a.Pairs()) != len(b.Pairs()) {
			return false
		}
		for _, p := range a.Pairs() {
			q, ok := lookup(b.Pairs(), p.Key)
			if !ok || !Equal(p.Key, q.Key) || !Equal(p.Value, q.Value) {
				return false
			}
		}
		return true
	}
	return true
}

// lookup returns the pair of pairs whose key equals key in the Python
// sense.
func lookup(pairs []Pair, key Value) (Pair, bool) {
	h, ok := hashKey(key)
	if !ok {
		return Pair{}, false
	}
	for _, p := range pairs {
		if k, ok := hashKey(p.Key); ok && k == h {
			return p, true
		}
	}
	return Pair{}, false
}

// SameKey reports whether a and b are the same dictionary key in Python:
// 1, 1.0 and true are one key; "A" and A are one key; NaN is never equal.
func SameKey(a, b Value) bool {
	ha, ok := hashKey(a)
	if !ok {
		return false
	}
	hb, ok := hashKey(b)
	return ok && ha == hb
}

// hashKey returns a text that two scalars share exactly when Python
// considers them the same dictionary key. It reports false for values that
// equal nothing (NaN, absent values and collections).
func hashKey(v Value) (string, bool) {
	switch v.Type() {
	case Null:
		return "null", true
	case Bool:
		if v.Bool() {
			return "n:1", true
		}
		return "n:0", true
	case Int:
		return "n:" + v.Text(), true
	case Float:
		f := v.Float()
		switch {
		case math.IsNaN(f):
			return "", false
		case math.IsInf(f, 0):
			return "f:" + strconv.FormatFloat(f, 'g', -1, 64), true
		case f == math.Trunc(f):
			i, _ := new(big.Float).SetFloat64(f).Int(nil)
			return "n:" + i.String(), true
		}
		return "f:" + strconv.FormatFloat(f, 'g', -1, 64), true
	case Str:
		return "s:" + v.Text(), true
	case Time:
		k, err := timestampKey(v.Text())
		if err != nil {
			return "t:" + v.Text(), true
		}
		return k, true
	}
	return "", false
}

// pyLess orders tokens as Python 2 sorts them: null first, then numbers by
// value, then strings by character code (so all uppercase letters come
// before all lowercase letters), then anything else.
func pyLess(a, b Value) bool {
	ra, rb := sortRank(a), sortRank(b)
	if ra != rb {
		return ra < rb
	}
	switch ra {
	case 1:
		return numLess(a, b)
	case 2, 3:
		return a.Text() < b.Text() // UTF-8 byte order is code point order
	}
	return false
}

func sortRank(v Value) int {
	switch v.Type() {
	case Null:
		return 0
	case Bool, Int, Float:
		return 1
	case Str:
		return 2
	case Time:
		return 3
	}
	return 4
}

// numLess compares two numbers exactly (NaN compares false both ways).
func numLess(a, b Value) bool {
	x, okx := exactNumber(a)
	y, oky := exactNumber(b)
	if !okx || !oky {
		fa, _ := a.Float64()
		fb, _ := b.Float64()
		return fa < fb
	}
	return x.Cmp(y) < 0
}

// exactNumber returns a finite number as an exact rational.
func exactNumber(v Value) (*big.Rat, bool) {
	switch v.Type() {
	case Bool:
		if v.Bool() {
			return big.NewRat(1, 1), true
		}
		return new(big.Rat), true
	case Int:
		r, ok := new(big.Rat).SetString(v.Text())
		return r, ok
	case Float:
		if math.IsNaN(v.Float()) || math.IsInf(v.Float(), 0) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(v.Float()), true
	}
	return nil, false
}

// pyInt converts v as Python's int() does: an integer as it is, a real
// truncated toward zero, a boolean as 0 or 1, a string holding a decimal
// integer (surrounding whitespace allowed) as that integer. Anything else
// fails, as the game's loader does.
// PyInt converts v to an integer as Python's int() does (a real is
// truncated; text of digits and booleans are accepted), and reports
// whether it could.
func (v Value) PyInt() (*big.Int, bool) { return pyInt(v) }

func pyInt(v Value) (*big.Int, bool) {
	switch v.Type() {
	case Int:
		return v.BigInt()
	case Bool:
		if v.Bool() {
			return big.NewInt(1), true
		}
		return new(big.Int), true
	case Float:
		if math.IsNaN(v.Float()) || math.IsInf(v.Float(), 0) {
			return nil, false
		}
		i, _ := new(big.Float).SetFloat64(math.Trunc(v.Float())).Int(nil)
		return i, true
	case Str:
		s := strings.TrimFunc(v.Text(), func(r rune) bool { return pyIsSpace(r, isASCII(v.Text())) })
		t := strings.TrimLeft(s, "+-")
		if len(s)-len(t) > 1 || t == "" || strings.Trim(t, "0123456789") != "" {
			return nil, false
		}
		return new(big.Int).SetString(s, 10)
	}
	return nil, false
}
