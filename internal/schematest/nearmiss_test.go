package schematest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nearMiss is a sample with one small change: a value of the wrong type or
// out of range, a key too many or missing, or a change the schema must let
// pass because only the game's reading or a cross-reference makes it wrong.
type nearMiss struct {
	name, sample, old, new string
	// refuse, when set, is the schema's verdict where check's code covers
	// conditions a schema can state and others it cannot (PLN016:
	// min_player 0, but not min_player above max_player).
	refuse bool
}

const (
	planets  = "planets/九州.yaml"
	scenario = "mbg/赤壁.yaml"
	save     = "mbg/赤壁第十四回.yaml"
	level    = "ftbt/长坂坡.yaml"
	rules    = "ftbt/兵法.yaml"
	battle   = "battle/赤壁.yaml"
)

var nearMissTable = []nearMiss{
	// mbg: an optional reference written null (none), which the readers
	// take; in the save the officer still names the job (MBG062, which no
	// schema can state)
	{"mayor-null", scenario, "mayor: 赵云", "mayor: null", false},
	{"save-mayor-null", save, "mayor: 荀攸", "mayor: ~", false},
	{"study-null", save, "{researcher: 诸葛亮, tech: 攻城, points: 300}", "{researcher: null, tech: null, points: 300}", false},
	// planets: the game's own keys and Shapan's header
	{"version-text", planets, "version: 1.0\n", "version: 1.0.2\n", false},
	{"version-word", planets, "version: 1.0\n", "version: beta\n", false},
	{"fee-text", planets, "maintain_fee: true", `maintain_fee: "False"`, false},
	{"fee-number", planets, "maintain_fee: true", "maintain_fee: 1", false},
	{"fee-yes", planets, "maintain_fee: true", "maintain_fee: yes", false},
	{"name-yes", planets, "name: 九州", "name: yes", false},
	{"name-quoted-yes", planets, "name: 九州", `name: "yes"`, false},
	{"name-number", planets, "name: 九州", "name: 12", false},
	{"name-list", planets, "name: 九州", "name: [a, b]", false},
	{"round-real", planets, "max_round: 600", "max_round: 1.5", false},
	{"round-zero", planets, "max_round: 600", "max_round: 0", false},
	{"round-text", planets, "max_round: 600", `max_round: "600"`, false},
	{"players-text", planets, "max_player: 4", `max_player: "4"`, false},
	{"min-players-zero", planets, "min_player: 2", "min_player: 0", true},
	{"unit-negative", planets, "start_unit: 100", "start_unit: -5", false},
	{"format-2", planets, "format: 1\n", "format: 2\n", false},
	{"format-missing", planets, "format: 1\n", "", false},
	{"kind-missing", planets, "kind: planets/map\n", "", false},
	{"unknown-key", planets, "max_round: 600\n", "max_round: 600\nmaxround: 5\n", false},
	{"def-text", planets, "A: {type: base, def: 1.5,", "A: {type: base, def: strong,", false},
	{"def-integer", planets, "A: {type: base, def: 1.5,", "A: {type: base, def: 2,", false},
	{"max-missing", planets, "A: {type: base, def: 1.5, res: 1.05, cos: 10, max: 800}", "A: {type: base, def: 1.5, res: 1.05, cos: 10}", false},
	{"planet-extra", planets, "A: {type: base,", "A: {type: base, colour: red,", false},
	{"token-long", planets, "  X: {type: resource", "  XY: {type: resource", false},
	{"starts-text", planets, "starts: [A, B, C, D]", "starts: ABCD", false},
	{"route-short", planets, "  - [A, f, 2]", "  - [A, f]", false},
	{"route-zero", planets, "  - [A, f, 2]", "  - [A, f, 0]", false},
	{"route-real", planets, "  - [A, f, 2]", "  - [A, f, 1.5]", false},
	{"route-unknown", planets, "  - [A, f, 2]", "  - [A, Q, 2]", false},
	{"rounds-misspelt", planets, "max_round: 600\n", "max_round: 600\nmax_rounds: 700\n", false},
	{"min-above-max", planets, "min_player: 2", "min_player: 5", false},
	{"players-zero", planets, "max_player: 4", "max_player: 0", false},
	{"fee-false-text", planets, "maintain_fee: true", `maintain_fee: "false"`, false},

	// mbg scenario and save
	{"win-text", scenario, "win_money: 40000", "win_money: lots", false},
	{"ability-101", scenario, "{name: 曹操, wu: 72,", "{name: 曹操, wu: 101,", false},
	{"ability-negative", scenario, "{name: 曹操, wu: 72,", "{name: 曹操, wu: -1,", false},
	{"ability-150", scenario, "{name: 曹操, wu: 72,", "{name: 曹操, wu: 150,", false},
	{"tech-15", scenario, "{name: 兵法院, techs: [弓箭,", "{name: 兵法院, techs: [15,", false},
	{"tech-11", scenario, "{name: 兵法院, techs: [弓箭,", "{name: 兵法院, techs: [11,", false},
	{"ability-real", scenario, "{name: 曹操, wu: 72,", "{name: 曹操, wu: 72.5,", false},
	{"unknown-key", scenario, "win_money: 40000\n", "win_money: 40000\nofficerz: []\n", false},
	{"square-castle", scenario, "- {type: saloon}", "- {type: castle}", false},
	{"version-2", scenario, "version: 1\n", "version: 2\n", false},
	{"dir-2", scenario, "    dir: 1\n", "    dir: 2\n", false},
	{"money-text", scenario, "    money: 14000", "    money: rich", false},
	{"scope-huge", scenario, "scope: large", "scope: huge", false},
	{"officer-unnamed", scenario, "{name: 曹操, wu: 72, zhan: 97, mou: 91, zheng: 94, jing: 86}", "{wu: 72, zhan: 97, mou: 91, zheng: 94, jing: 86}", false},
	{"garrison-unknown", scenario, "retinue: [曹操,", "retinue: [曹孟德,", false},
	{"turn-text", save, "turn: 14", "turn: late", false},
	{"acting-unknown", save, "acting_role: 魏", "acting_role: 晋", false},

	// ftbt rules and level
	{"cost-text", rules, "{name: 平原, cost: 15}", "{name: 平原, cost: cheap}", false},
	{"cost-negative", rules, "{name: 平原, cost: 15}", "{name: 平原, cost: -1}", false},
	{"cost-minus-15", rules, "{name: 平原, cost: 15}", "{name: 平原, cost: -15}", false},
	{"cost-zero", rules, "{name: 平原, cost: 15}", "{name: 平原, cost: 0}", false},
	{"class-magic", rules, "    class: people\n", "    class: magic\n", false},
	{"abi-text", rules, "max_abi: 30", "max_abi: many", false},
	{"ai-zero", rules, "  max_move_score: 1500", "  max_move_score: 0", false},
	{"side-2", level, "{name: 赵云, side: 0,", "{name: 赵云, side: 2,", false},
	{"hp-zero", level, "{name: 赵云, side: 0, abi: 24, def: 16, hp: 110,", "{name: 赵云, side: 0, abi: 24, def: 16, hp: 0,", false},
	{"hp-text", level, "{name: 赵云, side: 0, abi: 24, def: 16, hp: 110,", "{name: 赵云, side: 0, abi: 24, def: 16, hp: lots,", false},
	{"hp-negative", level, "{name: 赵云, side: 0, abi: 24, def: 16, hp: 110,", "{name: 赵云, side: 0, abi: 24, def: 16, hp: -3,", false},
	{"width-zero", level, "size: {width: 32, height: 20}", "size: {width: 0, height: 20}", true},
	{"at-short", level, "at: [3, 10]", "at: [3]", false},
	{"tech-unknown", level, "techs: [刀击, 枪刺, 疾行]", "techs: [刀击, 枪刺, 飞天]", false},
	{"person-extra", level, "{name: 赵云, side: 0,", "{name: 赵云, horse: 白马, side: 0,", false},

	// battle maps
	{"width-1", battle, "size: {width: 80, height: 60}", "size: {width: 1, height: 60}", false},
	{"width-0", battle, "size: {width: 80, height: 60}", "size: {width: 0, height: 60}", true},
	{"width-1001", battle, "size: {width: 80, height: 60}", "size: {width: 1001, height: 60}", false},
	{"element-unknown", battle, "  F: flag #", "  F: flagg #", false},
	{"version-text", battle, "version: 1\n", "version: one\n", false},
}

// unseen are near misses that check reports and that no JSON Schema can
// see: a schema sees the values a YAML reader makes, not how they were
// written (quoted or not), and it cannot say that objects of a list differ
// in one field. The test pins that the schema accepts them and check
// does not.
var unseen = []nearMiss{
	{"fee-quoted-yes", planets, "maintain_fee: true", `maintain_fee: "yes"`, false},
	{"roster-twice", battle, "\nlegend:", "\nroster:\n  - {name: 吕布, force: 110}\n  - {name: 吕布, hp: 1400}\nlegend:", false},
}

// unseenPaths holds the paths nearMisses wrote for unseen.
var unseenPaths = map[string]bool{}

// refusePaths holds the paths of the near misses with refuse set.
var refusePaths = map[string]bool{}

// nearMisses writes the near misses beside their samples in dir (so that
// a level still finds its rules) and returns their paths.
func nearMisses(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for i, m := range append(append([]nearMiss(nil), nearMissTable...), unseen...) {
		base := filepath.Join(dir, "samples", filepath.FromSlash(m.sample))
		src, err := os.ReadFile(base)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(src), m.old) < 1 {
			t.Fatalf("near miss %s: %s has no %q", m.name, m.sample, m.old)
		}
		changed := strings.Replace(string(src), m.old, m.new, 1)
		path := filepath.Join(filepath.Dir(base), "near-"+m.name+filepath.Ext(base))
		if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, path)
		if m.refuse {
			refusePaths[path] = true
		}
		if i >= len(nearMissTable) {
			unseenPaths[path] = true
		}
	}
	return out
}
