package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// stuckApp is an app whose Quit never makes its run loop return, as Fyne's
// does when its shutdown hangs.
type stuckApp struct{ fyne.App }

func (stuckApp) Quit() {}

// quitWatchdogEnv makes the test binary a studio whose quit hangs.
const quitWatchdogEnv = "SHAPAN_TEST_STUCK_QUIT"

// TestQuitEndsTheProcessWhenTheWindowSystemHangs: a studio told to quit
// whose window system never finishes quitting still exits, with its
// status, once the grace period is over.
func TestQuitEndsTheProcessWhenTheWindowSystemHangs(t *testing.T) {
	if os.Getenv(quitWatchdogEnv) != "" {
		shutdownGrace = 50 * time.Millisecond
		exitingApp{App: stuckApp{}, status: func() int { return 3 }}.Quit()
		time.Sleep(time.Minute) // the run loop that never returns
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestQuitEndsTheProcessWhenTheWindowSystemHangs$")
	cmd.Env = append(os.Environ(), quitWatchdogEnv+"=1")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("the stuck studio ended with %v after %v, want exit status 3; output:\n%s", err, time.Since(start), out)
	}
}

// TestNoLocaleErrorAtStart: under Debian's default locale (LANG=C.UTF-8)
// the studio starts without Fyne's "Error parsing user locale": the
// locale is fixed before Fyne's language package reads it, at init.
func TestNoLocaleErrorAtStart(t *testing.T) {
	bin, env := studioCommand()
	cmd := exec.Command(bin, "--version")
	cmd.Env = []string{env, "LANG=C.UTF-8", "PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("studio --version: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "locale") || !strings.Contains(string(out), "shapan-studio") {
		t.Fatalf("studio --version under LANG=C.UTF-8 printed:\n%s", out)
	}
}
