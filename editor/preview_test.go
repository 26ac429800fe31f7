package editor

import (
	"bytes"
	"image"
	"image/draw"
	"testing"
	"time"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/samples"
)

// TestPreviewEndsOnTheLatestDocument edits the document while the
// preview is being rendered: when the rendering is done, the preview is
// rendered again and shows the document as it is now (the edit made
// during the rendering used to be dropped until the next one).
func TestPreviewEndsOnTheLatestDocument(t *testing.T) {
	src, _ := samples.Read("ftbt/长坂坡.yaml")
	doc, err := formats.ReadBytes("ftbt/长坂坡.yaml", src, formats.Options{From: formats.YAML, FS: samples.FS()})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(doc)
	s.runAsync = func(f func()) { f() } // validation at once
	var queue []func()                  // renderings started and not done
	now := func(f func()) { f() }
	p := newPreviewPane(s, func(f func()) { queue = append(queue, f) }, now, func(_ time.Duration, f func()) func() { f(); return func() {} })
	s.Listen(func(c Change) {
		if c == ModelChanged {
			p.invalidate()
		}
	})
	// The first rendering runs; meanwhile the designer paints two cells.
	if len(queue) != 1 {
		t.Fatalf("%d renderings started", len(queue))
	}
	for i := range 2 {
		s.Edit("paint", func() { s.Model().(*ftbt.Level).Terrain.Set(i, 2) })
	}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		f()
	}
	want, err := preview.Render(s.Document(), preview.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !sameImage(p.Image(), want) {
		t.Fatal("the preview does not show the document as it is after the edits")
	}
	if p.rendered != 2 {
		t.Errorf("%d renderings shown, want the first and one for both edits", p.rendered)
	}
}

func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	ra, rb := image.NewRGBA(a.Bounds()), image.NewRGBA(b.Bounds())
	draw.Draw(ra, ra.Bounds(), a, a.Bounds().Min, draw.Src)
	draw.Draw(rb, rb.Bounds(), b, b.Bounds().Min, draw.Src)
	return bytes.Equal(ra.Pix, rb.Pix)
}
