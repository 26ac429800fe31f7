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
