// Command balance-unseen writes the documents of the balance assistant's
// unseen-set benchmark (package balance/unseen) into a folder, one YAML
// file a case, and lists them: name, family, tuned or held out, the
// change. It needs the shared folder (the original games' files); a case
// whose source is missing is left out with a note.
//
//	go run ./scripts/balance-unseen -shared ../shared -out DIR
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/balance/unseen"
	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/formats"
)

func main() {
	shared := flag.String("shared", "../shared", "the shared folder (its legacy/ holds the original games' files)")
	out := flag.String("out", "", "the folder to write the documents to")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "balance-unseen: -out DIR is needed")
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "balance-unseen:", err)
		os.Exit(2)
	}
	for _, c := range unseen.Cases() {
		doc, err := unseen.Build(*shared, c)
		if err != nil {
			fmt.Fprintf(os.Stderr, "balance-unseen: left out: %v\n", err)
			continue
		}
		if strings.HasPrefix(c.Source, "samples/") && doc.RulesFile != "" {
			// a sample's rules are a file of the samples (ftbt/兵法.yaml):
			// the written level names the repository's copy (the script
			// runs in the repository)
			doc.RulesFile, _ = filepath.Abs(filepath.Join("samples", doc.RulesFile))
		}
		path := filepath.Join(*out, c.Name+".yaml")
		if _, err := formats.Write(path, doc, formats.YAML); err != nil {
			fmt.Fprintf(os.Stderr, "balance-unseen: %s: %v\n", c.Name, err)
			os.Exit(1)
		}
		tuned := "held-out"
		switch {
		case c.Tuned:
			tuned = "tuned"
		case c.Kept:
			tuned = "kept"
		}
		fmt.Printf("%s\t%s\t%s\t%s\t%s\n", path, c.Family, tuned, c.Source, c.Change)
	}
}
