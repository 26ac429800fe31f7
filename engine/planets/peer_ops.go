package planets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/shapan/shapan/engine"
	"sort"
)

// Scenarios of a planets-peer/1 file: a game driven op by op, with direct
// access to the stages of a step.

// peerGame is the game a scenario drives, and the fleets the last
// arrive_stage returned (for the next battle_stage).
type peerGame struct {
	st      *state
	arrived []fleet
	m       map[string]any // the map as served to clients
}

// fork returns an independent deep copy.
func (g *peerGame) fork() *peerGame {
	return &peerGame{st: g.st.clone(), arrived: append([]fleet(nil), g.arrived...), m: g.m}
}

// peerOp is one op; fields not listed are read from the raw object.
type peerOp struct {
	Op    string            `json:"op"`
	Label string            `json:"label"`
	Times int               `json:"times"`
	Ops   []json.RawMessage `json:"ops"`
	raw   map[string]json.RawMessage
}

// runScenario runs one scenario and returns the number of ops run.
func (r *peerRunner) runScenario(sc peerScenario) (int, error) {
	where := "scenario " + sc.ID
	if sc.RandomStarts {
		return 0, fmt.Errorf("%s: random_starts: the original's unseeded shuffle cannot be reproduced", where)
	}
	m, err := r.loadMap(sc.Map)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", where, err)
	}
	b, err := newBoard(m)
	if err != nil {
		return 0, &engine.Divergence{Where: where, Detail: err.Error()}
	}
	served, err := servedMap(m)
	if err != nil {
		return 0, &engine.Divergence{Where: where, Detail: err.Error()}
	}
	g := &peerGame{st: newState(b, sc.NoResp), m: served}
	n := 0
	err = g.run(where, sc.Ops, &n)
	return n, err
}

// run runs ops in order, counting them in n.
func (g *peerGame) run(where string, ops []json.RawMessage, n *int) error {
	for i, raw := range ops {
		var op peerOp
		if err := json.Unmarshal(raw, &op); err != nil {
			return fmt.Errorf("%s, op %d: %w", where, i, err)
		}
		if err := json.Unmarshal(raw, &op.raw); err != nil {
			return fmt.Errorf("%s, op %d: %w", where, i, err)
		}
		at := fmt.Sprintf("%s, op %d (%s)", where, i, op.Op)
		*n++
		if err := g.runOp(at, op, n); err != nil {
			return err
		}
	}
	return nil
}

// runOp runs one op (spec: golden/planets/README.md, "Ops").
func (g *peerGame) runOp(at string, op peerOp, n *int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			ne, ok := r.(NumError)
			if !ok {
				panic(r)
			}
			err = &engine.Divergence{Where: at, Detail: "the engine failed: " + ne.Error()}
		}
	}()
	st := g.st
	switch op.Op {
	case "add_player":
		var name string
		_ = json.Unmarshal(op.raw["name"], &name)
		seq, err := st.addPlayer(name)
		got := map[string]any{"seq": seq}
		if errors.Is(err, ErrFull) {
			got = map[string]any{"status": "full"}
		} else if err != nil {
			return &engine.Divergence{Where: at, Detail: err.Error()}
		}
		return expect(at, op, "expect", got)
	case "set_moves":
		return g.setMoves(at, op)
	case "step":
		return expect(at, op, "expect_return", st.step())
	case "move_stage":
		st.moveStage()
	case "arrive_stage":
		g.arrived = st.arriveStage()
	case "battle_stage":
		st.battleStage(g.arrived)
	case "next_round":
		st.production()
	case "set_round":
		return decodeInto(at, op.raw["value"], &st.round)
	case "set_hold":
		return g.setHold(at, op)
	case "check":
		return g.check(at, op)
	case "check_map":
		for _, k := range sortedKeys(op.raw) {
			if peerNotChecked[k] {
				continue
			}
			want, ok := g.m[k]
			if !ok {
				return fmt.Errorf("%s: unknown map field %q", at, k)
			}
			exp := op.raw[k]
			if k == "routes" {
				exp = sortRoutes(exp)
			}
			if err := compareJSON(at, k, exp, want); err != nil {
				return err
			}
		}
	case "check_winner":
		return expect(at, op, "expect", st.leader())
	case "repeat":
		for k := 0; k < op.Times; k++ {
			if err := g.run(fmt.Sprintf("%s, time %d", at, k+1), op.Ops, n); err != nil {
				return err
			}
		}
	case "fork":
		return g.fork().run(fmt.Sprintf("%s %s", at, op.Label), op.Ops, n)
	default:
		return fmt.Errorf("%s: unknown op %q", at, op.Op)
	}
	return nil
}

// expect compares the op's field with got, when the op has the field.
func expect(at string, op peerOp, field string, got any) error {
	want, ok := op.raw[field]
	if !ok {
		return nil
	}
	return compareJSON(at, field, want, got)
}

// setMoves submits an order and compares the result with expect_result.
func (g *peerGame) setMoves(at string, op peerOp) error {
	var p int
	if err := json.Unmarshal(op.raw["player"], &p); err != nil {
		return fmt.Errorf("%s: player: %w", at, err)
	}
	order := map[string]json.RawMessage{"moves": op.raw["moves"]}
	if t, ok := op.raw["tactic"]; ok {
		order["tactic"] = t
	}
	a, _ := json.Marshal(order)
	got := "ok"
	c, err := g.st.checkOrder(p, a)
	if err != nil {
		got = "rejected"
	} else {
		g.st.submit(p, c)
	}
	want, ok := op.raw["expect_result"]
	if !ok {
		return nil
	}
	if e := compareJSON(at, "expect_result", want, got); e != nil {
		if err != nil {
			e.(*engine.Divergence).Detail += " (refused: " + err.Error() + ")"
		}
		return e
	}
	return nil
}

// setHold overwrites one planet's hold.
func (g *peerGame) setHold(at string, op peerOp) error {
	var planet int
	if err := json.Unmarshal(op.raw["planet"], &planet); err != nil || planet < 0 || planet >= len(g.st.holds) {
		return fmt.Errorf("%s: planet %s is not a planet id", at, op.raw["planet"])
	}
	pair, _ := json.Marshal([]json.RawMessage{op.raw["side"], op.raw["count"]})
	h, err := decodeHold(pair)
	if err != nil {
		return fmt.Errorf("%s: %w", at, err)
	}
	g.st.holds[planet] = h
	return nil
}

// check compares every field the op gives with the live state.
func (g *peerGame) check(at string, op peerOp) error {
	st := g.st
	planets, units := st.tally()
	for _, k := range sortedKeys(op.raw) {
		if peerNotChecked[k] {
			continue
		}
		var got any
		switch k {
		case "holds":
			got = st.holdList()
		case "round":
			got = st.round
		case "status":
			got = st.status
		case "moves":
			got = st.fleetList()
		case "players":
			ps := make([]map[string]any, len(st.players))
			for i, p := range st.players {
				ps[i] = map[string]any{"planets": planets[i], "units": units[i], "points": p.points, "alive": p.alive}
			}
			got = ps
		case "player_count":
			got = len(st.players)
		case "orders_pending":
			pending := make([]bool, len(st.players))
			for i, p := range st.players {
				pending[i] = p.queued
			}
			got = pending
		case "planet":
			continue // with hold
		case "hold":
			var planet int
			if err := json.Unmarshal(op.raw["planet"], &planet); err != nil || planet < 0 || planet >= len(st.holds) {
				return fmt.Errorf("%s: planet %s is not a planet id", at, op.raw["planet"])
			}
			got = st.holds[planet].public()
		default:
			return fmt.Errorf("%s: unknown check field %q", at, k)
		}
		if err := compareJSON(at, k, op.raw[k], got); err != nil {
			return err
		}
	}
	return nil
}

// sortRoutes sorts a list of [from, to, steps] (compared as a set).
func sortRoutes(raw json.RawMessage) json.RawMessage {
	var rl [][3]json.Number
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&rl) != nil {
		return raw
	}
	key := func(n json.Number) int64 { i, _ := n.Int64(); return i }
	sort.SliceStable(rl, func(i, j int) bool {
		a, b := rl[i], rl[j]
		return key(a[0]) < key(b[0]) || key(a[0]) == key(b[0]) && key(a[1]) < key(b[1])
	})
	out, _ := json.Marshal(rl)
	return out
}

// decodeInto decodes a field of an op.
func decodeInto(at string, raw json.RawMessage, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s: %w", at, err)
	}
	return nil
}
