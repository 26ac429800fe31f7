package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/samples"
)

// TestSmokeUnderXvfb starts the real studio binary in a virtual X server,
// once with the embedded samples and once with every sample file given on
// the command line, and checks that its window appears and that it exits
// cleanly. Without Xvfb the test is skipped, unless SHAPAN_REQUIRE_XVFB is
// set (CI sets it).
func TestSmokeUnderXvfb(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the smoke test builds and runs the real studio")
	}
	longtest.EndToEnd(t, "the studio in a real window")
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		if os.Getenv("SHAPAN_REQUIRE_XVFB") != "" {
			t.Fatal("Xvfb is not installed, and SHAPAN_REQUIRE_XVFB is set")
		}
		t.Skip("Xvfb is not installed: skipping the real-window smoke test")
	}
	bin, studioEnv := studioCommand()

	// The sample files, written out as a user would have them.
	dir := t.TempDir()
	var files []string
	for _, name := range samples.YAML() {
		data, _ := samples.Read(name)
		p := filepath.Join(dir, filepath.FromSlash(name)) // keeps the family folder
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, data, 0o644)
		files = append(files, p)
	}
	for _, args := range [][]string{{"--sample"}, files} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			display, stop := startXvfb(t, xvfb)
			defer stop()
			ctx, cancel := context.WithTimeout(context.Background(), studioTimeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, append([]string{"--quit-after", "10s"}, args...)...)
			home := t.TempDir()
			cmd.Env = append(os.Environ(), studioEnv, "DISPLAY="+display, "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, "cache"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"), "LANG=en_US.UTF-8")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			waitForDisplay(t, display)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			// While it runs (it quits 10 s after showing its window: on a
			// loaded machine listing the windows takes seconds), its window
			// must appear on the display.
			if info, err := exec.LookPath("xwininfo"); err == nil {
				var out []byte
				found := false
				for deadline, pause := time.Now().Add(patience), pauser(); time.Now().Before(deadline) && !found; {
					out, _ = exec.Command(info, "-display", display, "-root", "-tree").CombinedOutput()
					found = strings.Contains(string(out), "Shapan")
					if found {
						break
					}
					select {
					case err := <-exited:
						// Gone without a window: no use waiting for one.
						exited <- err
						deadline = time.Now()
					default:
						pause()
					}
				}
				if !found {
					t.Errorf("no Shapan window on the display:\n%s", out)
				}
			}
			if err := <-exited; err != nil {
				t.Fatalf("the studio failed: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
			}
			want := fmt.Sprintf("%d document(s) open", len(files))
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("the studio did not report %q:\n%s\n%s", want, stdout.String(), stderr.String())
			}
		})
	}
}

// waitForDisplay waits until the X server on display answers a client
// (xwininfo), so that the program started next finds it.
func waitForDisplay(t *testing.T, display string) {
	t.Helper()
	info, err := exec.LookPath("xwininfo")
	if err != nil {
		return
	}
	for deadline, pause := time.Now().Add(patience), pauser(); ; pause() {
		out, err := exec.Command(info, "-display", display, "-root").CombinedOutput()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("display %s does not answer: %v\n%s", display, err, out)
		}
	}
}

// startXvfb starts a virtual X server on a display number it picks itself
// (-displayfd), or on the first free one of $SHAPAN_XVFB_DISPLAYS
// ("11-19": on a machine whose other users keep to their own numbers),
// waits until it accepts clients, and returns the display and a function
// that stops it.
func startXvfb(t *testing.T, xvfb string) (display string, stop func()) {
	t.Helper()
	first, last := -1, -1
	if r := os.Getenv("SHAPAN_XVFB_DISPLAYS"); r != "" {
		if _, err := fmt.Sscanf(r, "%d-%d", &first, &last); err != nil || first < 0 || last < first {
			t.Fatalf("SHAPAN_XVFB_DISPLAYS=%q: want FIRST-LAST, such as 11-19", r)
		}
	}
	if first < 0 {
		display, stop, err := tryXvfb(xvfb, "")
		if err != nil {
			t.Fatal(err)
		}
		return display, stop
	}
	for n := first; n <= last; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue // in use
		}
		if display, stop, err := tryXvfb(xvfb, fmt.Sprintf(":%d", n)); err == nil {
			return display, stop
		}
	}
	t.Fatalf("no free display among SHAPAN_XVFB_DISPLAYS=%s", os.Getenv("SHAPAN_XVFB_DISPLAYS"))
	return "", nil
}

// tryXvfb starts Xvfb on display (empty: one it picks) and waits until it
// accepts clients.
func tryXvfb(xvfb, display string) (string, func(), error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	args := []string{"-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp"}
	if display != "" {
		args = append([]string{display}, args...)
	}
	x := exec.Command(xvfb, args...)
	x.ExtraFiles = []*os.File{w} // fd 3
	if err := x.Start(); err != nil {
		w.Close()
		return "", nil, err
	}
	w.Close()
	stop := func() {
		// SIGTERM lets Xvfb remove its lock file and socket, so that a
		// later server picking the same display number does not find them
		// stale; a server that does not stop within 10 s is killed.
		x.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { x.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			x.Process.Kill()
			<-done
		}
	}
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			stop()
			return "", nil, fmt.Errorf("Xvfb %s exited without naming its display", display)
		}
		return ":" + n, stop, nil
	case <-time.After(60 * time.Second):
		stop()
		return "", nil, fmt.Errorf("Xvfb %s did not start within a minute", display)
	}
}
