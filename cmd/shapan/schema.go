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
		usage: "shapan schema [--write DIR] [KIND]",
		summary: "Prints the JSON Schema of a document KIND (" + strings.Join(formats.Kinds(), ", ") + ",\n" +
			"or any: " + schemas.Any + ", which accepts every kind by its kind: key); without KIND it lists the schema\n" +
			"files. --write DIR writes every schema into DIR for editors that work offline (their references resolve\n" +
			"to the files beside them); 'shapan convert --schema-base DIR' then writes documents whose modeline names\n" +
			"them. Documents name the schemas of release " + schemas.Version + " by default: " + schemas.BaseURL,
		run: runSchema,
	})
}

func runSchema(args []string, out, errOut io.Writer) int {
	c := commands["schema"]
	fs := newFlagSet(c, errOut)
	dir := folderFlag(fs, "write", "write every schema into this folder")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	switch {
	case len(pos) > 1:
		return usageError(c, errOut, "name at most one KIND")
	case *dir != "" && len(pos) > 0:
		return usageError(c, errOut, "--write writes every schema; name no KIND with it")
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
