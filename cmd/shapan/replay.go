package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/serve"
)

func init() {
	register(&command{
		name:  "replay",
		usage: "shapan replay [--root DIR] [--print-events] FILE.json...",
		summary: "Replays golden traces recorded from the original games and compares every decision, event, result and\n" +
			"final state. Scenario paths inside a golden file are resolved against --root (default: the directory two\n" +
			"levels above the file, i.e. the shared folder of shared/golden/FAMILY/FILE.json). Known formats: " + goldenFormatNames() + ".\n" +
			"Exit status 0 when every case matches, 1 when one diverges (the case and its first divergence are printed),\n" +
			"2 on usage or I/O errors and on files of an unknown format.\n" +
			"--print-events prints the events the game of a trace emits as JSON Lines (the summary then goes to standard\n" +
			"error; battle traces). A battle trace written by hand may hold only its header ({\"game\": \"battle\", \"format\":\n" +
			"\"battle-trace/1\", \"map_file\": MAP, \"setup\": {\"start\": ...}}, the map relative to the trace) and the answers\n" +
			"({\"q\": \"orders\", \"player\": SIDE, \"a\": [...]}): it is run, so any situation of the rules can be checked\n" +
			"(docs/battle-start.md describes setup.start, a position to start from).",
		run: runReplay,
	})
}

// goldenFormats are the formats replay knows: the server's game records
// and every family's golden and trace formats.
func goldenFormats() []family.Golden {
	record := family.Golden{
		Name:   "shapan serve game record (" + serve.RecordFormat + ")",
		Detect: func(h family.Head) bool { return h.Str("format") == serve.RecordFormat },
		Replay: func(path, _ string, out io.Writer) error {
			s, err := serve.ReplayRecordFile(path)
			if err == nil {
				fmt.Fprintf(out, "ok  %s: %s game (%d answers, %d events, over %v)\n", path, s.Family, s.Answers, s.Events, s.Over)
			}
			return err
		},
	}
	return append([]family.Golden{record}, family.GoldenFormats()...)
}

func goldenFormatNames() string {
	var names []string
	for _, f := range goldenFormats() {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// describeHead names what a file of an unknown format says it is.
func describeHead(h family.Head) string {
	var parts []string
	for _, k := range []string{"game", "kind", "format"} {
		if v := h.Str(k); v != "" {
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
	out, errOut = textOut(out), textOut(errOut)
	fs := newFlagSet(c, errOut)
	root := fs.String("root", "", "folder the scenario paths of a golden file are relative to (default: two levels above the file)")
	printEvents := fs.Bool("print-events", false, "print the events of the trace's game as JSON Lines (the summary goes to standard error)")
	maxInput := fs.String("max-input", "256MiB", "largest file read (bytes, or with a unit: 64MiB, 1GiB)")
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	if len(files) == 0 {
		return usageError(c, errOut, "name a golden FILE.json")
	}
	limit, err := parseSize(*maxInput)
	if err != nil {
		return usageError(c, errOut, "--max-input: "+err.Error())
	}
	// With --root, the files a trace names must lie inside it.
	engine.StrictRoot.Store(*root != "")
	defer engine.StrictRoot.Store(false)
	status := exitOK
	for _, file := range files {
		if file == formats.Stdin {
			fmt.Fprintf(errOut, "shapan replay: - (standard input) cannot be replayed: a golden file names its scenario relative to its own place; name the file\n")
			status = exitUsage
			continue
		}
		status = max(status, replayFile(file, *root, limit, out, errOut, *printEvents))
	}
	return status
}

// replayFile replays one golden file and returns its exit status. The
// file must be a regular file of at most limit bytes (a device, a FIFO,
// a file larger than the limit is refused before it is read); its head
// is read from a stream, as far as its first JSON value goes.
func replayFile(file, root string, limit int64, out, errOut io.Writer, printEvents bool) int {
	head, err := readHead(file, limit)
	if err != nil {
		fmt.Fprintf(errOut, "shapan replay: %v\n", err)
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
	for _, f := range goldenFormats() {
		if !f.Detect(head) {
			continue
		}
		var err error
		switch {
		case !printEvents:
			err = f.Replay(file, root, out)
		case f.ReplayEvents == nil:
			fmt.Fprintf(errOut, "shapan replay: %s: a %s does not print its events\n", file, f.Name)
			return exitUsage
		default:
			enc := json.NewEncoder(out)
			enc.SetEscapeHTML(false)
			err = f.ReplayEvents(file, root, errOut, func(e engine.Event) { enc.Encode(e) })
		}
		var div interface{ IsDivergence() bool }
		switch {
		case err == nil:
			return exitOK
		case errors.As(err, &div) && div.IsDivergence():
			fmt.Fprintf(errOut, "shapan replay: %s: DIVERGED: %v\n", file, err)
			return exitInvalid
		default:
			fmt.Fprintf(errOut, "shapan replay: %s: %v\n", file, unquoted(file, err))
			return exitUsage
		}
	}
	fmt.Fprintf(errOut, "shapan replay: %s: unrecognised golden format (%s); known formats: %s\n", file, describeHead(head), goldenFormatNames())
	return exitUsage
}

// readHead reads the first JSON value of a golden file: its head (the
// game, kind and format fields), after checking that the file can be
// read whole within limit.
func readHead(file string, limit int64) (family.Head, error) {
	var head family.Head
	st, err := os.Stat(file)
	switch {
	case err != nil:
		return head, err
	case !st.Mode().IsRegular():
		return head, fmt.Errorf("%s is not a regular file (%s); name a golden file", file, formats.DescribeMode(st.Mode()))
	case st.Size() > limit:
		return head, fmt.Errorf("%s is %d bytes, larger than the input limit of %d bytes; raise it with --max-input", file, st.Size(), limit)
	}
	f, err := os.Open(file)
	if err != nil {
		return head, err
	}
	defer f.Close()
	if err := json.NewDecoder(bufio.NewReader(io.LimitReader(f, limit))).Decode(&head); err != nil {
		return head, fmt.Errorf("%s: not a golden file (a JSON object): %v", file, err)
	}
	return head, nil
}

// unquoted returns err, or, when it holds problems found in files other
// than the golden file (the scenario or rules it names), an error that
// places them without their messages: a golden file must not make replay
// print what another file holds (its messages quote the file's tokens).
func unquoted(file string, err error) error {
	var list diag.List
	var one *diag.Diagnostic
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = diag.List{*one}
	default:
		return err
	}
	var places []string
	for _, d := range list {
		if d.File == "" || formats.SameFile(d.File, file) {
			return err
		}
		places = append(places, fmt.Sprintf("%s:%d:%d (%s)", d.File, d.Line, d.Col, d.Code))
	}
	return fmt.Errorf("a file it names does not read as the game needs it, at %s; check that file with 'shapan check' (its content is not shown here)", strings.Join(places, ", "))
}
