// Package store keeps what a server must not lose: append-only logs of
// records, each record durable on disk before Append returns.
//
// Writing and waiting for the disk are apart, so that a server need not
// hold its locks across an fsync: Write puts a record in the file (it
// survives the crash of the process at once), and Sync or SyncTo waits
// until it is on disk. Syncs are committed in groups: callers waiting on
// one log share its fsyncs (one fsync covers every record written before
// it began), and the fsyncs of many logs run side by side (at most
// MaxSyncs at a time), which the file system's journal commits together.
//
// A log is one file of framed records: a 4-byte little-endian length, a
// 4-byte CRC-32C of the payload, then the payload. A crash can leave only
// the last record torn (its write was interrupted, so it was never
// acknowledged): Open cuts it off. A record that is whole but fails its
// checksum was damaged after it was written (and maybe acknowledged):
// Open refuses the log and leaves it as it is, for the caller to set
// aside, so that no acknowledged record is ever dropped silently.
package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// MaxRecord bounds one record; a length beyond it marks a torn or damaged
// record.
const MaxRecord = 16 << 20

const headerSize = 8

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// MaxSyncs bounds the fsyncs running at once in the process (each holds
// a thread while the disk works).
const MaxSyncs = 32

// syncSlots are the fsyncs that may run at once.
var syncSlots = make(chan struct{}, MaxSyncs)

// fsyncs counts the fsyncs of logs (the tests read it).
var fsyncs atomic.Int64

// Log is an open append-only log, safe for concurrent use.
type Log struct {
	path string
	mu   sync.Mutex // guards everything below
	f    *os.File
	// size is the length written; synced the length known to be on disk.
	size, synced int64
	// syncing is closed when the fsync running now ends (nil: none).
	syncing chan struct{}
	// Cut is the number of bytes of a torn tail that Open cut off.
	Cut int64
	// broken is set when a failed write could not be undone, or an fsync
	// failed: every later write and sync fails with it.
	broken error
}

// Open opens (or creates) the log at path and returns its records. A torn
// tail — the remains of a write interrupted by a crash, never
// acknowledged — is cut off (Log.Cut says how many bytes). A damaged
// record — one whose checksum fails, or whose length could never have
// been written — is never cut: Open returns a *DamagedError and leaves
// the file as it is.
func Open(path string) (*Log, [][]byte, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	if errors.Is(statErr, os.ErrNotExist) {
		if err := SyncDir(filepath.Dir(path)); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("store: reading %s: %w", path, err)
	}
	recs, good, tail := Decode(data)
	if tail == Damaged {
		f.Close()
		return nil, nil, &DamagedError{Path: path, Offset: good, Records: len(recs)}
	}
	if tail == Torn {
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("store: cutting the torn end of %s: %w", path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("store: cutting the torn end of %s: %w", path, err)
		}
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	return &Log{path: path, f: f, size: good, synced: good, Cut: int64(len(data)) - good}, recs, nil
}

// DamagedError is a log with a damaged record: Records records read
// well, up to byte Offset, and what follows cannot be trusted.
type DamagedError struct {
	Path    string
	Offset  int64
	Records int
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("store: %s is damaged at byte %d, after %d good records (a checksum fails)", e.Path, e.Offset, e.Records)
}

// Tail tells what follows the good records of a log.
type Tail int

// The tails of a log.
const (
	// Clean: nothing follows.
	Clean Tail = iota
	// Torn: the start of a record whose write a crash interrupted (a
	// header cut short, a payload shorter than its length says and not
	// matching its checksum, or zero bytes only).
	Torn
	// Damaged: a record that was written whole and changed since.
	Damaged
)

// Decode reads the records framed in data, up to the first incomplete or
// damaged one, and returns them with the length of the good prefix and
// what follows it.
func Decode(data []byte) (recs [][]byte, good int64, tail Tail) {
	for off := 0; ; {
		rest := data[off:]
		if len(rest) == 0 {
			return recs, int64(off), Clean
		}
		if len(rest) < headerSize || allZero(rest) {
			return recs, int64(off), Torn
		}
		n := binary.LittleEndian.Uint32(rest)
		sum := binary.LittleEndian.Uint32(rest[4:])
		switch {
		case n == 0 || n > MaxRecord:
			return recs, int64(off), Damaged
		case headerSize+int(n) > len(rest):
			// Cut short by a crash, or a length damaged since: a length
			// one byte away from it that frames a payload matching the
			// checksum tells a record written whole.
			if lengthDamaged(rest, n, sum) {
				return recs, int64(off), Damaged
			}
			return recs, int64(off), Torn
		}
		payload := rest[headerSize : headerSize+int(n)]
		if crc32.Checksum(payload, castagnoli) != sum {
			return recs, int64(off), Damaged
		}
		recs = append(recs, payload)
		off += headerSize + int(n)
	}
}

// lengthDamaged reports whether the record at the start of rest, whose
// length n runs past its end, is a whole record whose length has one
// damaged byte: another value of one of the length's bytes frames a
// payload that matches the checksum sum.
func lengthDamaged(rest []byte, n, sum uint32) bool {
	for k := range 4 {
		for b := uint32(1); b < 256; b++ {
			m := n ^ b<<(8*k)
			if m == 0 || headerSize+int64(m) > int64(len(rest)) {
				continue
			}
			if crc32.Checksum(rest[headerSize:headerSize+int(m)], castagnoli) == sum {
				return true
			}
		}
	}
	return false
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// frame returns rec with its header.
func frame(rec []byte) []byte {
	b := make([]byte, headerSize+len(rec))
	binary.LittleEndian.PutUint32(b, uint32(len(rec)))
	binary.LittleEndian.PutUint32(b[4:], crc32.Checksum(rec, castagnoli))
	copy(b[headerSize:], rec)
	return b
}

// Append writes rec and waits until it is on disk (fsync).
func (l *Log) Append(rec []byte) error {
	if err := l.Write(rec); err != nil {
		return err
	}
	return l.Sync()
}

// Write writes rec without waiting for the disk: it survives the crash
// of the process at once, and a power loss after the next Append or Sync.
func (l *Log) Write(rec []byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.broken != nil {
		return l.broken
	}
	if len(rec) == 0 {
		return errors.New("store: an empty record")
	}
	if len(rec) > MaxRecord {
		return fmt.Errorf("store: a record of %d bytes is larger than %d", len(rec), MaxRecord)
	}
	if _, err := l.f.Write(frame(rec)); err != nil {
		l.undo()
		return fmt.Errorf("store: writing %s: %w", l.path, err)
	}
	l.size += int64(headerSize + len(rec))
	return nil
}

// undo cuts a partly written record, or marks the log broken.
func (l *Log) undo() {
	if err := l.f.Truncate(l.size); err != nil {
		l.broken = fmt.Errorf("store: %s cannot be written any more: %w", l.path, err)
		return
	}
	if _, err := l.f.Seek(l.size, io.SeekStart); err != nil {
		l.broken = fmt.Errorf("store: %s cannot be written any more: %w", l.path, err)
	}
}

// Path returns the log's file.
func (l *Log) Path() string { return l.path }

// Size returns the length of the log written so far: after a Write, the
// end of its record, which SyncTo waits for.
func (l *Log) Size() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.size
}

// Sync waits until everything written before the call is on disk.
func (l *Log) Sync() error { return l.SyncTo(l.Size()) }

// SyncTo waits until the first n bytes of the log are on disk. A call
// that finds an fsync running waits for it, and runs another only when
// that one began before byte n was written: many callers share few
// fsyncs.
func (l *Log) SyncTo(n int64) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	n = min(n, l.size)
	for {
		switch {
		case l.broken != nil:
			return l.broken
		case l.synced >= n:
			return nil
		case l.syncing != nil:
			l.awaitSync()
			continue
		}
		done, upto, f := make(chan struct{}), l.size, l.f
		l.syncing = done
		l.mu.Unlock()
		syncSlots <- struct{}{}
		err := f.Sync()
		fsyncs.Add(1)
		<-syncSlots
		l.mu.Lock()
		l.syncing = nil
		close(done)
		if err != nil {
			// After a failed fsync the kernel may have dropped the pages:
			// nothing written since the last good sync can be trusted.
			l.broken = fmt.Errorf("store: syncing %s: %w", l.path, err)
			return l.broken
		}
		l.synced = max(l.synced, upto)
	}
}

// awaitSync waits, with l.mu held, until no fsync of l runs.
func (l *Log) awaitSync() {
	for l.syncing != nil {
		done := l.syncing
		l.mu.Unlock()
		<-done
		l.mu.Lock()
	}
}

// Replace atomically replaces the whole log by recs: a crash leaves
// either the old records or the new ones.
func (l *Log) Replace(recs [][]byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.awaitSync() // the old file's fsync ends first
	tmp := l.path + ".new"
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	var size int64
	for _, r := range recs {
		b := frame(r)
		if _, err := f.Write(b); err != nil {
			f.Close()
			os.Remove(tmp)
			return fmt.Errorf("store: writing %s: %w", tmp, err)
		}
		size += int64(len(b))
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("store: syncing %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, l.path); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("store: %w", err)
	}
	if err := SyncDir(filepath.Dir(l.path)); err != nil {
		f.Close()
		return err
	}
	l.f.Close()
	l.f, l.size, l.synced, l.broken = f, size, size, nil
	return nil
}

// Close closes the log (after the fsync running now, if any).
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.awaitSync()
	return l.f.Close()
}

// Remove closes the log and deletes its file.
func (l *Log) Remove() error {
	l.Close()
	if err := os.Remove(l.path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("store: %w", err)
	}
	return SyncDir(filepath.Dir(l.path))
}

// SyncDir makes the entries of a directory (files created, renamed,
// removed) durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("store: syncing %s: %w", dir, err)
	}
	return nil
}

// WriteFile writes a whole file durably: a temporary file beside path is
// written and synced, renamed over path, and the folder synced, so that a
// crash leaves the old file or the new one, never a part of one.
func WriteFile(path string, data []byte) error {
	if err := WriteFileOnly(path, data); err != nil {
		return err
	}
	return SyncDir(filepath.Dir(path))
}

// WriteFileOnly is WriteFile without the folder's sync: the caller syncs
// the folder once for many files (SyncDir) before it counts on them.
func WriteFileOnly(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("store: writing %s: %w", path, err)
	}
	return nil
}
