package editor

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/diag"
)

// problemsPanel lists a session's problems; choosing one asks the document
// tab to select the offending item.
type problemsPanel struct {
	session  *Session
	list     *widget.List
	summary  *widget.Label
	onSelect func(diag.Diagnostic)
	object   fyne.CanvasObject
	shown    diag.List
}

func newProblemsPanel(s *Session, onSelect func(diag.Diagnostic)) *problemsPanel {
	p := &problemsPanel{session: s, onSelect: onSelect, summary: widget.NewLabel("Checking…")}
	p.list = widget.NewList(
		func() int { return len(p.shown) },
		func() fyne.CanvasObject {
			return container.NewHBox(widget.NewIcon(theme.ErrorIcon()), widget.NewLabel("FILE:1:1"), widget.NewLabel("message"))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= len(p.shown) {
				return
			}
			d := p.shown[i]
			row := o.(*fyne.Container)
			icon := row.Objects[0].(*widget.Icon)
			if d.Severity == diag.Error {
				icon.SetResource(theme.ErrorIcon())
			} else {
				icon.SetResource(theme.WarningIcon())
			}
			where := d.Code
			if d.Line > 0 {
				where = fmt.Sprintf("%s  %d:%d", d.Code, d.Line, d.Col)
			}
			row.Objects[1].(*widget.Label).SetText(where)
			row.Objects[2].(*widget.Label).SetText(d.Message)
		})
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.shown) && p.onSelect != nil {
			p.onSelect(p.shown[i])
		}
	}
	p.object = container.NewBorder(p.summary, nil, nil, nil, p.list)
	return p
}

// update shows the session's current problems.
func (p *problemsPanel) update() {
	p.shown = p.session.Problems()
	errs, warns := p.shown.Count()
	switch {
	case errs+warns == 0:
		p.summary.SetText("No problems")
	default:
		p.summary.SetText(fmt.Sprintf("%d error(s), %d warning(s) — choose one to see it", errs, warns))
	}
	p.list.UnselectAll()
	p.list.Refresh()
}
