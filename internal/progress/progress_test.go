package progress

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func onTerminal(t *testing.T) {
	old, oldThrottle := IsTerminal, throttle
	IsTerminal = func(io.Writer) bool { return true }
	throttle = 0
	t.Cleanup(func() { IsTerminal, throttle = old, oldThrottle })
}

func TestNoBarWhenPipedOrQuiet(t *testing.T) {
	var b bytes.Buffer
	if New(&b, Options{Total: 10, Unit: "games"}) != nil {
		t.Error("a bar on a pipe")
	}
	onTerminal(t)
	if New(&b, Options{Total: 10, Unit: "games", Quiet: true}) != nil {
		t.Error("a bar with --quiet")
	}
	var none *Bar // a nil bar draws nothing and does not panic
	none.Set(3)
	none.Add(1)
	none.Done()
	if b.Len() != 0 {
		t.Errorf("wrote %q", b.String())
	}
}

func TestBarShowsCountAndTimeLeft(t *testing.T) {
	onTerminal(t)
	t.Setenv("NO_COLOR", "1")
	var b bytes.Buffer
	bar := New(&b, Options{Total: 100, Unit: "games"})
	for i := 1; i <= 60; i++ {
		bar.Set(int64(i))
	}
	shown := b.String()
	for _, want := range []string{"60/100", "games/", "s:"} { // count, rate, [elapsed:left]
		if !strings.Contains(shown, want) {
			t.Errorf("the bar does not show %q: %q", want, shown)
		}
	}
	if strings.Contains(shown, "\x1b[3") {
		t.Errorf("colours with NO_COLOR: %q", shown)
	}
	bar.Done()
	if last := b.String()[strings.LastIndex(b.String(), "\r")+1:]; strings.TrimSpace(last) != "" {
		t.Errorf("the bar is not erased at the end: %q", last)
	}
}

func TestColourOnlyOnATerminalWithoutNO_COLOR(t *testing.T) {
	var b bytes.Buffer
	t.Setenv("TERM", "xterm")
	if Colour(&b) {
		t.Error("colour on a pipe")
	}
	onTerminal(t)
	// no-color.org: only a NO_COLOR that is not empty turns colour off.
	t.Setenv("NO_COLOR", "")
	if !Colour(&b) {
		t.Error("no colour with an empty NO_COLOR")
	}
	t.Setenv("NO_COLOR", "1")
	if Colour(&b) {
		t.Error("colour with NO_COLOR=1")
	}
}

func TestReaderCountsBytes(t *testing.T) {
	onTerminal(t)
	var b bytes.Buffer
	bar := New(&b, Options{Total: 5 << 20, Bytes: true})
	n, err := io.Copy(io.Discard, bar.Reader(bytes.NewReader(make([]byte, 5<<20))))
	if err != nil || n != 5<<20 {
		t.Fatalf("copied %d, %v", n, err)
	}
	if !strings.Contains(b.String(), "MB") {
		t.Errorf("the bar does not count megabytes: %q", b.String())
	}
}
