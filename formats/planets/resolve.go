package planets

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The implicit resolvers of PyYAML (YAML 1.1), as the original game's
// PyYAML (3.x, Python 2) has them. A plain scalar gets the tag of the first
// pattern it matches; anything else is a string. Quoted and block scalars
// are always strings.
var (
	boolRE = regexp.MustCompile(`^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)
	// PyYAML 3.x accepts `._5` as a real; PyYAML 5 and later require a
	// digit right after the point. Readers use the original's rule;
	// writers quote strings that either version would not read as a
	// string.
	floatRE = regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?` +
		`|\.[0-9_]+(?:[eE][-+][0-9]+)?` +
		`|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*` +
		`|[-+]?\.(?:inf|Inf|INF)` +
		`|\.(?:nan|NaN|NAN))$`)
	intRE = regexp.MustCompile(`^(?:[-+]?0b[0-1_]+` +
		`|[-+]?0[0-7_]+` +
		`|[-+]?(?:0|[1-9][0-9_]*)` +
		`|[-+]?0x[0-9a-fA-F_]+` +
		`|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)
	mergeRE     = regexp.MustCompile(`^(?:<<)$`)
	nullRE      = regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)
	timestampRE = regexp.MustCompile(`^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]` +
		`|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?` +
		`(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?` +
		`(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$`)
	valueRE = regexp.MustCompile(`^(?:=)$`)

	// timestampParts is PyYAML's constructor pattern for timestamps.
	timestampParts = regexp.MustCompile(`^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)` +
		`(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?` +
		`(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$`)
)

// Tags a plain scalar resolves to.
const (
	tagStr       = "!!str"
	tagNull      = "!!null"
	tagBool      = "!!bool"
	tagInt       = "!!int"
	tagFloat     = "!!float"
	tagTimestamp = "!!timestamp"
	tagMerge     = "!!merge"
	tagValue     = "!!value"
)

// resolvePlain returns the tag PyYAML gives the plain scalar s.
func resolvePlain(s string) string {
	// PyYAML tries only the resolvers registered for the first character
	// (and the null resolver for an empty value): a value that starts
	// with none of them is a string, without a pattern tried.
	if s != "" && !strings.ContainsRune("yYnNtTfFoO-+0123456789.<~=", rune(s[0])) {
		return tagStr
	}
	switch {
	case boolRE.MatchString(s):
		return tagBool
	case floatRE.MatchString(s):
		return tagFloat
	case intRE.MatchString(s):
		return tagInt
	case mergeRE.MatchString(s):
		return tagMerge
	case nullRE.MatchString(s):
		return tagNull
	case timestampRE.MatchString(s):
		return tagTimestamp
	case valueRE.MatchString(s):
		return tagValue
	}
	return tagStr
}

// newFloatRE is the real-number pattern of PyYAML 5 and later.
var newFloatRE = regexp.MustCompile(`^\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?$`)

// plainIsString reports whether every PyYAML version reads the plain
// scalar s as the string s.
func plainIsString(s string) bool {
	return resolvePlain(s) == tagStr && !newFloatRE.MatchString(s)
}

// construct builds the value of scalar text s that resolved (or was
// tagged) as tag, as PyYAML's constructor does. It fails where PyYAML
// fails.
func construct(tag, s string) (Value, error) {
	switch tag {
	case tagStr:
		return StrValue(s), nil
	case tagNull:
		return NullValue(), nil
	case tagBool:
		switch strings.ToLower(s) {
		case "yes", "true", "on":
			return BoolValue(true), nil
		case "no", "false", "off":
			return BoolValue(false), nil
		}
		return Value{}, fmt.Errorf("'%s' is not a boolean", s)
	case tagInt:
		if text, ok := plainDecimal(s); ok {
			return decimalValue(text), nil
		}
		i, err := constructInt(s)
		if err != nil {
			return Value{}, err
		}
		return BigIntValue(i), nil
	case tagFloat:
		f, err := constructFloat(s)
		if err != nil {
			return Value{}, err
		}
		return FloatValue(f), nil
	case tagTimestamp:
		if err := checkTimestamp(s); err != nil {
			return Value{}, err
		}
		return TimeValue(s), nil
	case tagMerge:
		return Value{}, errors.New("'<<' (a merge key) can only be a key of a mapping")
	case tagValue:
		return Value{}, errors.New("'=' has no value in YAML 1.1; write it as \"=\"")
	}
	return Value{}, fmt.Errorf("the tag %s is not supported", tag)
}

// plainDecimal returns the text of an integer written as Python writes
// it (an optional '-', decimal digits, no leading zero, not "-0"), which
// constructInt would read and print back as it is, without building it.
func plainDecimal(s string) (string, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || digits[0] == '0' && (len(digits) > 1 || len(s) > 1) {
		return "", false
	}
	for i := 0; i < len(digits); i++ {
		if c := digits[i]; c < '0' || c > '9' {
			return "", false
		}
	}
	return s, true
}

// constructInt is PyYAML's construct_yaml_int: underscores are dropped,
// 0b is binary, 0x hexadecimal, a leading 0 octal, a:b:c sexagesimal.
func constructInt(s string) (*big.Int, error) {
	v := strings.ReplaceAll(s, "_", "")
	neg := strings.HasPrefix(v, "-")
	v = strings.TrimLeft(v, "+-")
	if len(s)-len(strings.TrimLeft(s, "+-")) > 1 {
		return nil, fmt.Errorf("'%s' is not an integer", s)
	}
	var n *big.Int
	var ok bool
	switch {
	case v == "0":
		n, ok = new(big.Int), true
	case strings.HasPrefix(v, "0b"):
		n, ok = parseDigits(v[2:], 2)
	case strings.HasPrefix(v, "0x"):
		n, ok = parseDigits(v[2:], 16)
	case strings.HasPrefix(v, "0"):
		n, ok = parseDigits(v, 8)
	case strings.Contains(v, ":"):
		n, ok = new(big.Int), true
		for _, part := range strings.Split(v, ":") {
			d, okd := parseDigits(part, 10)
			ok = ok && okd
			if ok {
				n.Mul(n, big.NewInt(60)).Add(n, d)
			}
		}
	default:
		n, ok = parseDigits(v, 10)
	}
	if !ok {
		return nil, fmt.Errorf("'%s' looks like an integer but is not one (the game's YAML loader fails on it)", s)
	}
	if neg {
		n.Neg(n)
	}
	return n, nil
}

// parseDigits parses a non-empty string of digits in base.
func parseDigits(s string, base int) (*big.Int, bool) {
	if s == "" || strings.ContainsAny(s, "+-_") {
		return nil, false
	}
	return new(big.Int).SetString(s, base)
}

// constructFloat is PyYAML's construct_yaml_float.
func constructFloat(s string) (float64, error) {
	v := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	sign := 1.0
	if strings.HasPrefix(v, "-") {
		sign = -1
	}
	if strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+") {
		v = v[1:]
	}
	switch {
	case v == ".inf":
		return sign * math.Inf(1), nil
	case v == ".nan":
		return math.NaN(), nil
	case strings.Contains(v, ":"):
		parts := strings.Split(v, ":")
		value := 0.0
		base := big.NewInt(1)
		for i := len(parts) - 1; i >= 0; i-- {
			d, err := pyFloat(parts[i])
			if err != nil {
				return 0, fmt.Errorf("'%s' is not a number: %w", s, err)
			}
			// Python converts the integer base to a real for the product,
			// rounding to nearest and failing when it is too large.
			b, _ := new(big.Float).SetInt(base).Float64()
			if math.IsInf(b, 0) {
				return 0, fmt.Errorf("'%s' is too large a number for the game's YAML loader", s)
			}
			value += d * b
			base.Mul(base, big.NewInt(60))
		}
		return sign * value, nil
	}
	f, err := pyFloat(v)
	if err != nil {
		return 0, fmt.Errorf("'%s' looks like a number but is not one (the game's YAML loader fails on it)", s)
	}
	return sign * f, nil
}

// pyFloat parses decimal text as Python's float() does for the texts the
// float pattern lets through (digits with at most one point and an
// optional signed exponent). Out-of-range values become ±Inf or 0, as in
// Python.
func pyFloat(s string) (float64, error) {
	if s == "" || s == "." || strings.ContainsAny(s, "xXpPiInN_") {
		return 0, fmt.Errorf("invalid number %q", s)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return f, nil
		}
		return 0, err
	}
	return f, nil
}

// checkTimestamp fails for timestamps PyYAML cannot build (month 13, day
// 31 of a 30-day month, year 0, hour 24, ...).
func checkTimestamp(s string) error {
	_, err := timestampKey(s)
	return err
}

// timestampKey returns the value of a YAML 1.1 timestamp as PyYAML 3 builds
// it, as text: "date 2001-12-14" for a date, "datetime ..." for a date and
// time (converted to UTC and the time zone dropped, to the microsecond).
// Two timestamps are the same Python value exactly when their keys are
// equal.
func timestampKey(s string) (string, error) {
	m := timestampParts.FindStringSubmatch(s)
	if m == nil {
		return "", fmt.Errorf("'%s' is not a timestamp", s)
	}
	num := func(t string) int {
		n, _ := strconv.Atoi(t)
		return n
	}
	year, month, day := num(m[1]), num(m[2]), num(m[3])
	bad := fmt.Errorf("'%s' is not a valid date (the game's YAML loader fails on it)", s)
	if year < 1 || month < 1 || month > 12 || day < 1 {
		return "", bad
	}
	date := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if date.Day() != day {
		return "", bad
	}
	if m[4] == "" {
		return "date " + date.Format("2006-01-02"), nil
	}
	hour, minute, second := num(m[4]), num(m[5]), num(m[6])
	if hour > 23 || minute > 59 || second > 59 {
		return "", bad
	}
	frac := (m[7] + "000000")[:6]
	t := date.Add(time.Duration(hour)*time.Hour + time.Duration(minute)*time.Minute +
		time.Duration(second)*time.Second + time.Duration(num(frac))*time.Microsecond)
	if m[9] != "" {
		delta := time.Duration(num(m[10]))*time.Hour + time.Duration(num(m[11]))*time.Minute
		if m[9] == "-" {
			delta = -delta
		}
		t = t.Add(-delta)
	}
	if t.Year() < 1 || t.Year() > 9999 {
		return "", bad
	}
	return "datetime " + t.Format("2006-01-02 15:04:05.000000"), nil
}

// formatFloat writes f so that PyYAML reads the same real: always with a
// decimal point (2.0, 0.5, 1.0e-05, never 1e-05), the shortest digits that
// give back the same float64, .inf, -.inf and .nan for the specials.
func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return ".nan"
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	}
	a := math.Abs(f)
	if a != 0 && (a < 1e-4 || a >= 1e16) {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		return mant + "e" + exp
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// canonical returns the text the writers use for a scalar of type Null,
// Bool, Int or Float.
func canonical(v Value) string {
	switch v.Type() {
	case Null:
		return "null"
	case Bool:
		return strconv.FormatBool(v.Bool())
	case Int:
		return v.Text()
	case Float:
		return formatFloat(v.Float())
	}
	return v.Text()
}

// isASCII reports whether s has only ASCII characters. The original runs
// on Python 2, where PyYAML gives such strings as byte strings and others
// as unicode strings; the two strip whitespace differently.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// pyIsSpace reports whether Python 2's strip() removes r: for byte
// strings the C whitespace characters, for unicode strings also the
// separators of the Unicode 5.2 database Python 2.7 uses.
func pyIsSpace(r rune, ascii bool) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	}
	if ascii {
		return false
	}
	switch {
	case r >= 0x1c && r <= 0x1f, r == 0x85, r == 0xa0, r == 0x1680, r == 0x180e,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}
