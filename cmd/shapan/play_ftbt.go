package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/formats"
)

// playFTBT plays an ftbt level computer against computer: the AI on both
// sides, side 1 with the level's AI settings and side 0 with the defaults
// of the golden games (spec §7.1). --turns is the turn cap: when round
// turns+1 would start, side 0 quits and the game ends without a winner.
func playFTBT(doc *formats.Document, o playOptions, out io.Writer) error {
	setup, err := ftbtSetup(doc)
	if err != nil {
		return err
	}
	l := setup.Level
	setup.Seed, setup.TurnCap = o.seed, o.turns
	const maxDecisions = 10_000_000
	var outcome ftbt.Outcome
	if o.trace != nil {
		level, rulesFile, aerr := absPaths(o.file, doc.RulesFile)
		if aerr != nil {
			return aerr
		}
		header := ftbt.TraceHeader{Case: filepath.Base(o.file), Rules: rulesFile, Level: level}
		outcome, err = ftbt.PlayTraced(setup, header, o.trace, maxDecisions)
	} else {
		outcome, err = ftbt.PlayAIGame(setup, maxDecisions)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "ftbt: %s, seed %d, turn cap %d\n", o.file, o.seed, o.turns)
	if outcome.Capped {
		fmt.Fprintf(out, "capped: no winner after %d rounds (result -1)\n", outcome.Rounds)
	} else {
		fmt.Fprintf(out, "winner: side %d in round %d\n", outcome.Result, outcome.Rounds)
	}
	var total [2]int
	for _, p := range outcome.People {
		total[p.Side]++
	}
	fmt.Fprintf(out, "survivors: side 0 %d of %d, side 1 %d of %d\n", outcome.Survivors[0], total[0], outcome.Survivors[1], total[1])
	for i, p := range outcome.People {
		if p.Loc != -1 {
			fmt.Fprintf(out, "  %2d %-10s side %d  hp %4d  at (%d, %d)\n", i, p.Name, p.Side, p.HP, p.Loc%l.W, p.Loc/l.W)
		}
	}
	return nil
}

// ftbtSetup returns the setup of an ftbt level document, telling the
// user how to name the rules when the level has none.
func ftbtSetup(doc *formats.Document) (ftbt.Setup, error) {
	setup, err := ftbt.DocumentSetup(doc)
	if errors.Is(err, ftbt.ErrNoRules) {
		return setup, fmt.Errorf("%w: name them with --rules FILE.tech", err)
	}
	return setup, err
}

// absPaths returns the level's and the rules' absolute paths, slashed, for
// a trace header.
func absPaths(level, rules string) (string, string, error) {
	if rules == "" {
		return "", "", fmt.Errorf("the rules file of the level is not known; name it with --rules to write a trace")
	}
	l, err := filepath.Abs(level)
	if err != nil {
		return "", "", err
	}
	r, err := filepath.Abs(rules)
	if err != nil {
		return "", "", err
	}
	return filepath.ToSlash(l), filepath.ToSlash(r), nil
}
