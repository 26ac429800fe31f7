package engine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
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

// MaxNamedFile bounds a file a golden file or a trace names: the input
// limit of the commands (formats.DefaultMaxInput).
const MaxNamedFile = 256 << 20

// ReadNamed reads a file that a golden file or a trace names (a battle
// trace's map, a golden case's sample save), name being relative to dir,
// the folder of what names it. The path is confined to root as
// ResolveUnder confines it (inside root when StrictRoot is set, whatever
// its spelling), and a file that is not a regular file (a device or a
// FIFO, which would be read forever) or that is larger than
// MaxNamedFile is refused before it is read. It returns the
// path read and the content.
func ReadNamed(root, dir, name string) (string, []byte, error) {
	path := filepath.FromSlash(name)
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	path, err := filepath.Abs(path)
	if err != nil {
		return "", nil, err
	}
	if path, err = ResolveUnder(root, path); err != nil {
		return "", nil, err
	}
	st, err := os.Stat(path) // before opening: opening a FIFO waits for a writer
	switch {
	case err != nil:
		return path, nil, err
	case !st.Mode().IsRegular():
		return path, nil, fmt.Errorf("%s is not a regular file (%s); name a file", name, describeMode(st.Mode()))
	case st.Size() > MaxNamedFile:
		return path, nil, fmt.Errorf("%s is %d bytes, more than the %d a file named here may hold", name, st.Size(), MaxNamedFile)
	}
	f, err := os.Open(path)
	if err != nil {
		return path, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxNamedFile+1))
	if err == nil && len(data) > MaxNamedFile {
		err = fmt.Errorf("%s grew past %d bytes while it was read", name, MaxNamedFile)
	}
	return path, data, err
}

// describeMode names the kind of a file that is not a regular file, in
// the words of formats.DescribeMode (engine imports nothing of formats).
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}
