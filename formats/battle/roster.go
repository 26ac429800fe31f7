package battle

import (
	"fmt"

	"github.com/shapan/shapan/formats/field"
)

// Class is a hero's class (seed §3.1).
type Class int

// The three classes.
const (
	Warrior    Class = iota // 猛将
	Commander               // 统帅
	Strategist              // 谋士
)

// String returns the class's Chinese name.
func (c Class) String() string {
	switch c {
	case Warrior:
		return "猛将"
	case Commander:
		return "统帅"
	case Strategist:
		return "谋士"
	}
	return fmt.Sprintf("class %d", int(c))
}

// Hero is a hero of the roster with its stats (spec Part 2 §2.2).
type Hero struct {
	Name    string
	Class   Class
	Force   int // 武力
	Command int // 统帅: the most soldiers it carries
	HP      int // 体力
	Range   int // attack distance
	// Skills are the names of skill 1 (cooldown 50) and skill 2 (30).
	Skills [2]string
}

// DefaultRoster is the roster of the seed, in roster order.
var DefaultRoster = [9]Hero{
	{"吕布", Warrior, 100, 6, 1500, HeroAttackRange, [2]string{"无双乱舞", "大杀四方"}},
	{"赵云", Warrior, 100, 6, 1500, HeroAttackRange, [2]string{"龙胆突刺", "冲锋陷阵"}},
	{"关羽", Warrior, 100, 6, 1500, HeroAttackRange, [2]string{"一骑当千", "青龙偃月斩"}},
	{"刘备", Commander, 60, 12, 1600, HeroAttackRange, [2]string{"仁德之君", "蜀汉旗"}},
	{"曹操", Commander, 60, 12, 1600, HeroAttackRange, [2]string{"虎豹骑召令", "乱世枭雄"}},
	{"孙权", Commander, 60, 12, 1600, HeroAttackRange, [2]string{"江东水师", "制衡"}},
	{"诸葛亮", Strategist, 50, 8, 1200, HeroAttackRange, [2]string{"锦囊妙计", "斗转星移"}},
	{"周瑜", Strategist, 50, 8, 1200, HeroAttackRange, [2]string{"火攻", "连营"}},
	{"司马懿", Strategist, 50, 8, 1200, HeroAttackRange, [2]string{"鬼谋", "天命"}},
}

// HeroIndex returns the roster index of the hero called name, or -1.
func HeroIndex(name string) int {
	switch name { // the engines look names up in every command
	case "吕布":
		return 0
	case "赵云":
		return 1
	case "关羽":
		return 2
	case "刘备":
		return 3
	case "曹操":
		return 4
	case "孙权":
		return 5
	case "诸葛亮":
		return 6
	case "周瑜":
		return 7
	case "司马懿":
		return 8
	}
	return -1
}

// HeroNames returns the names of the roster, in roster order.
func HeroNames() []string {
	out := make([]string, len(DefaultRoster))
	for i, h := range DefaultRoster {
		out[i] = h.Name
	}
	return out
}

// RosterEntry changes the stats of one named hero of the default roster
// (spec §2.3, the optional roster key of a battle/map document). A nil
// field keeps the default.
type RosterEntry struct {
	Name    string
	Force   *int
	Command *int
	HP      *int
	Range   *int
}

// RosterStat names a stat a roster entry may change, with its limits.
type RosterStat struct {
	Key      string // the YAML key
	Min, Max int
}

// RosterStats are the stats of a roster entry in the order of the spec,
// with the limits of their field table (RosterFields).
var RosterStats = rosterStats()

// rosterStats takes the stats from the whole numbers of RosterFields, in
// table order (the order of RosterEntry.Field).
func rosterStats() (out [4]RosterStat) {
	k := 0
	for i := range RosterFields.Fields {
		if f := &RosterFields.Fields[i]; f.Type == field.Integer {
			lo, hi := f.FormRange()
			out[k] = RosterStat{f.Key, lo, hi}
			k++
		}
	}
	return out
}

// Field returns the entry's field for stat k of RosterStats.
func (e *RosterEntry) Field(k int) **int {
	switch k {
	case 0:
		return &e.Force
	case 1:
		return &e.Command
	case 2:
		return &e.HP
	}
	return &e.Range
}

// RosterProblem is a roster entry the game refuses: Entry is its index,
// Field the offending key ("name", "force", ...) and Message says why.
type RosterProblem struct {
	Entry   int
	Field   string
	Message string
}

// CheckRoster lists the problems of a roster override: names that are not
// heroes of the roster or appear twice, values out of their range.
func CheckRoster(entries []RosterEntry) []RosterProblem {
	var out []RosterProblem
	seen := map[string]int{}
	name := RosterFields.Field("name")
	for i, e := range entries {
		switch j, dup := seen[e.Name]; {
		case name.OutsideName(e.Name):
			out = append(out, RosterProblem{i, name.Key, fmt.Sprintf("%q is not a hero of the roster (%s)", e.Name, joinNames())})
		case dup:
			out = append(out, RosterProblem{i, name.Key, fmt.Sprintf("%s is changed twice (entries %d and %d)", e.Name, j+1, i+1)})
		default:
			seen[e.Name] = i
		}
		for k, st := range RosterStats {
			if v := *e.Field(k); v != nil && (*v < st.Min || *v > st.Max) {
				out = append(out, RosterProblem{i, st.Key, fmt.Sprintf("%s of %s must be %d to %d, not %d", st.Key, e.Name, st.Min, st.Max, *v)})
			}
		}
	}
	return out
}

func joinNames() string {
	s := ""
	for i, h := range DefaultRoster {
		if i > 0 {
			s += ", "
		}
		s += h.Name
	}
	return s
}

// ApplyRoster returns the default roster with the entries' changes. It
// assumes CheckRoster found nothing; entries naming no hero are ignored.
func ApplyRoster(entries []RosterEntry) [9]Hero {
	r := DefaultRoster
	for _, e := range entries {
		i := HeroIndex(e.Name)
		if i < 0 {
			continue
		}
		h := &r[i]
		for k, dst := range [4]*int{&h.Force, &h.Command, &h.HP, &h.Range} {
			if v := *e.Field(k); v != nil {
				*dst = *v
			}
		}
	}
	return r
}

// CloneRoster returns a deep copy of a roster override (nil for none).
func CloneRoster(r []RosterEntry) []RosterEntry {
	if r == nil {
		return nil
	}
	out := make([]RosterEntry, len(r))
	for i, e := range r {
		out[i].Name = e.Name
		for k := range RosterStats {
			if v := *e.Field(k); v != nil {
				x := *v
				*out[i].Field(k) = &x
			}
		}
	}
	return out
}
