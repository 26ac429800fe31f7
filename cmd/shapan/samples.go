package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/schemas"
)

func init() {
	register(&command{
		name:  "samples",
		usage: "shapan samples [--write DIR]",
		summary: "Lists the sample scenarios built into shapan (one or more of every family, in YAML and in the games'\n" +
			"own files); --write DIR writes them into DIR, so that the README's examples can be followed with a shapan\n" +
			"installed by 'go install', without the repository.",
		run: runSamples,
	})
}

func runSamples(args []string, out, errOut io.Writer) int {
	c := commands["samples"]
	flags := newFlagSet(c, errOut)
	dir := folderFlag(flags, "write", "write the samples into this folder")
	pos, err := parseFlags(flags, args)
	if err != nil {
		return flagErr(err)
	}
	if len(pos) > 0 {
		return usageError(c, errOut, "takes no FILE")
	}
	if err := checkFolder("write", *dir); err != nil {
		return usageError(c, errOut, err.Error())
	}
	if *dir != "" {
		// The samples' modelines name the schemas in the project's folder,
		// put where every sample under dir finds it.
		if code := writeAll(errOut, *dir, nil, formats.YAML, schemas.Missing(schemas.ProjectDir(filepath.Join(*dir, "-")))); code != exitOK {
			return code
		}
	}
	err = fs.WalkDir(samples.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if *dir == "" {
			fmt.Fprintln(out, p)
			return nil
		}
		data, err := samples.Read(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(*dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if strings.HasSuffix(dst, ".yaml") || strings.HasSuffix(dst, ".yml") {
			data = formats.LinkSchema(dst, "", data)[dst]
		}
		if err := formats.WriteFileAtomic(dst, data); err != nil {
			return err
		}
		fmt.Fprintf(errOut, "wrote %s\n", dst)
		return nil
	})
	if err != nil {
		fmt.Fprintf(errOut, "shapan samples: %v\n", err)
		return exitUsage
	}
	return exitOK
}
