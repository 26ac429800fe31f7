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

	_ "github.com/shapan/shapan/family/all" // every game family
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
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, out, errOut io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				fmt.Fprintf(out, "usage: %s\n\n%s\n", c.usage, c.summary)
				return exitOK
			}
		}
		usage(out)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(errOut, "shapan: unknown command %q\n\n", args[0])
		usage(errOut)
		return exitUsage
	}
	return c.run(args[1:], out, errOut)
}

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
		fmt.Fprintf(w, "  %s\n      %s\n", c.usage, c.summary)
	}
	fmt.Fprintln(w, "\n'shapan help COMMAND' describes one command.")
}

// parseFlags parses flags that may come before, between or after the
// positional arguments, and returns the positional ones.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlagSet returns a flag set that reports its errors to errOut and
// prints the command's usage.
func newFlagSet(c *command, errOut io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Usage = func() {
		fmt.Fprintf(errOut, "usage: %s\n\n%s\n\nflags:\n", c.usage, c.summary)
		fs.PrintDefaults()
	}
	return fs
}

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

func joinFormats(fs []string) string { return strings.Join(fs, ", ") }
