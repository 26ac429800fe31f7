package formats

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// staleAfter is the age after which a temporary file left beside a
// document (by a run that was killed between writing and renaming it) is
// removed by the next save of that document.
const staleAfter = time.Hour

// WriteFileAtomic writes data to a temporary file beside path, flushes
// it to the disk, renames it over path and flushes the folder, so that a
// crash leaves either the old file or the new one, never half of one.
// When path is a symbolic link the file it points to is written (the link
// stays a link). Temporary files of the same name older than an hour,
// left by a run that was killed, are removed. Every write, flush and
// close is checked: a full disk is an error, never a silent success. A
// device or FIFO (/dev/stdout) is written as it is.
func WriteFileAtomic(path string, data []byte) error {
	f, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// AtomicFile is a file being written that replaces the file at its path
// only when committed (see WriteFileAtomic); until then the old file, if
// any, is untouched.
type AtomicFile struct {
	path, target string
	f            *os.File
	// direct is set when the path is not a regular file (a device such
	// as /dev/stdout, a FIFO): it is written as it is, never replaced.
	direct bool
}

// CreateAtomic starts writing the file at path (through its symbolic
// links): it writes a temporary file beside it. A path that exists and is
// not a regular file (a device, a FIFO) is written directly: it cannot
// be replaced by a rename without destroying it.
func CreateAtomic(path string) (*AtomicFile, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return nil, fmt.Errorf("saving %s: %w", path, err)
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return nil, fmt.Errorf("saving %s: it is a directory", path)
		}
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("saving %s: %w", path, err)
		}
		return &AtomicFile{path: path, target: target, f: f, direct: true}, nil
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	removeStaleTemps(dir, base)
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("saving %s: %w", path, err)
	}
	return &AtomicFile{path: path, target: target, f: f}, nil
}

// Write writes to the temporary file.
func (a *AtomicFile) Write(p []byte) (int, error) {
	n, err := a.f.Write(p)
	if err != nil {
		err = fmt.Errorf("saving %s: %w", a.path, err)
	}
	return n, err
}

// Abort removes the temporary file; the file at the path is untouched.
func (a *AtomicFile) Abort() {
	a.f.Close()
	if !a.direct {
		os.Remove(a.f.Name())
	}
}

// Commit flushes the temporary file to the disk and renames it over the
// path, keeping the permissions of the file it replaces, then flushes the
// folder. On failure the temporary file is removed.
func (a *AtomicFile) Commit() error {
	if err := a.prepare(); err != nil {
		return err
	}
	return a.rename()
}

// prepare flushes the temporary file to the disk and gives it the
// permissions of the file it replaces: all that is left is the rename.
// On failure the temporary file is removed.
func (a *AtomicFile) prepare() error {
	if a.direct {
		if err := a.f.Close(); err != nil {
			return fmt.Errorf("saving %s: %w", a.path, err)
		}
		return nil
	}
	tmp := a.f.Name()
	fail := func(err error) error {
		os.Remove(tmp)
		return fmt.Errorf("saving %s: %w", a.path, err)
	}
	if err := a.f.Sync(); err != nil {
		a.f.Close()
		return fail(err)
	}
	if err := a.f.Close(); err != nil {
		return fail(err)
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(a.target); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return fail(err)
	}
	return nil
}

// rename puts the prepared temporary file in place and flushes the folder.
func (a *AtomicFile) rename() error {
	if a.direct {
		return nil
	}
	if err := os.Rename(a.f.Name(), a.target); err != nil {
		os.Remove(a.f.Name())
		return fmt.Errorf("saving %s: %w", a.path, err)
	}
	if err := syncDir(filepath.Dir(a.target)); err != nil {
		return fmt.Errorf("saving %s: %w", a.path, err)
	}
	return nil
}

// LimitedWriter passes writes on to W until N bytes were written, then
// fails: it bounds an output that grows with a run, such as a trace.
type LimitedWriter struct {
	W io.Writer
	N int64
	// What names the output and the flag that raises the limit, for the
	// error ("the trace (--trace-max)").
	What string
	// Err is the first error of a write (the limit, or W's own).
	Err error
}

// Write writes p, or fails when it would go past the limit.
func (l *LimitedWriter) Write(p []byte) (int, error) {
	if l.Err != nil {
		return 0, l.Err
	}
	if int64(len(p)) > l.N {
		l.Err = fmt.Errorf("%s would be larger than its limit; raise it", l.What)
		return 0, l.Err
	}
	n, err := l.W.Write(p)
	l.N -= int64(n)
	l.Err = err
	return n, err
}

// resolveLinks follows the symbolic links at path (also a link to a file
// that does not exist yet) and returns the file they lead to.
func resolveLinks(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			return path, nil // a regular file, or a new one
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", fmt.Errorf("too many levels of symbolic links")
}

// syncDir flushes a folder, so that a rename in it survives a crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// removeStaleTemps removes the temporary files of base in dir that a
// killed run left behind (those older than staleAfter: a younger one may
// be another program's save in progress).
func removeStaleTemps(dir, base string) {
	matches, _ := filepath.Glob(filepath.Join(dir, "."+escapeGlob(base)+".tmp*"))
	for _, m := range matches {
		if st, err := os.Lstat(m); err == nil && st.Mode().IsRegular() && time.Since(st.ModTime()) > staleAfter {
			os.Remove(m)
		}
	}
}

// escapeGlob escapes the characters filepath.Match gives a meaning.
func escapeGlob(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`)
	return r.Replace(s)
}
