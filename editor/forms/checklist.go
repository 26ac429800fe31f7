package forms

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// CheckList is a list of options to tick, as widget.CheckGroup, made for
// long lists (the 115 officers of an mbg save): only the rows shown are
// drawn, and its ticks are drawn boxes, not the theme's SVG icons, which
// a CheckGroup decodes again at every refresh of each of its checks
// (that was most of the time an mbg save took to open, and the time a
// selection took).
type CheckList struct {
	widget.List
	// Options are the texts of the rows; Selected those ticked.
	Options  []string
	Selected []string
	// OnChanged learns the options ticked after a change (a click, or
	// SetSelected with other options).
	OnChanged func(selected []string)
	// MaxRows is how many rows the list asks room for; it scrolls beyond.
	MaxRows int
}

// NewCheckList returns a check list of options.
func NewCheckList(options []string, changed func([]string)) *CheckList {
	c := &CheckList{Options: options, OnChanged: changed, MaxRows: 12}
	c.Length = func() int { return len(c.Options) }
	c.CreateItem = func() fyne.CanvasObject { return newCheckRow() }
	c.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) {
		if id < len(c.Options) {
			o.(*checkRow).show(c.Options[id], slices.Contains(c.Selected, c.Options[id]))
		}
	}
	c.OnSelected = func(id widget.ListItemID) {
		c.UnselectAll()
		if id < len(c.Options) {
			c.Toggle(c.Options[id])
		}
	}
	c.ExtendBaseWidget(c)
	return c
}

// MinSize asks room for up to MaxRows rows.
func (c *CheckList) MinSize() fyne.Size {
	m := c.List.MinSize()
	rows := max(1, min(len(c.Options), c.MaxRows))
	h := newCheckRow().MinSize().Height + theme.Padding()
	return fyne.NewSize(m.Width, float32(rows)*h)
}

// Toggle ticks option, or unticks it, as a click on its row does.
func (c *CheckList) Toggle(option string) {
	sel := slices.Clone(c.Selected)
	if i := slices.Index(sel, option); i >= 0 {
		sel = slices.Delete(sel, i, i+1)
	} else {
		sel = append(sel, option)
	}
	c.SetSelected(sel)
}

// SetSelected ticks the options of sel (and no other); OnChanged learns
// it when that changes what is ticked.
func (c *CheckList) SetSelected(sel []string) {
	if slices.Equal(sel, c.Selected) {
		return
	}
	c.Selected = sel
	c.Refresh()
	if c.OnChanged != nil {
		c.OnChanged(sel)
	}
}

// checkRow is a row of a CheckList: its tick box and text.
type checkRow struct {
	widget.BaseWidget
	box   *canvas.Rectangle
	mark  [2]*canvas.Line
	label *canvas.Text // a text longer than the row is cut by the list
	on    bool
	drawn bool // show has run once
}

func newCheckRow() *checkRow {
	r := &checkRow{box: canvas.NewRectangle(nil), label: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	r.box.StrokeWidth = 2
	r.box.CornerRadius = 3
	for i := range r.mark {
		r.mark[i] = canvas.NewLine(nil)
		r.mark[i].StrokeWidth = 2
	}
	r.label.TextSize = theme.TextSize()
	r.ExtendBaseWidget(r)
	return r
}

// show shows text, ticked or not (what did not change is not drawn
// again: a list shows its rows again at every refresh).
func (r *checkRow) show(text string, on bool) {
	if r.label.Text != text {
		r.label.Text = text
		r.label.Refresh()
	}
	if r.drawn && on == r.on {
		return
	}
	r.drawn, r.on = true, on
	if on {
		r.box.FillColor = theme.Color(theme.ColorNamePrimary)
		r.box.StrokeColor = theme.Color(theme.ColorNamePrimary)
	} else {
		r.box.FillColor = theme.Color(theme.ColorNameInputBackground)
		r.box.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	}
	for _, l := range r.mark {
		l.StrokeColor = theme.Color(theme.ColorNameForegroundOnPrimary)
		l.Hidden = !on
		l.Refresh()
	}
	r.box.Refresh()
}

// checkBoxSize is the side of a tick box.
const checkBoxSize = 18

// CreateRenderer implements fyne.Widget.
func (r *checkRow) CreateRenderer() fyne.WidgetRenderer {
	objects := []fyne.CanvasObject{r.box, r.mark[0], r.mark[1], r.label}
	return &checkRowRenderer{r: r, objects: objects}
}

type checkRowRenderer struct {
	r       *checkRow
	objects []fyne.CanvasObject
}

func (rr *checkRowRenderer) Layout(size fyne.Size) {
	pad := theme.InnerPadding()
	y := (size.Height - checkBoxSize) / 2
	rr.r.box.Move(fyne.NewPos(pad/2, y))
	rr.r.box.Resize(fyne.NewSize(checkBoxSize, checkBoxSize))
	x0, s := pad/2, float32(checkBoxSize)
	rr.r.mark[0].Position1, rr.r.mark[0].Position2 = fyne.NewPos(x0+s*0.22, y+s*0.52), fyne.NewPos(x0+s*0.42, y+s*0.72)
	rr.r.mark[1].Position1, rr.r.mark[1].Position2 = fyne.NewPos(x0+s*0.42, y+s*0.72), fyne.NewPos(x0+s*0.80, y+s*0.30)
	lx := pad + checkBoxSize
	h := rr.r.label.MinSize().Height
	rr.r.label.Move(fyne.NewPos(lx, (size.Height-h)/2))
	rr.r.label.Resize(fyne.NewSize(size.Width-lx, h))
}

// MinSize is a short row: the list's width comes from where it is laid
// out, not from its longest text.
func (rr *checkRowRenderer) MinSize() fyne.Size {
	pad := theme.InnerPadding()
	return fyne.NewSize(pad+checkBoxSize+8*theme.TextSize(), max(theme.TextSize()+2*pad, checkBoxSize))
}

func (rr *checkRowRenderer) Refresh()                     { canvas.Refresh(rr.r) }
func (rr *checkRowRenderer) Objects() []fyne.CanvasObject { return rr.objects }
func (rr *checkRowRenderer) Destroy()                     {}

var _ fyne.Widget = (*checkRow)(nil)
