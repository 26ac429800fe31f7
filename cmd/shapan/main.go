// Command shapan converts, checks, previews and plays scenarios of the
// Three Kingdoms strategy games Shapan supports. It needs no display and
// builds without cgo.
//
// Exit status: 0 success, 1 the input is invalid (errors found, conversion
// impossible, replay diverged), 2 usage or I/O problem.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	_ "github.com/shapan/shapan/family/all" // every game family
	buildversion "github.com/shapan/shapan/internal/version"
)

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

// command is one subcommand.
type command struct {
	name    string
	usage   string
	summary string
	run     func(args []string, out, errOut io.Writer) int
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() {
	os.Exit(runChecked(os.Args[1:], os.Stdout, os.Stderr))
}

// runChecked runs the command line with its standard output checked: a
// write that fails (a full disk, a closed pipe) makes the exit status 2,
// never a silent success.
func runChecked(args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := run(args, out, stderr)
	if out.err != nil {
		fmt.Fprintf(stderr, "shapan: writing the standard output: %v\n", out.err)
		return exitUsage
	}
	return code
}

// checkedWriter remembers the first error of its writer and writes
// nothing after it.
type checkedWriter struct {
	w   io.Writer
	err error
}

// Unwrap returns the writer written to, so that a terminal is seen as one.
func (c *checkedWriter) Unwrap() io.Writer { return c.w }

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

func run(args []string, out, errOut io.Writer) int {
	if len(args) == 0 {
		usage(errOut)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		return help(args[1:], out, errOut)
	case "-version", "--version", "version":
		fmt.Fprintln(out, version())
		return exitOK
	case genDocsCommand:
		return runGenDocs(args[1:], out, errOut)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(errOut, "shapan: unknown command %q\n\n", args[0])
		usage(errOut)
		return exitUsage
	}
	return c.run(args[1:], out, errOut)
}

// help prints the list of commands, or the details and flags of one.
func help(args []string, out, errOut io.Writer) int {
	switch {
	case len(args) == 0:
		usage(out)
		return exitOK
	case len(args) > 1:
		fmt.Fprintln(errOut, "shapan help: name one command")
		return exitUsage
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(errOut, "shapan help: unknown command %q; 'shapan help' lists them\n", args[0])
		return exitUsage
	}
	// The command prints its usage, details and flags when asked for help.
	c.run([]string{"-h"}, out, out)
	return exitOK
}

// usage prints one line of help per command.
func usage(w io.Writer) {
	fmt.Fprintln(w, "Shapan (沙盘) — scenario studio for Three Kingdoms strategy games.")
	fmt.Fprintln(w, "\nusage:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  %s\n      %s\n", c.usage, firstSentence(c.summary))
	}
	fmt.Fprintln(w, "\n'shapan help COMMAND' describes one command and its flags; 'shapan --version' prints the version.")
}

// firstSentence returns the summary's first sentence on one line.
func firstSentence(summary string) string {
	s := strings.Join(strings.Fields(summary), " ")
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' {
			return s[:i+1]
		}
	}
	return s
}

// version describes the build: the version stamped by a release build
// (internal/version), or the revision of a development build, and the Go
// version.
func version() string { return buildversion.String("shapan") }

// parseFlags parses flags that may come before, between or after the
// positional arguments, and returns the positional ones. "--" ends the
// flags: every argument after it is positional, even one that starts with
// a dash. The numbers given to numeric flags are checked (see
// checkNumbers); a problem is printed on the flag set's output.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos, tail []string
	for i, a := range args {
		if a == "--" {
			args, tail = args[:i], args[i+1:]
			break
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	if err := checkNumbers(fs); err != nil {
		fmt.Fprintf(fs.Output(), "shapan %s: %v\n", fs.Name(), err)
		return nil, err
	}
	return append(pos, tail...), nil
}

// newFlagSet returns a flag set that reports its errors to errOut and
// prints the command's usage.
func newFlagSet(c *command, errOut io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	if onNewFlagSet != nil {
		onNewFlagSet(fs)
	}
	fs.SetOutput(errOut)
	lastFlagSet.Lock()
	lastFlagSet.m[c.name] = fs
	lastFlagSet.Unlock()
	fs.Usage = func() {
		fmt.Fprintf(errOut, "usage: %s\n\n%s\n\nflags:\n", c.usage, c.summary)
		fs.PrintDefaults()
	}
	return fs
}

// lastFlagSet holds the flag set each command made last, so that a test
// can list every command's flags.
var lastFlagSet = struct {
	sync.Mutex
	m map[string]*flag.FlagSet
}{m: map[string]*flag.FlagSet{}}

// usageError prints msg and the command's usage and returns exitUsage.
func usageError(c *command, errOut io.Writer, msg string) int {
	fmt.Fprintf(errOut, "shapan %s: %s\nusage: %s\n", c.name, msg, c.usage)
	return exitUsage
}

// flagErr turns a flag parsing error into an exit status.
func flagErr(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitUsage
}

// info prints a line of information (what was written, how long it took)
// on w, unless --quiet asked for silence. Errors are always printed.
func info(quiet bool, w io.Writer, format string, args ...any) {
	if !quiet {
		fmt.Fprintf(w, format, args...)
	}
}
