package planets

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzCheckOrder: any answer a player sends is checked without a panic;
// the same JSON laid out otherwise (indented) gets the same result, so
// the quick path for orders of the usual shape and the general path
// agree; and an accepted order, given back as a value (checkGiven, the
// computer players' path), is accepted with the same result.
func FuzzCheckOrder(f *testing.F) {
	for _, seed := range []string{
		`null`, `{"moves": []}`, `{"moves": [[5, 0, 1]]}`, `{"moves": [[5, 0, 1], [0, 3, 4]], "tactic": {"type": "terminator", "planet": 2}}`,
		`{"op": "moves", "moves": [[1.5, "0", 1]]}`, `{"moves": [[99999999999999999999, 0, 1]]}`, `{"tactic": {"type": null, "planet": 1}}`,
		`{"moves": [[1, 0]]}`, `{"moves": [[true, 0, 1]]}`, `[]`, `{"moves": [[1, 0, 1]], "extra": 1}`, `{"moves": [[-3, 0, 1]]}`,
	} {
		f.Add([]byte(seed), int8(0))
	}
	g := newTestGame(f, Setup{Map: sampleMap(f), Seed: 2, MaxRounds: 60})
	st := g.st
	st.players[0].points = 5 // the terminator is affordable
	random := NewRandomPlayer(4)
	for range 8 {
		f.Add([]byte(random.Order(g, 0).Encode()), int8(0)) // legal orders, with moves
	}
	f.Fuzz(func(t *testing.T, answer []byte, player int8) {
		p := int(player) % (len(st.players) + 1)
		c, err := st.checkOrder(p, answer)
		var indented bytes.Buffer
		if json.Indent(&indented, answer, "", "  ") == nil {
			c2, err2 := st.checkOrder(p, indented.Bytes())
			if (err == nil) != (err2 == nil) || err == nil && !reflect.DeepEqual(c, c2) {
				t.Fatalf("%q: %+v, %v; indented: %+v, %v", answer, c, err, c2, err2)
			}
		}
		if err != nil || c.none {
			return
		}
		o := Order{Moves: []Move{}, Tactic: c.tactic}
		for _, m := range c.moves {
			o.Moves = append(o.Moves, Move{Count: m.count, From: m.from, To: m.to})
		}
		want := checked{moves: append([]fleet(nil), c.moves...), tactic: c.tactic}
		given, err := st.checkGiven(p, o)
		if err != nil {
			t.Fatalf("%q was accepted as JSON, but its order %s as a value is refused: %v", answer, o.Encode(), err)
		}
		if len(given.moves) == 0 {
			given.moves = []fleet{}
		}
		if len(want.moves) == 0 {
			want.moves = []fleet{}
		}
		if !reflect.DeepEqual(given, want) {
			t.Fatalf("%q: as JSON %+v, its order as a value %+v", answer, want, given)
		}
	})
}
