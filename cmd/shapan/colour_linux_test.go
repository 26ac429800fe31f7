package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the controller side, which reads what
// is written to the terminal, and the terminal itself.
func openPTY(t *testing.T) (controller, terminal *os.File) {
	t.Helper()
	controller, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { controller.Close() })
	fd := int(controller.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Skipf("naming the pseudo-terminal: %v", err)
	}
	terminal, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { terminal.Close() })
	return controller, terminal
}

// On a real terminal (the command's standard output as the program gets
// it, not a stand-in) check colours the severities, and NO_COLOR turns
// the colours off.
func TestCheckColoursARealTerminal(t *testing.T) {
	dir := t.TempDir()
	bad := dir + "/bad.yaml"
	os.WriteFile(bad, []byte("kind: planets/map\nformat: 1\nmap: [1\n"), 0o644)
	// NO_COLOR turns colours off only when it is not empty (no-color.org).
	for _, env := range []string{"unset", "", "1"} {
		noColour := env == "1"
		controller, terminal := openPTY(t)
		t.Setenv("TERM", "xterm")
		t.Setenv("NO_COLOR", env)
		if env == "unset" {
			os.Unsetenv("NO_COLOR")
		}
		var errOut bytes.Buffer
		code := runChecked([]string{"check", bad}, terminal, &errOut)
		if code != exitInvalid {
			t.Fatalf("exit %d, want %d", code, exitInvalid)
		}
		controller.SetReadDeadline(time.Now().Add(5 * time.Second))
		buf := make([]byte, 4096)
		n, _ := controller.Read(buf)
		got := string(buf[:n])
		if coloured := strings.Contains(got, "\x1b[1;31merror:\x1b[0m"); coloured == noColour {
			t.Errorf("NO_COLOR set %v: the terminal got %q", noColour, got)
		}
	}
}
