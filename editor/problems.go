package editor

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/diagout"
)

// problemsPanel lists a session's problems: first the values typed in
// fields that could not be applied, then the document's diagnostics (what
// `shapan check` prints for the file). Choosing one asks the document tab
// to show the field or to select the offending item.
type problemsPanel struct {
	session   *Session
	list      *widget.List
	summary   *widget.Label
	onSelect  func(diag.Diagnostic)
	onRefusal func(Refusal)
	object    fyne.CanvasObject
	refused   []Refusal
	shown     diag.List
}

func newProblemsPanel(s *Session, onSelect func(diag.Diagnostic), onRefusal func(Refusal)) *problemsPanel {
	p := &problemsPanel{session: s, onSelect: onSelect, onRefusal: onRefusal, summary: widget.NewLabel("Checking…")}
	p.list = widget.NewList(
		func() int { return len(p.refused) + len(p.shown) },
		func() fyne.CanvasObject {
			return container.NewHBox(widget.NewIcon(theme.ErrorIcon()), widget.NewLabel("FILE:1:1"), widget.NewLabel("message"))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			row := o.(*fyne.Container)
			icon := row.Objects[0].(*widget.Icon)
			if i < len(p.refused) {
				icon.SetResource(theme.ErrorIcon())
				row.Objects[1].(*widget.Label).SetText("not applied")
				row.Objects[2].(*widget.Label).SetText(p.refused[i].Message())
				return
			}
			i -= len(p.refused)
			if i >= len(p.shown) {
				return
			}
			d := p.shown[i]
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
		switch {
		case i < len(p.refused):
			if p.onRefusal != nil {
				p.onRefusal(p.refused[i])
			}
		case i-len(p.refused) < len(p.shown) && p.onSelect != nil:
			p.onSelect(p.shown[i-len(p.refused)])
		}
	}
	p.object = container.NewBorder(p.summary, nil, nil, nil, p.list)
	return p
}

// update shows the session's current problems.
func (p *problemsPanel) update() {
	p.refused = p.session.Refusals()
	p.shown = p.session.Problems()
	errs, warns := p.shown.Count()
	summary := ""
	switch {
	case errs+warns == 0:
		summary = "No problems"
	default:
		summary = fmt.Sprintf("%d error(s), %d warning(s) — choose one to see it", errs, warns)
	}
	if n := len(p.refused); n > 0 {
		summary = fmt.Sprintf("%d typed value(s) not applied; %s", n, summary)
	}
	p.summary.SetText(summary)
	p.list.UnselectAll()
	p.list.Refresh()
}

// Rows returns the panel's rows as text, one a line: "not applied" rows
// first, then the diagnostics as `shapan check` prints them.
func (p *problemsPanel) Rows() []string {
	var out []string
	for _, r := range p.refused {
		out = append(out, "not applied: "+r.Message())
	}
	for _, d := range p.shown {
		out = append(out, diagout.Line(d))
	}
	return out
}
