package main

import (
	"bytes"
	"context"
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/xpixels"
	"github.com/shapan/shapan/samples"
)

// xstudio is the real studio running in a virtual X server, driven with
// xdotool.
type xstudio struct {
	t       *testing.T
	x       map[string]string
	display string
	win     string
	out     *syncBuffer
	// home is the studio's HOME (its configuration is in home/config).
	home string
	// exited is closed when the studio's process has ended.
	exited chan struct{}
	// px reads the screen's pixels, to see when an input took effect.
	px *xpixels.Display
}

// studioTimeout is how long a studio started by startStudio may run
// (its tests take seconds; a loaded machine stretches them many times).
var studioTimeout = 15 * time.Minute

// pauser returns a function that sleeps 100 ms the first time and half
// as long again each time after, up to a second: a wait for what must
// happen polls often while it is likely to have happened and seldom when
// a loaded machine delays it (each poll runs xdotool or reads the screen).
func pauser() func() {
	d := 100 * time.Millisecond
	return func() {
		time.Sleep(d)
		d = min(d*3/2, time.Second)
	}
}

// patience is how long a test waits for what must happen (a window, a
// saved file, a dialog): far more than it takes on an idle machine (a
// second or two), as a machine loaded 20 times over its cores stretches
// it that much. A test that gets it sooner goes on at once.
const patience = 3 * time.Minute

// startStudio runs the studio binary with args under a new Xvfb and
// waits for its window.
func startStudio(t *testing.T, args ...string) *xstudio { return launchStudio(t, false, args...) }

// startStudioWM is startStudio on a desktop with a window manager
// (openbox): windows have frames, with a close button.
func startStudioWM(t *testing.T, args ...string) *xstudio { return launchStudio(t, true, args...) }

func launchStudio(t *testing.T, wm bool, args ...string) *xstudio {
	t.Helper()
	programs := []string{"xdotool", "import"}
	if wm {
		programs = append(programs, "openbox", "xwininfo", "xprop")
	}
	x := needX(t, programs...)
	bin, studioEnv := studioCommand()
	display, stop := startXvfb(t, x["Xvfb"])
	t.Cleanup(stop)
	if wm {
		startWM(t, x, display)
	}
	px, err := xpixels.Open(display)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(px.Close)
	ctx, cancel := context.WithTimeout(context.Background(), studioTimeout)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, bin, args...)
	home := t.TempDir()
	noAnimations(t, home)
	cmd.Env = append(os.Environ(), studioEnv, "DISPLAY="+display, "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "LANG=en_US.UTF-8", "FYNE_SCALE=1")
	st := &xstudio{t: t, x: x, display: display, out: &syncBuffer{}, home: home, exited: make(chan struct{}), px: px}
	cmd.Stdout, cmd.Stderr = st.out, st.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { cmd.Wait(); close(st.exited) }()
	t.Cleanup(func() { cmd.Process.Kill(); <-st.exited })
	st.win = st.waitWindow("Shapan", patience)
	st.drawn(st.win)
	t.Cleanup(func() {
		if t.Failed() {
			st.screenshot(filepath.Join(os.TempDir(), strings.ReplaceAll(t.Name(), "/", "_")+".png"))
		}
	})
	return st
}

// startWM runs openbox on display until the test ends, and waits until
// it manages the screen.
func startWM(t *testing.T, x map[string]string, display string) {
	t.Helper()
	wm := exec.Command(x["openbox"])
	wm.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+t.TempDir())
	if err := wm.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { wm.Process.Kill(); wm.Wait() })
	for deadline, pause := time.Now().Add(patience), pauser(); time.Now().Before(deadline); pause() {
		c := exec.Command(x["xprop"], "-root", "_NET_SUPPORTING_WM_CHECK")
		c.Env = append(os.Environ(), "DISPLAY="+display)
		if b, _ := c.Output(); strings.Contains(string(b), "window id") {
			return
		}
	}
	t.Fatal("openbox did not start managing the screen")
}

// waitWindow waits for a window whose name contains name and returns
// its id (failing after timeout, or when the studio ends).
func (st *xstudio) waitWindow(name string, timeout time.Duration) string {
	st.t.Helper()
	for deadline, pause := time.Now().Add(timeout), pauser(); time.Now().Before(deadline); pause() {
		if id := st.window(name); id != "" {
			return id
		}
		if !st.alive() {
			st.t.Fatalf("the studio ended while a window %q was awaited:\n%s", name, st.out.String())
		}
	}
	st.t.Fatalf("no window %q appeared:\n%s", name, st.out.String())
	return ""
}

// drawn waits until window w shows its first frame (a window is black
// until then; the theme's background is not), and until the screen holds
// still after it.
func (st *xstudio) drawn(w string) {
	st.t.Helper()
	for deadline, pause := time.Now().Add(patience), pauser(); time.Now().Before(deadline); pause() {
		if st.exists(w) {
			if r, g, b, _ := st.grab(w).At(4, 4).RGBA(); r|g|b != 0 {
				st.still()
				return
			}
		}
	}
	st.t.Fatalf("window %s stayed black:\n%s", w, st.out.String())
}

// noAnimations turns Fyne's animations off in the configuration under
// home (a user's setting): a window then holds still once it has drawn
// what an input changed (the caret does not blink, a tapped button does
// not ripple), which is what the tests wait for.
func noAnimations(t *testing.T, home string) {
	t.Helper()
	dir := filepath.Join(home, "config", "fyne")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "settings.json"), []byte(`{"no_animations": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
}

// screenState is what the user sees: a hash of the whole screen and the
// studio window's title.
type screenState struct {
	pixels int64
	title  string
}

// state reads the screen's state.
func (st *xstudio) state() screenState {
	h, _ := st.px.Hash(image.Rect(0, 0, screenW, screenH))
	return screenState{h, st.title()}
}

// The size of the screen of the Xvfb servers the tests start.
const screenW, screenH = 1280, 800

// shown waits until the screen's state differs from before (an input
// was handled and drawn) and then holds still. An input whose effect is
// not seen within inputShown (one that changes nothing on the screen)
// lets the test go on: what it did is checked by the test's own waits.
func (st *xstudio) shown(before screenState) {
	for deadline := time.Now().Add(inputShown); st.state() == before; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) || !st.alive() {
			return
		}
	}
	st.still()
}

// inputShown is how long shown waits for an input's effect on the screen.
const inputShown = 3 * time.Second

// still waits until the screen's state is the same in three readings
// 40 ms apart (for at most 10 s: a screen that keeps changing lets the
// test go on).
func (st *xstudio) still() {
	last, same := st.state(), 0
	for deadline := time.Now().Add(10 * time.Second); same < 2 && time.Now().Before(deadline); {
		time.Sleep(40 * time.Millisecond)
		cur := st.state()
		if cur == last {
			same++
		} else {
			last, same = cur, 0
		}
	}
}

// syncBuffer is a bytes.Buffer that the studio's output is written to
// while a test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// window returns the id of the first window whose name contains name, or
// "".
func (st *xstudio) window(name string) string {
	c := exec.Command(st.x["xdotool"], "search", "--name", name)
	c.Env = append(os.Environ(), "DISPLAY="+st.display)
	b, _ := c.Output()
	return strings.TrimSpace(strings.Split(string(b), "\n")[0])
}

// alive reports whether the studio's process is still running.
func (st *xstudio) alive() bool {
	select {
	case <-st.exited:
		return false
	default:
		return true
	}
}

func (st *xstudio) xdo(args ...string) string {
	st.t.Helper()
	out, err := st.xdoErr(args...)
	if err != nil {
		st.t.Fatal(err)
	}
	return out
}

// xdoErr runs xdotool and returns its output, or an error with it.
func (st *xstudio) xdoErr(args ...string) (string, error) {
	c := exec.Command(st.x["xdotool"], args...)
	c.Env = append(os.Environ(), "DISPLAY="+st.display)
	b, err := c.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("xdotool %s: %v\n%s\nstudio:\n%s", strings.Join(args, " "), err, b, st.out.String())
	}
	return strings.TrimSpace(string(b)), nil
}

// click clicks the studio's window at (x, y) and waits until the screen
// shows the click's effect.
func (st *xstudio) click(x, y int) {
	st.clickIn(st.win, x, y)
}

// key presses keys (xdotool names: ctrl+z, Right, plus) one after the
// other, waiting after each until the screen shows its effect.
func (st *xstudio) key(keys ...string) {
	for _, k := range keys {
		before := st.state()
		st.xdo("key", k)
		st.shown(before)
	}
}

// typeText types text into the focused field and waits until the screen
// shows it.
func (st *xstudio) typeText(text string) {
	before := st.state()
	st.xdo("type", "--delay", "50", text)
	st.shown(before)
}

// title returns the studio window's title.
func (st *xstudio) title() string {
	w, _ := strconv.ParseUint(st.win, 10, 64)
	return st.px.Title(w)
}

// dirty waits until the window's title marks the document changed (or
// not) and reports whether it did.
func (st *xstudio) dirty(changed bool) bool {
	for deadline, pause := time.Now().Add(patience), pauser(); time.Now().Before(deadline); pause() {
		if strings.HasPrefix(st.title(), "●") == changed {
			return true
		}
	}
	return false
}

func (st *xstudio) screenshot(path string) {
	if imp, err := exec.LookPath("import"); err == nil {
		c := exec.Command(imp, "-window", "root", path)
		c.Env = append(os.Environ(), "DISPLAY="+st.display)
		if c.Run() == nil {
			st.t.Logf("screenshot: %s", path)
		}
	}
}

// saved waits until the file at path reads and ok accepts its model, and
// returns the model (failing after patience).
func saved[M any](st *xstudio, path string, ok func(M) bool) M {
	st.t.Helper()
	var last M
	for deadline, pause := time.Now().Add(patience), pauser(); time.Now().Before(deadline); pause() {
		doc, err := formats.Read(path, formats.Options{})
		if err != nil {
			continue
		}
		if m, is := doc.Value.(M); is {
			last = m
			if ok(m) {
				return m
			}
		}
	}
	st.t.Fatalf("the saved file never was as expected (title %q)", st.title())
	return last
}

// painted lists the cells whose terrain differs from before.
func painted(before []int, a cells.Grid) []int {
	after := a.Values()
	var out []int
	for i := range after {
		if i >= len(before) || after[i] != before[i] {
			out = append(out, i)
		}
	}
	return out
}

// Where the ftbt level's Map pane (1280×800, Fyne's scale 1, the studio's
// embedded fonts) has the river in its terrain list and a point of the
// map away from the people.
const (
	riverX, riverY = 70, 437
	mapX, mapY     = 420, 260
)

// TestKeyboardOnTheMapInARealWindow drives the Map pane of an ftbt level
// in one real window: first keysGoWhereTheUserLooks; then it paints a
// cell, presses Ctrl+Z, saves with Ctrl+S: the file is the original;
// paints again and saves: one cell changed; zooms in with + and pans
// with the arrow keys, paints at the same point of the window and saves:
// another cell changed, so that the keys moved the map.
func TestKeyboardOnTheMapInARealWindow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"ftbt/长坂坡.yaml", "ftbt/兵法.yaml"} {
		data, _ := samples.Read(name)
		os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644)
	}
	path := filepath.Join(dir, "长坂坡.yaml")
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	original := doc.Value.(*ftbt.Level).Terrain.Values()
	st := startStudio(t, "--pane", "Map", "--size", "1280x800", path)
	keysGoWhereTheUserLooks(t, st, path, original)

	st.click(riverX, riverY) // the river, as the brush
	st.key("b")
	st.click(mapX, mapY)
	if !st.dirty(true) {
		t.Fatalf("painting a cell did not change the document: %q", st.title())
	}
	st.key("ctrl+z")
	if !st.dirty(false) {
		t.Errorf("Ctrl+Z did not take the painting back: %q", st.title())
	}
	st.key("ctrl+s")
	saved(st, path, func(l *ftbt.Level) bool { return slices.Equal(l.Terrain.Values(), original) })

	st.click(mapX, mapY)
	st.key("ctrl+s")
	first := saved(st, path, func(l *ftbt.Level) bool { return len(painted(original, l.Terrain)) == 1 })
	cellA := painted(original, first.Terrain)[0]
	if first.Terrain.At(cellA) != 5 {
		t.Fatalf("the cell was painted with terrain %d, not the river (5)", first.Terrain.At(cellA))
	}

	st.key("plus", "plus", "Right", "Down")
	st.click(mapX, mapY)
	st.key("ctrl+s")
	second := saved(st, path, func(l *ftbt.Level) bool { return len(painted(original, l.Terrain)) == 2 })
	if cells := painted(original, second.Terrain); !slices.Contains(cells, cellA) {
		t.Fatalf("after zooming and panning, the cells changed are %v, without the first one %d", cells, cellA)
	}
}

// The officer table of 赤壁 in the same window: the 武 cell of 曹操 (72).
const wuX, wuY = 160, 244

// TestShortcutsWithTheCaretInAFieldInARealWindow types into a cell of the
// officer table and presses the shortcuts with the caret still in it:
// Ctrl+Z undoes the typing (nothing is left to save), Ctrl+S saves what
// is typed, Ctrl+Z then undoes the document's edit, Ctrl+Y and
// Ctrl+Shift+Z redo it; the saved YAML is compared each time. Then, in
// the same window, typedValueIsSaved.
func TestShortcutsWithTheCaretInAFieldInARealWindow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data, _ := samples.Read("mbg/赤壁.yaml")
	path := filepath.Join(dir, "赤壁.yaml")
	os.WriteFile(path, data, 0o644)
	st := startStudio(t, "--pane", "Officers", "--size", "1280x800", path)
	wu := func(want float32) {
		t.Helper()
		saved(st, path, func(s *mbg.Scenario) bool { return s.Officers[0].Props[0] == want })
	}

	st.click(wuX, wuY)
	st.key("End")
	st.typeText("5")
	if !st.dirty(true) {
		t.Fatalf("typing did not mark the document changed: %q", st.title())
	}
	st.key("ctrl+z")
	if !st.dirty(false) {
		t.Fatalf("Ctrl+Z in the field did not undo the typing: %q", st.title())
	}
	st.key("ctrl+a")
	st.typeText("55")
	st.key("ctrl+s")
	wu(55)
	st.key("ctrl+z")
	if !st.dirty(true) {
		t.Fatalf("Ctrl+Z after saving did not undo the document's edit: %q", st.title())
	}
	st.key("ctrl+s")
	wu(72)
	st.key("ctrl+y", "ctrl+s")
	wu(55)
	st.key("ctrl+z", "ctrl+shift+z", "ctrl+s")
	wu(55)
	st.key("ctrl+z", "ctrl+s")
	wu(72)
	typedValueIsSaved(t, st, path)
}

// The Size & rules pane of the ftbt level in the same window: its width
// and height fields, and the OK button of the warning that a value was
// not applied.
const (
	widthX, widthY   = 300, 210
	heightX, heightY = 300, 248
	warningOKX       = 640
	warningOKY       = 502
)

// TestSizeFieldsInARealWindow types a new width into the size pane of an
// ftbt level and presses Ctrl+S with the caret still in the field: the
// saved YAML has the new width. A height that would leave a person
// outside the map is refused: Ctrl+S saves the old height and warns,
// and the title keeps the unsaved dot. A valid height typed over it and
// Ctrl+S saves it; Ctrl+Z with the caret in the field undoes it.
func TestSizeFieldsInARealWindow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"ftbt/长坂坡.yaml", "ftbt/兵法.yaml"} {
		data, _ := samples.Read(name)
		os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644)
	}
	path := filepath.Join(dir, "长坂坡.yaml")
	st := startStudio(t, "--pane", "Size", "--size", "1280x800", path)
	size := func(w, h int) *ftbt.Level {
		t.Helper()
		return saved(st, path, func(l *ftbt.Level) bool { return l.W == w && l.H == h && l.Terrain.Len() == w*h })
	}
	typeIn := func(x, y int, text string) {
		st.click(x, y)
		st.key("ctrl+a")
		st.typeText(text)
	}

	typeIn(widthX, widthY, "40")
	if !st.dirty(true) {
		t.Fatalf("typing a width did not mark the document changed: %q", st.title())
	}
	st.key("ctrl+s")
	grown := size(40, 20)
	if grown.At(15, 19) != 5 || grown.At(39, 0) != 0 {
		t.Fatalf("the grown map lost its cells: river %d, new cell %d", grown.At(15, 19), grown.At(39, 0))
	}
	if !st.dirty(false) {
		t.Fatalf("the title still marks the document changed after Ctrl+S: %q", st.title())
	}

	typeIn(heightX, heightY, "5") // 赵云 stands on row 10
	st.key("ctrl+s")
	size(40, 20)
	if !st.dirty(true) {
		t.Fatalf("after saving without the refused height the title is %q", st.title())
	}
	st.click(warningOKX, warningOKY)

	typeIn(heightX, heightY, "24")
	st.key("ctrl+s")
	size(40, 24)
	if !st.dirty(false) {
		t.Fatalf("after saving the height the title is %q", st.title())
	}
	st.key("ctrl+z", "ctrl+s")
	size(40, 20)
}
