package pcserver

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// What Python 2 makes of JSON values, where the original's replies show
// it: type names, str(), and int().

// pyTypeName is the name of the Python type json.loads makes of v.
func pyTypeName(v json.RawMessage) string {
	t := bytes.TrimSpace(v)
	if len(t) == 0 {
		return "NoneType"
	}
	switch t[0] {
	case '[':
		return "list"
	case '{':
		return "dict"
	case '"':
		return "unicode"
	case 't', 'f':
		return "bool"
	case 'n':
		return "NoneType"
	}
	if bytes.ContainsAny(t, ".eE") {
		return "float"
	}
	return "int"
}

// pyStr is str(v) for a JSON value: a string as it is, None, True,
// False, numbers as Python prints them, and lists and objects as JSON.
func pyStr(v json.RawMessage) string {
	t := bytes.TrimSpace(v)
	var s string
	switch {
	case json.Unmarshal(t, &s) == nil:
		return s
	case string(t) == "null":
		return "None"
	case string(t) == "true":
		return "True"
	case string(t) == "false":
		return "False"
	}
	return string(t)
}

// pyInt converts a room value as Python's int() does: a string of a
// decimal integer (whitespace around it allowed), an integer, a real
// (truncated), a boolean. The error is Python's message.
func pyInt(v json.RawMessage) (*big.Int, string) {
	t := bytes.TrimSpace(v)
	var s string
	if json.Unmarshal(t, &s) == nil {
		trimmed := strings.TrimSpace(s)
		digits := strings.TrimLeft(trimmed, "+-")
		if len(trimmed)-len(digits) <= 1 && digits != "" && strings.Trim(digits, "0123456789") == "" {
			n, ok := new(big.Int).SetString(strings.TrimPrefix(trimmed, "+"), 10)
			if ok {
				return n, ""
			}
		}
		return nil, "invalid literal for int() with base 10: '" + s + "'"
	}
	switch pyTypeName(t) {
	case "bool":
		if string(t) == "true" {
			return big.NewInt(1), ""
		}
		return big.NewInt(0), ""
	case "int":
		if n, ok := new(big.Int).SetString(string(t), 10); ok {
			return n, ""
		}
	case "float":
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, "cannot convert float infinity to integer"
		}
		n, _ := big.NewFloat(math.Trunc(f)).Int(nil)
		return n, ""
	}
	return nil, "int() argument must be a string or a number, not '" + pyTypeName(t) + "'"
}
