// Package samples holds original scenarios written for Shapan, one or more
// per game family, in YAML with their exports to the games' own files
// beside them. They are embedded so the studio and the command line can
// open them on a machine that has nothing else.
package samples

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed mbg battle ftbt planets
var files embed.FS

// SchemaLink is where the modeline of every YAML sample looks for its
// schema: the repository's schemas folder, relative to the sample (each is
// in a folder of its family), so that an editor opening a sample in a
// checkout of the repository loads it offline. shapan samples --write
// points the copies it writes at the schemas of their own project.
const SchemaLink = "../../schemas/"

// FS returns the sample files (paths like "mbg/赤壁.yaml").
func FS() fs.FS { return files }

// YAML returns the paths of the YAML sample documents, sorted.
func YAML() []string {
	var out []string
	fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// Read returns the content of a sample file.
func Read(name string) ([]byte, error) { return files.ReadFile(name) }

// Exports returns the legacy files exported from the sample document name
// (same base name, other extensions), sorted. An ftbt level's .intro is
// not listed: it is written together with the level's .map.
func Exports(name string) []string {
	base := strings.TrimSuffix(name, ".yaml")
	var out []string
	entries, _ := fs.ReadDir(files, path.Dir(name))
	for _, e := range entries {
		p := path.Join(path.Dir(name), e.Name())
		if p != name && path.Ext(p) != ".intro" && strings.TrimSuffix(p, path.Ext(p)) == base {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}
