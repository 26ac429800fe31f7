package engine

import (
	"bytes"
	"encoding/json"
)

// RawWords is how an event without words of its own is told: its name and
// its fields as the trace writes them ("note_city_earn {"to":0,...}").
// A family's describer falls back to it for an event it does not know, so
// a test can tell a described event from one that is not.
func RawWords(e Event) string {
	b, err := json.Marshal(e)
	if err != nil {
		return e.EventName()
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(b, &fields) != nil {
		return e.EventName() + " " + string(b)
	}
	delete(fields, "e")
	if len(fields) == 0 {
		return e.EventName()
	}
	rest, _ := json.Marshal(fields)
	return e.EventName() + " " + string(bytes.TrimSpace(rest))
}
