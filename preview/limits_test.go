package preview_test

import (
	"errors"
	"github.com/shapan/shapan/formats/cells"
	"github.com/shapan/shapan/preview"
	mbgpreview "github.com/shapan/shapan/preview/mbg"
	"math"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/ftbt"
)

// Scales that are not finite numbers in (0, 64] are refused.
func TestScaleIsValidated(t *testing.T) {
	doc := &formats.Document{Kind: ftbt.KindLevel, Value: &ftbt.Level{W: 2, H: 2, Terrain: cells.Make(4)}}
	for _, s := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1, 64.5, 200} {
		if _, err := preview.Render(doc, preview.Options{Scale: s}); err == nil || !strings.Contains(err.Error(), "scale must be") {
			t.Errorf("scale %g: %v", s, err)
		}
	}
	if _, err := preview.Render(doc, preview.Options{Scale: 8}); err != nil {
		t.Errorf("scale 8: %v", err)
	}
}

// A preview larger than MaxPixels is an error that suggests a scale,
// found without allocating the image.
func TestHugeImagesAreRefused(t *testing.T) {
	l := &ftbt.Level{W: 2000, H: 2000, Terrain: cells.Make(4_000_000)}
	_, err := preview.Render(&formats.Document{Kind: ftbt.KindLevel, Value: l}, preview.Options{Scale: 64})
	var big *preview.TooLargeError
	if !errors.As(err, &big) || !strings.Contains(err.Error(), "use a smaller --scale (at most") {
		t.Fatalf("got %v", err)
	}
	// A board square placed far away on the board window.
	v := mbgpreview.BoardView{Squares: []mbgpreview.BoardSquare{{Owner: -1, Scope: -1}, {X: 3000, Y: 3000, Owner: -1, Scope: -1}}}
	img := mbgpreview.Board(v, preview.Options{})
	if _, ok := img.(*preview.TooLarge); !ok || img.Bounds().Dx() != 1 {
		t.Errorf("the board was drawn: %v", img.Bounds())
	}
	if a := testing.AllocsPerRun(1, func() { mbgpreview.Board(v, preview.Options{}) }); a > 1000 {
		t.Errorf("%v allocations for a board that is not drawn", a)
	}
}
