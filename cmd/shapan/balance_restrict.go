package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/shapan/shapan/balance"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/internal/progress"
)

// balanceRestrict runs restricted play on doc (balance --restrict):
// every element forbidden to every side in turn, and prints the report.
func balanceRestrict(doc *formats.Document, file string, opts balance.Options, f balanceFlags, out, errOut io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ro := balance.RestrictOptions{Games: f.restrictGames, Seed: f.seed, Jobs: f.jobs, Sim: opts.Sim}
	if f.restrictKinds != "" {
		for _, k := range strings.Split(f.restrictKinds, ",") {
			ro.Kinds = append(ro.Kinds, strings.TrimSpace(k))
		}
	}
	var bar *progress.Bar
	ro.Progress = func(done, total int) {
		if bar == nil {
			bar = progress.New(rawWriter(errOut), progress.Options{Total: int64(total), Unit: "measurements", Quiet: f.quiet})
		}
		if bar != nil {
			bar.Games(done, total)
		}
	}
	r, err := balance.Restrict(ctx, doc, ro)
	if bar != nil {
		bar.Done()
	}
	if r == nil {
		fmt.Fprintf(errOut, "shapan balance: %s: %v\n", file, err)
		return exitInvalid
	}
	r.Scenario = filepath.Base(file)
	if f.asJSON {
		b, jerr := r.JSON()
		if jerr != nil {
			fmt.Fprintf(errOut, "shapan balance: %v\n", jerr)
			return exitUsage
		}
		out.Write(b)
	} else if werr := r.WriteText(out); werr != nil {
		fmt.Fprintf(errOut, "shapan balance: %v\n", werr)
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(errOut, "shapan balance: interrupted: %v\n", err)
		return exitUsage
	}
	return exitOK
}
