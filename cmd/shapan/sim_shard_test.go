package main

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/family"
)

// templateFile writes the template of a kind, with the files beside it
// in its FS, to a temporary folder and returns its path.
func templateFile(t *testing.T, k family.Kind) string {
	t.Helper()
	dir := t.TempDir()
	name := strings.ReplaceAll(k.Kind, "/", "-") + ".yaml"
	if tp := k.Template; tp.FS != nil {
		name = tp.Path
		err := fs.WalkDir(tp.FS, path.Dir(tp.Path), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(tp.FS, p)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Join(dir, path.Dir(p)), 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, p), b, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	src, err := k.Template.YAML()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestSimShardsMergeForEveryFamily: for every kind of every family of the
// registry that can be simulated, `shapan sim --shard K/N` run for every
// K and `shapan sim merge` of the parts print byte for byte the report
// (JSON and text) of `shapan sim`, wherever the parts were written.
func TestSimShardsMergeForEveryFamily(t *testing.T) {
	found := 0
	for _, f := range family.All() {
		for _, k := range f.Kinds {
			if !k.Sim || f.Sim == nil {
				continue
			}
			if k.Template == nil {
				t.Errorf("%s: no template to simulate", k.Kind)
				continue
			}
			found++
			t.Run(k.Kind, func(t *testing.T) {
				file := templateFile(t, k)
				args := []string{"sim", file, "--games", "5", "--turns", "12", "--seed", "9"}
				parts := t.TempDir()
				var names []string
				for shard := range 3 {
					name := filepath.Join(parts, "part"+string(rune('0'+shard))+".json")
					code, _, errOut := runCLI(append(args, "--shard", string(rune('0'+shard))+"/3", "--out", name)...)
					if code != 0 || !strings.Contains(errOut, "wrote "+name) {
						t.Fatalf("shard %d: exit %d: %s", shard, code, errOut)
					}
					names = append(names, name)
				}
				os.RemoveAll(filepath.Dir(file)) // the parts carry the scenario
				for _, format := range [][]string{{"--json"}, nil} {
					_, want, _ := runCLI(append([]string{"sim", templateFile(t, k), "--games", "5", "--turns", "12", "--seed", "9"}, format...)...)
					code, got, errOut := runCLI(append(append([]string{"sim", "merge"}, format...), names[2], names[0], names[1])...)
					if code != 0 || got != want {
						t.Fatalf("merge %v: exit %d: %s\n%s\nthe whole simulation:\n%s", format, code, errOut, got, want)
					}
				}
			})
		}
	}
	if found < 3 {
		t.Fatalf("only %d kinds can be simulated", found)
	}
}

// TestSimMergeRefusals: merging a missing shard, a file that is not a
// part, or parts of other scenarios fails with the reason; --shard takes
// K/N.
func TestSimMergeRefusals(t *testing.T) {
	dir := t.TempDir()
	part := func(file, shard string) string {
		out := filepath.Join(dir, strings.ReplaceAll(filepath.Base(file)+shard, "/", "of")+".json")
		if code, _, errOut := runCLI("sim", file, "--games", "3", "--turns", "5", "--shard", shard, "--out", out); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		return out
	}
	mbgSample, other := "../../samples/mbg/赤壁.yaml", "../../samples/planets/九州.yaml"
	a, b := part(mbgSample, "0/2"), part(mbgSample, "1/2")
	c := part(other, "1/2")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "merge", a}, "shard 1/2 is missing"},
		{[]string{"sim", "merge", a, c}, "played from other files"},
		{[]string{"sim", "merge", a, mbgSample}, "not a part of a sharded simulation"},
		{[]string{"sim", "merge"}, "name the PARTS"},
		{[]string{"sim", mbgSample, "--shard", "2/2"}, "0 ≤ K < N"},
		{[]string{"sim", mbgSample, "--out", "x.json"}, "give --shard K/N too"},
		{[]string{"sim", mbgSample, "--shard", "0/2", "--json"}, "not a report"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d: %s (want %q)", tc.args, code, errOut, tc.want)
		}
	}
	if code, out, errOut := runCLI("sim", "merge", b, a); code != 0 || !strings.Contains(out, "3 games") {
		t.Errorf("merge: exit %d: %s%s", code, out, errOut)
	}
}
