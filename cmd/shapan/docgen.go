package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	buildversion "github.com/shapan/shapan/internal/version"
)

// genDocsCommand is the hidden command that writes the manual page and the
// shell completions from the commands and flags shapan itself has, so that
// they cannot drift from its help: `shapan __gendocs DIR` writes
// DIR/shapan.1, DIR/shapan.bash, DIR/_shapan (zsh) and DIR/shapan.fish.
// The release build (scripts/dist.sh) runs it; it is not listed by help.
const genDocsCommand = "__gendocs"

// cmdDoc is what the generated documents say about one command.
type cmdDoc struct {
	name, usage, summary string
	flags                []flagDoc
}

// flagDoc is one flag of a command.
type flagDoc struct {
	name, usage, value, def string
	isBool                  bool
}

// onNewFlagSet, when set, is given every flag set newFlagSet makes (the
// document generator collects a command's flags with it).
var onNewFlagSet func(*flag.FlagSet)

// describeCommands returns every command with its flags, in name order.
// The flags are those the command defines when asked for its help.
func describeCommands() []cmdDoc {
	var docs []cmdDoc
	for _, name := range sortedCommandNames() {
		c := commands[name]
		var sets []*flag.FlagSet
		onNewFlagSet = func(fs *flag.FlagSet) { sets = append(sets, fs) }
		c.run([]string{"-h"}, io.Discard, io.Discard)
		onNewFlagSet = nil
		d := cmdDoc{name: c.name, usage: c.usage, summary: strings.Join(strings.Fields(c.summary), " ")}
		if len(sets) > 0 {
			sets[0].VisitAll(func(f *flag.Flag) {
				value, usage := flag.UnquoteUsage(f)
				b, ok := f.Value.(interface{ IsBoolFlag() bool })
				d.flags = append(d.flags, flagDoc{name: f.Name, usage: usage, value: value, def: f.DefValue, isBool: ok && b.IsBoolFlag()})
			})
		}
		docs = append(docs, d)
	}
	return docs
}

func sortedCommandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// runGenDocs is `shapan __gendocs DIR`.
func runGenDocs(args []string, out, errOut io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(errOut, "usage: shapan "+genDocsCommand+" DIR")
		return exitUsage
	}
	dir := args[0]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(errOut, "shapan %s: %v\n", genDocsCommand, err)
		return exitUsage
	}
	docs := describeCommands()
	files := map[string]string{
		"shapan.1":    manPage(docs, releaseDate()),
		"shapan.bash": bashCompletion(docs),
		"_shapan":     zshCompletion(docs),
		"shapan.fish": fishCompletion(docs),
	}
	for _, name := range []string{"shapan.1", "shapan.bash", "_shapan", "shapan.fish"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(files[name]), 0o644); err != nil {
			fmt.Fprintf(errOut, "shapan %s: %v\n", genDocsCommand, err)
			return exitUsage
		}
		fmt.Fprintln(out, path)
	}
	return exitOK
}

// releaseDate is the date the manual page carries: SOURCE_DATE_EPOCH when
// it is set (reproducible builds), otherwise today.
func releaseDate() time.Time {
	var sec int64
	if _, err := fmt.Sscan(os.Getenv("SOURCE_DATE_EPOCH"), &sec); err == nil {
		return time.Unix(sec, 0).UTC()
	}
	return time.Now().UTC()
}

// roff escapes text for a roff line: backslashes, hyphens, and a line
// starting with a control character.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// manPage writes the manual page shapan(1) in man(7) roff.
func manPage(docs []cmdDoc, date time.Time) string {
	var b strings.Builder
	b.WriteString(".\\\" -*- coding: UTF-8 -*-\n")
	fmt.Fprintf(&b, ".TH SHAPAN 1 %q %q \"Shapan manual\"\n", date.Format("2006-01-02"), buildVersionShort())
	b.WriteString(".SH NAME\nshapan \\- convert, check, preview, play and simulate scenarios of Three Kingdoms strategy games\n")
	b.WriteString(".SH SYNOPSIS\n")
	for _, d := range docs {
		for _, line := range usageLines(d.usage) {
			fmt.Fprintf(&b, ".B %s\n.br\n", roff(line))
		}
	}
	b.WriteString(".B shapan \\-\\-version\n.SH DESCRIPTION\n")
	b.WriteString(roff("Shapan (沙盘) is a scenario studio for four turn-based Three Kingdoms strategy games. "+
		"shapan is its command line: it needs no display. The studio, the graphical editor, is shapan-studio(1).") + "\n")
	b.WriteString(".SH COMMANDS\n")
	for _, d := range docs {
		fmt.Fprintf(&b, ".SS %s\n", d.name)
		for i, line := range usageLines(d.usage) {
			if i > 0 {
				b.WriteString(".br\n")
			}
			fmt.Fprintf(&b, ".B %s\n", roff(line))
		}
		fmt.Fprintf(&b, ".PP\n%s\n", roff(d.summary))
		for _, f := range d.flags {
			arg := ""
			if f.value != "" {
				arg = " " + f.value
			}
			fmt.Fprintf(&b, ".TP\n.B \\-\\-%s%s\n%s", roff(f.name), roff(arg), roff(f.usage))
			if !f.isBool && f.def != "" {
				fmt.Fprintf(&b, " (default: %s)", roff(f.def))
			}
			b.WriteString("\n")
		}
	}
	b.WriteString(".SH EXIT STATUS\n0 success, 1 the input is invalid (errors found, conversion impossible, replay diverged), 2 usage or I/O problem.\n")
	b.WriteString(".SH ENVIRONMENT\n.TP\n.B NO_COLOR\nwhen set, text on a terminal is not coloured.\n")
	b.WriteString(".SH SEE ALSO\nshapan\\-studio(1); 'shapan help COMMAND' prints the same description of one command.\n")
	return b.String()
}

// usageLines returns one line per form of a command: a usage line that
// does not start with "shapan" goes on the line before it.
func usageLines(usage string) []string {
	var lines []string
	for _, l := range strings.Split(usage, "\n") {
		l = strings.TrimSpace(l)
		if len(lines) > 0 && !strings.HasPrefix(l, "shapan ") {
			lines[len(lines)-1] += " " + l
			continue
		}
		lines = append(lines, l)
	}
	return lines
}

// buildVersionShort is the version the manual page names.
func buildVersionShort() string { return "shapan " + buildversion.Short() }

// bashCompletion writes a bash completion script: commands first, then the
// chosen command's flags, and file names everywhere else.
func bashCompletion(docs []cmdDoc) string {
	var b strings.Builder
	b.WriteString("# bash completion for shapan (generated by 'shapan " + genDocsCommand + "')\n")
	b.WriteString("_shapan() {\n\tlocal cur=${COMP_WORDS[COMP_CWORD]}\n")
	b.WriteString("\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n")
	fmt.Fprintf(&b, "\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n\t\treturn\n\tfi\n", strings.Join(append(names(docs), "help", "--version"), " "))
	b.WriteString("\tcase ${COMP_WORDS[1]} in\n")
	for _, d := range docs {
		var flags []string
		for _, f := range d.flags {
			flags = append(flags, "--"+f.name)
		}
		fmt.Fprintf(&b, "\t%s) local flags=%q ;;\n", d.name, strings.Join(flags, " "))
	}
	fmt.Fprintf(&b, "\thelp) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", strings.Join(names(docs), " "))
	b.WriteString("\t*) local flags=\"\" ;;\n\tesac\n")
	b.WriteString("\tif [[ $cur == -* ]]; then\n\t\tCOMPREPLY=($(compgen -W \"$flags\" -- \"$cur\"))\n\telse\n\t\tcompopt -o filenames 2>/dev/null\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n\tfi\n}\n")
	b.WriteString("complete -F _shapan shapan\n")
	return b.String()
}

// zshCompletion writes a zsh completion function (_shapan).
func zshCompletion(docs []cmdDoc) string {
	var b strings.Builder
	b.WriteString("#compdef shapan\n# zsh completion for shapan (generated by 'shapan " + genDocsCommand + "')\n\n")
	b.WriteString("_shapan() {\n\tlocal -a commands\n\tcommands=(\n")
	for _, d := range docs {
		fmt.Fprintf(&b, "\t\t%s\n", zshQuote(d.name+":"+brief(d.summary)))
	}
	b.WriteString("\t\t'help:describe one command and its flags'\n\t)\n")
	b.WriteString("\tif (( CURRENT == 2 )); then\n\t\t_describe -t commands 'shapan command' commands\n\t\t_arguments '--version[print the version]'\n\t\treturn\n\tfi\n")
	b.WriteString("\tlocal cmd=${words[2]}\n\tshift words\n\t(( CURRENT-- ))\n\tcase $cmd in\n")
	for _, d := range docs {
		fmt.Fprintf(&b, "\t%s)\n\t\t_arguments -S \\\n", d.name)
		for _, f := range d.flags {
			spec := "--" + f.name + "[" + zshBracket(f.usage) + "]"
			if !f.isBool {
				spec += ":" + zshBracket(strings.ToLower(orDefault(f.value, "value"))) + ":_files"
			}
			fmt.Fprintf(&b, "\t\t\t%s \\\n", zshQuote(spec))
		}
		b.WriteString("\t\t\t'*:file:_files'\n\t\t;;\n")
	}
	b.WriteString("\thelp)\n\t\t_describe -t commands 'shapan command' commands\n\t\t;;\n\tesac\n}\n\n_shapan \"$@\"\n")
	return b.String()
}

// fishCompletion writes fish completions.
func fishCompletion(docs []cmdDoc) string {
	var b strings.Builder
	b.WriteString("# fish completion for shapan (generated by 'shapan " + genDocsCommand + "')\n")
	all := strings.Join(append(names(docs), "help"), " ")
	fmt.Fprintf(&b, "complete -c shapan -n 'not __fish_seen_subcommand_from %s' -l version -d 'print the version'\n", all)
	for _, d := range docs {
		fmt.Fprintf(&b, "complete -c shapan -f -n 'not __fish_seen_subcommand_from %s' -a %s -d %s\n", all, d.name, fishQuote(brief(d.summary)))
	}
	fmt.Fprintf(&b, "complete -c shapan -f -n 'not __fish_seen_subcommand_from %s' -a help -d 'describe one command and its flags'\n", all)
	fmt.Fprintf(&b, "complete -c shapan -f -n '__fish_seen_subcommand_from help' -a %s\n", fishQuote(strings.Join(names(docs), " ")))
	for _, d := range docs {
		for _, f := range d.flags {
			line := fmt.Sprintf("complete -c shapan -n '__fish_seen_subcommand_from %s' -l %s -d %s", d.name, f.name, fishQuote(f.usage))
			if !f.isBool {
				line += " -r"
			}
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// brief is the start of a command's summary for a completion menu: its
// first sentence, cut at a word to about 70 characters.
func brief(summary string) string {
	s := strings.TrimSuffix(firstSentence(summary), ".")
	if r := []rune(s); len(r) > 70 {
		cut := string(r[:70])
		if i := strings.LastIndex(cut, " "); i > 40 {
			cut = cut[:i]
		}
		s = strings.TrimRight(cut, ",;: ") + "…"
	}
	return s
}

func names(docs []cmdDoc) []string {
	var n []string
	for _, d := range docs {
		n = append(n, d.name)
	}
	return n
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// zshQuote quotes s in single quotes for zsh.
func zshQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// zshBracket escapes the characters _arguments gives a meaning inside a
// description or a message.
func zshBracket(s string) string {
	r := strings.NewReplacer("[", `\[`, "]", `\]`, ":", `\:`)
	return r.Replace(s)
}

// fishQuote quotes s in single quotes for fish.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}
