// Command biglevel writes the big ftbt level of the performance
// benchmarks and reads a level the way the original engine did, so that
// both can be measured as processes (peak memory with /usr/bin/time -v):
//
//	biglevel write DIR   writes DIR/big.map and DIR/big.tech
//	biglevel fscan FILE  reads FILE with one fmt.Fscan per value and
//	                     prints its size and number of people
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/biglevel"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "biglevel:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: biglevel write DIR | biglevel fscan FILE")
	}
	switch args[0] {
	case "write":
		rules, err := ftbt.WriteRules(biglevel.Rules())
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(args[1], "big.tech"), rules, 0o644); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(args[1], "big.map"), biglevel.Bytes(), 0o644)
	case "fscan":
		f, err := os.Open(args[1])
		if err != nil {
			return err
		}
		defer f.Close()
		l, err := biglevel.FscanLevel(f)
		if err != nil {
			return err
		}
		fmt.Printf("%d×%d, %d people\n", l.W, l.H, len(l.People))
		return nil
	}
	return fmt.Errorf("unknown command %q", args[0])
}
