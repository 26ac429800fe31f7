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
func (m Move) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("[%d,%d,%d]", m.Count, m.From, m.To)), nil
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
		f, keep, err := s.checkMove(p, raw)
		if err != nil {
			return checked{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		if keep {
			c.moves = append(c.moves, f)
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
		if *m[0] <= 0 {
			continue
		}
		f, err := s.checkIDs(p, *m[0], *m[1], *m[2])
		if err != nil {
			return checked{}, true, fmt.Errorf("move %d: %w", i+1, err)
		}
		c.moves = append(c.moves, f)
	}
	if o.Tactic != nil {
		planet := json.RawMessage(strconv.FormatInt(o.Tactic.Planet, 10))
		t, err := s.checkTactic(p, &tacticWire{Type: &o.Tactic.Type, Planet: planet})
		if err != nil {
			return checked{}, true, err
		}
		c.tactic = t
	}
	return c, true, nil
}

// checkMove checks one move [count, from, to]; keep is false for a move
// of no units, which is dropped without checking the rest.
func (s *state) checkMove(p int, raw json.RawMessage) (f fleet, keep bool, err error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || len(items) != 3 {
		return fleet{}, false, fmt.Errorf("%w: a move is [count, from, to], not %s", ErrBadOrder, raw)
	}
	count, err := pyIntOf(items[0])
	if err != nil {
		return fleet{}, false, err
	}
	if count <= 0 {
		return fleet{}, false, nil
	}
	from, err := s.planetID(items[1])
	if err != nil {
		return fleet{}, false, err
	}
	to, err := s.planetID(items[2])
	if err != nil {
		return fleet{}, false, err
	}
	f, err = s.checkIDs(p, count, int64(from), int64(to))
	return f, err == nil, err
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
	cost, ok := TacticCost[*w.Type]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrWrongTactic, *w.Type)
	}
	if s.players[p].points < cost {
		return nil, fmt.Errorf("%w: %s costs %d, player %d has %d", ErrNotEnoughPoints, *w.Type, cost, p, s.players[p].points)
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

// planetID reads a planet id: an integer from 0 to the number of planets
// minus one.
func (s *state) planetID(raw json.RawMessage) (int, error) {
	n, err := strconv.ParseInt(string(bytes.TrimSpace(raw)), 10, 64)
	if err != nil || n < 0 || n >= int64(len(s.holds)) {
		return 0, fmt.Errorf("%w: %s is not a planet id (0 to %d)", ErrBadOrder, raw, len(s.holds)-1)
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
	if c.tactic != nil {
		pl.tactic = c.tactic
	}
}
