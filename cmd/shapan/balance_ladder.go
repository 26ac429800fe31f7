package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// balanceLadders plays the skill ladder (balance --skill) of the
// document and, when the search proposes one, of its best proposal — read
// again from file and edited — so that a proposal fair for the players
// the search used is seen at the other levels too. It writes them as text
// after the result, or the result and them as one JSON object
// {"balance": result, "ladders": [...]}.
func balanceLadders(ctx context.Context, file string, readOpts formats.Options, r *balance.Result, f balanceFlags, out, errOut io.Writer) error {
	doc, err := formats.Read(file, readOpts)
	if err != nil {
		return err
	}
	levels, skipped, err := family.SkillLevels(doc.Kind, f.skill)
	if err != nil {
		return err
	}
	o := sim.Options{Games: f.skillGames, Seed: f.seed, Jobs: f.jobs}
	docs := []*formats.Document{doc}
	names := []string{filepath.Base(file)}
	if len(r.Proposals) > 0 {
		edited, err := formats.Read(file, readOpts)
		if err != nil {
			return err
		}
		if err := balance.Apply(edited, r.Proposals[0].Edits); err != nil {
			return err
		}
		docs = append(docs, edited)
		names = append(names, filepath.Base(file)+", proposal 1")
	}
	var ladders []*sim.Ladder
	for i, d := range docs {
		l, err := sim.RunLadder(ctx, levels, func(player string) (sim.Family, error) {
			return family.Simulate(d, family.SimOptions{TurnCap: f.turns, Players: player})
		}, o)
		if l != nil {
			l.Scenario, l.Skipped = names[i], skipped
			ladders = append(ladders, l)
		}
		if err != nil {
			break
		}
	}
	if f.asJSON {
		b, err := json.MarshalIndent(map[string]any{"balance": r, "ladders": ladders}, "", "  ")
		if err != nil {
			return err
		}
		_, err = out.Write(append(b, '\n'))
		return err
	}
	for _, l := range ladders {
		fmt.Fprintln(out)
		if err := l.WriteText(out); err != nil {
			return err
		}
	}
	return ctx.Err()
}
