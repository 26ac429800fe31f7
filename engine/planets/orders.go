package planets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Order is a player's answer to an orders decision (spec 5.1): moves
// [count, from, to] (planet ids) and an optional tactic. Its JSON form is
// {"moves": [[count, from, to], ...], "tactic": {"type": "terminator",
// "planet": id}}; the answer null submits no order at all.
type Order struct {
	Moves  []Move  `json:"moves"`
	Tactic *Tactic `json:"tactic,omitempty"`
}

// Move sends Count units from planet From to planet To; it marshals to
// [count, from, to].
type Move struct {
	Count    int64
	From, To int
}

// MarshalJSON writes [count, from, to].
func (m Move) MarshalJSON() ([]byte, error) { return m.appendJSON(nil), nil }

func (m Move) appendJSON(buf []byte) []byte {
	buf = append(buf, '[')
	buf = strconv.AppendInt(buf, m.Count, 10)
	buf = append(buf, ',')
	buf = strconv.AppendInt(buf, int64(m.From), 10)
	buf = append(buf, ',')
	buf = strconv.AppendInt(buf, int64(m.To), 10)
	return append(buf, ']')
}

// AppendJSON appends the order's JSON form to buf, byte for byte as
// json.Marshal writes it (Encode), without its reflection.
func (o Order) AppendJSON(buf []byte) []byte {
	buf = append(buf, `{"moves":`...)
	if o.Moves == nil {
		buf = append(buf, "null"...)
	} else {
		buf = append(buf, '[')
		for i, m := range o.Moves {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = m.appendJSON(buf)
		}
		buf = append(buf, ']')
	}
	if t := o.Tactic; t != nil {
		buf = append(buf, `,"tactic":{"type":`...)
		buf = appendJSONString(buf, t.Type)
		buf = append(buf, `,"planet":`...)
		buf = strconv.AppendInt(buf, int64(t.Planet), 10)
		buf = append(buf, '}')
	}
	return append(buf, '}')
}

// appendJSONString appends s as a JSON string as json.Marshal writes it:
// printable ASCII as it is, anything else by json.Marshal itself.
func appendJSONString(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(buf, q...)
		}
	}
	buf = append(buf, '"')
	buf = append(buf, s...)
	return append(buf, '"')
}

// Tactic is a tactic attached to an order (spec 8).
type Tactic struct {
	Type   string `json:"type"`
	Planet int    `json:"planet"`
}

// Terminator is the only implemented tactic: it makes a planet neutral.
const Terminator = "terminator"

// TacticCost is the points each tactic costs.
var TacticCost = map[string]int64{Terminator: 3}

// NoOrder is the answer that submits nothing (the player misses the step,
// which counts under the no-response rule).
var NoOrder = json.RawMessage("null")

// Why an order is refused (spec 5.1, 8): every refusal of an order wraps
// one of these, so that a server can answer in its own words (errors.Is).
var (
	ErrNoPlayer        = errors.New("noid: no such player")
	ErrNotAlive        = errors.New("not alive")
	ErrWrongOp         = errors.New("wrong op")
	ErrBadOrder        = errors.New("malformed order")
	ErrNotYourPlanet   = errors.New("not your planet")
	ErrNotEnoughArmies = errors.New("not enough armies")
	ErrNoRoute         = errors.New("no route")
	ErrWrongTactic     = errors.New("wrong tactic type")
	ErrNotEnoughPoints = errors.New("not enough points")
)

// checked is an order that passed the checks of spec 5.1.
type checked struct {
	none   bool    // the answer submitted nothing
	moves  []fleet // the kept moves, each with its route's steps
	tactic *Tactic // the tactic, if one was given
}

// orderWire is the JSON form of an order, read leniently enough to apply
// Python's conversions to each value.
type orderWire struct {
	Op     *string           `json:"op"`
	Moves  []json.RawMessage `json:"moves"`
	Tactic *tacticWire       `json:"tactic"`
}

type tacticWire struct {
	Type   *string         `json:"type"`
	Planet json.RawMessage `json:"planet"`
}

// checkOrder checks player p's answer a against the current state, as
// the original checks an order when it is submitted (spec 5.1). A refused
// order returns the reason.
func (s *state) checkOrder(p int, a []byte) (checked, error) {
	if p < 0 || p >= len(s.players) {
		return checked{}, ErrNoPlayer
	}
	if !s.players[p].alive {
		return checked{}, ErrNotAlive
	}
	a = bytes.TrimSpace(a)
	if bytes.Equal(a, []byte("null")) {
		return checked{none: true}, nil
	}
	if c, ok, err := s.checkPlainOrder(p, a); ok {
		return c, err
	}
	var w orderWire
	d := json.NewDecoder(bytes.NewReader(a))
	d.DisallowUnknownFields()
	if err := d.Decode(&w); err != nil {
		return checked{}, fmt.Errorf(`%w: an order is {"moves": [[count, from, to], ...], "tactic": {"type": ..., "planet": id}} or null: %v`, ErrBadOrder, err)
	}
	if w.Op != nil && *w.Op != "moves" {
		return checked{}, fmt.Errorf("%w: %s", ErrWrongOp, *w.Op)
	}
	c := checked{moves: []fleet{}}
	for i, raw := range w.Moves {
		count, from, to, err := s.readMove(raw)
		if err != nil {
			return checked{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := s.keepMove(&c, p, i, count, from, to); err != nil {
			return checked{}, err
		}
	}
	if w.Tactic != nil {
		t, err := s.checkTactic(p, w.Tactic)
		if err != nil {
			return checked{}, err
		}
		c.tactic = t
	}
	return c, nil
}

// plainOrder is the usual shape of an order: integer moves, and a tactic
// with a type and an integer planet.
type plainOrder struct {
	Moves  [][]*int64 `json:"moves"`
	Tactic *struct {
		Type   string `json:"type"`
		Planet int64  `json:"planet"`
	} `json:"tactic"`
}

// checkPlainOrder checks an order of the usual shape quickly, with the
// same result as the general path; ok is false for any other shape.
func (s *state) checkPlainOrder(p int, a []byte) (c checked, ok bool, err error) {
	var o plainOrder
	d := json.NewDecoder(bytes.NewReader(a))
	d.DisallowUnknownFields()
	if d.Decode(&o) != nil || d.More() {
		return checked{}, false, nil
	}
	for _, m := range o.Moves {
		if len(m) != 3 || m[0] == nil || m[1] == nil || m[2] == nil {
			return checked{}, false, nil
		}
	}
	if o.Tactic != nil && bytes.Contains(a, []byte("null")) {
		return checked{}, false, nil // a null type or planet: the general path says why
	}
	c.moves = make([]fleet, 0, len(o.Moves))
	for i, m := range o.Moves {
		if err := s.keepMove(&c, p, i, *m[0], *m[1], *m[2]); err != nil {
			return checked{}, true, err
		}
	}
	if o.Tactic != nil {
		t, err := s.checkTacticOf(p, o.Tactic.Type, o.Tactic.Planet)
		if err != nil {
			return checked{}, true, err
		}
		c.tactic = t
	}
	return c, true, nil
}

// checkGiven checks an order given as a value, as checkOrder checks its
// JSON form (Order.Encode): an order it accepts, checkOrder accepts with
// the same result. (An order it refuses is read from its JSON form again,
// which says why in the words of the wire.) Its moves are stored in the
// player's spare storage: valid until the next checkGiven of the player
// or until they are submitted.
func (s *state) checkGiven(p int, o Order) (checked, error) {
	if p < 0 || p >= len(s.players) {
		return checked{}, ErrNoPlayer
	}
	if !s.players[p].alive {
		return checked{}, ErrNotAlive
	}
	c := checked{moves: s.players[p].spare[:0]}
	if c.moves == nil {
		c.moves = make([]fleet, 0, len(o.Moves))
	}
	for i, m := range o.Moves {
		if err := s.keepMove(&c, p, i, m.Count, int64(m.From), int64(m.To)); err != nil {
			return checked{}, err
		}
	}
	if o.Tactic != nil {
		t, err := s.checkTacticOf(p, o.Tactic.Type, int64(o.Tactic.Planet))
		if err != nil {
			return checked{}, err
		}
		c.tactic = t
	}
	return c, nil
}

// keepMove checks move i (0-based) of an order, count units from planet
// from to planet to, and adds it to c; a move of no units is dropped
// without checking the rest.
func (s *state) keepMove(c *checked, p, i int, count, from, to int64) error {
	if count <= 0 {
		return nil
	}
	f, err := s.checkIDs(p, count, from, to)
	if err != nil {
		return fmt.Errorf("move %d: %w", i+1, err)
	}
	c.moves = append(c.moves, f)
	return nil
}

// readMove reads one move [count, from, to]; from and to are not read
// when count is not positive (keepMove drops such a move).
func (s *state) readMove(raw json.RawMessage) (count, from, to int64, err error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || len(items) != 3 {
		return 0, 0, 0, fmt.Errorf("%w: a move is [count, from, to], not %s", ErrBadOrder, raw)
	}
	if count, err = pyIntOf(items[0]); err != nil || count <= 0 {
		return count, 0, 0, err
	}
	f, err := s.planetID(items[1])
	if err != nil {
		return 0, 0, 0, err
	}
	t, err := s.planetID(items[2])
	if err != nil {
		return 0, 0, 0, err
	}
	return count, int64(f), int64(t), nil
}

// checkIDs checks a move of count > 0 units between two planet ids.
func (s *state) checkIDs(p int, count, from64, to64 int64) (fleet, error) {
	n := int64(len(s.holds))
	for _, id := range []int64{from64, to64} {
		if id < 0 || id >= n {
			return fleet{}, fmt.Errorf("%w: %d is not a planet id (0 to %d)", ErrBadOrder, id, n-1)
		}
	}
	from, to := int(from64), int(to64)
	h := s.holds[from]
	if h.owner != p {
		return fleet{}, fmt.Errorf("%w: planet %d is not player %d's", ErrNotYourPlanet, from, p)
	}
	if h.count.Less(Int(count)) {
		return fleet{}, fmt.Errorf("%w: planet %d has %s units, fewer than %d", ErrNotEnoughArmies, from, h.count, count)
	}
	steps, ok := s.b.route(from, to)
	if !ok {
		return fleet{}, fmt.Errorf("%w from planet %d to planet %d", ErrNoRoute, from, to)
	}
	return fleet{player: p, from: from, to: to, count: count, left: steps}, nil
}

// checkTactic checks a tactic: a known type, enough points, and (unlike
// the original, which crashes later) a target on the map.
func (s *state) checkTactic(p int, w *tacticWire) (*Tactic, error) {
	if w.Type == nil {
		return nil, fmt.Errorf("%w: a tactic is {\"type\": \"terminator\", \"planet\": id}", ErrBadOrder)
	}
	if err := s.affords(p, *w.Type); err != nil {
		return nil, err
	}
	if w.Planet == nil {
		return nil, fmt.Errorf("%w: the tactic names no planet", ErrBadOrder)
	}
	planet, err := s.planetID(w.Planet)
	if err != nil {
		return nil, fmt.Errorf("tactic target: %w", err)
	}
	return &Tactic{Type: *w.Type, Planet: planet}, nil
}

// checkTacticOf is checkTactic for a tactic of a known type name and an
// integer planet.
func (s *state) checkTacticOf(p int, typ string, planet int64) (*Tactic, error) {
	if err := s.affords(p, typ); err != nil {
		return nil, err
	}
	if planet < 0 || planet >= int64(len(s.holds)) {
		return nil, fmt.Errorf("tactic target: %w", s.notPlanet(strconv.FormatInt(planet, 10)))
	}
	return &Tactic{Type: typ, Planet: int(planet)}, nil
}

// affords checks that typ is a tactic and that player p has the points
// for it.
func (s *state) affords(p int, typ string) error {
	cost, ok := TacticCost[typ]
	if !ok {
		return fmt.Errorf("%w: %s", ErrWrongTactic, typ)
	}
	if s.players[p].points < cost {
		return fmt.Errorf("%w: %s costs %d, player %d has %d", ErrNotEnoughPoints, typ, cost, p, s.players[p].points)
	}
	return nil
}

// notPlanet is the refusal of text as a planet id.
func (s *state) notPlanet(text string) error {
	return fmt.Errorf("%w: %s is not a planet id (0 to %d)", ErrBadOrder, text, len(s.holds)-1)
}

// planetID reads a planet id: an integer from 0 to the number of planets
// minus one.
func (s *state) planetID(raw json.RawMessage) (int, error) {
	n, err := strconv.ParseInt(string(bytes.TrimSpace(raw)), 10, 64)
	if err != nil || n < 0 || n >= int64(len(s.holds)) {
		return 0, s.notPlanet(string(raw))
	}
	return int(n), nil
}

// pyIntOf converts a JSON value as Python's int() does for a count: an
// integer as it is, a real truncated, a string holding a decimal integer
// (surrounding whitespace allowed), a boolean as 0 or 1. Values beyond
// the int64 range are clamped (no garrison is that large).
func pyIntOf(raw json.RawMessage) (int64, error) {
	t := strings.TrimSpace(string(raw))
	bad := fmt.Errorf("%w: count %s is not an integer", ErrBadOrder, raw)
	switch {
	case t == "true":
		return 1, nil
	case t == "false":
		return 0, nil
	case strings.HasPrefix(t, `"`):
		var str string
		if json.Unmarshal([]byte(t), &str) != nil {
			return 0, bad
		}
		str = strings.Trim(str, " \t\n\r\v\f")
		digits := strings.TrimLeft(str, "+-")
		if len(str)-len(digits) > 1 || digits == "" || strings.Trim(digits, "0123456789") != "" {
			return 0, bad
		}
		return clampBig(str)
	case t == "" || t == "null" || t[0] == '[' || t[0] == '{':
		return 0, bad
	}
	if strings.ContainsAny(t, ".eE") {
		f, err := strconv.ParseFloat(t, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return 0, bad
		}
		f = math.Trunc(f)
		switch {
		case f >= 0x1p63:
			return math.MaxInt64, nil
		case f < -0x1p63:
			return math.MinInt64, nil
		}
		return int64(f), nil
	}
	return clampBig(t)
}

// clampBig reads a decimal integer, clamped to the int64 range.
func clampBig(s string) (int64, error) {
	b, ok := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
	if !ok {
		return 0, fmt.Errorf("%w: count %s is not an integer", ErrBadOrder, s)
	}
	switch {
	case b.IsInt64():
		return b.Int64(), nil
	case b.Sign() > 0:
		return math.MaxInt64, nil
	}
	return math.MinInt64, nil
}

// submit queues an accepted order (spec 5.1): its moves replace the
// queued ones; its tactic, if any, replaces the queued tactic.
func (s *state) submit(p int, c checked) {
	if c.none {
		return
	}
	pl := &s.players[p]
	pl.order, pl.queued = c.moves, true
	pl.spare = nil // the order may be in it
	if c.tactic != nil {
		pl.tactic = c.tactic
	}
}
