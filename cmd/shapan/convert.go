package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/tiled"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/internal/diagout"
	"github.com/shapan/shapan/schemas"
)

func init() {
	register(&command{
		name:  "convert",
		usage: "shapan convert IN OUT [--from KIND] [--to KIND] [--rules FILE] [--schema-base DIR|URL] [--tileset FILE]",
		summary: "Converts between a game's original file and Shapan's YAML document (either way), without losing a value.\n" +
			"KIND is one of " + formatNames() + "; without --from/--to the kind\n" +
			"comes from the extension and the content (.yaml is Shapan's YAML; .yml is a Planet-Conquer map in the game's own\n" +
			"format; .tmj or .tmx is a Tiled map (JSON or XML) of an ftbt level, a battle map or a planets map, written with its tileset image\n" +
			"OUT.tiles.png beside it; --tileset FILE.tsj or FILE.tsx writes the tileset to that file of OUT's folder, which the map names, and a\n" +
			"map naming one is read with it). An ftbt level's intro text travels with it: IN.intro beside a legacy level is read, and exporting a level\n" +
			"writes OUT.intro. OUT - writes to standard output (with --to). --rules names the ftbt rules, so that a level's YAML uses tech and terrain names.\n" +
			"A YAML document's first line names its JSON Schema for editors, relative to OUT: by default in the project's\n" +
			schemas.LocalDir + " folder (the nearest one above OUT, else at the root of OUT's Git work tree, else beside OUT),\n" +
			"which is filled with this version's schemas when they are missing or differ, so editors find them offline (on\n" +
			"standard output, OUT -, the modeline names them only when 'shapan schema --install' has put them there);\n" +
			"--schema-base DIR names the copies 'shapan schema --write DIR' wrote; --schema-base URL/ schemas published on\n" +
			"the web (" + schemas.BaseURL + " once release " + schemas.Version + " is out).",
		run: runConvert,
	})
}

// formatNames lists the file forms formats knows ("mbg-map, ..., yaml").
func formatNames() string {
	names := make([]string, len(formats.Formats))
	for i, f := range formats.Formats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

func runConvert(args []string, out, errOut io.Writer) int {
	c := commands["convert"]
	fs := newFlagSet(c, errOut)
	to := fs.String("to", "", "form of OUT (from its extension when absent)")
	rules := fs.String("rules", "", "ftbt rules file for a level")
	schemaBase := fs.String("schema-base", "", "folder (or URL) of the JSON schemas a YAML document's modeline names")
	tileset := fs.String("tileset", "", "Tiled tileset file (.tsj or .tsx, relative to OUT's folder) to write a Tiled map's tileset to")
	input := addInputFlags(fs)
	recordOutput(fs, "OUT") // the argument OUT, an output like any output flag
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	opts, err := input.options(formats.Options{RulesPath: *rules})
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	if len(pos) != 2 {
		return usageError(c, errOut, "need IN and OUT")
	}
	in, outPath := pos[0], pos[1]
	src, err := formats.ReadSource(in, opts)
	if err != nil {
		return report(errOut, in, err)
	}
	doc, err := formats.ReadBytes(in, src, opts)
	if err != nil {
		return report(errOut, in, err)
	}
	warnRead(errOut, doc)
	if *schemaBase != "" && !strings.Contains(*schemaBase, "://") {
		if st, err := os.Stat(*schemaBase); err != nil || !st.IsDir() {
			return usageError(c, errOut, fmt.Sprintf("--schema-base %s: no such folder; write the schemas there first with 'shapan schema --write %s', or name a URL", *schemaBase, *schemaBase))
		}
	}
	if outPath == formats.Stdin {
		if *to == "" {
			return usageError(c, errOut, "writing to standard output (-) needs --to")
		}
		data, err := formats.Encode(doc, formats.Format(*to))
		if err != nil {
			return report(errOut, outPath, err)
		}
		if beside := besideFiles(outPath, doc, formats.Format(*to)); len(beside) > 0 {
			return usageError(c, errOut, fmt.Sprintf("a %s written as %s is more than one file (%d beside it, such as a level's intro); standard output (-) holds only one: name a file OUT, or write --to yaml", doc.Kind, *to, len(beside)))
		}
		if formats.Format(*to) == formats.YAML {
			data = stdoutSchema(doc, *schemaBase, data)
		}
		warnLostComments(errOut, src, doc, map[string][]byte{outPath: data})
		out.Write(data)
		return exitOK
	}
	target, err := formats.TargetFormat(doc, outPath, formats.Format(*to))
	if err != nil {
		fmt.Fprintf(errOut, "shapan convert: %v\n", err)
		return exitUsage
	}
	if *schemaBase != "" {
		doc.SchemaBase = *schemaBase
	}
	if *tileset != "" {
		if problem := tilesetProblem(*tileset, target); problem != "" {
			return usageError(c, errOut, problem)
		}
		doc.Tileset = *tileset
	}
	files, err := formats.Render(outPath, doc, target)
	if err != nil {
		return report(errOut, outPath, err)
	}
	for p := range files {
		if err := checkOutput(p, doc.Inputs()); err != nil {
			return ioFailure(c.name, errOut, err)
		}
	}
	warnLostComments(errOut, src, doc, files)
	return writeAll(errOut, outPath, doc, target, files)
}

// besideFiles lists, sorted, the files that writing doc at outPath in
// the form to writes beside it (a level's intro; not the schemas).
func besideFiles(outPath string, doc *formats.Document, to formats.Format) []string {
	files, err := formats.Render(outPath, doc, to)
	if err != nil {
		return nil
	}
	var beside []string
	for p := range files {
		if p != outPath && !schemas.IsLocal(p) {
			beside = append(beside, p)
		}
	}
	sort.Strings(beside)
	return beside
}

// tilesetProblem says why --tileset cannot be given for the form target
// ("" when it can).
func tilesetProblem(tileset string, target formats.Format) string {
	if target != tiled.Format {
		return fmt.Sprintf("--tileset %s: only a Tiled map (.tmj, .tmx) has a tileset; OUT is %s", tileset, target)
	}
	if err := formats.InFolder(tileset); err != nil {
		return fmt.Sprintf("--tileset %s: %v", tileset, err)
	}
	return ""
}

// stdoutSchema returns the YAML data written to standard output with its
// modeline: under base (or the document's own base) when given; else in
// the schema folder of the project of the current folder when it holds
// this version's schemas ('shapan schema --install'); else without one,
// as a document must never name a schema that does not load, and writing
// to standard output writes no other file.
func stdoutSchema(doc *formats.Document, base string, data []byte) []byte {
	if base == "" {
		base = doc.SchemaBase
	}
	if base == "" {
		dir := schemas.ProjectDir(formats.Stdin)
		if len(schemas.Missing(dir)) > 0 {
			return yamlx.DropModeline(data)
		}
		base = dir
	}
	return formats.LinkSchema(formats.Stdin, base, data)[formats.Stdin]
}

// writeAll writes files and says what it wrote: each file with its form,
// and the schema folder in one line when schemas were installed.
func writeAll(errOut io.Writer, outPath string, doc *formats.Document, target formats.Format, files map[string][]byte) int {
	written, err := formats.WriteFiles(files)
	schemaDir := ""
	for _, w := range written {
		if schemas.IsLocal(w) {
			schemaDir = filepath.Dir(w)
			continue
		}
		fmt.Fprintf(errOut, "wrote %s (%s)\n", w, describe(doc, target))
	}
	if schemaDir != "" {
		fmt.Fprintf(errOut, "wrote %s (the JSON schemas editors check the documents with)\n", shortPath(schemaDir))
	}
	if err != nil {
		return report(errOut, outPath, err)
	}
	return exitOK
}

// warnRead prints what the reader changed in reading the document (an
// object of a Tiled map that follows the grid painted under it).
func warnRead(errOut io.Writer, doc *formats.Document) {
	if doc.Source == nil {
		return
	}
	for _, d := range doc.Source.Warnings {
		fmt.Fprintln(errOut, diagout.Line(d))
	}
}

// warnLostComments prints a warning when the files written do not keep
// comments of the input.
func warnLostComments(errOut io.Writer, src []byte, doc *formats.Document, files map[string][]byte) {
	if d := formats.LostComments(src, doc, files); d != nil {
		fmt.Fprintln(errOut, diagout.Line(*d))
	}
}

func describe(doc *formats.Document, f formats.Format) string {
	if f == formats.YAML {
		return doc.Kind
	}
	return string(f)
}

// report prints an error as diagnostics and returns the exit status it
// deserves: 2 for I/O problems, 1 for invalid content.
func report(errOut io.Writer, file string, err error) int {
	if formats.IsIO(err) {
		fmt.Fprintf(errOut, "shapan: %v\n", err)
		return exitUsage
	}
	for _, d := range diag.AsList(err, file) {
		if d.File == "" {
			d.File = file
		}
		fmt.Fprintln(errOut, diagout.Line(d))
	}
	return exitInvalid
}

// shortPath returns p relative to the current folder when it is inside it
// or near it, else p.
func shortPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(wd, p)
	if err != nil || strings.HasPrefix(rel, "../../../") {
		return p
	}
	return rel
}
