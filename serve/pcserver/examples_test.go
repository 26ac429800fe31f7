package pcserver

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestExamplesOfTheSpec replays every exchange of spec/planets.md 12.15
// on the original's test map. Where the reply differs from the
// original's, the difference is one the spec allows (12.11 a, c, d, e)
// and the comment says which.
func TestExamplesOfTheSpec(t *testing.T) {
	s, base := start(t, Options{Map: testYML(t), NoShuffle: true, Now: func() time.Time { return time.Date(2012, 4, 20, 15, 0, 0, 0, time.Local) }})

	same(t, "map", post(t, base, "op=map&room=0"), `{"name": "test", "map_size": [5, 5], "author": "halida", "max_round": 8000, "step": 2,
	 "planets": [{"cos": 10, "res": 1.1, "pos": [0, 0], "max": 1000, "type": "base", "def": 2},
	   {"cos": 10, "res": 1, "pos": [4, 0], "max": 1000, "type": "base", "def": 2},
	   {"cos": 10, "res": 1, "pos": [0, 4], "max": 1000, "type": "base", "def": 2},
	   {"cos": 10, "res": 1, "pos": [4, 4], "max": 1000, "type": "base", "def": 2},
	   {"cos": 0, "res": 1.5, "pos": [2, 2], "max": 300, "type": "base", "def": 0.5}],
	 "routes": [[0, 1, 3], [3, 2, 3], [1, 3, 3], [3, 4, 3], [3, 1, 3], [1, 4, 3], [2, 4, 3],
	   [2, 0, 3], [2, 3, 3], [4, 3, 3], [0, 4, 3], [4, 2, 3], [1, 0, 3], [4, 1, 3], [0, 2, 3],
	   [4, 0, 3]], "op": "map", "desc": "this the the standard test map."}`)

	alice := join(t, base, 0, "alice", "python", 0)
	bob := join(t, base, 0, "bob", "ruby", 1)
	same(t, "info", post(t, base, "op=info&room=0"), `{"status": "waitforplayer", "players": [{"status": "alive", "name": "alice", "points": 0,
	 "planets": 1, "units": 100, "side": "python"}, {"status": "alive", "name": "bob", "points": 0, "planets": 1, "units": 100, "side": "ruby"}],
	 "moves": [], "logs": [], "holds": [[null, 0], [0, 100], [null, 0], [1, 100], [null, 0]], "round": 0, "op": "info"}`)
	same(t, "moves", post(t, base, "op=moves&room=0&id="+alice+"&moves=[[10, 1, 4]]"), `{"status": "ok", "op": "moves"}`)

	s.StepRoom(0)
	// 12.11 a: the state after the step — round 1, and the units after
	// production (the original showed round 0 and units 100 from its cache).
	same(t, "info after one step", post(t, base, "op=info&room=0"), `{"status": "running", "players": [{"status": "alive", "name": "alice", "points": 1,
	 "planets": 1, "units": 110, "side": "python"}, {"status": "alive", "name": "bob", "points": 1, "planets": 1, "units": 110, "side": "ruby"}],
	 "moves": [[0, 1, 4, 10, 2]],
	 "logs": [{"msg": "game running.", "type": "msg"}, {"count": 10, "from": 1, "to": 4, "step": 3, "type": "move", "side": 0},
	   {"count": 100, "planet": 1, "type": "production", "side": 0}, {"count": 110, "planet": 3, "type": "production", "side": 1}],
	 "holds": [[null, 0], [0, 100], [null, 0], [1, 110], [null, 0]], "round": 1, "op": "info"}`)

	same(t, "noid", post(t, base, "op=moves&room=0&id=nobody&moves=[]"), `{"status": "noid", "op": "moves"}`)
	// 12.11 c: the reason is named (the original said "unsupported operand
	// type(s) for %: 'NoneType' and 'tuple'").
	refused(t, post(t, base, "op=moves&room=0&id="+alice+"&moves=[[5, 3, 4]]"), "invalid command: ", "not your planet")
	// 12.11 c: a move without a route is an ordinary refusal (the original
	// raised "cannot concatenate 'str' and 'tuple' objects").
	refused(t, post(t, base, "op=moves&room=0&id="+alice+"&moves=[[5, 1, 1]]"), "invalid command: ", "no route from planet 1 to planet 1")
	same(t, "counts", post(t, base, `op=moves&room=0&id=`+alice+`&moves=[[0, 1, 4], [-3, 1, 4], [2.7, 1, 4], ["3", 1, 4]]`), `{"status": "ok", "op": "moves"}`)
	same(t, "move", post(t, base, "op=move&room=0&id="+alice+"&moves=[]"), `{"status": "wrong op: move", "op": "move"}`)
	same(t, "terminator", post(t, base, `op=moves&room=0&id=`+alice+`&moves=[]&tactic={"type": "terminator", "planet": 3}`), `{"status": "no enough points", "op": "moves"}`)
	same(t, "nuke", post(t, base, `op=moves&room=0&id=`+alice+`&moves=[]&tactic={"type": "nuke", "planet": 3}`), `{"status": "wrong tactic type: nuke", "op": "moves"}`)
	same(t, "data", post(t, base, `data={"op": "moves", "room": 0, "id": "`+bob+`", "moves": [[1, 3, 4]]}`), `{"status": "ok", "op": "moves"}`)
	same(t, "no moves", post(t, base, "op=moves&room=0&id="+alice), `{"status": "'moves'", "data": {"room": "0", "id": "`+alice+`", "op": "moves"}}`)
	same(t, "moves not JSON", post(t, base, "op=moves&room=0&id="+alice+"&moves=not json"),
		`{"status": "No JSON object could be decoded", "data": {"moves": "not json", "room": "0", "id": "`+alice+`", "op": "moves"}}`)

	join(t, base, 0, "carol", "c", 2)
	join(t, base, 0, "dave", "c", 3)
	same(t, "full", post(t, base, "op=add&room=0&name=eve&side=c"), `{"status": "full", "op": "add"}`)
	same(t, "room 100", post(t, base, "op=info&room=100"), `{"status": "room number error: 100", "op": "info"}`)
	same(t, "room abc", post(t, base, "op=info&room=abc"), `{"status": "room data (abc) error: invalid literal for int() with base 10: 'abc'", "op": "info"}`)
	same(t, "no room", post(t, base, "op=info"), `{"status": "data has no room param.", "op": "info"}`)
	same(t, "no op", post(t, base, "room=0"), `{"status": "'op'", "data": {"room": "0"}}`)
	same(t, "foo", post(t, base, "op=foo&room=0"), `{"status": "op error: foo", "op": "foo"}`)
	// 12.5.7, 12.11 e: history is an unknown op.
	same(t, "history", post(t, base, "op=history&room=0"), `{"status": "op error: history", "op": "history"}`)
	same(t, "JSON body", send(t, base+"/cmd", "application/json", `{"op":"info","room":0}`), `{"status": "'op'", "data": {}}`)
	same(t, "data not JSON", post(t, base, "data=not json"), `{"status": "No JSON object could be decoded", "data": "not json"}`)
	same(t, "data wins", post(t, base, `data={"op":"info","room":"2"}&op=map`), `{"status": "waitforplayer", "players": [], "moves": [],
	 "logs": [], "holds": [[null, 0], [null, 0], [null, 0], [null, 0], [null, 0]], "round": 0, "op": "info"}`)
	same(t, "setmap running", post(t, base, `data={"op": "setmap", "room": 0, "data": {"name": "x"}}`),
		`{"status": "only can set map when the game state is waitforplayer", "op": "setmap"}`)
	// 12.11 e: the failure is a string, and the room keeps its map.
	refused(t, post(t, base, `data={"op": "setmap", "room": 3, "data": {"name": "x"}}`), "setmap error: ", "planets")

	// The queued orders run: alice's fleets of 2 and 3, bob's 1.
	s.StepRoom(0)
	info := decodeReply(t, post(t, base, "op=info&room=0"))
	if got := fmt.Sprint(info["moves"]); got != "[[0 1 4 10 1] [0 1 4 2 2] [0 1 4 3 2] [1 3 4 1 2]]" {
		t.Fatalf("fleets after the second step: %s", got)
	}

	finishedRoom(t, s, base)
}

// finishedRoom plays room 5 to its end: bob and carol throw everything at
// planet 4, tie there, and have nothing left; alice wins.
func finishedRoom(t *testing.T, s *Server, base string) {
	alice := join(t, base, 5, "alice", "python", 0)
	bob := join(t, base, 5, "bob", "ruby", 1)
	carol := join(t, base, 5, "carol", "c", 2)
	same(t, "bob", post(t, base, "op=moves&room=5&id="+bob+"&moves=[[100, 3, 4]]"), `{"status": "ok", "op": "moves"}`)
	same(t, "carol", post(t, base, "op=moves&room=5&id="+carol+"&moves=[[100, 0, 4]]"), `{"status": "ok", "op": "moves"}`)
	for range 4 {
		s.StepRoom(5)
	}
	same(t, "not alive", post(t, base, "op=moves&room=5&id="+carol+"&moves=[]"), `{"status": "not alive", "op": "moves"}`)
	same(t, "finished", post(t, base, "op=info&room=5"), `{"status": "finished", "players": [
	   {"status": "alive", "name": "alice", "points": 4, "planets": 1, "units": 140, "side": "python"},
	   {"status": "dead", "name": "bob", "points": 4, "planets": 0, "units": 0, "side": "ruby"},
	   {"status": "dead", "name": "carol", "points": 4, "planets": 0, "units": 0, "side": "c"}],
	 "moves": [], "logs": [{"msg": "game finished, winner: alice", "type": "msg"}, {"count": 140, "planet": 1, "type": "production", "side": 0}],
	 "holds": [[null, 0], [0, 140], [null, 0], [null, 0], [null, 0]], "round": 4, "op": "info"}`)
	join(t, base, 5, "late", "x", 3)
	same(t, "moves while finished", post(t, base, "op=moves&room=5&id="+alice+"&moves=[]"), `{"status": "ok", "op": "moves"}`)
	s.StepRoom(5)
	same(t, "reset", post(t, base, "op=info&room=5"), `{"status": "waitforplayer", "players": [], "moves": [], "logs": [], "holds": [[null, 0],
	 [null, 0], [null, 0], [null, 0], [null, 0]], "round": 0, "op": "info"}`)
	same(t, "noid after reset", post(t, base, "op=moves&room=5&id="+alice+"&moves=[]"), `{"status": "noid", "op": "moves"}`)
	same(t, "scores", post(t, base, "op=scores&room=0"), `{"op": "scores", "dailys": [["alice", 1]], "monthlys": [["alice", 1]], "weeklys": [["alice", 1]]}`)
}

// refused fails unless the reply is a refusal of op moves or setmap whose
// status starts with prefix and names the reason.
func refused(t *testing.T, got []byte, prefix, reason string) {
	t.Helper()
	m := decodeReply(t, got)
	status, _ := m["status"].(string)
	if !strings.HasPrefix(status, prefix) || !strings.Contains(status, reason) || m["op"] == nil || len(m) != 2 {
		t.Fatalf("reply %s, want a status %q… naming %q, and the op", got, prefix, reason)
	}
}
