// Package imagetest compares rendered images with golden PNG files, with
// a small tolerance: fonts and anti-aliasing may rasterise a little
// differently between library versions, layout changes may not.
package imagetest

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// Update rewrites the golden images instead of comparing with them
// (go test ... -update).
var Update = flag.Bool("update", false, "rewrite the golden images in testdata")

// Compare compares img with testdata/name.png: same size, and at most
// 0.5% of the pixels differing by more than a few levels.
func Compare(t testing.TB, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *Update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no golden image %s (run the test with -update): %v", path, err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("%s: size %v, golden %v", name, img.Bounds(), want.Bounds())
	}
	if frac := Difference(img, want); frac > 0.005 {
		out := filepath.Join(t.TempDir(), name+".png")
		if g, err := os.Create(out); err == nil {
			png.Encode(g, img)
			g.Close()
		}
		t.Errorf("%s differs from the golden image in %.2f%% of its pixels (got %s)", name, 100*frac, out)
	}
}

// Difference returns the fraction of pixels of two same-sized images
// that differ by more than a few levels in a channel.
func Difference(a, b image.Image) float64 {
	r := a.Bounds()
	diff := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				diff++
			}
		}
	}
	return float64(diff) / float64(max(1, r.Dx()*r.Dy()))
}

func far(a, b uint32) bool {
	if a > b {
		return a-b > 0x1000
	}
	return b-a > 0x1000
}

// Save writes img to $SHAPAN_IMAGE_OUT/name.png when that variable names
// a folder, for a person to look at what an image test drew; without it,
// it does nothing.
func Save(t testing.TB, name string, img image.Image) {
	t.Helper()
	dir := os.Getenv("SHAPAN_IMAGE_OUT")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
