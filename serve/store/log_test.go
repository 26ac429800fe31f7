package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestLogKeepsEveryAppendedRecordAcrossReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "room", "a.log")
	l, recs, err := Open(path)
	if err != nil || len(recs) != 0 {
		t.Fatalf("Open: %v, %d records", err, len(recs))
	}
	var want [][]byte
	for i := range 50 {
		r := []byte(fmt.Sprintf(`{"i":%d,"pad":"%s"}`, i, bytes.Repeat([]byte("x"), i)))
		want = append(want, r)
		if i%2 == 0 {
			err = l.Append(r)
		} else {
			err = l.Write(r)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	l, recs, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if len(recs) != len(want) {
		t.Fatalf("%d records after reopening, want %d", len(recs), len(want))
	}
	for i := range want {
		if !bytes.Equal(recs[i], want[i]) {
			t.Fatalf("record %d = %s, want %s", i, recs[i], want[i])
		}
	}
}

// A crash in the middle of a write leaves a torn record: every cut of the
// last record's bytes must read as the records before it, and the next
// append must follow them. Any damaged byte of a whole record is refused
// as damage, and the file is left as it was.
func TestLogCutsATornTailAndRefusesDamage(t *testing.T) {
	dir := t.TempDir()
	first, last := []byte(`{"t":"first"}`), []byte(`{"t":"last record"}`)
	whole := append(frame(first), frame(last)...)
	for cut := len(frame(first)); cut < len(whole); cut++ {
		for _, damage := range []bool{false, true} {
			data := append([]byte(nil), whole[:cut]...)
			if damage {
				data = append([]byte(nil), whole...)
				data[cut] ^= 0x40
			}
			path := filepath.Join(dir, fmt.Sprintf("%d-%v.log", cut, damage))
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			l, recs, err := Open(path)
			if damage {
				var de *DamagedError
				if !errors.As(err, &de) || de.Records != 1 || de.Offset != int64(len(frame(first))) {
					t.Fatalf("damage at %d: %v, want damage after record 1", cut, err)
				}
				if back, _ := os.ReadFile(path); !bytes.Equal(back, data) {
					t.Fatalf("damage at %d: the damaged file was changed", cut)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != 1 || !bytes.Equal(recs[0], first) || l.Cut != int64(cut-len(frame(first))) {
				t.Fatalf("cut %d: read %q (cut %d bytes), want only the first record", cut, recs, l.Cut)
			}
			if err := l.Append([]byte("next")); err != nil {
				t.Fatal(err)
			}
			l.Close()
			_, recs, _ = Open(path)
			if len(recs) != 2 || string(recs[1]) != "next" {
				t.Fatalf("cut %d: after an append read %q", cut, recs)
			}
		}
	}
}

// A byte flipped anywhere in a log of many records never drops a record
// silently: the log opens whole, or Open reports it damaged.
func TestEveryFlippedByteIsFound(t *testing.T) {
	var whole []byte
	for i := range 20 {
		whole = append(whole, frame([]byte(fmt.Sprintf(`{"p":%d,"a":[%d]}`, i%3, i)))...)
	}
	for off := range whole {
		for _, bit := range []byte{1, 0x80, 0xff} {
			data := append([]byte(nil), whole...)
			data[off] ^= bit
			recs, _, tail := Decode(data)
			if tail != Damaged {
				t.Fatalf("byte %d bit %x: %d records, tail %d: the damage is not found", off, bit, len(recs), tail)
			}
		}
	}
}

// A tail of zero bytes (a file grown by a crash before its data were
// written) is torn, not damage.
func TestZeroTailIsTorn(t *testing.T) {
	data := append(frame([]byte("ok")), make([]byte, 100)...)
	recs, good, tail := Decode(data)
	if len(recs) != 1 || good != int64(len(frame([]byte("ok")))) || tail != Torn {
		t.Fatalf("Decode = %q, %d, %d", recs, good, tail)
	}
}

func TestReplaceSwapsTheWholeLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.log")
	l, _, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []string{"a", "b", "c"} {
		if err := l.Append([]byte(r)); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Replace([][]byte{[]byte("new")}); err != nil {
		t.Fatal(err)
	}
	if err := l.Append([]byte("after")); err != nil {
		t.Fatal(err)
	}
	l.Close()
	_, recs, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%s", recs); got != "[new after]" {
		t.Fatalf("records %s, want [new after]", got)
	}
	if _, err := os.Stat(path + ".new"); !os.IsNotExist(err) {
		t.Fatalf("the temporary file is left behind: %v", err)
	}
}

// Callers waiting on one log share its fsyncs: records written first and
// then waited for by as many goroutines take one fsync, and every record
// written by goroutines writing and syncing at once is read back.
func TestSyncsAreShared(t *testing.T) {
	l, _, err := Open(filepath.Join(t.TempDir(), "shared.log"))
	if err != nil {
		t.Fatal(err)
	}
	var ends []int64
	for i := range 100 {
		if err := l.Write([]byte(fmt.Sprint(i))); err != nil {
			t.Fatal(err)
		}
		ends = append(ends, l.Size())
	}
	before := fsyncs.Load()
	var wg sync.WaitGroup
	for _, end := range ends {
		wg.Go(func() {
			if err := l.SyncTo(end); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := fsyncs.Load() - before; n != 1 {
		t.Errorf("100 waits for records written before them took %d fsyncs, want 1", n)
	}
	for g := range 8 {
		wg.Go(func() {
			for i := range 25 {
				if err := l.Write([]byte(fmt.Sprintf("g%d-%d", g, i))); err != nil {
					t.Error(err)
					return
				}
				if err := l.Sync(); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	l.Close()
	_, recs, err := Open(l.path)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 300 {
		t.Fatalf("%d records read back, want 300", len(recs))
	}
	seen := map[string]bool{}
	for _, r := range recs {
		seen[string(r)] = true
	}
	for g := range 8 {
		for i := range 25 {
			if k := fmt.Sprintf("g%d-%d", g, i); !seen[k] {
				t.Fatalf("record %s is lost", k)
			}
		}
	}
}

func TestImpossibleLengthIsDamage(t *testing.T) {
	data := append(frame([]byte("ok")), 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0)
	recs, good, tail := Decode(data)
	if len(recs) != 1 || good != int64(len(frame([]byte("ok")))) || tail != Damaged {
		t.Fatalf("Decode = %q, %d, %d", recs, good, tail)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(append(frame([]byte("a")), frame([]byte("bc"))...))
	f.Add([]byte{1, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, good, tail := Decode(data)
		if good < 0 || good > int64(len(data)) {
			t.Fatalf("good prefix %d of %d bytes", good, len(data))
		}
		if (tail == Clean) != (good == int64(len(data))) {
			t.Fatalf("tail %d with %d of %d bytes read", tail, good, len(data))
		}
		var again []byte
		for _, r := range recs {
			again = append(again, frame(r)...)
		}
		if !bytes.Equal(again, data[:good]) {
			t.Fatal("the records read do not frame back to the good prefix")
		}
		if tail == Torn {
			// A torn tail is never a whole record: cutting it loses
			// nothing that was written whole.
			rest := data[good:]
			if len(rest) >= headerSize && !allZero(rest) {
				n := binary.LittleEndian.Uint32(rest)
				if int(n)+headerSize <= len(rest) {
					t.Fatalf("a whole record (%d bytes of %d) called torn", n, len(rest))
				}
			}
		}
	})
}
