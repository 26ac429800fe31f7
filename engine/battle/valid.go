package battle

// validJSON reports whether b is one JSON value, exactly as
// encoding/json's Valid decides (strings may hold bytes that are not
// UTF-8; nesting deeper than 10000 is refused), in one tight pass: the
// machine leaves the check of an orders answer to the rules
// (engine.Decision.ChecksJSON), which check the JSON of thousands of
// answers a second in simulations.
func validJSON(b []byte) bool {
	v := validator{b: b}
	v.space()
	if !v.value(0) {
		return false
	}
	v.space()
	return v.i == len(b)
}

// maxDepth is encoding/json's nesting limit.
const maxDepth = 10000

type validator struct {
	b []byte
	i int
}

func (v *validator) space() {
	for v.i < len(v.b) {
		switch v.b[v.i] {
		case ' ', '\t', '\n', '\r':
			v.i++
		default:
			return
		}
	}
}

func (v *validator) value(depth int) bool {
	if v.i >= len(v.b) {
		return false
	}
	switch c := v.b[v.i]; {
	case c == '{' || c == '[':
		if depth >= maxDepth {
			return false
		}
		return v.container(c, depth+1)
	case c == '"':
		return v.str()
	case c == '-' || c >= '0' && c <= '9':
		return v.number()
	case c == 't':
		return v.word("true")
	case c == 'f':
		return v.word("false")
	case c == 'n':
		return v.word("null")
	}
	return false
}

func (v *validator) word(w string) bool {
	if len(v.b)-v.i < len(w) || string(v.b[v.i:v.i+len(w)]) != w {
		return false
	}
	v.i += len(w)
	return true
}

// container checks an object or an array.
func (v *validator) container(open byte, depth int) bool {
	close := byte(']')
	if open == '{' {
		close = '}'
	}
	v.i++
	v.space()
	if v.i < len(v.b) && v.b[v.i] == close {
		v.i++
		return true
	}
	for {
		if open == '{' {
			if v.i >= len(v.b) || v.b[v.i] != '"' || !v.str() {
				return false
			}
			v.space()
			if v.i >= len(v.b) || v.b[v.i] != ':' {
				return false
			}
			v.i++
			v.space()
		}
		if !v.value(depth) {
			return false
		}
		v.space()
		if v.i >= len(v.b) {
			return false
		}
		switch v.b[v.i] {
		case ',':
			v.i++
			v.space()
		case close:
			v.i++
			return true
		default:
			return false
		}
	}
}

// str checks a string: no control character, only JSON's escapes.
func (v *validator) str() bool {
	v.i++
	for v.i < len(v.b) {
		c := v.b[v.i]
		switch {
		case c == '"':
			v.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if v.i+1 >= len(v.b) {
				return false
			}
			switch v.b[v.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				v.i += 2
			case 'u':
				if v.i+6 > len(v.b) {
					return false
				}
				for _, h := range v.b[v.i+2 : v.i+6] {
					if !isHex(h) {
						return false
					}
				}
				v.i += 6
			default:
				return false
			}
		default:
			v.i++
		}
	}
	return false
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// number checks -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func (v *validator) number() bool {
	if v.b[v.i] == '-' {
		v.i++
	}
	switch {
	case v.i < len(v.b) && v.b[v.i] == '0':
		v.i++
	case v.i < len(v.b) && v.b[v.i] >= '1' && v.b[v.i] <= '9':
		v.digits()
	default:
		return false
	}
	if v.i < len(v.b) && v.b[v.i] == '.' {
		v.i++
		if !v.digits() {
			return false
		}
	}
	if v.i < len(v.b) && (v.b[v.i] == 'e' || v.b[v.i] == 'E') {
		v.i++
		if v.i < len(v.b) && (v.b[v.i] == '+' || v.b[v.i] == '-') {
			v.i++
		}
		if !v.digits() {
			return false
		}
	}
	return true
}

// digits skips [0-9]+ and reports whether there was one.
func (v *validator) digits() bool {
	start := v.i
	for v.i < len(v.b) && v.b[v.i] >= '0' && v.b[v.i] <= '9' {
		v.i++
	}
	return v.i > start
}
