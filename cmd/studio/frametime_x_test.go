package main

import (
	"bufio"
	"fmt"
	"github.com/shapan/shapan/formats/cells"
	"image"
	"maps"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/editor/grid"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/internal/xpixels"
	"github.com/shapan/shapan/samples"
)

// The frame-time measurement (docs/BENCHMARKS.md, "Studio maps in a real
// window"): the studio binary under Xvfb, driven with xdotool, logging to
// SHAPAN_FRAME_LOG when each input reached the map and when the frame
// showing it was drawn. It runs only with SHAPAN_FRAMETIME=1 (it takes a
// few minutes and measures rather than checks); scripts/frametime.sh runs
// it.

// frameLine is one "frame" line of the studio's frame log.
type frameLine struct {
	seq                                   int
	raster, swapt, cpuAtRaster, cpuAtSwap int64
}

// inputLine is one "input" line, with whether handling it changed the map.
type inputLine struct {
	seq     int
	kind    string
	t, cpu  int64
	changed bool
}

// frameLogReader reads the studio's frame log as it grows.
type frameLogReader struct {
	path   string
	inputs []inputLine
	frames []frameLine
}

func (r *frameLogReader) load(t *testing.T) {
	t.Helper()
	f, err := os.Open(r.path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r.inputs, r.frames = r.inputs[:0], r.frames[:0]
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		n := func(i int) int64 { v, _ := strconv.ParseInt(fs[i], 10, 64); return v }
		switch {
		case len(fs) == 5 && fs[0] == "input":
			r.inputs = append(r.inputs, inputLine{seq: int(n(1)), kind: fs[2], t: n(3), cpu: n(4)})
		case len(fs) == 2 && fs[0] == "change":
			if i := int(n(1)) - 1; i >= 0 && i < len(r.inputs) {
				r.inputs[i].changed = true
			}
		case len(fs) == 6 && fs[0] == "frame":
			r.frames = append(r.frames, frameLine{seq: int(n(1)), raster: n(2), swapt: n(3), cpuAtRaster: n(4), cpuAtSwap: n(5)})
		}
	}
}

// sample is one measured input, in milliseconds: from xdotool's start to
// the change on the X server's screen; from the studio's receipt of the
// event to the map raster holding it drawn, to the change on the screen,
// and to the frame after it swapped (the frame log's upper bound); and
// the CPU time the studio used from the receipt to the raster and to
// that swap. The times the frame log gives are NaN for an input the
// studio does not log.
type sample struct {
	sendToScreen, recvToRaster, recvToScreen, recvToSwap, cpuToRaster, cpuToSwap float64
	recv                                                                         int64
}

// measure finds, among the inputs received after sent, the first one
// that changed the map, and the first frame that holds its change.
func (r *frameLogReader) measure(sent int64) (sample, bool) {
	for _, in := range r.inputs {
		if in.t < sent || !in.changed {
			continue
		}
		for _, f := range r.frames {
			if f.seq >= in.seq {
				return sample{recvToRaster: ms(f.raster - in.t), recvToSwap: ms(f.swapt - in.t),
					cpuToRaster: ms(f.cpuAtRaster - in.cpu), cpuToSwap: ms(f.cpuAtSwap - in.cpu), recv: in.t}, true
			}
		}
		return sample{}, false
	}
	return sample{}, false
}

// frameTimer drives one studio window and collects samples by action.
type frameTimer struct {
	st      *xstudio
	x       *xpixels.Display
	origin  image.Point // the window's top-left corner on the screen
	log     frameLogReader
	samples map[string][]sample
	order   []string
	missed  map[string]int
}

// send runs one xdotool command as the input of an action, watching the
// pixels within half of at on the X server until they change, and
// records the sample.
func (ft *frameTimer) send(action string, at image.Point, half int, args ...string) {
	ft.sendWatching(action, true, at, half, args...)
}

// sendWatching is send; without logged, the input is one the studio does
// not log (a pointer move), and only the screen is watched.
func (ft *frameTimer) sendWatching(action string, logged bool, at image.Point, half int, args ...string) {
	if !slices.Contains(ft.order, action) {
		ft.order = append(ft.order, action)
	}
	region := image.Rect(at.X-half, at.Y-half, at.X+half+1, at.Y+half+1).Add(ft.origin)
	before, err := ft.x.Hash(region)
	if err != nil {
		ft.st.t.Fatal(err)
	}
	shown := make(chan int64, 1)
	go func() {
		for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Microsecond) {
			if h, err := ft.x.Hash(region); err == nil && h != before {
				shown <- time.Now().UnixNano()
				return
			}
		}
		shown <- 0
	}()
	sent := time.Now().UnixNano()
	_, err = ft.st.xdoErr(args...)
	screen := <-shown // the display stays open until the watch is over
	if err != nil {
		ft.st.t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond) // the frame log's swap line, and calm before the next input
	nan := math.NaN()
	s, ok := sample{recvToRaster: nan, recvToScreen: nan, recvToSwap: nan, cpuToRaster: nan, cpuToSwap: nan}, true
	if logged {
		ft.log.load(ft.st.t)
		s, ok = ft.log.measure(sent)
	}
	switch {
	case screen == 0:
		ft.missed[action+": no change on the screen"]++
		return
	case !ok:
		ft.missed[action+": no frame logged"]++
		return
	}
	s.sendToScreen = ms(screen - sent)
	if logged {
		s.recvToScreen = ms(screen - s.recv)
	}
	ft.samples[action] = append(ft.samples[action], s)
}

func ms(d int64) float64 { return float64(d) / 1e6 }

func percentile(v []float64, p float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s)-1)+0.5))]
}

// report logs median, p95 and max of each action's times.
func (ft *frameTimer) report(t *testing.T, title string) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (ms: median p95 max)\n%-26s %4s |%-20s |%-20s |%-20s |%-20s |%-20s |%-20s\n", title, "action", "n",
		" sent→screen", " recv→raster", " recv→screen", " recv→swap (log)", " CPU recv→raster", " CPU recv→swap")
	for _, a := range ft.order {
		ss := ft.samples[a]
		fmt.Fprintf(&b, "%-26s %4d |", a, len(ss))
		for _, get := range []func(sample) float64{
			func(s sample) float64 { return s.sendToScreen }, func(s sample) float64 { return s.recvToRaster },
			func(s sample) float64 { return s.recvToScreen }, func(s sample) float64 { return s.recvToSwap },
			func(s sample) float64 { return s.cpuToRaster }, func(s sample) float64 { return s.cpuToSwap },
		} {
			var v []float64
			for _, s := range ss {
				if x := get(s); !math.IsNaN(x) {
					v = append(v, x)
				}
			}
			if len(v) == 0 {
				fmt.Fprintf(&b, "%-20s |", "   —")
				continue
			}
			fmt.Fprintf(&b, "%6.1f %6.1f %6.1f |", percentile(v, 0.5), percentile(v, 0.95), slices.Max(v))
		}
		b.WriteString("\n")
	}
	for _, a := range slices.Sorted(maps.Keys(ft.missed)) {
		fmt.Fprintf(&b, "not measured: %s ×%d\n", a, ft.missed[a])
	}
	t.Log(b.String())
	if dir := os.Getenv("SHAPAN_FRAMETIME_SHOTS"); dir != "" {
		ft.st.screenshot(filepath.Join(dir, strings.ReplaceAll(t.Name(), "/", "_")+".png"))
	}
	if out := os.Getenv("SHAPAN_FRAMETIME_OUT"); out != "" {
		f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			f.WriteString(b.String() + "\n")
			f.Close()
		}
	}
}

// frameLevel writes a w×h level beside the sample rules: patches of
// terrains 0–4 (so that the river, 5, changes every cell it paints), or
// plain terrain 0 when uniform.
func frameLevel(t *testing.T, w, h int, uniform bool) string {
	dir := t.TempDir()
	rules, _ := samples.Read("ftbt/兵法.yaml")
	os.WriteFile(filepath.Join(dir, "兵法.yaml"), rules, 0o644)
	rng := rand.New(rand.NewSource(1))
	l := &ftbt.Level{W: w, H: h, Terrain: cells.Make(w * h), RulesPath: "兵法.yaml"}
	for i := range l.Terrain.Len() {
		if !uniform {
			l.Terrain.Set(i, (i%w/7+i/w/5+rng.Intn(2))%5)
		}
	}
	for i := range 40 {
		l.People = append(l.People, ftbt.Person{Name: fmt.Sprintf("兵%d", i+1), Side: i % 2, Abi: 10, Def: 10, HP: 50, Speed: 60,
			X: (i * 37) % w, Y: (i * 53) % h, Techs: []int{i % 3}})
	}
	src, err := ftbt.EncodeLevel(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, fmt.Sprintf("level-%dx%d.yaml", w, h))
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func startFrameTimer(t *testing.T, level string) *frameTimer {
	logPath := filepath.Join(t.TempDir(), "frames.log")
	t.Setenv(grid.FrameLogEnv, logPath)
	st := startStudio(t, "--pane", "Map", "--size", "1280x800", level)
	x, err := xpixels.Open(st.display)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(x.Close)
	var origin image.Point
	fmt.Sscanf(st.xdo("getwindowgeometry", "--shell", st.win), "WINDOW=%d\nX=%d\nY=%d", new(int), &origin.X, &origin.Y)
	return &frameTimer{st: st, x: x, origin: origin, log: frameLogReader{path: logPath}, samples: map[string][]sample{}, missed: map[string]int{}}
}

// Points of the Map pane in the 1280×800 window: the terrain list's
// first entry (平原, 0) and the river (5), and the middle of the map.
const (
	plainX, plainY = 70, 284
	mapMidX        = 615
	mapMidY        = 390
)

// TestFrameTimeInARealWindow measures input-to-frame times of the studio
// in a real (Xvfb) window: pencil clicks and strokes, arrow-key pans and
// Ctrl+wheel zooms on a 200×200 level, flood fills of its 40,000 cells,
// and pans and zooms of a 1000×1000 level.
func TestFrameTimeInARealWindow(t *testing.T) {
	if os.Getenv("SHAPAN_FRAMETIME") == "" {
		t.Skip("set SHAPAN_FRAMETIME=1 to measure frame times in a real window (scripts/frametime.sh)")
	}
	studioTimeout = 15 * time.Minute
	t.Run("200x200", func(t *testing.T) {
		ft := startFrameTimer(t, frameLevel(t, 200, 200, false))
		// The floor: a frame in which only the outline under the pointer
		// moves (the picker tool), no map raster drawn.
		ft.st.key("i")
		for i := range 40 {
			at := image.Pt(400+(i*53)%440, 260+(i*29)%260)
			ft.move(at.Add(image.Pt(-40, 0)))
			ft.sendWatching("pointer move (outline only)", false, at, 4, "mousemove", "--window", ft.st.win, strconv.Itoa(at.X), strconv.Itoa(at.Y))
		}
		ft.st.key("b")
		ft.st.click(riverX, riverY)
		// At 100% (16 units a cell) the painted cell shows around the
		// pointer's outline; fitted, a cell is 2.5 pixels, hidden by it.
		ft.move(image.Pt(mapMidX, mapMidY))
		ft.st.key("1")
		for i := range 40 {
			at := image.Pt(380+(i*53)%480, 250+(i*29)%290)
			ft.move(at)
			ft.send("pencil click", at, 4, "click", "1")
		}
		for row := range 4 {
			at := image.Pt(380, 260+row*70)
			ft.move(at)
			ft.st.xdo("mousedown", "1")
			time.Sleep(100 * time.Millisecond)
			for range 30 {
				at.X += 16 // a cell a move
				ft.send("pencil stroke (a cell)", at, 4, "mousemove", "--window", ft.st.win, strconv.Itoa(at.X), strconv.Itoa(at.Y))
			}
			ft.st.xdo("mouseup", "1")
			time.Sleep(300 * time.Millisecond)
		}
		ft.pans()
		ft.zooms()
		ft.report(t, "200×200 level, 40 people")
	})
	t.Run("fill200x200", func(t *testing.T) {
		ft := startFrameTimer(t, frameLevel(t, 200, 200, true))
		mid := image.Pt(mapMidX, mapMidY)
		for i := range 20 {
			if i%2 == 0 {
				ft.st.click(riverX, riverY)
			} else {
				ft.st.click(plainX, plainY)
			}
			ft.st.key("f")
			ft.move(mid)
			ft.send("fill 40,000 cells", mid, 20, "click", "1")
		}
		ft.report(t, "200×200 level, flood fill of every cell")
	})
	t.Run("1000x1000", func(t *testing.T) {
		ft := startFrameTimer(t, frameLevel(t, 1000, 1000, false))
		ft.st.key("i")
		ft.st.click(mapMidX, mapMidY) // the focus, with the picker: nothing painted
		ft.pans()
		ft.zooms()
		ft.report(t, "1000×1000 level, 40 people")
	})
}

// move puts the pointer at a point of the window and waits for the
// outline under it to be drawn.
func (ft *frameTimer) move(at image.Point) {
	ft.st.xdo("mousemove", "--window", ft.st.win, strconv.Itoa(at.X), strconv.Itoa(at.Y))
	time.Sleep(120 * time.Millisecond)
}

// pans zooms in twice with + and sends arrow keys, watching the middle
// of the map.
func (ft *frameTimer) pans() {
	mid := image.Pt(mapMidX, mapMidY)
	ft.move(mid)
	ft.st.key("plus", "plus")
	for i := range 40 {
		ft.send("arrow-key pan", mid, 20, "key", []string{"Right", "Down", "Left", "Up"}[i/5%4])
	}
}

// zooms sends Ctrl+wheel steps in and out over the middle of the map.
func (ft *frameTimer) zooms() {
	mid := image.Pt(mapMidX, mapMidY)
	ft.move(mid)
	ft.st.xdo("keydown", "ctrl")
	for i := range 40 {
		ft.send("Ctrl+wheel zoom", mid, 20, "click", []string{"4", "5"}[i/4%2])
	}
	ft.st.xdo("keyup", "ctrl")
}
