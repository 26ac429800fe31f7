package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/cputime"
)

// A sharded simulation: `shapan sim FILE --shard K/N` plays the K-th of N
// slices of the games and writes them as a part (sim.Part, JSON) that
// carries the scenario's files; `shapan sim merge PARTS...` rebuilds the
// scenario from them and prints the report of the whole simulation.

// simSetup is how a simulation was asked for: enough to play the same
// games again from a part.
type simSetup struct {
	file     string
	rules    string
	from     string
	encoding string
	turns    int
	players  string
}

// partSetup returns the setup of a part: the files doc was read from,
// named relative to the scenario's folder, and the options.
func partSetup(doc *formats.Document, s simSetup) (*sim.PartSetup, error) {
	dir := filepath.Dir(s.file)
	ps := &sim.PartSetup{From: s.from, Encoding: s.encoding, TurnCap: s.turns, Players: s.players}
	for i, in := range doc.Inputs() {
		data, err := os.ReadFile(in)
		if errors.Is(err, os.ErrNotExist) && i > 0 {
			continue // an intro a level may have beside it
		}
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(dir, in)
		if err != nil {
			return nil, fmt.Errorf("the file %s the scenario was read with: %w", in, err)
		}
		ps.Files = append(ps.Files, sim.PartFile{Path: filepath.ToSlash(rel), Data: data})
		if s.rules != "" && formats.SameFile(in, s.rules) {
			ps.Rules = filepath.ToSlash(rel)
		}
	}
	if len(ps.Files) == 0 {
		return nil, errors.New("a sharded simulation needs the scenario in a file")
	}
	return ps, nil
}

// runShard plays shard sh of the simulation and writes its part to out
// (a file, or standard output for "" or "-").
func runShard(ctx context.Context, adapter sim.Family, doc *formats.Document, s simSetup, opts sim.Options, sh sim.Shard, outPath string, stdout, errOut io.Writer) int {
	cpu := time.Duration(cputime.Process())
	setup, err := partSetup(doc, s)
	if err != nil {
		fmt.Fprintf(errOut, "shapan sim: %s: %v\n", s.file, err)
		return exitUsage
	}
	part, runErr := sim.RunShard(ctx, adapter, opts, sh)
	if part == nil {
		fmt.Fprintf(errOut, "shapan sim: %v\n", runErr)
		return exitInvalid
	}
	part.Scenario, part.Setup = filepath.Base(s.file), setup
	b, err := json.Marshal(part)
	if err != nil {
		fmt.Fprintf(errOut, "shapan sim: %v\n", err)
		return exitUsage
	}
	b = append(b, '\n')
	if outPath == "" {
		outPath = formats.Stdin
	}
	if err := writeOutput(outPath, b, doc.Inputs(), rawWriter(stdout)); err != nil {
		return ioFailure("sim", errOut, err)
	}
	first, n := sh.Games(opts.Games)
	if runErr != nil {
		fmt.Fprintf(errOut, "shapan sim: shard %d/%d interrupted: the part cannot be merged; run it again\n", sh.Index, sh.Count)
		return exitUsage
	}
	fmt.Fprintf(errOut, "shapan sim: shard %d/%d: games %d to %d of %d played", sh.Index, sh.Count, first, first+n-1, opts.Games)
	if opts.Timing != nil {
		fmt.Fprint(errOut, costs(*opts.Timing, n, time.Duration(cputime.Process())-cpu))
	}
	if outPath != formats.Stdin {
		fmt.Fprintf(errOut, "; wrote %s", outPath)
	}
	fmt.Fprintln(errOut)
	return exitOK
}

// runSimMerge is `shapan sim merge PARTS...`.
func runSimMerge(args []string, out, errOut io.Writer) int {
	c := commands["sim"]
	out, errOut = textOut(out), textOut(errOut)
	fs := newFlagSet(c, errOut)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	chart := outputFlag(fs, "chart", "write charts of the report to this PNG file (-: standard output, the report then goes to standard error)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	if len(pos) == 0 {
		return usageError(c, errOut, "name the PARTS to merge (the files `shapan sim --shard K/N` wrote)")
	}
	if err := checkOutput(*chart, pos); *chart != "" && err != nil {
		return ioFailure("sim merge", errOut, err)
	}
	parts := make([]*sim.Part, len(pos))
	for i, p := range pos {
		if parts[i], err = readPart(p); err != nil {
			fmt.Fprintf(errOut, "shapan sim merge: %s: %v\n", p, err)
			return exitInvalid
		}
	}
	adapter, err := partFamily(parts[0])
	if err != nil {
		fmt.Fprintf(errOut, "shapan sim merge: %s: %v\n", pos[0], err)
		return exitInvalid
	}
	for i, p := range parts[1:] {
		if !sameSetup(p.Setup, parts[0].Setup) {
			fmt.Fprintf(errOut, "shapan sim merge: %s: played from other files or options than %s\n", pos[i+1], pos[0])
			return exitInvalid
		}
	}
	r, err := sim.Merge(adapter, parts)
	if err != nil {
		fmt.Fprintf(errOut, "shapan sim merge: %v\n", err)
		return exitInvalid
	}
	r.Scenario = parts[0].Scenario
	note := fmt.Sprintf("shapan sim merge: %d games from %d parts\n", r.Games+r.Failed, len(parts))
	if code := printReport(r, *asJSON, *chart, pos, note, false, out, errOut); code != exitOK {
		return code
	}
	return failedGames(r, errOut)
}

// readPart reads a part file.
func readPart(p string) (*sim.Part, error) {
	data, err := formats.ReadInput(p, formats.Options{})
	if err != nil {
		return nil, err
	}
	var part sim.Part
	if err := json.Unmarshal(data, &part); err != nil {
		return nil, fmt.Errorf("not a part of a sharded simulation: %w", err)
	}
	if part.Format != sim.PartFormat {
		return nil, fmt.Errorf("not a part of a sharded simulation (format %q, not %q)", part.Format, sim.PartFormat)
	}
	if part.Setup == nil || len(part.Setup.Files) == 0 {
		return nil, errors.New("the part does not carry the scenario it was played from")
	}
	return &part, nil
}

// sameSetup reports whether two parts were played from the same files
// and options.
func sameSetup(a, b *sim.PartSetup) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// partFamily rebuilds the simulation a part was played with: its files
// are written to a temporary folder, in the same places relative to the
// scenario, and read as `shapan sim` read them.
func partFamily(p *sim.Part) (sim.Family, error) {
	s := p.Setup
	dir, err := os.MkdirTemp("", "shapan-merge-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	base := dir
	depth := 0
	for _, f := range s.Files { // room for the files named ../x beside the scenario
		n := 0
		for rest := path.Clean(f.Path); strings.HasPrefix(rest, "../"); rest = rest[3:] {
			n++
		}
		depth = max(depth, n)
	}
	for range depth {
		base = filepath.Join(base, "up")
	}
	for _, f := range s.Files {
		target := filepath.Join(base, filepath.FromSlash(f.Path))
		if !strings.HasPrefix(target, dir+string(filepath.Separator)) || path.IsAbs(f.Path) {
			return nil, fmt.Errorf("the part names the file %q outside the scenario's folders", f.Path)
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(target, f.Data, 0o644); err != nil {
			return nil, err
		}
	}
	in := inputFlags{from: s.From, encoding: s.Encoding, maxInput: "1TiB"}
	if in.encoding == "" {
		in.encoding = "utf-8"
	}
	o, err := in.options(formats.Options{})
	if err != nil {
		return nil, err
	}
	if s.Rules != "" {
		o.RulesPath = filepath.Join(base, filepath.FromSlash(s.Rules))
	}
	main := filepath.Join(base, filepath.FromSlash(s.Files[0].Path))
	doc, err := formats.Read(main, o)
	if err != nil {
		return nil, fmt.Errorf("the scenario the part carries: %w", err)
	}
	return family.Simulate(doc, family.SimOptions{TurnCap: s.TurnCap, Players: s.Players})
}
