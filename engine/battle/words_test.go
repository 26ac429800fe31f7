package battle

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// TestEveryEventIsToldInWords: in games of random legal commands, every
// event is described by a sentence of its own (not just its name).
func TestEveryEventIsToldInWords(t *testing.T) {
	told := map[string]string{}
	for seed := range int64(4) {
		g, err := New(Setup{Map: mapT(map[Point]int{pt(8, 6): bfmt.CodeCity2}), MaxRounds: 300}, Options{Machine: engine.Options{DropEvents: true, OnEvent: func(e engine.Event) {
			s := Describe(e)
			if s == e.EventName() || s == "" {
				t.Fatalf("%s is not told in words", e.EventName())
			}
			told[e.EventName()] = s
		}}})
		if err != nil {
			t.Fatal(err)
		}
		c := chaos{rand.New(rand.NewSource(seed))}
		for g.Pending() != nil {
			d := g.Pending()
			if err := g.Answer(d.Player, Encode(c.answer(d.Args.(*OrdersArgs).Position, d.Player)...)); err != nil {
				t.Fatal(err)
			}
		}
		g.Close()
	}
	if len(told) < 20 {
		t.Errorf("only %d kinds of event told: %v", len(told), told)
	}
}

func TestParseCommandReadsWhatAPersonTypes(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"pick 吕布 赵云 关羽 刘备 曹操 孙权", `{"c":"PICK","heroes":["吕布","赵云","关羽","刘备","曹操","孙权"]}`},
		{"PICK 吕布 赵云", `{"c":"PICK","hero":"吕布","as":"赵云"}`},
		{"BUFF 1003", `{"c":"BUFF","id":1003}`},
		{"buff 1001 吕布", `{"c":"BUFF","hero":"吕布","id":1001}`},
		{"FORM 鹤翼阵", `{"c":"FORM","form":"鹤翼阵"}`},
		{"MAKE 刘备 3 2", `{"c":"MAKE","hero":"刘备","archers":3,"shields":2}`},
		{"move 吕布 6 5", `{"c":"MOVE","hero":"吕布","to":[6,5]}`},
		{"SP 吕布 10 12", `{"c":"SP","hero":"吕布","to":[10,12]}`},
		{"AC 刘备", `{"c":"AC","hero":"刘备"}`},
		{"SG 吕布 20 6", `{"c":"SG","hero":"吕布","city":[20,6]}`},
		{"AD 吕布 赵云", `{"c":"AD","hero":"吕布","target":"赵云"}`},
		{"SK 关羽 1 曹操", `{"c":"SK","hero":"关羽","skill":1,"target":"曹操"}`},
		{"SK 周瑜 1 7 7", `{"c":"SK","hero":"周瑜","skill":1,"at":[7,7]}`},
		{"SK 孙权 2 8", `{"c":"SK","hero":"孙权","skill":2,"soldier":8}`},
		{"SK 诸葛亮 2 八卦阵", `{"c":"SK","hero":"诸葛亮","skill":2,"form":"八卦阵"}`},
		{"SK 诸葛亮 2", `{"c":"SK","hero":"诸葛亮","skill":2}`},
		{"SK 刘备 1", `{"c":"SK","hero":"刘备","skill":1}`},
		{"quit", `{"c":"QUIT"}`},
	} {
		c, err := ParseCommand(tc.text)
		if err != nil {
			t.Errorf("%s: %v", tc.text, err)
			continue
		}
		if got := string(c.AppendJSON(nil)); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.text, got, tc.want)
		}
		if again, err := ParseCommand(c.Text()); err != nil || string(again.AppendJSON(nil)) != tc.want {
			t.Errorf("%s: written as %q, which reads as %s, %v", tc.text, c.Text(), again.AppendJSON(nil), err)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{"JUMP 吕布 1 1", "unknown command"},
		{"MOVE 吕布 6", "2 more words"},
		{"MOVE 吕布 six 5", "not a number"},
		{"SK 关羽 1", "takes an enemy hero"},
		{"SK 张飞 1", "not a hero"},
		{"AD 吕布", "takes 1 words"},
	} {
		if _, err := ParseCommand(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.text, err, tc.want)
		}
	}
}

// A damage line says which side's hero is hit: both teams may pick the
// same hero, and a city fires at either side.
func TestDamageNamesTheSideOfTheHeroHit(t *testing.T) {
	got := Describe(Damage{SrcSide: -1, Src: "city (9,5)", Via: "CITY", Side: 1, Hero: "吕布", Amount: 30, HP: 1470})
	if want := "city (9,5) fires at 吕布 (side 1): 30 damage, hp 1470"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A hand-made start position with a key it does not know, or a status
// that is not [from, until], is refused, naming it and, once, the side
// and the unit it is in.
func TestStartPositionRefusesUnknownKeys(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`{"round": 2, "sides": [{"units": [{"hero": "吕布", "archerhp": 3}]}, {"units": []}]}`, `battle: setup.start, side 0, unit 吕布: unknown key "archerhp"`},
		{`{"round": 2, "sides": [{"units": []}, {"units": [{"hero": "赵云"}, {"hero": "吕布", "statuses": {}}]}]}`, `battle: setup.start, side 1, unit 吕布: unknown key "statuses"`},
		{`{"round": 2, "sides": [{"units": [{"hero": "吕布", "status": {"rage": [4]}}]}, {"units": []}]}`, "battle: setup.start, side 0, unit 吕布: status rage must be [from, until] (two rounds), not 1 number(s)"},
		{`{"round": 2, "sides": [{"units": [{"archerhp": 3}]}, {"units": []}]}`, `battle: setup.start, side 0, a unit: unknown key "archerhp"`},
		{`{"round": 2, "sides": [{"grian": 3, "units": []}, {"units": []}]}`, `battle: setup.start, side 0, unknown key "grian"`},
		{`{"round": 2, "holdr": 0, "sides": [{"units": []}, {"units": []}]}`, `battle: setup.start: unknown key "holdr"`},
	} {
		var s Start
		if err := json.Unmarshal([]byte(tc.src), &s); err == nil || err.Error() != tc.want {
			t.Errorf("%s:\n got %v\nwant %s", tc.src, err, tc.want)
		}
	}
	var s Start
	if err := json.Unmarshal([]byte(`{"round": 3, "sides": [{"units": [{"hero": "吕布", "at": [3, 3], "status": {"rage": [2, 4]}}]}, {"units": []}]}`), &s); err != nil {
		t.Errorf("a good start: %v", err)
	}
}
