package editor_test

import (
	"reflect"
	"sync"
	"testing"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/samples"
)

// TestSessionDefaultIsSafeForAnyGoroutine uses sessions as NewSession
// makes them (in no studio) from goroutines of their own: one a family's
// sample, all at once, each edited, undone and redone, then handed over
// to another goroutine that edits it again. The default checks an edit on
// the goroutine that makes it, before Edit returns: the problems are
// those of the edit at once, with one ProblemsChanged per edit. A default
// that checked on a goroutine of its own, or called back there, fails
// here: the problems and checks are not there yet when the step returns,
// and under -race (make test-race-gui) the detector reports the session's
// fields written from two goroutines — 8 reports with the default the
// session had before it checked synchronously.
func TestSessionDefaultIsSafeForAnyGoroutine(t *testing.T) {
	paths := []string{"ftbt/长坂坡.yaml", "mbg/赤壁.yaml", "planets/九州.yaml", "battle/小沛.yaml"}
	handover := make(chan *editor.Session, len(paths))
	var wg sync.WaitGroup
	for _, path := range paths {
		wg.Go(func() {
			s := open(t, path)
			if s == nil {
				return
			}
			if exercise(t, path, s) {
				handover <- s
			}
		})
	}
	wg.Wait()
	close(handover)
	var again sync.WaitGroup
	for s := range handover {
		again.Go(func() { exercise(t, s.Name()+" (handed over)", s) })
	}
	again.Wait()
}

// open reads the sample path into a session of its own.
func open(t *testing.T, path string) *editor.Session {
	src, err := samples.Read(path)
	if err != nil {
		t.Error(err)
		return nil
	}
	doc, err := formats.ReadBytes(path, src, formats.Options{From: formats.YAML, FS: samples.FS()})
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return nil
	}
	doc.Path = "" // its rules are in the samples, not beside it on disk
	s := editor.NewSession(doc)
	s.Title = path
	return s
}

// exercise edits s twice, undoes and redoes, checking after each step
// that the problems shown were checked before the step returned.
func exercise(t *testing.T, name string, s *editor.Session) bool {
	checks := 0
	s.Listen(func(c editor.Change) {
		if c == editor.ProblemsChanged {
			checks++
		}
	})
	s.Edit("nothing", func() {})
	before := s.Problems()
	level, _ := s.Model().(*ftbt.Level)
	s.Edit("hp 0", func() {
		if level != nil {
			level.People[0].HP = 0 // hp is at least 1 (FTB026)
		}
	})
	after := s.Problems()
	if level != nil && !has(after, "FTB026") {
		t.Errorf("%s: after hp 0 the problems are %v, want FTB026 at once", name, after)
	}
	s.Undo()
	if !reflect.DeepEqual(s.Problems(), before) {
		t.Errorf("%s: after Undo the problems are %v, want %v", name, s.Problems(), before)
	}
	s.Redo()
	if !reflect.DeepEqual(s.Problems(), after) {
		t.Errorf("%s: after Redo the problems are %v, want %v", name, s.Problems(), after)
	}
	if checks != 4 {
		t.Errorf("%s: %d checks published during 2 edits, an undo and a redo, want 4 (each before its step returned)", name, checks)
		return false
	}
	return true
}

func has(l diag.List, code string) bool {
	for _, d := range l {
		if d.Code == code {
			return true
		}
	}
	return false
}
