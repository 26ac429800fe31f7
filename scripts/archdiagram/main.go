// Command archdiagram writes the parts of docs/ARCHITECTURE.md that are
// made from the code: the diagram of the packages and what they import
// (from `go list`), with every family's packages drawn as one
// (formats/<family>), and the table of where each family's pieces live.
// It rewrites the text between the markers
//
//	<!-- archdiagram: begin --> … <!-- archdiagram: end -->
//
// of the file named by -doc (default docs/ARCHITECTURE.md, run from the
// repository's root); with -check it rewrites nothing and fails when the
// file is stale (internal/archtest runs it so).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"regexp"
	"sort"
	"strings"
)

const (
	module = "github.com/shapan/shapan/"
	begin  = "<!-- archdiagram: begin -->\n"
	end    = "<!-- archdiagram: end -->\n"
)

func main() {
	doc := flag.String("doc", "docs/ARCHITECTURE.md", "the file to write")
	check := flag.Bool("check", false, "fail when the file is stale instead of writing it")
	flag.Parse()
	if err := run(*doc, *check); err != nil {
		fmt.Fprintln(os.Stderr, "archdiagram:", err)
		os.Exit(1)
	}
}

func run(doc string, check bool) error {
	pkgs, err := list()
	if err != nil {
		return err
	}
	old, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	i, j := bytes.Index(old, []byte(begin)), bytes.Index(old, []byte(end))
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %q … %q markers", doc, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	fams := families(pkgs)
	var b strings.Builder
	b.WriteString(begin)
	diagram(&b, pkgs, fams)
	table(&b, pkgs, fams)
	text := append(append(append([]byte{}, old[:i]...), b.String()...), old[j:]...)
	if check {
		if !bytes.Equal(text, old) {
			return fmt.Errorf("%s is stale: run `go run ./scripts/archdiagram` (or make arch)", doc)
		}
		return nil
	}
	return os.WriteFile(doc, text, 0o644)
}

// pkg is a package of the module: its path without the module's prefix
// and the module's packages it imports.
type pkg struct {
	Path    string
	Imports []string
}

// list runs go list over the module's packages (tests, commands of
// scripts/ and test helpers left out).
func list() ([]pkg, error) {
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", "./...")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		rel := strings.TrimPrefix(p.ImportPath, module)
		if skip(rel) {
			continue
		}
		q := pkg{Path: rel}
		for _, imp := range p.Imports {
			if r, ok := strings.CutPrefix(imp, module); ok && !skip(r) {
				q.Imports = append(q.Imports, r)
			}
		}
		pkgs = append(pkgs, q)
	}
	return pkgs, nil
}

// skip leaves out what is no part of the product's layers.
func skip(rel string) bool {
	return strings.HasPrefix(rel, "scripts/") || strings.HasPrefix(rel, "internal/") || strings.HasSuffix(rel, "test") ||
		rel == "samples" || rel == "schemas"
}

// families are the families with a package of their own under family/.
func families(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		if dir, name := path.Split(p.Path); dir == "family/" && name != "all" {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// node names the box a package is drawn in: a family's package is drawn
// with the family's name as <family>.
func node(rel string, fam *regexp.Regexp) string {
	return fam.ReplaceAllString(rel, "${1}<family>${3}${4}")
}

func famRegexp(fams []string) *regexp.Regexp {
	return regexp.MustCompile(`(^|/)(` + strings.Join(fams, "|") + `)([a-z]*)(/|$)`)
}

// diagram writes the graph of the boxes, each with what it imports
// directly once the edges implied by others are dropped.
func diagram(b *strings.Builder, pkgs []pkg, fams []string) {
	fam := famRegexp(fams)
	edges := map[string]map[string]bool{}
	for _, p := range pkgs {
		from := node(p.Path, fam)
		if edges[from] == nil {
			edges[from] = map[string]bool{}
		}
		for _, imp := range p.Imports {
			if to := node(imp, fam); to != from {
				edges[from][to] = true
			}
		}
	}
	reduce(edges)
	var nodes []string
	for n := range edges {
		nodes = append(nodes, n)
	}
	sort.Strings(nodes)
	fmt.Fprintf(b, "What each package imports, from `go list ./...` (the imports that\nfollow from others left out; <family> is each of %s):\n\n```\n", strings.Join(fams, ", "))
	width := 0
	for _, n := range nodes {
		width = max(width, len(n))
	}
	for _, n := range nodes {
		var to []string
		for t := range edges[n] {
			to = append(to, t)
		}
		sort.Strings(to)
		arrow := "─► " + strings.Join(to, ", ")
		if len(to) == 0 {
			arrow = "(imports none of the module)"
		}
		fmt.Fprintf(b, "%-*s %s\n", width, n, arrow)
	}
	b.WriteString("```\n\n")
}

// reduce drops every edge a→c for which a path a→…→c through other
// nodes exists (a transitive reduction; the graph has no cycle).
func reduce(edges map[string]map[string]bool) {
	var reach func(from, to string, seen map[string]bool) bool
	reach = func(from, to string, seen map[string]bool) bool {
		for n := range edges[from] {
			if n == to {
				return true
			}
			if !seen[n] {
				seen[n] = true
				if reach(n, to, seen) {
					return true
				}
			}
		}
		return false
	}
	for _, out := range edges {
		for c := range out {
			for m := range out {
				if m != c && reach(m, c, map[string]bool{m: true}) {
					delete(out, c)
					break
				}
			}
		}
	}
}

// layers are the columns of the table: what a family brings to a layer
// and the package (by its path, FAMILY standing for the family's name)
// that holds it.
var layers = []struct{ what, path string }{
	{"format (models, readers, writers)", "formats/FAMILY"},
	{"check rules", "validate/FAMILY"},
	{"rules and AI", "engine/FAMILY"},
	{"simulation facts", "engine/sim/FAMILY"},
	{"preview and heat map", "preview/FAMILY"},
	{"balance knobs", "balance/FAMILY"},
	{"studio view", "editor/FAMILYview"},
	{"registration, page module", "family/FAMILY"},
}

// table writes where each family's pieces are.
func table(b *strings.Builder, pkgs []pkg, fams []string) {
	have := map[string]bool{}
	for _, p := range pkgs {
		have[p.Path] = true
	}
	b.WriteString("Where each family's pieces live (packages found by `go list`; — : none):\n\n| family |")
	for _, l := range layers {
		b.WriteString(" " + l.what + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(layers)) + "\n")
	for _, f := range fams {
		b.WriteString("| " + f + " |")
		for _, l := range layers {
			p := strings.ReplaceAll(l.path, "FAMILY", f)
			cell := "—"
			if have[p] {
				cell = "`" + p + "`"
			}
			b.WriteString(" " + cell + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}
