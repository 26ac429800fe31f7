package main

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"io"
	"math"

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
	output := outputFlag(fs, "o", "the PNG file to write (- for standard output)")
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
	doc, err := formats.Read(pos[0], opts)
	if err != nil {
		return report(errOut, pos[0], err)
	}
	if err := checkOutput(*output, doc.Inputs()); err != nil {
		return ioFailure(c.name, errOut, err)
	}
	img, err := preview.Render(doc, preview.Options{Scale: *scale})
	var tooLarge *preview.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		fmt.Fprintf(errOut, "shapan preview: %s\n", tooLargeAdvice(doc, *scale, tooLarge))
		return exitInvalid
	case err != nil:
		fmt.Fprintf(errOut, "shapan preview: %v\n", err)
		return exitInvalid
	case img.Bounds().Empty():
		fmt.Fprintf(errOut, "shapan preview: at --scale %g the preview would be %d×%d pixels, an empty image; use a larger --scale\n", *scale, img.Bounds().Dx(), img.Bounds().Dy())
		return exitUsage
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		fmt.Fprintf(errOut, "shapan preview: %v\n", err)
		return exitInvalid
	}
	if err := writeOutput(*output, buf.Bytes(), doc.Inputs(), out); err != nil {
		return ioFailure(c.name, errOut, err)
	}
	if *output != formats.Stdin {
		fmt.Fprintf(errOut, "wrote %s\n", *output)
	}
	return exitOK
}

// tooLargeAdvice says how large the preview would be and the largest
// scale (to a hundredth) at which it is drawn: a scale that was tried,
// since margins and labels do not grow with the scale.
func tooLargeAdvice(doc *formats.Document, scale float64, e *preview.TooLargeError) string {
	msg := fmt.Sprintf("the preview would be %d×%d pixels (%.0f megapixels), more than the limit of %d megapixels",
		e.W, e.H, float64(e.W)*float64(e.H)/(1<<20), preview.MaxPixels>>20)
	s := scale
	for range 12 {
		s = min(math.Floor(s*math.Sqrt(float64(preview.MaxPixels)/(float64(e.W)*float64(e.H)))*100)/100, s-0.01)
		if s < 0.01 {
			break
		}
		_, err := preview.Render(doc, preview.Options{Scale: s})
		if err == nil {
			return msg + fmt.Sprintf("; the largest scale that fits is about %g (--scale %g)", s, s)
		}
		if !errors.As(err, &e) {
			break
		}
	}
	return msg + "; the document is too large to draw at any scale (its grid, or the display coordinates of its squares, span too far)"
}
