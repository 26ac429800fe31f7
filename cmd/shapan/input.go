package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/textenc"
)

// inputFlags are the flags of every command that reads documents.
type inputFlags struct {
	from     string
	encoding string
	maxInput string
}

// addInputFlags declares --from, --encoding and --max-input on fs.
func addInputFlags(fs *flag.FlagSet) *inputFlags {
	f := &inputFlags{}
	fs.StringVar(&f.from, "from", "", "form of the input: "+formatNames()+" (detected when absent)")
	fs.StringVar(&f.encoding, "encoding", "utf-8", "character encoding of the input files: utf-8, or gbk to read files that are not UTF-8 as GBK (old files saved on Chinese Windows)")
	fs.StringVar(&f.maxInput, "max-input", "256MiB", "largest input file read (bytes, or with a unit: 64MiB, 1GiB)")
	return f
}

// options returns o with the encoding and the input limit set.
func (f *inputFlags) options(o formats.Options) (formats.Options, error) {
	enc, err := textenc.Parse(f.encoding)
	if err != nil {
		return o, fmt.Errorf("--encoding: %w", err)
	}
	limit, err := parseSize(f.maxInput)
	if err != nil {
		return o, fmt.Errorf("--max-input: %w", err)
	}
	o.Encoding, o.MaxInput, o.From = enc, limit, formats.Format(f.from)
	return o, nil
}

// parseSize reads a size in bytes: a number with an optional unit (B,
// KB/KiB, MB/MiB, GB/GiB, TB/TiB; the decimal units count 1000s).
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	}
	mult := map[string]float64{"": 1, "b": 1, "k": 1e3, "kb": 1e3, "kib": 1 << 10, "m": 1e6, "mb": 1e6, "mib": 1 << 20,
		"g": 1e9, "gb": 1e9, "gib": 1 << 30, "t": 1e12, "tb": 1e12, "tib": 1 << 40}[unit]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || !(v*mult >= 1 && v*mult <= 1<<62) { // NaN too
		return 0, fmt.Errorf("%q is not a size (write bytes, or a number with a unit such as 64MiB or 1GB)", s)
	}
	return int64(v * mult), nil
}
