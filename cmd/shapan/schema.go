package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/schemas"
)

func init() {
	register(&command{
		name:  "schema",
		usage: "shapan schema [--install | --write DIR] [KIND]",
		summary: "Prints the JSON Schema of a document KIND (" + strings.Join(formats.Kinds(), ", ") + ",\n" +
			"or any: " + schemas.Any + ", which accepts every kind by its kind: key); without KIND it lists the schema\n" +
			"files. --install writes every schema into the project's " + schemas.LocalDir + " folder (the nearest one\n" +
			"above the current folder, else at the root of its Git work tree, else here), where the modelines of the\n" +
			"documents Shapan writes point by default; writing a document installs them too when they are missing or\n" +
			"differ. --write DIR writes them into DIR instead (their references resolve to the files beside them), for\n" +
			"'shapan convert --schema-base DIR'.",
		run: runSchema,
	})
}

func runSchema(args []string, out, errOut io.Writer) int {
	c := commands["schema"]
	fs := newFlagSet(c, errOut)
	dir := folderFlag(fs, "write", "write every schema into this folder")
	install := fs.Bool("install", false, "write every schema into the project's "+schemas.LocalDir)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	switch {
	case len(pos) > 1:
		return usageError(c, errOut, "name at most one KIND")
	case (*dir != "" || *install) && len(pos) > 0:
		return usageError(c, errOut, "--write and --install write every schema; name no KIND with them")
	case *dir != "" && *install:
		return usageError(c, errOut, "--install writes into the project's "+schemas.LocalDir+"; give it or --write DIR")
	case *install:
		return installSchemas(out, errOut)
	case *dir != "":
		if err := checkFolder("write", *dir); err != nil {
			return usageError(c, errOut, err.Error()+" ('shapan schema KIND' prints one schema)")
		}
		return writeSchemas(*dir, errOut)
	case len(pos) == 0:
		for _, name := range schemas.Names() {
			fmt.Fprintln(out, name)
		}
		return exitOK
	}
	name := pos[0]
	if name == "any" {
		name = schemas.Any
	} else if !strings.HasSuffix(name, ".schema.json") {
		name = schemas.ForKind(name)
	}
	b, err := schemas.Get(name)
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	out.Write(b)
	return exitOK
}

// writeSchemas writes every schema, in its offline form, into dir.
func writeSchemas(dir string, errOut io.Writer) int {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(errOut, "shapan schema: %v\n", err)
		return exitUsage
	}
	for _, name := range schemas.Names() {
		b, err := schemas.Offline(name)
		if err != nil {
			fmt.Fprintf(errOut, "shapan schema: %v\n", err)
			return exitUsage
		}
		path := filepath.Join(dir, name)
		if err := formats.WriteFileAtomic(path, b); err != nil {
			fmt.Fprintf(errOut, "shapan schema: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(errOut, "wrote %s\n", path)
	}
	return exitOK
}

// installSchemas writes every schema into the project's schema folder.
func installSchemas(out, errOut io.Writer) int {
	dir := schemas.ProjectDir(filepath.Join(".", "-"))
	files := schemas.Missing(dir)
	if _, err := formats.WriteFiles(files); err != nil {
		fmt.Fprintf(errOut, "shapan schema: %v\n", err)
		return exitUsage
	}
	if len(files) == 0 {
		fmt.Fprintf(out, "%s holds the schemas of this version already\n", shortPath(dir))
	} else {
		fmt.Fprintf(out, "wrote %s (%d of the %d schemas were missing or differed)\n", shortPath(dir), len(files), len(schemas.Names()))
	}
	return exitOK
}
