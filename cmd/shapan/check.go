package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/diagout"
	"github.com/shapan/shapan/internal/progress"
	"github.com/shapan/shapan/validate"
)

func init() {
	register(&command{
		name:  "check",
		usage: "shapan check [--format " + diagout.Names() + "] [--column-unit " + columnUnits + "] [--rules FILE] FILE|FOLDER...",
		summary: "Checks scenarios of every family, legacy files and YAML documents alike, and prints every problem as\n" +
			"FILE:LINE:COL: error|warning: message [CODE] (--format text, the default, which editors' and CI's gcc problem\n" +
			"matchers read). --format json prints one JSON array of diagnostics (--json is the same), github prints GitHub\n" +
			"Actions workflow commands (annotations on the lines of a pull request), sarif a SARIF 2.1.0 log for code\n" +
			"scanning. The count of errors and warnings goes to standard error (--quiet: not; nor the progress bar drawn\n" +
			"over many files on a terminal). Text on a terminal is coloured unless NO_COLOR is set (not empty). --rules\n" +
			"names the ftbt rules a level is checked against (otherwise the rules its YAML names). Exit status 0 when there\n" +
			"are only warnings, 1 when there are errors, 2 when a file cannot be read. A FOLDER is searched recursively for\n" +
			"the files of the forms Shapan reads (" + strings.Join(formats.Extensions(), " ") + "; hidden folders are skipped).\n" +
			"--column-unit says what a column counts: char (Unicode code points, the default: VS Code), byte (UTF-8 bytes:\n" +
			"Vim) or display (terminal cells, a Chinese character two: Emacs). 'shapan check --list' prints every code;\n" +
			"--problem-matcher prints a GitHub Actions problem matcher for the text form (see docs/ci.md).",
		run: runCheck,
	})
}

func runCheck(args []string, out, errOut io.Writer) int {
	c := commands["check"]
	fs := newFlagSet(c, errOut)
	format := fs.String("format", string(diagout.Text), "output form: "+diagout.Names())
	asJSON := fs.Bool("json", false, "the same as --format json")
	unitName := fs.String("column-unit", string(diagout.Char), "what a column counts: "+columnUnits)
	quiet := fs.Bool("quiet", false, "no progress bar and no count of the problems on standard error")
	rules := fs.String("rules", "", "ftbt rules file for levels")
	list := fs.Bool("list", false, "print the rule catalogue and exit")
	matcher := fs.Bool("problem-matcher", false, "print a GitHub Actions problem matcher for the text form and exit")
	input := addInputFlags(fs)
	files, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	opts, err := input.options(formats.Options{RulesPath: *rules})
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	if *asJSON {
		*format = string(diagout.JSON)
	}
	form, err := diagout.Parse(*format)
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	if *list {
		return listRules(c, form, out, errOut)
	}
	if *matcher {
		out.Write(diagout.ProblemMatcher)
		return exitOK
	}
	if len(files) == 0 {
		return usageError(c, errOut, "name at least one FILE or FOLDER")
	}
	files, err = expandFolders(files)
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	unit, err := diagout.ParseColumnUnit(*unitName)
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	if form == diagout.SARIF && unit != diagout.Char {
		return usageError(c, errOut, "a SARIF log counts columns in characters (its columnKind is unicodeCodePoints); --column-unit does not apply to it")
	}
	// A check reads each document once and keeps it until it is checked:
	// collecting at 5× the live heap spares it the collections while a
	// big file is read (and the reuse of the memory they free, which the
	// runtime then clears again).
	defer collectLess()()
	all, failures, status := checkFiles(files, opts, *quiet, errOut)
	all = diagout.InUnit(all, unit, os.ReadFile)
	if form == diagout.Text {
		err = diagout.WriteText(out, all, progress.Colour(out))
	} else {
		err = diagout.Write(out, form, all, checkTool(), failures)
	}
	if err != nil {
		fmt.Fprintf(errOut, "shapan check: %v\n", err)
		return exitUsage
	}
	if errs, warns := all.Count(); errs+warns > 0 && !*quiet && form != diagout.JSON && form != diagout.SARIF {
		fmt.Fprintf(errOut, "%d error(s), %d warning(s)\n", errs, warns)
	}
	if status == exitOK && all.HasErrors() {
		status = exitInvalid
	}
	return status
}

// checkFiles reads and checks each file, with a progress bar on errOut when
// there are several. It returns the diagnostics, the files that could not
// be read (failures), and exitUsage when one of them could not be read.
func checkFiles(files []string, opts formats.Options, quiet bool, errOut io.Writer) (all, failures diag.List, status int) {
	status = exitOK
	var bar *progress.Bar
	if len(files) > 1 {
		bar = progress.New(errOut, progress.Options{Total: int64(len(files)), Unit: "files", Quiet: quiet})
	}
	for i, file := range files {
		bar.Set(int64(i))
		restore := boundMemory(file)
		doc, err := formats.Read(file, opts)
		if err != nil {
			restore()
			if formats.IsIO(err) {
				fmt.Fprintf(errOut, "shapan check: %v\n", err)
				failures = append(failures, diag.Diagnostic{File: file, Severity: diag.Error, Code: diag.CodeIO, Message: err.Error()})
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
		doc.ForgetOrigin() // nothing is written
		all = append(all, validate.Check(doc)...)
		restore()
	}
	bar.Done()
	return all, failures, status
}

// columnUnits names the values of --column-unit.
var columnUnits = func() string {
	names := make([]string, len(diagout.ColumnUnits))
	for i, u := range diagout.ColumnUnits {
		names[i] = string(u)
	}
	return strings.Join(names, "|")
}()

// checkTool describes shapan check and its rule catalogue for the output
// forms that carry them (SARIF).
func checkTool() diagout.Tool {
	t := diagout.Tool{Name: "shapan", URI: "https://github.com/shapan/shapan"}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		t.Version = bi.Main.Version
	}
	t.Rules = catalogue()
	return t
}

// listRules prints the rule catalogue in the output form asked for: a
// table (text) or a JSON array of the rules.
func listRules(c *command, form diagout.Format, out, errOut io.Writer) int {
	switch form {
	case diagout.Text:
		for _, r := range catalogue() {
			fmt.Fprintf(out, "%-6s  %-7s  %s\n", r.Code, r.Severity, r.Title)
		}
	case diagout.JSON:
		type rule struct {
			Code     string `json:"code"`
			Severity string `json:"severity"`
			Title    string `json:"title"`
			Meaning  string `json:"meaning"`
			Fix      string `json:"fix"`
		}
		var rules []rule
		for _, r := range catalogue() {
			rules = append(rules, rule{r.Code, r.Severity.String(), r.Title, r.Meaning, r.Fix})
		}
		b, err := json.MarshalIndent(rules, "", "  ")
		if err != nil {
			fmt.Fprintf(errOut, "shapan check: %v\n", err)
			return exitUsage
		}
		out.Write(append(b, '\n'))
	default:
		return usageError(c, errOut, fmt.Sprintf("--list prints the catalogue as text or json, not %s", form))
	}
	return exitOK
}

// catalogue returns every code check reports, documented: the rules of
// validate and the codes of the format readers and writers, by code.
func catalogue() []diagout.Rule {
	var out []diagout.Rule
	for _, r := range validate.Rules() {
		out = append(out, diagout.Rule{Code: r.Code, Severity: r.Severity, Title: r.Title, Meaning: r.Meaning, Fix: r.Fix})
	}
	for _, c := range diag.Codes() {
		out = append(out, diagout.Rule{Code: c.Code, Severity: c.Severity, Title: c.Title, Meaning: c.Meaning, Fix: c.Fix})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// expandFolders replaces each folder of args by the documents under it
// (the files with an extension Shapan reads, in sorted order, hidden
// folders such as .git and .shapan skipped); a folder holding none is an
// error, so that a CI job pointed at the wrong folder fails.
func expandFolders(args []string) ([]string, error) {
	exts := map[string]bool{}
	for _, e := range formats.Extensions() {
		exts[e] = true
	}
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			out = append(out, a) // a file, or what the reader will report
			continue
		}
		n := len(out)
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != a && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if exts[strings.ToLower(filepath.Ext(p))] && !d.Type().IsDir() {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("reading the folder %s: %w", a, err)
		}
		if len(out) == n {
			return nil, fmt.Errorf("the folder %s holds no document (no file ending in %s)", a, strings.Join(formats.Extensions(), ", "))
		}
	}
	return out, nil
}
