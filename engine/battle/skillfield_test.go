package battle

import (
	"testing"

	bfmt "github.com/shapan/shapan/formats/battle"
)

// TestSkillField names the field every skill's SK takes, as spec §8's
// table does.
func TestSkillField(t *testing.T) {
	want := map[string]struct {
		field    string
		optional bool
	}{
		"无双乱舞": {}, "大杀四方": {}, "龙胆突刺": {"target", false}, "冲锋陷阵": {}, "一骑当千": {"target", false}, "青龙偃月斩": {},
		"仁德之君": {}, "蜀汉旗": {"at", false}, "虎豹骑召令": {"target", false}, "乱世枭雄": {}, "江东水师": {}, "制衡": {"soldier", false},
		"锦囊妙计": {}, "斗转星移": {"form", true}, "火攻": {"at", false}, "连营": {}, "鬼谋": {"target", false}, "天命": {"target", false},
	}
	seen := 0
	for h, hero := range bfmt.DefaultRoster {
		for k, name := range hero.Skills {
			w, ok := want[name]
			if !ok {
				t.Errorf("%s's skill %q is not in the table", hero.Name, name)
				continue
			}
			seen++
			if f, opt := SkillField(h, k+1); f != w.field || opt != w.optional {
				t.Errorf("%s skill %d %s: field %q optional %v, want %q %v", hero.Name, k+1, name, f, opt, w.field, w.optional)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d skills checked, want %d", seen, len(want))
	}
	if f, _ := SkillField(0, 3); f != "" {
		t.Errorf("skill 3: %q", f)
	}
}
