package mbg

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/heappeak"
)

// A trace is read a line at a time, never held whole: replaying a trace
// file of 16 MB keeps its events (about the file's size) live, not the
// file as well. It used to read the file whole first, twice the file
// live (a 250 MiB trace peaked at 1.2 GB resident).
func TestReplayTraceFileDoesNotHoldTheFileWhole(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString(`{"game":"mbg","case":"pad","scenario":"missing.map","seed":1,"rng":"go-math-rand"}` + "\n")
	pad := `{"e":"pad","text":"` + strings.Repeat("x", 1000) + "\"}\n"
	n := (16 << 20) / len(pad)
	for range n {
		w.WriteString(pad)
	}
	fmt.Fprintf(w, `{"result":0,"n_events":%d,"n_decisions":0,"final":{}}`+"\n", n)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	var replayErr error
	peak := heappeak.Live(func() { _, replayErr = ReplayTraceFile(path, dir) })
	if replayErr == nil || !strings.Contains(replayErr.Error(), "missing.map") {
		t.Fatalf("a trace of a missing scenario: %v", replayErr)
	}
	if limit := st.Size()*3/2 + 4<<20; int64(peak) > limit {
		t.Errorf("replaying a trace of %d bytes kept up to %d bytes live (at most %d)", st.Size(), peak, limit)
	}
	t.Logf("a trace of %d bytes: at most %d bytes live (%.2f×)", st.Size(), peak, float64(peak)/float64(st.Size()))
}
