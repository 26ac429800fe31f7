package mbgplay

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/engine"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/internal/imagetest"
)

// TestMbgQuestionsFitA1024Window asks a person, in a 1024×700 play
// window, to train an officer of a long list and to study at an
// institute: the list's options show in rows, six at least without
// scrolling, none beyond the window (they used to show in one row that
// had to be scrolled); the study question's two choices are labelled.
func TestMbgQuestionsFitA1024Window(t *testing.T) {
	st, s := openSample(t, "mbg/赤壁.yaml")
	seats, _ := mbgSeats(s.Document())
	seats[0].Human = true
	w, err := play.Open(st, s, seats, 11)
	if err != nil {
		t.Fatal(err)
	}
	w.Window().Resize(fyne.NewSize(1024, 700))
	m := w.Match().(*mbgMatch)
	var all []int
	for p := range m.g.View().People {
		all = append(all, p)
	}
	show := func(d *engine.Decision) []fyne.CanvasObject {
		w.Question().Objects = []fyne.CanvasObject{m.Ask(d, func(engine.Answer) error { return nil })}
		w.Question().Refresh()
		w.Window().Resize(fyne.NewSize(1000, 700)) // lays the window out anew
		w.Window().Resize(fyne.NewSize(1024, 700))
		if min := w.Window().Content().MinSize(); min.Width > 1024 || min.Height > 700 {
			t.Errorf("%s: the play window needs %v×%v", d.Kind, min.Width, min.Height)
		}
		return test.LaidOutObjects(w.Question())
	}

	objs := show(&engine.Decision{Player: 0, Kind: mbgeng.KindSelTrain, Args: mbgeng.TrainArgs{PList: all[:min(len(all), 14)]}})
	imagetest.Save(t, "play-mbg-train", w.Window().Canvas().Capture())
	var scroll *container.Scroll
	for _, o := range objs {
		if sc, ok := o.(*container.Scroll); ok {
			scroll = sc
		}
	}
	if scroll == nil {
		t.Fatal("the officers to train are not in a scroll")
	}
	bottom := fyne.CurrentApp().Driver().AbsolutePositionForObject(scroll).Y + scroll.Size().Height
	seen := 0
	for _, o := range objs {
		if b, ok := o.(*widget.Button); ok {
			at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
			if at.X+b.Size().Width > 1024 {
				t.Errorf("the option %q ends at x %v", b.Text, at.X+b.Size().Width)
			}
			if at.Y+b.Size().Height <= bottom {
				seen++
			}
		}
	}
	if seen < 6 {
		t.Errorf("%d options of 15 show without scrolling", seen)
	}

	objs = show(&engine.Decision{Player: 0, Kind: mbgeng.KindSelStudy, Args: mbgeng.StudyArgs{PList: all[:3], TList: []int{0, 1, 2}}})
	imagetest.Save(t, "play-mbg-study", w.Window().Canvas().Capture())
	var labels []string
	for _, o := range objs {
		switch l := o.(type) {
		case *widget.Label:
			labels = append(labels, l.Text)
		case *canvas.Text:
			labels = append(labels, l.Text)
		}
	}
	if !slices.Contains(labels, "Officer") || !slices.Contains(labels, "Studies") {
		t.Errorf("the study question's choices are not labelled: %q", labels)
	}
}
