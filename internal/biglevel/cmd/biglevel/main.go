// Command biglevel writes the big ftbt level of the performance
// benchmarks and reads a level the way the original engine did, so that
// both can be measured as processes (peak memory with /usr/bin/time -v):
//
//	biglevel write DIR [W H N]  writes DIR/big.map (W×H cells, N people;
//	                     default 1500 1500 2000) and DIR/big.tech
//	biglevel fscan FILE  reads FILE with one fmt.Fscan per value and
//	                     prints its size and number of people
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

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
	if len(args) != 2 && (len(args) != 5 || args[0] != "write") {
		return fmt.Errorf("usage: biglevel write DIR [W H N] | biglevel fscan FILE")
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
		level := biglevel.Bytes()
		if len(args) == 5 {
			var w, h, n int
			if _, err := fmt.Sscan(strings.Join(args[2:], " "), &w, &h, &n); err != nil {
				return err
			}
			if level, err = ftbt.WriteLevel(biglevel.Generate(w, h, n)); err != nil {
				return err
			}
		}
		return os.WriteFile(filepath.Join(args[1], "big.map"), level, 0o644)
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
