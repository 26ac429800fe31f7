package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// LockFile is the file in a data folder that its server holds locked.
const LockFile = "serve.lock"

// DirLock is a data folder held by this process: two servers never keep
// their rooms in one folder.
type DirLock struct {
	f *os.File
}

// InUseError is a data folder held by another process; Holder says
// which, as that process wrote it.
type InUseError struct {
	Dir, Holder string
}

func (e *InUseError) Error() string {
	who := "another process"
	if e.Holder != "" {
		who = e.Holder
	}
	return fmt.Sprintf("the data folder %s is in use by %s; stop it, or give this server another folder (--data)", e.Dir, who)
}

// LockDir takes dir (made if needed) for this process until Unlock, or
// fails with an *InUseError naming the process holding it.
func LockDir(dir, what string) (*DirLock, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("store: locking %s: %w", path, err)
	}
	if !held {
		b := make([]byte, 512)
		n, _ := f.ReadAt(b, 0)
		f.Close()
		return nil, &InUseError{Dir: dir, Holder: strings.TrimSpace(string(b[:n]))}
	}
	f.Truncate(0)
	fmt.Fprintf(f, "process %d (%s, started %s)", os.Getpid(), what, time.Now().Format(time.RFC3339))
	return &DirLock{f: f}, nil
}

// Unlock gives the folder up.
func (l *DirLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	l.f.Truncate(0)
	err := l.f.Close() // closing the file drops its lock
	l.f = nil
	return err
}
