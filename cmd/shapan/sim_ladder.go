package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// ladderOptions are shapan sim's flags for a skill ladder.
type ladderOptions struct {
	skill, players, shard, chart string
	turns                        int
	json, quiet                  bool
	o                            sim.Options
}

// runLadder plays the skill ladder of doc (shapan sim --skill): the same
// games at every level, and whether the verdict changes with skill.
func runLadder(doc *formats.Document, lo ladderOptions, out, errOut io.Writer) int {
	c := commands["sim"]
	switch {
	case lo.players != "":
		return usageError(c, errOut, "--skill names the players of every level: leave --players out")
	case lo.shard != "" || lo.chart != "":
		return usageError(c, errOut, "--skill prints a ladder: leave --shard and --chart out")
	}
	levels, skipped, err := family.SkillLevels(doc.Kind, lo.skill)
	if code, ok := playersUsage(commands["sim"], errOut, err); ok {
		return code
	}
	if err != nil {
		fmt.Fprintf(errOut, "shapan sim: %s: %v\n", doc.Path, err)
		return exitInvalid
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	l, runErr := sim.RunLadder(ctx, levels, func(player string) (sim.Family, error) {
		info(lo.quiet, errOut, "shapan sim: level %s\n", player)
		return family.Simulate(doc, family.SimOptions{TurnCap: lo.turns, Players: player})
	}, lo.o)
	if l == nil {
		fmt.Fprintf(errOut, "shapan sim: %v\n", runErr)
		return exitInvalid
	}
	l.Scenario, l.Skipped = filepath.Base(doc.Path), skipped
	if lo.json {
		b, err := json.MarshalIndent(l, "", "  ")
		if err != nil {
			fmt.Fprintf(errOut, "shapan sim: %v\n", err)
			return exitUsage
		}
		out.Write(append(b, '\n'))
	} else if err := l.WriteText(out); err != nil {
		fmt.Fprintf(errOut, "shapan sim: %v\n", err)
		return exitUsage
	}
	if runErr != nil {
		fmt.Fprintf(errOut, "shapan sim: interrupted: %v\n", runErr)
		return exitUsage
	}
	return exitOK
}
