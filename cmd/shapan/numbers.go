package main

import (
	"flag"
	"fmt"
	"math"
	"strconv"
)

// The numbers of the numeric flags are checked in one place: a number
// that is not finite (NaN, ±Inf) is refused for every flag, and the flags
// below, whatever the command, must lie within their bounds. A command
// checks only what is particular to it (balance's --tolerance).

// bounds is the range of a numeric flag.
type bounds struct {
	min, max float64
	// minOpen: the minimum itself is refused (a scale above 0).
	minOpen bool
}

// flagBounds are the ranges of the numeric flags, by name.
var flagBounds = map[string]bounds{
	"games":     {min: 1, max: 1e9},
	"turns":     {min: 1, max: 1e9},
	"jobs":      {min: 0, max: 1024},
	"budget":    {min: 1, max: 1e9},
	"max-games": {min: 0, max: 1e9},
	"proposals": {min: 1, max: 1000},
	"scale":     {min: 0, minOpen: true, max: 64},
}

// check says what is wrong with x ("" when it is within the bounds).
func (b bounds) check(x float64) string {
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	switch {
	case b.minOpen && x <= b.min:
		return "must be above " + num(b.min)
	case x < b.min && b.min == 0:
		return "must not be negative"
	case x < b.min:
		return "must be at least " + num(b.min)
	case x > b.max:
		return "must be at most " + num(b.max)
	}
	return ""
}

// checkNumbers checks the numbers given to the numeric flags of fs (those
// set on the command line; defaults are in range).
func checkNumbers(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok || err != nil {
			return
		}
		var x float64
		switch v := g.Get().(type) {
		case float64:
			x = v
		case int:
			x = float64(v)
		case int64:
			x = float64(v)
		case uint:
			x = float64(v)
		case uint64:
			x = float64(v)
		default:
			return
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			err = fmt.Errorf("--%s must be a finite number, not %s", f.Name, f.Value)
			return
		}
		if b, ok := flagBounds[f.Name]; ok && b.check(x) != "" {
			err = fmt.Errorf("--%s %s, not %s", f.Name, b.check(x), f.Value)
		}
	})
	return err
}
