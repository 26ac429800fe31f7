package ftbt

import (
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// AISettings are one person's arguments for the computer player (spec
// §1.2): a goal cell and the factors weighing the attack, defence and
// location scores of a move.
type AISettings struct {
	// Goal is the cell the person heads for, or -1: chase the nearest
	// enemy.
	Goal int `json:"goal"`
	// Attack, Defence and Move are the factors fact_att, fact_def and
	// fact_move; Attack -1 means the person is not AI-controlled.
	Attack  int `json:"fact_att"`
	Defence int `json:"fact_def"`
	Move    int `json:"fact_move"`
}

// DefaultAI are the settings the loader gives every person before the
// level's AI block is read, and the golden traces give side 0 (spec §7.1):
// no goal, factors 30/30/40.
var DefaultAI = AISettings{Goal: -1, Attack: 30, Defence: 30, Move: 40}

// notAI are the settings of a person the AI does not control.
var notAI = AISettings{Goal: -1, Attack: -1, Defence: -1, Move: -1}

// Controlled reports whether the AI decides for the person.
func (a AISettings) Controlled() bool { return a.Attack != -1 }

// LevelAI returns the AI settings the original loader makes of a level's
// AI block (spec §1.2): side-0 people are not AI-controlled (goal -1,
// factors -1); a side-1 person whose fact_att is -1 gets 30/30/40 and
// keeps its goal; other factors are used as written. A level without an
// AI block gives every person DefaultAI. A goal off the map is an error.
func LevelAI(l *ftbtfmt.Level) ([]AISettings, error) {
	if problems := CheckAI(l); problems.HasErrors() {
		return nil, problems
	}
	out := make([]AISettings, len(l.People))
	for i, p := range l.People {
		out[i] = DefaultAI
		switch {
		case p.Side == 0 && p.AI != nil:
			out[i] = notAI
		case p.AI != nil:
			a := p.AI
			out[i] = AISettings{Goal: -1, Attack: a.Attack, Defence: a.Defence, Move: a.Move}
			if a.Attack == -1 {
				out[i].Attack, out[i].Defence, out[i].Move = 30, 30, 40
			}
			if a.GoalX >= 0 && a.GoalY >= 0 {
				out[i].Goal = a.GoalY*l.W + a.GoalX
			}
		}
	}
	return out, nil
}

// GoldenAI returns the settings of the golden traces and of shapan play
// (spec §7.1): the level's AI block as the loader reads it (LevelAI), and
// DefaultAI for every person left without factors (all of side 0).
func GoldenAI(l *ftbtfmt.Level) ([]AISettings, error) {
	out, err := LevelAI(l)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if !out[i].Controlled() {
			out[i] = DefaultAI
		}
	}
	return out, nil
}
