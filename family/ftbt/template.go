package ftbt

import (
	"github.com/shapan/shapan/formats/cells"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/samples"
)

// sampleRules is the sample rules document new rules and new levels
// start from.
const sampleRules = "ftbt/兵法.yaml"

// newRulesYAML returns the document of new rules: the sample rules.
func newRulesYAML() ([]byte, error) { return samples.Read(sampleRules) }

// NewLevelYAML returns the document of a new level: 30×20 cells of the
// first terrain, two people on each side, played with the sample rules
// (named beside it: the template reads them from the embedded samples).
func NewLevelYAML() ([]byte, error) {
	src, err := samples.Read(sampleRules)
	if err != nil {
		return nil, err
	}
	rules, _, err := ftbtfmt.DecodeRules(sampleRules, src)
	if err != nil {
		return nil, err
	}
	const w, h = 30, 20
	human := func() *ftbtfmt.PersonAI {
		return &ftbtfmt.PersonAI{Attack: -1, Defence: -1, Move: -1, GoalX: -1, GoalY: -1}
	}
	computer := func() *ftbtfmt.PersonAI {
		return &ftbtfmt.PersonAI{Attack: 30, Defence: 30, Move: 40, GoalX: -1, GoalY: -1}
	}
	// Tech ids of the sample rules: 0 刀击, 1 枪刺, 2 弓射, 5 鼓舞, 6 坚守.
	l := &ftbtfmt.Level{
		RulesPath: "兵法.yaml",
		W:         w, H: h,
		Terrain: cells.Make(w * h),
		People: []ftbtfmt.Person{
			{Name: "刘备", Side: 0, Abi: 18, Def: 14, HP: 100, Speed: 90, X: 3, Y: 8, Techs: []int{0, 5}, AI: human()},
			{Name: "关羽", Side: 0, Abi: 26, Def: 16, HP: 120, Speed: 90, X: 3, Y: 11, Techs: []int{0, 1}, AI: human()},
			{Name: "曹仁", Side: 1, Abi: 22, Def: 16, HP: 110, Speed: 90, X: 26, Y: 8, Techs: []int{0, 2}, AI: computer()},
			{Name: "曹洪", Side: 1, Abi: 20, Def: 15, HP: 100, Speed: 90, X: 26, Y: 11, Techs: []int{1, 6}, AI: computer()},
		},
	}
	return ftbtfmt.EncodeLevel(l, rules)
}
