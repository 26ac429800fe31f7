package battle

import (
	"strings"
	"testing"
)

func TestCheckRosterNamesEveryProblem(t *testing.T) {
	neg, big, ok := -1, 101, 110
	probs := CheckRoster([]RosterEntry{
		{Name: "吕布", Force: &ok},
		{Name: "张飞"},
		{Name: "吕布", Command: &big, Range: &neg},
	})
	var got []string
	for _, p := range probs {
		got = append(got, p.Field+": "+p.Message)
	}
	want := []string{
		`name: "张飞" is not a hero of the roster (吕布, 赵云, 关羽, 刘备, 曹操, 孙权, 诸葛亮, 周瑜, 司马懿)`,
		"name: 吕布 is changed twice (entries 1 and 3)",
		"command: command of 吕布 must be 0 to 100, not 101",
		"range: range of 吕布 must be 1 to 20, not -1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestApplyRosterKeepsWhatIsNotChanged(t *testing.T) {
	zero, hp := 0, 900
	r := ApplyRoster([]RosterEntry{{Name: "周瑜", Command: &zero, HP: &hp}})
	if h := r[7]; h.Name != "周瑜" || h.Command != 0 || h.HP != 900 || h.Force != 50 || h.Range != 3 {
		t.Errorf("周瑜 %+v", h)
	}
	if r[0] != DefaultRoster[0] {
		t.Errorf("吕布 changed: %+v", r[0])
	}
}

func TestRosterRoundTripsThroughYAML(t *testing.T) {
	m := NewStandard(30, 20)
	f, c, zero := 110, 10, 0
	m.Roster = []RosterEntry{{Name: "吕布", Force: &f}, {Name: "周瑜", Command: &c}, {Name: "张飞", HP: &zero}}
	y, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(y), "roster:\n  - {name: 吕布, force: 110}\n  - {name: 周瑜, command: 10}\n  - {name: 张飞, hp: 0}\n") {
		t.Errorf("the roster is written as\n%s", y)
	}
	back, _, err := Decode("m.yaml", y)
	if err != nil {
		t.Fatal(err)
	}
	y2, err := Encode(back)
	if err != nil || string(y2) != string(y) {
		t.Errorf("not the same YAML again: %v\n%s", err, y2)
	}
	if _, err := WriteGrid(back); err == nil || !strings.Contains(err.Error(), "no room for the roster (3 entries)") {
		t.Errorf("the grid file took the roster: %v", err)
	}
	back.Roster = nil
	if _, err := WriteGrid(back); err != nil {
		t.Errorf("without the roster: %v", err)
	}
}

func TestRosterShapeErrors(t *testing.T) {
	head := "kind: battle/map\nversion: 1\nsize: {width: 2, height: 1}\ngrid: |\n  ..\n"
	for _, tc := range []struct{ name, doc, want string }{
		{"not a list", head + "roster: {name: 吕布}\n",
			"m.yaml:6:9: error P011: roster must be a list, found a mapping"},
		{"no name", head + "roster:\n  - {force: 3}\n",
			"m.yaml:7:5: error P011: roster entry 1: missing field 'name' (one of the nine heroes: 吕布, 赵云, 关羽, 刘备, 曹操, 孙权, 诸葛亮, 周瑜, 司马懿)"},
		{"not an integer", head + "roster:\n  - {name: 吕布, hp: lots}\n",
			"m.yaml:7:20: error P002: roster entry 1: hp must be an integer, found 'lots'"},
		{"unknown stat", head + "roster:\n  - {name: 吕布, forse: 3}\n",
			"m.yaml:7:16: error P011: roster entry 1: unknown field 'forse' (did you mean 'force'?)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Decode("m.yaml", []byte(tc.doc))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}
