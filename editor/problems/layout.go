package problems

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// Layout returns the layout of a document tab's body (one object: the
// panes with the panel's header under them, or a split of the panes and
// the panel): a split opens with the panel as high as its header and a
// couple of rows (at most a small share of the height), and keeps the
// offset the designer drags it to.
func (p *Panel) Layout() fyne.Layout { return &layout{panel: p, auto: -1} }

type layout struct {
	panel *Panel
	auto  float64 // the offset last set here (-1: none)
}

func (l *layout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	if len(objects) == 0 {
		return fyne.Size{}
	}
	return objects[0].MinSize()
}

func (l *layout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	if len(objects) == 0 {
		return
	}
	if s, ok := objects[0].(*container.Split); ok && size.Height > 0 && (l.auto < 0 || s.Offset == l.auto) {
		l.auto = 1 - float64(l.panel.openHeight(size.Height)/size.Height)
		s.Offset = l.auto
	}
	objects[0].Move(fyne.NewPos(0, 0))
	objects[0].Resize(size)
}
