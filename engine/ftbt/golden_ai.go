package ftbt

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/shapan/shapan/engine/jsondiff"
)

// goldenAISuite is ai_decisions.json (spec §7.3).
type goldenAISuite struct {
	Game  string            `json:"game"`
	Kind  string            `json:"kind"`
	Count int               `json:"count"`
	Cases []json.RawMessage `json:"cases"`
}

// goldenAICase is the board of one single-decision case.
type goldenAICase struct {
	ID     int    `json:"id"`
	Rules  string `json:"rules"`
	Level  string `json:"level"`
	Side   int    `json:"side"`
	P      int    `json:"p"`
	People []struct {
		Loc  int   `json:"loc"`
		HP   int   `json:"hp"`
		Tech []int `json:"tech"`
	} `json:"people"`
	AI  []AISettings `json:"ai"`
	Aux []struct {
		Loc  int    `json:"loc"`
		Side int    `json:"side"`
		Kind string `json:"kind"`
		Val  int    `json:"val"`
		Dur  int    `json:"dur"`
	} `json:"aux"`
}

// aiCaseFields are the outputs a case compares, in the order they are
// checked (the first difference is reported).
var aiCaseFields = []string{"valid_loc", "goal_person", "nrp", "loc_score", "def_score", "att_score",
	"att_tech", "att_target", "tech_objs", "decision"}

// ReplayAIDecisionsFile replays ai_decisions.json: for every case it sets
// up the board (spec §7.3), lets the AI decide and compares the movement
// range, the goal, every score array, the candidate objects of every tech
// and the decision. A mismatch is a *Divergence naming the case and the
// first difference (field and index, expected and got).
func ReplayAIDecisionsFile(path, root string) (Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Summary{}, err
	}
	var suite goldenAISuite
	if err := json.Unmarshal(data, &suite); err != nil {
		return Summary{}, fmt.Errorf("reading the AI decisions: %w", err)
	}
	name := caseName(path)
	if suite.Game != "ftbt" || suite.Kind != "ai_decisions" {
		return Summary{}, fmt.Errorf("%s: game %q, kind %q is not ftbt ai_decisions", name, suite.Game, suite.Kind)
	}
	if suite.Count != len(suite.Cases) {
		return Summary{}, diverged(name, "count is %d, but %d cases are listed", suite.Count, len(suite.Cases))
	}
	setups := map[[2]string]Setup{}
	for i, raw := range suite.Cases {
		var c goldenAICase
		if err := json.Unmarshal(raw, &c); err != nil {
			return Summary{}, fmt.Errorf("%s: case %d: %w", name, i, err)
		}
		key := [2]string{c.Level, c.Rules}
		setup, ok := setups[key]
		if !ok {
			if setup, err = loadGoldenSetup(root, c.Level, c.Rules); err != nil {
				return Summary{}, err
			}
			setups[key] = setup
		}
		label := fmt.Sprintf("%s#%d (%s, side %d, p %d)", name, c.ID, c.Level, c.Side, c.P)
		if err := replayAICase(&c, raw, setup, label); err != nil {
			return Summary{}, err
		}
	}
	return Summary{Case: name, Decisions: len(suite.Cases)}, nil
}

// replayAICase sets up one case's board, decides and compares.
func replayAICase(c *goldenAICase, raw json.RawMessage, setup Setup, label string) error {
	s, err := caseBoard(c, setup)
	if err != nil {
		return diverged(label, "the board does not set up: %v", err)
	}
	if err := checkAIConstants(setup.Rules); err != nil {
		return diverged(label, "%v", err)
	}
	p := &s.people[c.P]
	valid, _ := s.moveRange(p.loc, p.speed)
	sc, err := decide(s, setup.Rules.AI, newDistCache(), &scratch{}, c.AI[c.P], c.P, p.loc, valid)
	if err != nil {
		return diverged(label, "%v", err)
	}
	var want map[string]json.RawMessage
	if err := json.Unmarshal(raw, &want); err != nil {
		return err
	}
	got, err := jsondiff.Of(sc)
	if err != nil {
		return err
	}
	gotFields := got.(map[string]any)
	for _, f := range aiCaseFields {
		w, ok := want[f]
		if !ok {
			return diverged(label, "the case has no %s", f)
		}
		wv, err := jsondiff.Decode(w)
		if err != nil {
			return diverged(label, "%s: %v", f, err)
		}
		if d := jsondiff.Diff(f, wv, gotFields[f], jsondiff.Literal); d != "" {
			return diverged(label, "%s", d)
		}
	}
	return nil
}

// caseBoard builds the board of a case: the level's people with the
// case's cells, hp and techs, the case's aux effects, weights for the
// side to act.
func caseBoard(c *goldenAICase, setup Setup) (*state, error) {
	s, err := newState(setup.Rules, setup.Level)
	if err != nil {
		return nil, err
	}
	if len(c.People) != len(s.people) || len(c.AI) != len(s.people) {
		return nil, fmt.Errorf("%d people and %d AI settings for a level of %d people", len(c.People), len(c.AI), len(s.people))
	}
	if c.P < 0 || c.P >= len(s.people) || (c.Side != 0 && c.Side != 1) {
		return nil, fmt.Errorf("person %d of side %d does not exist", c.P, c.Side)
	}
	for i := range s.people {
		s.setLoc(i, -1)
	}
	for i, cp := range c.People {
		pp := &s.people[i]
		pp.hp, pp.techs = cp.HP, cp.Tech
		for _, id := range cp.Tech {
			if id < 0 || id >= len(s.rules.Techs) {
				return nil, fmt.Errorf("person %d knows the unknown tech %d", i, id)
			}
		}
		if cp.Loc == -1 {
			continue
		}
		if cp.Loc < 0 || cp.Loc >= s.cells() || s.occ[cp.Loc] != -1 || cp.HP <= 0 {
			return nil, fmt.Errorf("person %d cannot stand on cell %d with hp %d", i, cp.Loc, cp.HP)
		}
		s.setLoc(i, cp.Loc)
	}
	for _, a := range c.Aux {
		k := -1
		for i, name := range auxKinds {
			if name == a.Kind {
				k = i
			}
		}
		if k == -1 || a.Side < 0 || a.Side > 1 || a.Loc < 0 || a.Loc >= s.cells() {
			return nil, fmt.Errorf("the aux entry %+v is not on the board", a)
		}
		s.setEffect(a.Side, a.Loc, k, Effect{Val: a.Val, Dur: a.Dur})
	}
	if s.people[c.P].loc == -1 || s.people[c.P].side != c.Side {
		return nil, fmt.Errorf("person %d is not on the map on side %d", c.P, c.Side)
	}
	s.side = c.Side
	s.computeWeights(c.Side)
	return s, nil
}
