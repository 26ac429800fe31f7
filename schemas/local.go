package schemas

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LocalDir is the folder, at the root of a project, that holds the schemas
// the documents Shapan writes link to by default: an editor finds them
// without a network, and they are the schemas of the program that wrote
// the documents.
const LocalDir = ".shapan/schemas"

// ProjectDir returns the schema folder of a document written at docPath:
// the nearest LocalDir in the document's folder or a folder above it;
// else LocalDir in the nearest folder above that is the root of a Git
// work tree (it holds .git); else LocalDir beside the document. The folder
// need not exist yet (see Missing).
func ProjectDir(docPath string) string {
	start, err := filepath.Abs(filepath.Dir(docPath))
	if err != nil {
		start = filepath.Dir(docPath)
	}
	for dir := start; ; {
		if isDir(filepath.Join(dir, LocalDir)) {
			return filepath.Join(dir, LocalDir)
		}
		if exists(filepath.Join(dir, ".git")) {
			return filepath.Join(dir, LocalDir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return filepath.Join(start, LocalDir)
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}

// Missing returns the schema files, keyed by path, that dir lacks or holds
// with another content (those of another version of Shapan), in their
// offline form: writing them makes dir hold every schema of this build.
func Missing(dir string) map[string][]byte {
	out := map[string][]byte{}
	for _, name := range Names() {
		b, err := Offline(name)
		if err != nil {
			continue // TestEverySchemaNamesItsRelease keeps this from happening
		}
		p := filepath.Join(dir, name)
		if have, err := os.ReadFile(p); err != nil || !bytes.Equal(have, b) {
			out[p] = b
		}
	}
	return out
}

// Link returns the base a document written at docPath names its schema
// under, ending with a slash: base itself when it is a URL, or else the
// folder base relative to the document's folder ("./.shapan/schemas/",
// "../.shapan/schemas/"), which yaml-language-server resolves against the
// document.
func Link(docPath, base string) string {
	if strings.Contains(base, "://") {
		return strings.TrimSuffix(base, "/") + "/"
	}
	from, err1 := filepath.Abs(filepath.Dir(docPath))
	to, err2 := filepath.Abs(base)
	rel, err3 := filepath.Rel(from, to)
	if err1 != nil || err2 != nil || err3 != nil {
		rel = base
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, "../") && !strings.HasPrefix(rel, "/") && rel != ".." {
		rel = "./" + strings.TrimPrefix(rel, "./")
	}
	return strings.TrimSuffix(rel, "/") + "/"
}

// IsLocal reports whether path is a schema file in a folder named as
// LocalDir's (one that Missing returned), for a command listing what it
// wrote.
func IsLocal(path string) bool {
	return filepath.Base(filepath.Dir(path)) == filepath.Base(LocalDir) &&
		strings.HasSuffix(path, ".schema.json")
}
