//go:build linux && cgo

package xpixels

import (
	"bufio"
	"image"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// xvfb starts a virtual X server of 320×200 on a display it picks
// (-displayfd) and returns its name; the test skips without Xvfb unless
// SHAPAN_REQUIRE_XVFB is set.
func xvfb(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		if os.Getenv("SHAPAN_REQUIRE_XVFB") != "" {
			t.Fatal("Xvfb is not installed, and SHAPAN_REQUIRE_XVFB is set")
		}
		t.Skip("Xvfb is not installed")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "320x200x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			t.Fatal("Xvfb named no display")
		}
		return ":" + n
	case <-time.After(2 * time.Minute):
		t.Fatal("Xvfb did not start")
	}
	return ""
}

// TestHashSeesAChangeThroughEitherPath paints the screen with xsetroot:
// the hash changes with the screen and not otherwise, and the hash read
// through shared memory is the one read through the server's socket.
func TestHashSeesAChangeThroughEitherPath(t *testing.T) {
	setroot, err := exec.LookPath("xsetroot")
	if err != nil {
		t.Skip("xsetroot is not installed")
	}
	display := xvfb(t)
	shm, err := Open(display)
	if err != nil {
		t.Fatal(err)
	}
	defer shm.Close()
	plain, err := Open(display)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	plain.noShm = true
	screen := image.Rect(0, 0, 320, 200)
	read := func() int64 {
		t.Helper()
		a, err := shm.Hash(screen)
		if err != nil {
			t.Fatal(err)
		}
		b, err := plain.Hash(screen)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Fatalf("through shared memory %x, through the socket %x", a, b)
		}
		return a
	}
	before := read()
	if shm.grab == nil {
		t.Log("this server shares no memory: both readings went through its socket")
	}
	if again := read(); again != before {
		t.Fatalf("the still screen hashes to %x, then %x", before, again)
	}
	c := exec.Command(setroot, "-solid", "#c04020")
	c.Env = append(os.Environ(), "DISPLAY="+display)
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("xsetroot: %v\n%s", err, out)
	}
	if read() == before {
		t.Fatal("the screen was painted, its hash is the same")
	}
	for _, d := range []*Display{shm, plain} {
		img, err := d.Image(image.Rect(10, 20, 30, 25))
		if err != nil {
			t.Fatal(err)
		}
		if r, g, b, _ := img.At(29, 24).RGBA(); r>>8 != 0xc0 || g>>8 != 0x40 || b>>8 != 0x20 {
			t.Errorf("the painted screen reads as %02x%02x%02x (shared memory %v)", r>>8, g>>8, b>>8, d.grab != nil)
		}
	}
	if _, err := shm.Hash(image.Rect(300, 0, 400, 10)); err == nil {
		t.Error("a region off the screen was read")
	}
}
