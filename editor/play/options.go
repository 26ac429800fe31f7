package play

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// questionRoom is the most height a question's list of options takes in
// the play window; a longer list scrolls within it.
const questionRoom = 250

// OptionGrid lays a question's answers out in rows of up to three, as
// many as fit questionWidth, so that they show at once without scrolling
// sideways (a list longer than questionRoom scrolls downwards).
func OptionGrid(buttons []fyne.CanvasObject) fyne.CanvasObject {
	widest := float32(1)
	for _, b := range buttons {
		widest = max(widest, b.MinSize().Width)
	}
	cols := int(questionWidth / (widest + theme.Padding()))
	return LimitedScroll(container.NewGridWithColumns(max(1, min(cols, 3, len(buttons))), buttons...))
}

// questionWidth is the width the options of a question may take: a play
// window on a 1024-pixel screen.
const questionWidth = 960

// LimitedScroll shows o whole up to questionRoom high, in a vertical
// scroll beyond.
func LimitedScroll(o fyne.CanvasObject) fyne.CanvasObject {
	s := container.NewVScroll(o)
	m := o.MinSize()
	s.SetMinSize(fyne.NewSize(m.Width, min(m.Height, questionRoom)))
	return s
}
