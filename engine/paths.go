package engine

import (
	"fmt"
	"path/filepath"
)

// ResolveUnder resolves a path named inside a golden or trace file
// (slash-separated) against root, the folder such paths are relative to.
// An absolute path is kept (shapan play writes the scenario's absolute
// path into its traces); a relative one must stay inside root: a path
// that leads out of it through .. is refused, so that a file handed to
// replay cannot make it read anything outside the folder given.
func ResolveUnder(root, p string) (string, error) {
	local := filepath.FromSlash(p)
	if filepath.IsAbs(local) {
		return local, nil
	}
	if !filepath.IsLocal(local) {
		return "", fmt.Errorf("engine: the path %q leads outside the root folder %s; name files inside it", p, root)
	}
	return filepath.Join(root, local), nil
}
