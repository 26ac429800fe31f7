package formats

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/shapan/shapan/internal/hugepage"
)

// DefaultMaxInput is the largest file read when Options.MaxInput is 0:
// far above any real scenario (a 1500×1500 level with 2000 people is
// under 5 MB), far below what would exhaust a machine.
const DefaultMaxInput = 256 << 20

// Stdin is the path that names standard input.
const Stdin = "-"

// ReadInput returns the content of the file at path; "-" is standard
// input (opts.Stdin). It refuses what is not a regular file (a device
// such as /dev/zero, a FIFO, a directory), which could be read forever,
// and anything larger than opts.MaxInput bytes. Its errors are IOErrors.
func ReadInput(path string, opts Options) ([]byte, error) {
	return readInput(path, opts, nil)
}

// readInput is ReadInput; when check is not nil and the input is longer
// than sniffPrefix bytes, check is given its beginning (at least
// sniffPrefix+1 bytes, or all of it) before the rest is read, and an
// error it returns is returned at once.
func readInput(path string, opts Options, check func(head []byte) error) ([]byte, error) {
	limit := opts.MaxInput
	if limit <= 0 {
		limit = DefaultMaxInput
	}
	if path == Stdin {
		in := opts.Stdin
		if in == nil {
			in = os.Stdin
		}
		return readChunks("standard input", in, limit, check)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, &IOError{err}
	}
	if !st.Mode().IsRegular() {
		return nil, &IOError{fmt.Errorf("%s is not a regular file (%s); name a file, or - for standard input", path, DescribeMode(st.Mode()))}
	}
	if st.Size() > limit {
		return nil, &IOError{tooLarge(path, st.Size(), limit)}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &IOError{err}
	}
	defer f.Close()
	var head []byte
	if check != nil && st.Size() > sniffPrefix {
		head = make([]byte, sniffPrefix+1)
		n, err := io.ReadFull(f, head)
		if err != nil && err != io.ErrUnexpectedEOF {
			return nil, &IOError{fmt.Errorf("reading %s: %w", path, err)}
		}
		if head = head[:n]; n > sniffPrefix {
			if err := check(head); err != nil {
				return nil, err
			}
		}
	}
	return readLimited(path, f, limit, st.Size(), head)
}

// readLimited reads r whole into a buffer of size bytes (grown when r
// holds more), after head (what was read of it already), failing once it
// holds more than limit bytes (a file can grow while it is read). A
// stream of unknown size (size 0) is read in chunks, so that reading it
// never takes more than twice what it holds (a buffer grown by doubling
// takes three times), and refusing it past the limit takes no more than
// the limit.
func readLimited(name string, r io.Reader, limit, size int64, head []byte) ([]byte, error) {
	if size == 0 && len(head) == 0 {
		return readChunks(name, r, limit, nil)
	}
	data := hugepage.Make[byte](0, int(min(max(size, 512), limit)+1))
	data = append(data, head...)
	lr := io.LimitReader(r, limit+1-int64(len(head)))
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := lr.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &IOError{fmt.Errorf("reading %s: %w", name, err)}
		}
	}
	if int64(len(data)) > limit {
		return nil, &IOError{tooLarge(name, -1, limit)}
	}
	return data, nil
}

func tooLarge(name string, size, limit int64) error {
	if size < 0 {
		return fmt.Errorf("%s is larger than the input limit of %s; raise it with --max-input", name, byteSize(limit))
	}
	return fmt.Errorf("%s is %s, larger than the input limit of %s; raise it with --max-input", name, byteSize(size), byteSize(limit))
}

// byteSize writes n bytes in the largest binary unit that keeps it at or
// above 1 ("256 MiB").
func byteSize(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	f, u := float64(n), 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%d bytes", n)
	}
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d %s", int64(f), units[u])
	}
	return fmt.Sprintf("%.1f %s", f, units[u])
}

// DescribeMode names the kind of a file that is not a regular file ("a
// directory", "a FIFO"), for messages that refuse it.
func DescribeMode(m fs.FileMode) string {
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

// readChunks reads a stream of unknown size in chunks of 1 MiB, then
// joins them (see readLimited); check, when not nil, is given the first
// chunk when the stream is longer than sniffPrefix bytes (see readInput).
func readChunks(name string, r io.Reader, limit int64, check func(head []byte) error) ([]byte, error) {
	const chunk = 1 << 20
	var chunks [][]byte
	var total int64
	for {
		buf := make([]byte, chunk)
		n, err := io.ReadFull(r, buf)
		total += int64(n)
		if total > limit {
			return nil, &IOError{tooLarge(name, -1, limit)}
		}
		chunks = append(chunks, buf[:n])
		if check != nil && len(chunks) == 1 && n > sniffPrefix {
			if err := check(buf[:n]); err != nil {
				return nil, err
			}
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, &IOError{fmt.Errorf("reading %s: %w", name, err)}
		}
	}
	data := hugepage.Make[byte](0, int(total))
	for _, c := range chunks {
		data = append(data, c...)
	}
	return data, nil
}
