package pcserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine/planets"
)

// The ops of one room (spec 12.5). Each runs under the room's lock, so a
// request never sees a half-played step.

var (
	unknown  = jsonString("unknown")
	computer = jsonString("computer")
	shapan   = jsonString("shapan")
)

// add is op add (12.5.1): join the room's current game.
func (r *room) add(s *Server, q request) reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	name, ok := q.get("name")
	if !ok {
		name = unknown
	}
	side, ok := q.get("side")
	if !ok {
		side = unknown
	}
	first := len(r.seats) == 0
	rec := record{T: "join", ID: newID(), Name: name, Side: side}
	if err := r.apply(s, rec, true); err != nil {
		if errors.Is(err, planets.ErrFull) {
			return reply{"status": "full"}
		}
		return reply{"status": "cannot join: " + err.Error()}
	}
	seq := len(r.seats) - 1
	err := r.persist(rec, false)
	for k := 0; err == nil && first && k < s.opts.Computers; k++ {
		c := record{T: "join", Name: computer, Side: shapan, Computer: true}
		if r.apply(s, c, true) != nil {
			break // no seat left
		}
		err = r.persist(c, false)
	}
	if err == nil && r.disk != nil {
		err = r.disk.Sync()
	}
	if err != nil {
		r.rebuild(s)
		return reply{"status": "the server could not save the join: " + err.Error()}
	}
	return reply{"seq": seq, "id": rec.ID}
}

// moves is op moves (12.5.4): the player's order for the next step.
// exception reports an exception reply (which carries no op).
func (r *room) moves(s *Server, q request, op string) (rep reply, exception bool) {
	movesField, ok := q.get("moves")
	if !ok {
		return exceptionReply("'moves'", q), true
	}
	id, ok := q.get("id")
	if !ok {
		return exceptionReply("'id'", q), true
	}
	moves, ok := jsonField(movesField)
	if !ok {
		return exceptionReply("No JSON object could be decoded", q), true
	}
	tactic, hasTactic := q.get("tactic")
	if hasTactic {
		if tactic, ok = jsonField(tactic); !ok {
			return exceptionReply("No JSON object could be decoded", q), true
		}
		hasTactic = string(bytes.TrimSpace(tactic)) != "null"
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	k, ok := r.find(id)
	switch {
	case !ok:
		return reply{"status": "noid"}, false
	case !r.seats[k].limit.Allow():
		return reply{"status": fmt.Sprintf("too many orders: at most %g a second", s.opts.OrdersPerSecond)}, false
	case !r.table.Alive(k):
		return reply{"status": "not alive"}, false
	case op != "moves":
		return reply{"status": "wrong op: " + op}, false
	case !bytes.HasPrefix(bytes.TrimSpace(moves), []byte("[")):
		return reply{"status": "invalid command: moves must be a list of [count, from, to], not " + string(moves)}, false
	}
	order := map[string]json.RawMessage{"moves": moves}
	if hasTactic {
		order["tactic"] = tactic
	}
	o, _ := json.Marshal(order)
	if err := r.table.Submit(k, o); err != nil {
		return reply{"status": refusal(err)}, false
	}
	if err := r.persist(record{T: "order", Seq: k, Order: o}, true); err != nil {
		r.rebuild(s)
		return reply{"status": "the server could not save the order: " + err.Error()}, false
	}
	return reply{"status": "ok"}, false
}

// exceptionReply is exception, for the moves path.
func exceptionReply(status string, q request) reply { return exception(status, q) }

// jsonField reads a field that holds JSON: a form field's text is parsed,
// a data request's value is taken as it is.
func jsonField(v json.RawMessage) (json.RawMessage, bool) {
	var text string
	if json.Unmarshal(v, &text) != nil {
		return v, true
	}
	var out json.RawMessage
	if json.Unmarshal([]byte(text), &out) != nil {
		return nil, false
	}
	return out, true
}

// refusal is the status of a refused order (12.5.4, with the reasons
// named as 12.11 c allows).
func refusal(err error) string {
	switch {
	case errors.Is(err, planets.ErrWrongTactic):
		return err.Error()
	case errors.Is(err, planets.ErrNotEnoughPoints):
		return "no enough points"
	case errors.Is(err, planets.ErrNotAlive):
		return "not alive"
	}
	return "invalid command: " + err.Error()
}

// info is op info (12.5.3): the room's state after the last step.
func (r *room) info() reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := r.table.View()
	players := make([]reply, len(v.Players))
	for k, p := range v.Players {
		status := "dead"
		if p.Alive {
			status = "alive"
		}
		players[k] = reply{"name": r.seats[k].name, "side": r.seats[k].side, "status": status,
			"planets": p.Planets, "units": p.Units, "points": p.Points}
	}
	return reply{"round": v.Round, "status": v.Status, "players": players,
		"moves": v.Fleets, "holds": v.Holds, "logs": r.logs}
}

// mapReply is op map (12.5.2).
func (r *room) mapReply(s *Server) reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	rep := reply{"step": s.step}
	for k, v := range r.client {
		rep[k] = v
	}
	return rep
}

// setmap is op setmap (12.5.5): a waiting room nobody has joined takes
// the map sent as JSON; a room with players never changes.
func (r *room) setmap(s *Server, q request) reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.table.Status() != planets.StatusWaiting {
		return reply{"status": "only can set map when the game state is waitforplayer"}
	}
	if len(r.seats) > 0 {
		return reply{"status": "only can set map when no player has joined the room"}
	}
	data, ok := q.get("data")
	if !ok {
		return reply{"status": "setmap error: the request has no data (the map, as a JSON object)"}
	}
	if _, err := readJSONMap(data); err != nil {
		return reply{"status": "setmap error: " + err.Error()}
	}
	rec := record{T: "map", Map: data}
	b, _ := json.Marshal(rec)
	if r.disk != nil {
		if err := r.disk.Replace([][]byte{b}); err != nil {
			return reply{"status": "the server could not save the map: " + err.Error()}
		}
		r.recs = [][]byte{b}
	}
	if err := r.apply(s, rec, true); err != nil {
		return reply{"status": "setmap error: " + err.Error()}
	}
	return reply{"status": "ok"}
}
