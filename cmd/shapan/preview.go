package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/preview"
)

func init() {
	register(&command{
		name:  "preview",
		usage: "shapan preview FILE -o OUT.png|- [--rules FILE] [--scale S]",
		summary: "Renders a scenario to a PNG image: the mbg board loop with square names and owners, the ftbt terrain\n" +
			"grid with its people, the Planet-Conquer planet graph with routes, the battle map. The studio shows the\n" +
			"same rendering. FILE is a document of a kind with a preview: " + kindTitles(preview.Supports) + ".",
		run: runPreview,
	})
}

func runPreview(args []string, out, errOut io.Writer) int {
	c := commands["preview"]
	fs := newFlagSet(c, errOut)
	output := fs.String("o", "", "the PNG file to write (- for standard output)")
	rules := fs.String("rules", "", "ftbt rules file for a level")
	scale := fs.Float64("scale", 1, "size multiplier")
	input := addInputFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagErr(err)
	}
	opts, err := input.options(formats.Options{RulesPath: *rules})
	if err != nil {
		return usageError(c, errOut, err.Error())
	}
	if len(pos) != 1 || *output == "" {
		return usageError(c, errOut, "need FILE and -o OUT.png")
	}
	if err := (preview.Options{Scale: *scale}).Validate(); err != nil || *scale == 0 {
		return usageError(c, errOut, fmt.Sprintf("--scale must be a number above 0 and at most %d, not %g", preview.MaxScale, *scale))
	}
	doc, err := formats.Read(pos[0], opts)
	if err != nil {
		return report(errOut, pos[0], err)
	}
	if *output != formats.Stdin {
		if err := formats.CheckNotInput(*output, doc.Inputs()); err != nil {
			return report(errOut, *output, err)
		}
	}
	var buf bytes.Buffer
	if err := preview.WritePNG(&buf, doc, preview.Options{Scale: *scale}); err != nil {
		fmt.Fprintf(errOut, "shapan preview: %v\n", err)
		return exitInvalid
	}
	if *output == formats.Stdin {
		out.Write(buf.Bytes()) // checked by runChecked
		return exitOK
	}
	if err := formats.WriteFileAtomic(*output, buf.Bytes()); err != nil {
		fmt.Fprintf(errOut, "shapan preview: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(errOut, "wrote %s\n", *output)
	return exitOK
}
