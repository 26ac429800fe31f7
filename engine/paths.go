package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync/atomic"
)

// StrictRoot confines ResolveUnder to its root: an absolute path outside
// it is then refused too, and so is a path whose symbolic links lead out
// of the root. `shapan replay --root DIR` sets it: a file handed to replay then
// cannot make it read anything outside the folder given.
var StrictRoot atomic.Bool

// ResolveUnder resolves a path named inside a golden or trace file
// (slash-separated) against root, the folder such paths are relative to.
// A relative path must stay inside root: a path that leads out of it
// through .. is refused. An absolute path is kept (shapan play writes the
// scenario's absolute path into its traces) unless StrictRoot is set.
func ResolveUnder(root, p string) (string, error) {
	local := filepath.FromSlash(p)
	strict := StrictRoot.Load()
	switch {
	case filepath.IsAbs(local) && !strict:
		return local, nil
	case !filepath.IsAbs(local) && !filepath.IsLocal(local):
		return "", fmt.Errorf("engine: the path %q leads outside the root folder %s; name files inside it", p, root)
	}
	full := local
	if !filepath.IsAbs(local) {
		full = filepath.Join(root, local)
	}
	if strict && !staysUnder(root, full) {
		return "", fmt.Errorf("engine: the path %q leads outside the root folder %s (with --root only files inside it are read); name files inside it", p, root)
	}
	return full, nil
}

// staysUnder reports whether the file at full lies inside root, by its
// name and with its symbolic links followed (a file that does not exist
// is judged by its name).
func staysUnder(root, full string) bool {
	inside := func(root, p string) bool {
		r, err1 := filepath.Abs(root)
		q, err2 := filepath.Abs(p)
		rel, err3 := filepath.Rel(r, q)
		return err1 == nil && err2 == nil && err3 == nil && filepath.IsLocal(rel) || rel == "."
	}
	if !inside(root, full) {
		return false
	}
	real, err := filepath.EvalSymlinks(full)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	realRoot, err2 := filepath.EvalSymlinks(root)
	return err == nil && err2 == nil && inside(realRoot, real)
}
