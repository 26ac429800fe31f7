// Package playtest holds what the tests of the play windows share:
// opening a document in a synchronous studio and answering a question by
// tapping its button.
package playtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/samples"
)

// OpenSample opens a copy of a sample (samples.Read's name) in a new
// synchronous studio.
func OpenSample(t *testing.T, name string) (*editor.Studio, *editor.Session) {
	t.Helper()
	src, err := samples.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	return OpenSource(t, filepath.Base(name), src)
}

// OpenSource opens src, saved as a file called name, in a new
// synchronous studio: a game's computer turns are played before a tap
// returns.
func OpenSource(t *testing.T, name string, src []byte) (*editor.Studio, *editor.Session) {
	t.Helper()
	st := editor.New(test.NewTempApp(t), editor.Options{Synchronous: true})
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return st, s
}

// Tap presses the button whose text starts with prefix in the question
// panel of w; it fails the test, listing the buttons and labels shown,
// when there is none.
func Tap(t *testing.T, w *play.Window, prefix string) {
	t.Helper()
	for _, o := range test.LaidOutObjects(w.Question()) {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, prefix) {
			test.Tap(b)
			return
		}
	}
	var texts []string
	for _, o := range test.LaidOutObjects(w.Question()) {
		if b, ok := o.(*widget.Button); ok {
			texts = append(texts, b.Text)
		}
		if l, ok := o.(*widget.Label); ok {
			texts = append(texts, "«"+l.Text+"»")
		}
	}
	t.Fatalf("no button %q in the question: %v", prefix, texts)
}
