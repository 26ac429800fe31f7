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
// acknowledged); Open reads up to the first record that is incomplete or
// fails its checksum and cuts the file there.
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
	// broken is set when a failed write could not be undone, or an fsync
	// failed: every later write and sync fails with it.
	broken error
}

// Open opens (or creates) the log at path and returns its records. A torn
// tail — the remains of a write interrupted by a crash — is cut off.
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
	recs, good := Decode(data)
	if good < int64(len(data)) {
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("store: cutting the torn end of %s: %w", path, err)
		}
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	return &Log{path: path, f: f, size: good, synced: good}, recs, nil
}

// Decode reads the records framed in data, up to the first incomplete or
// damaged one, and returns them with the length of the good prefix.
func Decode(data []byte) (recs [][]byte, good int64) {
	for off := 0; ; {
		if len(data)-off < headerSize {
			return recs, int64(off)
		}
		n := binary.LittleEndian.Uint32(data[off:])
		sum := binary.LittleEndian.Uint32(data[off+4:])
		end := off + headerSize + int(n)
		if n > MaxRecord || end > len(data) {
			return recs, int64(off)
		}
		payload := data[off+headerSize : end]
		if crc32.Checksum(payload, castagnoli) != sum {
			return recs, int64(off)
		}
		recs = append(recs, payload)
		off = end
	}
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
