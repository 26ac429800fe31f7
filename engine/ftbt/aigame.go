package ftbt

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// ErrNoRules is returned by DocumentSetup for a level read without rules.
var ErrNoRules = errors.New("an ftbt level is played with its rules, and none were given or named by the level")

// DocumentSetup returns the setup (seed 0, no turn cap) of an open ftbt
// level document: its level and the rules it was read with. Computer
// games of a document (shapan play, shapan sim, the studio) start here.
func DocumentSetup(doc *formats.Document) (Setup, error) {
	if doc == nil {
		return Setup{}, errors.New("ftbt: no document")
	}
	l, ok := doc.Value.(*ftbtfmt.Level)
	if !ok {
		return Setup{}, fmt.Errorf("a %s document is not an ftbt level", doc.Kind)
	}
	rules, _ := doc.Rules.(*ftbtfmt.Rules)
	if rules == nil {
		return Setup{}, ErrNoRules
	}
	if problems := DocumentProblems(doc); problems.HasErrors() {
		return Setup{}, problems
	}
	return Setup{Rules: rules, Level: l}, nil
}

// DocumentProblems lists every condition a game of a level document is
// refused on, all at once: what the computer player refuses its rules
// for (RulesProblems, placed in the rules file), what the engine refuses
// the level played with them for (CheckLevel) and what the computer
// player refuses its AI settings for (CheckAI), these two by path in the
// level document.
func DocumentProblems(doc *formats.Document) diag.List {
	l, _ := doc.Value.(*ftbtfmt.Level)
	rules, _ := doc.Rules.(*ftbtfmt.Rules)
	problems := RulesProblems(doc)
	if l != nil {
		problems = append(problems, CheckLevel(rules, l)...)
		problems = append(problems, CheckAI(l)...)
	}
	return problems
}

// RulesProblems lists what the engine and the computer player refuse the
// rules of a level document for (CheckRules), placed in the rules file
// the level was read with; nil when it has no rules.
func RulesProblems(doc *formats.Document) diag.List {
	rules, _ := doc.Rules.(*ftbtfmt.Rules)
	if rules == nil {
		return nil
	}
	problems := CheckRules(rules)
	if len(problems) == 0 {
		return nil
	}
	file := doc.RulesFile
	if l, ok := doc.Value.(*ftbtfmt.Level); file == "" && ok && l.RulesPath != "" {
		file = l.RulesPath // rules held in memory only, to be written there
	}
	if file == "" {
		file = "rules"
	}
	var loc diag.Locator
	if doc.RulesSource != nil {
		loc = doc.RulesSource
	}
	return problems.Locate(file, loc)
}

// NewGoldenAI returns the computer player of shapan play and of the
// golden games for both sides of setup: side 1 with the level's AI
// settings, side 0 with DefaultAI (GoldenAI). Use one per game.
func NewGoldenAI(setup Setup) (*AI, error) { return goldenPlayer(setup) }
