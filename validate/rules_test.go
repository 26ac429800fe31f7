package validate_test

import (
	_ "github.com/shapan/shapan/family/all" // every family's checks
	"github.com/shapan/shapan/validate"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
)

// ruleExamples names, for every rule, the document path its minimal
// failing example (testdata/rules/CODE.*) must be reported at.
var ruleExamples = map[string]string{
	"LEG001": "@2:1",
	"MBG001": "board[0].city", "MBG002": "cities[0].garrison[1]", "MBG003": "cities[0].treasurer",
	"MBG004": "roles[1].retinue[1]", "MBG005": "roles[1].cities[0]", "MBG006": "roles[1].start",
	"MBG007": "institutes[0].techs[1]", "MBG010": "roles[1].retinue[1]", "MBG011": "cities[0].treasurer",
	"MBG012": "cities[0].treasurer", "MBG013": "roles[1].cities[0]", "MBG014": "officers[4].name",
	"MBG015": "roles[0].retinue[1]", "MBG020": "officers[0].zhan", "MBG021": "officers[0].wu",
	"MBG022": "cities[0].scope", "MBG023": "training_rooms[0].item", "MBG024": "roles[1].dir",
	"MBG025": "roles[1].money", "MBG026": "roles[1].money", "MBG027": "board[1].type",
	"MBG028": "board[1].base", "MBG030": "cities[0].garrison", "MBG031": "board", "MBG032": "roles",
	"MBG033": "cities[0].garrison", "MBG034": "roles[1]", "MBG040": "board", "MBG041": "officers[3].name",
	"MBG050": "cities[1]", "MBG051": "officers", "MBG052": "institutes[0].techs",
	"LEG002": "trailing_tokens",
	"FTB001": "terrains", "FTB002": "techs[0].class", "FTB003": "max_abi", "FTB004": "ai.max_buf_value",
	"FTB005": "terrains[1].cost", "FTB006": "terrains[1].cost", "FTB007": "techs[1].aoe.ratio", "FTB008": "techs",
	"FTB009": "techs[1].duration", "FTB010": "techs[1].range", "FTB011": "techs[1].terrains", "FTB012": "terrains[1].name",
	"FTB013": "techs[1].name", "FTB020": "size", "FTB021": "terrain[1][4]", "FTB022": "people[1].side",
	"FTB023": "people[1].at[0]", "FTB024": "people[1].at", "FTB025": "people[1].techs[1]", "FTB026": "people[1].hp",
	"FTB027": "people", "FTB028": "people", "FTB029": "people[3].ai.goal", "FTB030": "size", "FTB031": "people[1].abi",
	"FTB032": "people[0].speed", "FTB033": "people[0].at", "FTB034": "people[0].techs",
	"PLN001": "@1:1", "PLN002": "planets.C.max", "PLN003": "planets.C.def", "PLN004": "map[0][3]", "PLN005": "planets.C",
	"PLN006": "map[0][2]", "PLN007": "planets.CC", "PLN008": "routes[2][1]", "PLN009": "routes[1][2]", "PLN010": "routes[2]",
	"PLN011": "routes[2]", "PLN012": "routes[2]", "PLN013": "starts[1]", "PLN014": "starts[1]", "PLN015": "starts",
	"PLN016": "min_player", "PLN017": "min_player", "PLN018": "start_unit", "PLN019": "name", "PLN020": "map[1][0]",
	"PLN021": "maxround", "PLN022": "planets.C", "PLN023": "starts[1]", "PLN024": "planets.C.cos", "PLN025": "maintain_fee",
	"PLN026": "planets.C.def", "PLN027": "planets",
	"MBG060": "cities[0].owner", "MBG061": "acting_role", "MBG062": "officers[1].job", "MBG063": "cities[0].treasurer",
	"MBG064": "cities[0].fengshui", "MBG065": "training_rooms[0].training.乙.rounds",
	"BTL001": "grid[0][2]", "BTL002": "size", "BTL003": "grid", "BTL004": "grid[2][3]", "BTL005": "grid[3][5]",
	"BTL006": "grid[1][1]", "BTL007": "grid[10][0]", "BTL008": "grid[0][0]", "BTL009": "roster[1].name",
	"BTL010": "roster[0].command",
}

// TestEveryRuleHasAMinimalFailingFile checks the catalogue and the
// examples against each other, then runs every example.
func TestEveryRuleHasAMinimalFailingFile(t *testing.T) {
	for _, r := range validate.Rules() {
		if _, ok := ruleExamples[r.Code]; !ok {
			t.Errorf("rule %s has no example in ruleExamples", r.Code)
		}
		if r.Title == "" || r.Meaning == "" || r.Fix == "" {
			t.Errorf("rule %s lacks a title, meaning or fix", r.Code)
		}
	}
	for code, path := range ruleExamples {
		t.Run(code, func(t *testing.T) {
			if _, ok := validate.Lookup(code); !ok {
				t.Fatalf("example for unknown rule %s", code)
			}
			files, _ := filepath.Glob(filepath.Join("testdata", "rules", code+".*"))
			if len(files) != 1 {
				t.Fatalf("want one file testdata/rules/%s.*, found %v", code, files)
			}
			doc, err := formats.Read(files[0], formats.Options{})
			if err != nil {
				t.Fatalf("the example does not load: %v", err)
			}
			var found []string
			for _, d := range validate.Check(doc) {
				at := "@" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col)
				if d.Code == code && (d.Path == path || at == path) {
					if d.Line == 0 {
						t.Errorf("%s reported without a line: %s", code, d)
					}
					return
				}
				found = append(found, d.String()+" ["+d.Path+"]")
			}
			t.Errorf("%s not reported at %s; found:\n%s", code, path, strings.Join(found, "\n"))
		})
	}
}

// TestExamplesAreOtherwiseClean makes sure the base the examples share is
// itself free of errors, so each example shows its one mistake.
func TestExamplesAreOtherwiseClean(t *testing.T) {
	for _, name := range []string{"clean.yaml", "battle_clean.yaml", "save_clean.yaml", "ftbt_rules.yaml", "ftbt_level.yaml", "planets_clean.yaml"} {
		src, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := formats.ReadBytes(filepath.Join("testdata", name), src, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ds := validate.Check(doc); len(ds) > 0 {
			t.Errorf("the clean base %s has problems:\n%s", name, ds.Error())
		}
	}
}
