package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// DecodeOrders reads an answer to orders as spec §4.2 defines it: null or
// a JSON array of command objects; each has c (a command's exact name) and
// exactly the fields of its command, with the right JSON types and
// integers written without fraction or exponent; a key repeated in an
// object counts by its last occurrence. It checks the shape only: the
// rules check legality.
func DecodeOrders(a engine.Answer) ([]Command, error) { return decodeOrders(a, nil) }

// decodeOrders is DecodeOrders appending to cmds. An answer that is not
// JSON is refused with engine.ErrNotJSON.
func decodeOrders(a []byte, cmds []Command) ([]Command, error) {
	if !validJSON(a) {
		return nil, engine.ErrNotJSON
	}
	sc := scanner{b: a}
	sc.skipSpace()
	switch sc.peek() {
	case 'n':
		if sc.literal("null") {
			return cmds, sc.end()
		}
	case '[':
		sc.i++
		for n := 1; ; n++ {
			sc.skipSpace()
			if sc.peek() == ']' && n == 1 {
				sc.i++
				return cmds, sc.end()
			}
			c, err := sc.command()
			if err != nil {
				return nil, fmt.Errorf("command %d: %w", n, err)
			}
			cmds = append(cmds, c)
			sc.skipSpace()
			switch sc.next() {
			case ',':
				continue
			case ']':
				return cmds, sc.end()
			}
			return nil, errors.New("the answer is not a JSON array")
		}
	}
	return nil, errors.New("the answer must be a list of commands (or null)")
}

// scanner reads JSON that json.Valid accepted; it never panics on other
// input, it reports an error.
type scanner struct {
	b []byte
	i int
}

var errSyntax = errors.New("malformed JSON")

func (s *scanner) peek() byte {
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *scanner) next() byte {
	c := s.peek()
	s.i++
	return c
}

func (s *scanner) skipSpace() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) end() error {
	s.skipSpace()
	if s.i != len(s.b) {
		return errSyntax
	}
	return nil
}

func (s *scanner) literal(word string) bool {
	if len(s.b)-s.i >= len(word) && string(s.b[s.i:s.i+len(word)]) == word {
		s.i += len(word)
		return true
	}
	return false
}

// str reads a JSON string as encoding/json decodes it.
func (s *scanner) str() (string, error) {
	if s.peek() != '"' {
		return "", errNotString
	}
	start := s.i
	s.i++
	plain := true
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			raw := s.b[start+1 : s.i-1]
			if plain && utf8.Valid(raw) {
				return intern(raw), nil
			}
			var v string
			if err := json.Unmarshal(s.b[start:s.i], &v); err != nil {
				return "", errSyntax
			}
			return v, nil
		case c == '\\':
			plain = false
			s.i += 2
		default:
			if c < 0x20 {
				plain = false
			}
			s.i++
		}
	}
	return "", errSyntax
}

var (
	errNotString = errors.New("not a string")
	errNotInt    = errors.New("not an integer")
	errNotCell   = errors.New("not a cell [x, y] of two integers")
)

// integer reads a JSON number that must be an integer of Go's int range.
func (s *scanner) integer() (int, error) {
	neg := false
	if s.peek() == '-' {
		neg = true
		s.i++
	}
	digits, v, overflow := 0, uint64(0), false
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		d := uint64(s.b[s.i] - '0')
		if v > (1<<63-d)/10 {
			overflow = true
		}
		v = v*10 + d
		digits++
		s.i++
	}
	if digits == 0 {
		return 0, errNotInt
	}
	if c := s.peek(); c == '.' || c == 'e' || c == 'E' {
		return 0, errors.New("not an integer (a fraction or an exponent)")
	}
	if overflow || !neg && v > 1<<63-1 {
		return 0, errors.New("an integer out of range")
	}
	if neg {
		return int(-int64(v)), nil // v ≤ 2^63, and -2^63 wraps to itself
	}
	return int(v), nil
}

// cell reads [x, y].
func (s *scanner) cell() (Point, error) {
	var xy [2]int
	if s.next() != '[' {
		return Point{}, errNotCell
	}
	for k := range xy {
		s.skipSpace()
		v, err := s.integer()
		if err != nil {
			return Point{}, errNotCell
		}
		xy[k] = v
		s.skipSpace()
		if want := ",]"[k]; s.next() != want {
			return Point{}, errNotCell
		}
	}
	return Point{X: xy[0], Y: xy[1]}, nil
}

// strings reads an array of strings.
func (s *scanner) strings() ([]string, error) {
	if s.next() != '[' {
		return nil, errors.New("not a list of names")
	}
	var out []string
	s.skipSpace()
	if s.peek() == ']' {
		s.i++
		return []string{}, nil
	}
	for {
		s.skipSpace()
		v, err := s.str()
		if err != nil {
			return nil, errors.New("not a list of names")
		}
		out = append(out, v)
		s.skipSpace()
		switch s.next() {
		case ',':
			continue
		case ']':
			return out, nil
		}
		return nil, errSyntax
	}
}

// skipValue skips one JSON value.
func (s *scanner) skipValue() error {
	switch c := s.peek(); {
	case c == '"':
		_, err := s.str()
		return err
	case c == '[' || c == '{':
		depth := 0
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case '"':
				if _, err := s.str(); err != nil {
					return err
				}
				continue
			case '[', '{':
				depth++
			case ']', '}':
				depth--
				if depth == 0 {
					s.i++
					return nil
				}
			}
			s.i++
		}
		return errSyntax
	default:
		start := s.i
		for s.i < len(s.b) && !isDelim(s.b[s.i]) {
			s.i++
		}
		if s.i == start {
			return errSyntax
		}
		return nil
	}
}

func isDelim(c byte) bool {
	switch c {
	case ',', ']', '}', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// command reads one command object. Every value is read as its field
// says; a value of the wrong type is an error unless a later occurrence
// of the same key replaces it (the last occurrence counts).
func (s *scanner) command() (Command, error) {
	var c Command
	if s.next() != '{' {
		return c, errors.New("a command must be a JSON object")
	}
	var bad [len(fieldNames)]error
	var name string
	hasName, nameOK := false, false
	s.skipSpace()
	if s.peek() == '}' {
		s.i++
	} else {
		for {
			s.skipSpace()
			k, key, err := s.key()
			if err != nil {
				return c, errSyntax
			}
			s.skipSpace()
			if s.next() != ':' {
				return c, errSyntax
			}
			s.skipSpace()
			var err2 error
			switch {
			case k < 0:
				return c, fmt.Errorf("unknown field %q", key)
			case k == len(fieldNames):
				hasName = true
				name, err2 = s.str()
				nameOK = err2 == nil
				if !nameOK && s.skipValue() != nil {
					return c, errSyntax
				}
			default:
				c.Fields |= 1 << k
				start := s.i
				if bad[k] = s.field(&c, 1<<k); bad[k] != nil {
					s.i = start
					if s.skipValue() != nil {
						return c, errSyntax
					}
				}
			}
			s.skipSpace()
			if d := s.next(); d == '}' {
				break
			} else if d != ',' {
				return c, errSyntax
			}
		}
	}
	switch {
	case !hasName:
		return c, errors.New("missing field \"c\" (the command's name)")
	case !nameOK:
		return c, errors.New("field \"c\" must be a string")
	}
	if c.Op = opByName(name); c.Op == 0 {
		return c, fmt.Errorf("unknown command %q", name)
	}
	for k, err := range bad {
		if err != nil {
			return c, fmt.Errorf("field %q: %w", fieldNames[k], err)
		}
	}
	if err := c.checkFields(); err != nil {
		return c, err
	}
	return c, nil
}

// key reads an object's key: the index of a field among fieldNames,
// len(fieldNames) for "c", or -1 and the key (an unknown field).
func (s *scanner) key() (int, string, error) {
	start := s.i
	if s.peek() == '"' {
		if end := bytes.IndexByte(s.b[s.i+1:], '"'); end >= 0 {
			raw := s.b[s.i+1 : s.i+1+end]
			if bytes.IndexByte(raw, '\\') < 0 {
				if k := keyIndex(raw); k >= 0 {
					s.i += end + 2
					return k, "", nil
				}
			}
		}
	}
	s.i = start
	key, err := s.str()
	if err != nil {
		return 0, "", err
	}
	return keyIndex([]byte(key)), key, nil
}

// keyIndex is the index of key among fieldNames, len(fieldNames) for "c",
// or -1.
func keyIndex(key []byte) int {
	if string(key) == "c" {
		return len(fieldNames)
	}
	for i, n := range fieldNames {
		if string(key) == n {
			return i
		}
	}
	return -1
}

// field reads the value of field f into c.
func (s *scanner) field(c *Command, f int) error {
	var err error
	switch f {
	case FieldHero:
		c.Hero, err = s.str()
	case FieldAs:
		c.As, err = s.str()
	case FieldForm:
		c.Form, err = s.str()
	case FieldTarget:
		c.Target, err = s.str()
	case FieldHeroes:
		c.Heroes, err = s.strings()
	case FieldTo:
		c.To, err = s.cell()
	case FieldCity:
		c.City, err = s.cell()
	case FieldAt:
		c.At, err = s.cell()
	case FieldID:
		c.ID, err = s.integer()
	case FieldArchers:
		c.Archers, err = s.integer()
	case FieldShields:
		c.Shields, err = s.integer()
	case FieldSkill:
		c.Skill, err = s.integer()
	case FieldSoldier:
		c.Soldier, err = s.integer()
	}
	return err
}

// checkFields checks that c carries exactly the fields of its command.
func (c *Command) checkFields() error {
	want, optional := 0, 0
	switch c.Op {
	case OpPick:
		want = FieldHero | FieldAs
		if c.Fields&FieldHeroes != 0 {
			want = FieldHeroes
		}
	case OpBuff:
		want, optional = FieldID, FieldHero
	case OpForm:
		want = FieldForm
	case OpMake:
		want = FieldHero | FieldArchers | FieldShields
	case OpMove, OpSP:
		want = FieldHero | FieldTo
	case OpAC:
		want = FieldHero
	case OpSG:
		want = FieldHero | FieldCity
	case OpAD:
		want = FieldHero | FieldTarget
	case OpSK:
		want = FieldHero | FieldSkill
		if c.Fields&want == want {
			h := bfmt.HeroIndex(c.Hero)
			if h < 0 {
				return fmt.Errorf("SK: %q is not a hero of the roster", c.Hero)
			}
			if c.Skill != 1 && c.Skill != 2 {
				return fmt.Errorf("SK %s: skill must be 1 or 2, not %d", c.Hero, c.Skill)
			}
			extra, opt := skillFields(h, c.Skill)
			want |= extra &^ opt
			optional = opt
		}
	}
	if missing := want &^ c.Fields; missing != 0 {
		return fmt.Errorf("%s: missing field %q", c.Op, fieldName(missing))
	}
	if extra := c.Fields &^ (want | optional); extra != 0 {
		return fmt.Errorf("%s: unexpected field %q", c.Op, fieldName(extra))
	}
	return nil
}

// fieldName names the lowest field of a set of bits.
func fieldName(bits int) string {
	for i, n := range fieldNames {
		if bits&(1<<i) != 0 {
			return n
		}
	}
	return ""
}

// interned are the strings answers repeat: the heroes' and commands'
// names and the formations, returned without allocating.
var interned = func() []string {
	out := bfmt.HeroNames()
	out = append(out, opNames[1:]...)
	return append(out, FormationNames[1:]...)
}()

// intern returns b as a string, one of interned when it is one.
func intern(b []byte) string {
	if len(b) >= 2 && len(b) <= 9 {
		for _, s := range interned {
			if len(s) == len(b) && string(b) == s { // no allocation
				return s
			}
		}
	}
	return string(b)
}
