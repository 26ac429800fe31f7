package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/validate"
)

func init() {
	register(&command{
		name:  "check",
		usage: "shapan check [--json] [--rules FILE] FILE...",
		summary: "Checks scenarios of every family, legacy files and YAML documents alike, and prints every problem as\n" +
			"FILE:LINE:COL: error|warning CODE: message. --json prints one JSON array of diagnostics instead. --rules\n" +
			"names the ftbt rules a level is checked against (otherwise the rules its YAML names). Exit status 0 when there\n" +
			"are only warnings, 1 when there are errors. 'shapan check --list' prints the rule catalogue.",
		run: runCheck,
	})
}

func runCheck(args []string, out, errOut io.Writer) int {
	c := commands["check"]
	fs := newFlagSet(c, errOut)
	asJSON := fs.Bool("json", false, "print one JSON array of diagnostics")
	rules := fs.String("rules", "", "ftbt rules file for levels")
	list := fs.Bool("list", false, "print the rule catalogue and exit")
	input := addInputFlags(fs)
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	opts, err := input.options(formats.Options{RulesPath: *rules})
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	if *list {
		for _, r := range validate.Rules() {
			fmt.Fprintf(out, "%s  %-7s  %s\n", r.Code, r.Severity, r.Title)
		}
		return exitOK
	}
	if len(files) == 0 {
		return usageError(c, errOut, "name at least one FILE")
	}
	var all diag.List
	status := exitOK
	for _, file := range files {
		doc, err := formats.Read(file, opts)
		if err != nil {
			if formats.IsIO(err) {
				fmt.Fprintf(errOut, "shapan check: %v\n", err)
				status = exitUsage
				continue
			}
			for _, d := range diag.AsList(err, file) {
				if d.File == "" {
					d.File = file
				}
				all = append(all, d)
			}
			continue
		}
		all = append(all, validate.Check(doc)...)
	}
	if *asJSON {
		if all == nil {
			all = diag.List{}
		}
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.Encode(all)
	} else {
		for _, d := range all {
			fmt.Fprintln(out, d.String())
		}
		if errs, warns := all.Count(); errs+warns > 0 {
			fmt.Fprintf(errOut, "%d error(s), %d warning(s)\n", errs, warns)
		}
	}
	if status == exitOK && all.HasErrors() {
		status = exitInvalid
	}
	return status
}
