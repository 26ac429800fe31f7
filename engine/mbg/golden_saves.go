package mbg

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// scratchSaves stores the saves the players of a replayed case ask for
// (answer -3, then a file name; spec §11.2). The original creates the file
// with the name exactly as answered and reports whether it could: a
// relative name is resolved in a scratch directory standing for the
// original's working directory, so a name in a missing directory fails as
// it did there.
type scratchSaves struct{ dir string }

func newScratchSaves() (*scratchSaves, error) {
	dir, err := os.MkdirTemp("", "shapan-replay-saves-")
	if err != nil {
		return nil, err
	}
	return &scratchSaves{dir: dir}, nil
}

// remove deletes the scratch directory and the saves in it.
func (s *scratchSaves) remove() { os.RemoveAll(s.dir) }

// save writes data to the file called name and reports whether the file
// could be created. A name that leads outside the scratch directory (an
// absolute one, or one climbing out with "..") is kept as it is but only
// probed: the file is opened for writing without being truncated, and
// removed again if the probe created it. The answer is the original's,
// and replaying a trace never overwrites a file of the user.
func (s *scratchSaves) save(name string, data []byte) bool {
	path := name
	if !filepath.IsAbs(name) {
		path = s.dir + string(filepath.Separator) + name // resolved by the system, like os.Create(name)
	}
	if rel, err := filepath.Rel(s.dir, filepath.Clean(path)); err != nil || !filepath.IsLocal(rel) {
		return probeCreate(path)
	}
	f, err := os.Create(path)
	if err != nil {
		return false
	}
	f.Write(data) // the original reports the creation only
	f.Close()
	return true
}

// probeCreate reports whether os.Create(path) would succeed, leaving the
// file system as it was.
func probeCreate(path string) bool {
	_, statErr := os.Lstat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return false
	}
	f.Close()
	if errors.Is(statErr, fs.ErrNotExist) {
		os.Remove(path)
	}
	return true
}
