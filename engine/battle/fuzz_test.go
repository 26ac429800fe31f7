package battle

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
)

var engineDrop = engine.Options{DropEvents: true}

// referenceDecode is spec §4.2 written with encoding/json, as the spec
// words it (a key repeated counts by its last occurrence, as a
// map[string]json.RawMessage reads it): the oracle of the fast decoder.
func referenceDecode(a []byte) ([]Command, error) {
	if !json.Valid(a) {
		return nil, errors.New("not JSON")
	}
	if string(bytes.TrimSpace(a)) == "null" {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(a, &items); err != nil {
		return nil, err
	}
	var out []Command
	for _, it := range items {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(it, &obj); err != nil || obj == nil {
			return nil, errors.New("not an object")
		}
		c, err := referenceCommand(obj)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func referenceCommand(obj map[string]json.RawMessage) (Command, error) {
	var c Command
	name, ok := refString(obj["c"])
	if !ok {
		return c, errors.New("bad c")
	}
	if c.Op = opByName(name); c.Op == 0 {
		return c, errors.New("unknown command")
	}
	for key, raw := range obj {
		if key == "c" {
			continue
		}
		bit := -1
		for i, n := range fieldNames {
			if n == key {
				bit = i
			}
		}
		if bit < 0 {
			return c, errors.New("unknown field")
		}
		f := 1 << bit
		c.Fields |= f
		var ok bool
		switch f {
		case FieldHero:
			c.Hero, ok = refString(raw)
		case FieldAs:
			c.As, ok = refString(raw)
		case FieldForm:
			c.Form, ok = refString(raw)
		case FieldTarget:
			c.Target, ok = refString(raw)
		case FieldHeroes:
			c.Heroes, ok = refStrings(raw)
		case FieldTo:
			c.To, ok = refCell(raw)
		case FieldCity:
			c.City, ok = refCell(raw)
		case FieldAt:
			c.At, ok = refCell(raw)
		default:
			var v int
			v, ok = refInt(raw)
			*map[int]*int{FieldID: &c.ID, FieldArchers: &c.Archers, FieldShields: &c.Shields, FieldSkill: &c.Skill, FieldSoldier: &c.Soldier}[f] = v
		}
		if !ok {
			return c, errors.New("bad field " + key)
		}
	}
	return c, c.checkFields()
}

func refString(raw json.RawMessage) (string, bool) {
	var s string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func refStrings(raw json.RawMessage) ([]string, bool) {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil || items == nil {
		return nil, false
	}
	out := []string{}
	for _, it := range items {
		s, ok := refString(it)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

func refInt(raw json.RawMessage) (int, bool) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var n any
	if d.Decode(&n) != nil {
		return 0, false
	}
	num, ok := n.(json.Number)
	if !ok || strings.ContainsAny(string(num), ".eE") {
		return 0, false
	}
	v, err := strconv.ParseInt(string(num), 10, 64)
	return int(v), err == nil
}

func refCell(raw json.RawMessage) (Point, bool) {
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil || len(items) != 2 {
		return Point{}, false
	}
	x, ok1 := refInt(items[0])
	y, ok2 := refInt(items[1])
	return Point{X: x, Y: y}, ok1 && ok2
}

var decodeSeeds = []string{
	`[]`, `null`, ` [ ] `, `{}`, `[1]`, `"x"`, `[null]`, `[{}]`,
	`[{"c":"MOVE","hero":"吕布","to":[6,5],"speed":2}]`,
	`[{"c":"AD","hero":"吕布","target":"赵云"},{"c":"SG","hero":"吕布","city":[5,9]}]`,
	`[{"c":"MAKE","hero":"刘备","archers":1.5,"shields":0}]`,
	`[{"c":"MAKE","hero":"刘备","archers":1e0,"shields":-0}]`,
	`[{"c":"MAKE","hero":"刘备","archers":9223372036854775807,"shields":-9223372036854775808}]`,
	`[{"c":"MAKE","hero":"刘备","archers":9223372036854775808,"shields":0}]`,
	`[{"c":"QUIT"},{"c":"AC","hero":"刘备"}]`,
	`[{"c":"PICK","heroes":["吕布","赵云","关羽","刘备","曹操","孙权"]}]`,
	`[{"c":"PICK","heroes":[]}]`,
	`[{"c":"PICK","hero":"吕布","as":"赵云"}]`,
	`[{"c":"BUFF","id":1001,"hero":"吕布"},{"c":"FORM","form":"鹤翼阵"}]`,
	`[{"c":"SK","hero":"周瑜","skill":1,"at":[7,7]},{"c":"SK","hero":"诸葛亮","skill":2}]`,
	`[{"c":"SK","hero":"孙权","skill":2,"soldier":8},{"c":"SK","hero":"诸葛亮","skill":2,"form":"八卦阵"}]`,
	`[{"c":"MOVE","hero":"\u5415\u5e03","to":[ 6 , 5 ],"to":[1,2]}]`,
	`[{"c":"MOVE","hero":"吕布","to":"x","to":[6,5]}]`,
	`[{"\u0063":"QUIT"}]`, `[{"c":"QUIT","c":"MOVE"}]`, "[{\"c\":\"QU\xffIT\"}]",
	`[1.5e+3, -0, 0.1, "\u12aG"]`, `[01]`, `[1.]`, `[-]`, `{"a":1,}`, `[1,]`, `[tru]`, "[\"\t\"]", `[] x`, `  null  `,
}

// TestDecodeAgreesWithTheReference runs the seeds of the fuzz target.
func TestDecodeAgreesWithTheReference(t *testing.T) {
	for _, s := range decodeSeeds {
		checkDecode(t, []byte(s))
	}
}

func FuzzDecodeOrders(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(checkDecode)
}

// checkDecode: DecodeOrders never panics, accepts exactly what the
// reference accepts, with the same commands, and what it accepts encodes
// back to an answer that decodes the same.
func checkDecode(t *testing.T, a []byte) {
	if validJSON(a) != json.Valid(a) {
		t.Fatalf("%q: validJSON says %v, encoding/json %v", a, validJSON(a), json.Valid(a))
	}
	got, err := DecodeOrders(a)
	if notJSON := errors.Is(err, engine.ErrNotJSON); notJSON == json.Valid(a) {
		t.Fatalf("%q: refused as not JSON %v, but json.Valid says %v (%v)", a, notJSON, json.Valid(a), err)
	}
	want, werr := referenceDecode(a)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%q: DecodeOrders says %v, the reference %v", a, err, werr)
	}
	if err != nil {
		return
	}
	if len(got) != len(want) || len(got) > 0 && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: DecodeOrders %+v, the reference %+v", a, got, want)
	}
	again, err := DecodeOrders(Encode(got...))
	if err != nil || len(got) > 0 && !reflect.DeepEqual(again, got) {
		t.Fatalf("%q: encoded as %s, decodes to %+v, %v", a, Encode(got...), again, err)
	}
}

// FuzzCheckOrders: the rules' check of an answer never panics, in a
// position of a game played for a while, and an accepted answer plays.
func FuzzCheckOrders(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s), 0)
	}
	g := chaosGame(f, 120)
	f.Fuzz(func(t *testing.T, a []byte, side int) {
		s := side & 1
		st := *g.st
		st.Position = *g.st.Position.clone()
		st.emit = nil
		o, err := st.decide(s, a)
		if err != nil {
			return
		}
		var both [2]Orders
		both[s] = o
		st.resolve(&both)
		if err := st.Valid(); err != nil {
			t.Fatalf("%s leaves an invalid state: %v", a, err)
		}
	})
}

// chaosGame is a game of random legal answers, stopped at round r.
func chaosGame(tb testing.TB, r int) *Game {
	g, err := New(Setup{Map: mapT(map[Point]int{pt(8, 6): 51, pt(20, 14): 50})}, Options{Machine: engineDrop})
	if err != nil {
		tb.Fatal(err)
	}
	c := chaos{rand.New(rand.NewSource(1))}
	for g.Pending() != nil && g.Round() < r {
		d := g.Pending()
		if err := g.Answer(d.Player, Encode(c.answer(d.Args.(*OrdersArgs).Position, d.Player)...)); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// TestValidJSONAtTheNestingLimit: as deep as encoding/json goes, and one
// deeper.
func TestValidJSONAtTheNestingLimit(t *testing.T) {
	for _, n := range []int{9999, 10000, 10001} {
		a := []byte(strings.Repeat("[", n) + strings.Repeat("]", n))
		if validJSON(a) != json.Valid(a) {
			t.Errorf("depth %d: validJSON %v, json.Valid %v", n, validJSON(a), json.Valid(a))
		}
	}
}
