package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/serve"
)

func init() {
	register(&command{
		name:  "replay",
		usage: "shapan replay [--root DIR] FILE.json...",
		summary: "Replays golden traces recorded from the original games and compares every decision, event, result and\n" +
			"final state. Scenario paths inside a golden file are resolved against --root (default: the directory two\n" +
			"levels above the file, i.e. the shared folder of shared/golden/FAMILY/FILE.json). Known formats: " + goldenFormatNames() + ".\n" +
			"Exit status 0 when every case matches, 1 when one diverges (the case and its first divergence are printed),\n" +
			"2 on usage or I/O errors and on files of an unknown format.",
		run: runReplay,
	})
}

// goldenFormat is one family's golden trace format. To add one, append to
// goldenFormats: detect looks at the top-level fields of the file, run
// replays it and prints one line per matching case to out. A mismatch must
// be returned as an error with an IsDivergence() bool method returning true
// (exit status 1); any other error counts as an I/O or format problem (2).
type goldenFormat struct {
	name   string
	detect func(head goldenHead) bool
	run    func(path, root string, out io.Writer) error
}

// goldenHead is the top-level object of a golden file (the first line of a
// JSON Lines trace).
type goldenHead map[string]json.RawMessage

// str returns a top-level string field ("" when absent or not a string).
func (h goldenHead) str(key string) string {
	var s string
	if raw, ok := h[key]; ok {
		json.Unmarshal(raw, &s)
	}
	return s
}

var goldenFormats = []goldenFormat{
	{
		name:   "shapan serve game record (" + serve.RecordFormat + ")",
		detect: func(h goldenHead) bool { return h.str("format") == serve.RecordFormat },
		run: func(path, _ string, out io.Writer) error {
			s, err := serve.ReplayRecordFile(path)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: %s game (%d answers, %d events, over %v)\n", path, s.Family, s.Answers, s.Events, s.Over)
			}
			return err
		},
	},
	{
		name:   "mbg game case",
		detect: func(h goldenHead) bool { return h.str("game") == "mbg" && h["kind"] == nil && h["events"] != nil },
		run: func(path, root string, out io.Writer) error {
			s, err := mbg.ReplayCaseFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: case %s (%d events, %d decisions, result %d)\n", path, s.Case, s.Events, s.Decisions, s.Result)
			}
			return err
		},
	},
	{
		name: "mbg play trace (JSON Lines of shapan play --trace)",
		detect: func(h goldenHead) bool {
			return h.str("game") == "mbg" && h["kind"] == nil && h["events"] == nil && h["initial"] != nil
		},
		run: func(path, root string, out io.Writer) error {
			s, err := mbg.ReplayTraceFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: trace %s (%d events, %d decisions, result %d)\n", path, s.Case, s.Events, s.Decisions, s.Result)
			}
			return err
		},
	},
	{
		name:   "mbg battle suite",
		detect: func(h goldenHead) bool { return h.str("game") == "mbg" && h.str("kind") == "battle_suite" },
		run: func(path, root string, out io.Writer) error {
			s, err := mbg.ReplayBattleSuiteFile(path)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: suite %s (%d battles, %d events)\n", path, s.Case, s.Battles, s.Events)
			}
			return err
		},
	},
	{
		name:   "planets conformance facts (planets-peer/1)",
		detect: func(h goldenHead) bool { return h.str("format") == planets.PeerFormat },
		run: func(path, root string, out io.Writer) error {
			s, err := planets.ReplayPeerFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: %d count_growth, %d battle and %d maps facts, %d scenarios (%d ops)\n",
					path, s.Growth, s.Battles, s.Maps, s.Scenarios, s.Ops)
			}
			return err
		},
	},
	{
		name: "planets play trace (JSON Lines of shapan play --trace)",
		detect: func(h goldenHead) bool {
			return h.str("game") == planets.Family && h.str("format") == planets.TraceFormat
		},
		run: func(path, _ string, out io.Writer) error {
			s, err := planets.ReplayTraceFile(path)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: trace %s (%d events, %d decisions, winner %d at round %d)\n",
					path, s.Case, s.Events, s.Decisions, s.Result.Winner, s.Result.Rounds)
			}
			return err
		},
	},
	{
		name:   "ftbt game",
		detect: func(h goldenHead) bool { return h.str("game") == "ftbt" && h["kind"] == nil && h["events"] != nil },
		run: func(path, root string, out io.Writer) error {
			s, err := ftbt.ReplayGameFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: game %s (%d events, %d AI decisions, result %d after %d rounds)\n", path, s.Case, s.Events, s.Decisions, s.Result, s.Rounds)
			}
			return err
		},
	},
	{
		name: "ftbt play trace (JSON Lines of shapan play --trace)",
		detect: func(h goldenHead) bool {
			return h.str("game") == "ftbt" && h["kind"] == nil && h["events"] == nil && h["level"] != nil
		},
		run: func(path, root string, out io.Writer) error {
			s, err := ftbt.ReplayTraceFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: trace %s (%d events, %d AI decisions, result %d after %d rounds)\n", path, s.Case, s.Events, s.Decisions, s.Result, s.Rounds)
			}
			return err
		},
	},
	{
		name:   "ftbt AI decisions",
		detect: func(h goldenHead) bool { return h.str("game") == "ftbt" && h.str("kind") == "ai_decisions" },
		run: func(path, root string, out io.Writer) error {
			s, err := ftbt.ReplayAIDecisionsFile(path, root)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: %s (%d AI decisions with every score)\n", path, s.Case, s.Decisions)
			}
			return err
		},
	},
}

func goldenFormatNames() string {
	names := make([]string, len(goldenFormats))
	for i, f := range goldenFormats {
		names[i] = f.name
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// describeHead names what a file of an unknown format says it is.
func describeHead(h goldenHead) string {
	var parts []string
	for _, k := range []string{"game", "kind", "format"} {
		if v := h.str(k); v != "" {
			parts = append(parts, fmt.Sprintf("%s %q", k, v))
		}
	}
	if len(parts) == 0 {
		return "no game, kind or format field"
	}
	return strings.Join(parts, ", ")
}

func runReplay(args []string, out, errOut io.Writer) int {
	c := commands["replay"]
	fs := newFlagSet(c, errOut)
	root := fs.String("root", "", "folder the scenario paths of a golden file are relative to (default: two levels above the file)")
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	if len(files) == 0 {
		return usageError(c, errOut, "name a golden FILE.json")
	}
	status := exitOK
	for _, file := range files {
		status = max(status, replayFile(file, *root, out, errOut))
	}
	return status
}

// replayFile replays one golden file and returns its exit status.
func replayFile(file, root string, out, errOut io.Writer) int {
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(errOut, "shapan replay: %v\n", err)
		return exitUsage
	}
	var head goldenHead
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&head); err != nil {
		fmt.Fprintf(errOut, "shapan replay: %s: not a golden file (a JSON object): %v\n", file, err)
		return exitUsage
	}
	if root == "" {
		abs, err := filepath.Abs(file)
		if err != nil {
			fmt.Fprintf(errOut, "shapan replay: %v\n", err)
			return exitUsage
		}
		root = filepath.Dir(filepath.Dir(filepath.Dir(abs)))
	}
	for _, f := range goldenFormats {
		if !f.detect(head) {
			continue
		}
		err := f.run(file, root, out)
		var div interface{ IsDivergence() bool }
		switch {
		case err == nil:
			return exitOK
		case errors.As(err, &div) && div.IsDivergence():
			fmt.Fprintf(errOut, "shapan replay: %s: DIVERGED: %v\n", file, err)
			return exitInvalid
		default:
			fmt.Fprintf(errOut, "shapan replay: %s: %v\n", file, err)
			return exitUsage
		}
	}
	fmt.Fprintf(errOut, "shapan replay: %s: unrecognised golden format (%s); known formats: %s\n", file, describeHead(head), goldenFormatNames())
	return exitUsage
}
