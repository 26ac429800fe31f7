package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/shapan/shapan/formats"
)

// The outputs of the commands. Every flag (or argument) that names a file
// a command writes is declared with outputFlag or folderFlag, so that one
// test holds all of them to the same rules: "-" is standard output where
// an output can be a stream (and refused where it cannot, a folder), and
// no output is ever written over a file the command reads.

// outputNames records the output flags each command declared (for the
// audit test): command name → flag names.
var outputNames = struct {
	sync.Mutex
	m map[string]map[string]bool
}{m: map[string]map[string]bool{}}

func recordOutput(fs *flag.FlagSet, name string) {
	outputNames.Lock()
	defer outputNames.Unlock()
	if outputNames.m[fs.Name()] == nil {
		outputNames.m[fs.Name()] = map[string]bool{}
	}
	outputNames.m[fs.Name()][name] = true
}

// declaredOutputs lists the output flags of a command, sorted.
func declaredOutputs(command string) []string {
	outputNames.Lock()
	defer outputNames.Unlock()
	var out []string
	for n := range outputNames.m[command] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// outputFlag declares a flag naming a file the command writes ("-":
// standard output).
func outputFlag(fs *flag.FlagSet, name, usage string) *string {
	recordOutput(fs, name)
	return fs.String(name, "", usage)
}

// folderFlag declares a flag naming a folder the command writes files
// into; "-" is refused (see checkFolder).
func folderFlag(fs *flag.FlagSet, name, usage string) *string {
	recordOutput(fs, name)
	return fs.String(name, "", usage)
}

// checkFolder refuses "-" for the folder flag name: standard output
// cannot hold files.
func checkFolder(name, dir string) error {
	if dir == formats.Stdin {
		return fmt.Errorf("--%s names a folder to write files into; - (standard output) cannot hold them: name a folder", name)
	}
	return nil
}

// checkOutput refuses to write the output path over any of inputs (the
// files the command read: the document, its intro, its rules, the parts
// merged). Standard output ("-") is always allowed. Its error is an
// IOError (exit status 2).
func checkOutput(path string, inputs []string) error {
	if path == formats.Stdin {
		return nil
	}
	return formats.CheckNotInput(path, inputs)
}

// writeOutput writes data to path ("-": stdout), atomically, never over
// one of inputs. Its errors are IOErrors.
func writeOutput(path string, data []byte, inputs []string, stdout io.Writer) error {
	if err := checkOutput(path, inputs); err != nil {
		return err
	}
	if path == formats.Stdin {
		if _, err := stdout.Write(data); err != nil {
			return &formats.IOError{Err: fmt.Errorf("writing the standard output: %w", err)}
		}
		return nil
	}
	if err := formats.WriteFileAtomic(path, data); err != nil {
		return &formats.IOError{Err: err}
	}
	return nil
}

// ioFailure prints an error of writing or reading a file and returns the
// exit status for it: 2, whatever the error's type.
func ioFailure(cmd string, errOut io.Writer, err error) int {
	var ioe *formats.IOError
	if errors.As(err, &ioe) {
		err = ioe.Err
	}
	fmt.Fprintf(errOut, "shapan %s: %v\n", cmd, err)
	return exitUsage
}
