package pcserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// reply is a reply object.
type reply map[string]any

// encode writes the reply as JSON (keys sorted, non-ASCII as it is).
func (rep reply) encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any(rep)); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// exception is the original's reply to a request whose handling raised
// an exception (spec 12.2 step 5): the message and the request, no op.
func exception(status string, q request) reply { return reply{"status": status, "data": q} }

// Handle decodes and answers one request (spec 12.2, in its order).
func (s *Server) Handle(r *http.Request) reply {
	fields, err := formFields(r, s.opts.MaxBody)
	if err != nil {
		if errors.Is(err, errTooLarge) {
			return reply{"status": fmt.Sprintf("request body too large: at most %d bytes", s.opts.MaxBody)}
		}
		return reply{"status": "the request could not be read: " + err.Error()}
	}
	q, derr := decode(fields)
	if derr != nil {
		return derr.reply
	}
	return s.answer(q)
}

// answer dispatches a decoded request.
func (s *Server) answer(q request) reply {
	op, hasOp := q.get("op")
	withOp := func(rep reply) reply {
		if !hasOp {
			return exception("'op'", q)
		}
		rep["op"] = op
		return rep
	}
	roomValue, ok := q.get("room")
	if !ok {
		return withOp(reply{"status": "data has no room param."})
	}
	n, perr := pyInt(roomValue)
	if perr != "" {
		return withOp(reply{"status": fmt.Sprintf("room data (%s) error: %s", pyStr(roomValue), perr)})
	}
	if !n.IsInt64() || n.Int64() < 0 || n.Int64() >= Rooms {
		return withOp(reply{"status": "room number error: " + n.String()})
	}
	if !hasOp {
		return exception("'op'", q)
	}
	var name string
	if json.Unmarshal(op, &name) != nil {
		return exception("op must be a string, not "+string(op), q)
	}
	r := s.rooms[n.Int64()]
	var rep reply
	switch {
	case name == "add":
		rep = r.add(s, q)
	case strings.Contains("moves", name):
		// The original tests `op in ('moves')`, a substring test: every
		// substring of "moves" takes this path (spec 12.2 step 3).
		var isException bool
		if rep, isException = r.moves(s, q, name); isException {
			return rep
		}
	case name == "map":
		rep = r.mapReply(s)
	case name == "setmap":
		rep = r.setmap(s, q)
	case name == "info":
		rep = r.info()
	case name == "scores":
		rep = s.scores.reply(s.opts.Now())
	default:
		rep = reply{"status": "op error: " + name}
	}
	rep["op"] = op
	return rep
}
