package autosave

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt" // the level and rules codecs
	"github.com/shapan/shapan/samples"
)

// clock is a later that runs nothing until told: what is pending, and
// what was cancelled.
type clock struct {
	mu      sync.Mutex
	pending []*timer
}

type timer struct {
	d         time.Duration
	f         func()
	cancelled bool
}

func (c *clock) later(d time.Duration, f func()) func() {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{d: d, f: f}
	c.pending = append(c.pending, t)
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		t.cancelled = true
	}
}

// fire runs every timer not cancelled and returns how many ran.
func (c *clock) fire() int {
	c.mu.Lock()
	ts := c.pending
	c.pending = nil
	c.mu.Unlock()
	n := 0
	for _, t := range ts {
		if !t.cancelled {
			t.f()
			n++
		}
	}
	return n
}

// level reads the 长坂坡 sample with its rules from a copy in a folder.
func level(t *testing.T) *formats.Document {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"长坂坡.yaml", "兵法.yaml"} {
		b, err := samples.Read("ftbt/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc, err := formats.Read(filepath.Join(dir, "长坂坡.yaml"), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// Changes close together are kept once, Delay after the last.
func TestChangesAreKeptOnceAfterTheDelay(t *testing.T) {
	var c clock
	k := New(t.TempDir(), c.later)
	saves := 0
	k.Changed("doc", func() { saves++ })
	k.Changed("doc", func() { saves++ })
	if len(c.pending) != 2 || c.pending[0].d != Delay {
		t.Fatalf("pending %d timers", len(c.pending))
	}
	if n := c.fire(); n != 1 || saves != 1 {
		t.Errorf("%d timers ran, %d saves; want the last one only", n, saves)
	}
	k.Changed("doc", func() { saves++ })
	k.Stop()
	if c.fire() != 0 || saves != 1 {
		t.Error("a save pending when the keeper stopped ran")
	}
}

// A kept document is found again, read as its original file (its rules
// beside it), and forgotten when saved or discarded.
func TestAKeptDocumentIsRecovered(t *testing.T) {
	dir := t.TempDir()
	k := New(dir, (&clock{}).later)
	doc := level(t)
	doc.Value.(*ftbt.Level).People[0].HP = 77
	if err := k.Save("a", Entry{Doc: doc, Path: doc.Path, Title: "长坂坡.yaml"}); err != nil {
		t.Fatal(err)
	}
	found := Recoverable(dir)
	if len(found) != 1 || found[0].Meta.Path != doc.Path || found[0].Meta.Kind != ftbt.KindLevel || found[0].Meta.Rules != "" {
		t.Fatalf("found %+v", found)
	}
	if d := found[0].Describe(); !strings.HasPrefix(d, doc.Path+" (ftbt/level, changed ") {
		t.Errorf("described as %q", d)
	}
	back, err := found[0].Read()
	if err != nil {
		t.Fatal(err)
	}
	if back.Path != doc.Path || back.Rules == nil || back.Value.(*ftbt.Level).People[0].HP != 77 {
		t.Errorf("read back: path %q, rules %v, hp %d", back.Path, back.Rules != nil, back.Value.(*ftbt.Level).People[0].HP)
	}
	k.Forget("a")
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("%d files left after Forget", len(left))
	}
}

// A level whose rules are in memory only is kept with a copy of them,
// which the recovered level is read with; Discard removes all three
// files. An import not saved as YAML yet stays one.
func TestRulesInMemoryAndImportsAreKept(t *testing.T) {
	dir := t.TempDir()
	k := New(dir, (&clock{}).later)
	doc := level(t)
	doc.RulesFile = ""
	doc.Value.(*ftbt.Level).RulesPath = ""
	game := filepath.Join(filepath.Dir(doc.Path), "长坂坡.map")
	doc.Path = game
	if err := k.Save("b", Entry{Doc: doc, Path: "", Title: "长坂坡.map", Imported: true}); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 3 {
		t.Fatalf("%d files kept, want the level, its rules and the description", len(left))
	}
	found := Recoverable(dir)
	if len(found) != 1 || found[0].Meta.Imported != game || found[0].Meta.Rules == "" {
		t.Fatalf("found %+v", found)
	}
	if d := found[0].Describe(); !strings.HasPrefix(d, game+", not saved as YAML yet") {
		t.Errorf("described as %q", d)
	}
	back, err := found[0].Read()
	if err != nil {
		t.Fatal(err)
	}
	if back.Rules == nil || back.RulesFile != "" {
		t.Errorf("the rules were not read back into memory: %v, %q", back.Rules != nil, back.RulesFile)
	}
	Discard(found[0])
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("%d files left after Discard", len(left))
	}
}
