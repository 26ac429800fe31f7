package conventions

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// depsRun is one run of scripts/deps.sh on a pretend machine.
type depsRun struct {
	out    string   // what the script printed
	calls  []string // the commands it ran that change the machine, in order
	failed bool
}

// machine describes a pretend Debian machine for scripts/deps.sh.
type machine struct {
	uid       int
	sudo      bool     // sudo is installed
	noGo      bool     // go is not installed
	notDebian bool     // no dpkg-query and apt-get
	installed []string // packages already installed
}

// runDeps runs scripts/deps.sh with stand-ins for the commands it uses
// (id, go, dpkg-query, apt-get, sudo) on a PATH that holds nothing else,
// so that the test neither needs root nor installs anything.
func runDeps(t *testing.T, m machine) depsRun {
	t.Helper()
	bin := t.TempDir()
	log := filepath.Join(t.TempDir(), "calls")
	stub := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tool := range []string{"grep", "env"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Skip(tool, " is not available")
		}
		if err := os.Symlink(path, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	stub("id", "echo "+strconv.Itoa(m.uid))
	if !m.noGo {
		stub("go", "echo go version go1.26.0 linux/amd64")
	}
	if !m.notDebian {
		stub("dpkg-query", `for p in `+strings.Join(m.installed, " ")+`; do [ "$p" = "$3" ] && { printf 'install ok installed'; exit 0; }; done; exit 1`)
		stub("apt-get", `echo "apt-get $*" >>`+log)
	}
	if m.sudo {
		stub("sudo", `echo "sudo $1" >>`+log+`; exec "$@"`)
	}
	script := filepath.Join(root(t), "scripts", "deps.sh")
	cmd := exec.Command("/bin/sh", script)
	cmd.Env = []string{"PATH=" + bin, "HOME=" + t.TempDir()}
	out, err := cmd.CombinedOutput()
	calls, _ := os.ReadFile(log)
	r := depsRun{out: string(out), failed: err != nil}
	if s := strings.TrimSpace(string(calls)); s != "" {
		r.calls = strings.Split(s, "\n")
	}
	return r
}

var allPackages = []string{"ca-certificates", "make", "gcc", "pkg-config", "libgl1-mesa-dev", "xorg-dev", "xvfb", "x11-utils", "xdotool", "imagemagick", "openbox", "chromium"}

func TestDepsInstallsAsRootWithoutSudo(t *testing.T) {
	r := runDeps(t, machine{uid: 0, installed: []string{"gcc", "chromium"}})
	want := []string{"apt-get update", "apt-get install -y ca-certificates make pkg-config libgl1-mesa-dev xorg-dev xvfb x11-utils xdotool imagemagick openbox"}
	if r.failed || strings.Join(r.calls, "|") != strings.Join(want, "|") {
		t.Errorf("as root with gcc and chromium installed: ran %q (failed %v), want %q\n%s", r.calls, r.failed, want, r.out)
	}
}

func TestDepsInstallsThroughSudoAsAUser(t *testing.T) {
	r := runDeps(t, machine{uid: 1000, sudo: true})
	want := []string{"sudo apt-get", "apt-get update", "sudo env", "apt-get install -y " + strings.Join(allPackages, " ")}
	if r.failed || strings.Join(r.calls, "|") != strings.Join(want, "|") {
		t.Errorf("as a user with sudo: ran %q (failed %v), want %q\n%s", r.calls, r.failed, want, r.out)
	}
}

func TestDepsExplainsWhenAUserHasNoSudo(t *testing.T) {
	r := runDeps(t, machine{uid: 1000, installed: []string{"gcc"}})
	if !r.failed || len(r.calls) > 0 {
		t.Fatalf("as a user without sudo: ran %q, failed %v; want a failure that runs nothing\n%s", r.calls, r.failed, r.out)
	}
	for _, want := range []string{"sudo is not installed", "as root", "apt-get install -y ca-certificates make pkg-config"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("the message does not say %q:\n%s", want, r.out)
		}
	}
}

func TestDepsDoesNothingWhenAllIsInstalled(t *testing.T) {
	// A user without sudo on a ready machine: nothing to do, no sudo needed.
	r := runDeps(t, machine{uid: 1000, installed: allPackages})
	if r.failed || len(r.calls) > 0 || r.out != "" {
		t.Errorf("with everything installed: ran %q, failed %v, printed %q", r.calls, r.failed, r.out)
	}
}

func TestDepsNeedsGoAndDebian(t *testing.T) {
	r := runDeps(t, machine{uid: 0, noGo: true})
	if !r.failed || len(r.calls) > 0 || !strings.Contains(r.out, "Go is not installed") {
		t.Errorf("without Go: ran %q, failed %v, printed %q", r.calls, r.failed, r.out)
	}
	r = runDeps(t, machine{uid: 0, notDebian: true})
	if !r.failed || !strings.Contains(r.out, "not a Debian or Ubuntu machine") || !strings.Contains(r.out, "xorg-dev") {
		t.Errorf("without apt-get: failed %v, printed %q", r.failed, r.out)
	}
}

// TestCIUsesTheDepsScript keeps one list of system packages: CI installs
// through scripts/deps.sh, as a developer does.
func TestCIUsesTheDepsScript(t *testing.T) {
	ci, err := os.ReadFile(filepath.Join(root(t), ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ci), "scripts/deps.sh") {
		t.Error(".ci/run does not run scripts/deps.sh")
	}
	for _, line := range strings.Split(string(ci), "\n") {
		if strings.Contains(line, "apt-get install") && strings.Contains(line, "xorg-dev") {
			t.Errorf(".ci/run keeps its own package list: %s", line)
		}
	}
}
