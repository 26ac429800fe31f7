package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/samples"
)

// The places of the real window (1280×800, Fyne's scale 1, the studio's
// embedded fonts) that the typing test clicks.
const (
	wuOf曹操     = "160 244" // the 武 cell of the first officer row
	wuOf张辽     = "160 284" // the 武 cell of the second row
	saveButton = "120 48"  // the toolbar's Save button
)

// TestTypedValueIsSavedInARealWindow runs the studio in a virtual X
// server and, with xdotool, clicks into a cell of the officer table,
// types a value and presses Ctrl+S — no Tab, no Enter: the saved YAML
// holds the value. While the value is typed, the window's title marks the
// document as changed. Then it types into another cell and clicks the
// toolbar's Save button, which does not take the focus from the cell in
// the real driver.
func TestTypedValueIsSavedInARealWindow(t *testing.T) {
	x := needX(t, "xdotool")
	bin := buildStudio(t)
	display, stop := startXvfb(t, x["Xvfb"])
	defer stop()

	dir := t.TempDir()
	data, _ := samples.Read("mbg/赤壁.yaml")
	path := filepath.Join(dir, "赤壁.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--pane", "Officers", "--size", "1280x800", path)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "LANG=en_US.UTF-8", "FYNE_SCALE=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()

	xdo := func(args ...string) string {
		t.Helper()
		c := exec.Command(x["xdotool"], args...)
		c.Env = append(os.Environ(), "DISPLAY="+display)
		b, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("xdotool %s: %v\n%s\nstudio:\n%s", strings.Join(args, " "), err, b, out.String())
		}
		return strings.TrimSpace(string(b))
	}
	win := ""
	for deadline := time.Now().Add(60 * time.Second); win == "" && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		c := exec.Command(x["xdotool"], "search", "--name", "Shapan")
		c.Env = append(os.Environ(), "DISPLAY="+display)
		b, _ := c.Output()
		win = strings.TrimSpace(strings.Split(string(b), "\n")[0])
	}
	if win == "" {
		t.Fatalf("the studio's window did not appear:\n%s", out.String())
	}
	time.Sleep(2 * time.Second) // the first frames
	title := func() string { return xdo("getwindowname", win) }
	// titleIs waits until the title marks the document changed or not
	// (the driver sets it on its next frame).
	titleIs := func(changed bool) bool {
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if strings.HasPrefix(title(), "●") == changed {
				return true
			}
		}
		return false
	}
	click := func(at string) {
		xy := strings.Fields(at)
		xdo("mousemove", "--window", win, xy[0], xy[1])
		xdo("click", "1")
		time.Sleep(300 * time.Millisecond)
	}
	typeOver := func(text string) {
		xdo("key", "ctrl+a")
		xdo("type", "--delay", "50", text)
		time.Sleep(300 * time.Millisecond)
	}
	savedWu := func(officer int, want float32) {
		t.Helper()
		var got float32 = -1
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			doc, err := formats.Read(path, formats.Options{})
			if err == nil {
				if got = doc.Value.(*mbg.Scenario).Officers[officer].Props[0]; got == want {
					return
				}
			}
		}
		t.Fatalf("the saved file has wu %v for officer %d, not the %v typed (title %q)\n%s", got, officer, want, title(), out.String())
	}

	if !titleIs(false) {
		t.Fatalf("the document is marked changed before any typing: %q", title())
	}
	click(wuOf曹操)
	typeOver("55")
	if !titleIs(true) {
		t.Errorf("the title does not mark the typed value as unsaved: %q", title())
	}
	xdo("key", "ctrl+s")
	savedWu(0, 55)
	if !titleIs(false) {
		t.Errorf("the title still marks the document changed after Ctrl+S: %q", title())
	}

	click(wuOf张辽)
	typeOver("66")
	click(saveButton)
	savedWu(1, 66)
	if t.Failed() {
		shot := filepath.Join(os.TempDir(), "studio-typing-test.png")
		if imp, err := exec.LookPath("import"); err == nil {
			c := exec.Command(imp, "-window", "root", shot)
			c.Env = append(os.Environ(), "DISPLAY="+display)
			if c.Run() == nil {
				t.Logf("screenshot: %s", shot)
			}
		}
	}
}

// needX returns the paths of Xvfb and the other programs named, or skips
// the test when one is missing (fails when SHAPAN_REQUIRE_XVFB is set).
func needX(t *testing.T, programs ...string) map[string]string {
	t.Helper()
	if testing.Short() {
		t.Skip("real-window tests build and run the real studio")
	}
	paths := map[string]string{}
	for _, p := range append([]string{"Xvfb"}, programs...) {
		path, err := exec.LookPath(p)
		if err != nil {
			if os.Getenv("SHAPAN_REQUIRE_XVFB") != "" {
				t.Fatalf("%s is not installed, and SHAPAN_REQUIRE_XVFB is set", p)
			}
			t.Skipf("%s is not installed: skipping the real-window test", p)
		}
		paths[p] = path
	}
	return paths
}

// buildStudio builds the studio program once for the package's tests.
func buildStudio(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "studio-test")
		if err != nil {
			built.err = err
			return
		}
		built.dir = dir
		built.bin = filepath.Join(dir, "studio")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = &buildError{err, out}
		}
	})
	if built.err != nil {
		t.Fatalf("building the studio: %v", built.err)
	}
	return built.bin
}
