// Package problems is the studio's Problems panel under a document: the
// values typed in fields that could not be applied, then the document's
// diagnostics (what `shapan check` prints for the file), errors before
// warnings and each in the order of their positions. A row shows the
// code, the position and the message cut to its width; the chosen row's
// whole message is shown wrapped under the list, and Copy puts every row
// on the clipboard. Choosing a row calls back the document tab, which
// shows the field or selects the offending item.
//
// The panel knows diagnostics and widgets only: the shell gives it the
// rows (Update) and lays it out with its panes (Header, Center, Layout).
package problems

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/internal/diagout"
)

// openRows is how many rows the panel shows when it opens (dragging the
// split above it shows more), and openShare the most of the tab's height
// it takes then: the map keeps the rest.
const (
	openRows  = 2
	openShare = 0.18
)

// Panel lists a document's problems.
type Panel struct {
	list    *widget.List
	summary *widget.Label
	detail  *widget.Label
	// header is the summary line with Copy; center the list with the
	// chosen row's whole message under it.
	header, center fyne.CanvasObject
	detailBox      *fyne.Container
	onSelect       func(diag.Diagnostic)
	onRefusal      func(int)
	refused        []string
	shown          diag.List
}

// New returns an empty panel saying "Checking…". Choosing a diagnostic
// calls onSelect with it, choosing the i-th value not applied calls
// onRefusal(i).
func New(onSelect func(diag.Diagnostic), onRefusal func(i int)) *Panel {
	p := &Panel{onSelect: onSelect, onRefusal: onRefusal, summary: widget.NewLabel("Checking…"), detail: widget.NewLabel("")}
	p.detail.Wrapping = fyne.TextWrapWord
	p.detail.Hide()
	p.list = widget.NewList(
		func() int { return len(p.refused) + len(p.shown) },
		func() fyne.CanvasObject {
			msg := widget.NewLabel("message")
			msg.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, container.NewHBox(widget.NewIcon(theme.ErrorIcon()), widget.NewLabel("PLN015  12:3")), nil, msg)
		},
		p.showRow)
	p.list.OnSelected = p.choose
	copyAll := widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), p.copyAll)
	p.header = container.NewBorder(nil, nil, nil, copyAll, p.summary)
	// The chosen row's message scrolls in one line's room: choosing a row
	// takes room from the list, never from the map above.
	room := canvas.NewRectangle(color.Transparent) // a nil colour crashes the software painter
	room.SetMinSize(fyne.NewSize(10, p.rowHeight()))
	p.detailBox = container.NewStack(room, container.NewVScroll(p.detail))
	p.detailBox.Hide()
	p.center = container.NewBorder(nil, p.detailBox, nil, nil, p.list)
	return p
}

// Header is the summary line with the Copy button: the document tab
// shows it alone when there is no problem.
func (p *Panel) Header() fyne.CanvasObject { return p.header }

// Center is the list with the chosen row's message under it.
func (p *Panel) Center() fyne.CanvasObject { return p.center }

// List is the list of rows (it takes the keyboard focus: Up and Down
// walk it, Enter shows a problem).
func (p *Panel) List() *widget.List { return p.list }

// Choose does what choosing row i does.
func (p *Panel) Choose(i int) { p.list.Select(i) }

// rowHeight is the height of one row of the list.
func (p *Panel) rowHeight() float32 {
	return widget.NewLabel("X").MinSize().Height + theme.Padding()
}

// Empty reports whether there is nothing to list.
func (p *Panel) Empty() bool { return len(p.refused)+len(p.shown) == 0 }

// openHeight is the height the panel opens with in a tab of height h: its
// summary line and openRows rows, at most openShare of h.
func (p *Panel) openHeight(h float32) float32 {
	want := p.header.MinSize().Height + openRows*p.rowHeight() + theme.Padding()
	return min(want, h*openShare)
}

// showRow fills row o with row i.
func (p *Panel) showRow(i widget.ListItemID, o fyne.CanvasObject) {
	row := o.(*fyne.Container)
	msg := row.Objects[0].(*widget.Label)
	left := row.Objects[1].(*fyne.Container)
	icon, where := left.Objects[0].(*widget.Icon), left.Objects[1].(*widget.Label)
	if i < len(p.refused) {
		icon.SetResource(theme.ErrorIcon())
		where.SetText("not applied")
		msg.SetText(p.refused[i])
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
	pos := d.Code
	if d.Line > 0 {
		pos = fmt.Sprintf("%s  %d:%d", d.Code, d.Line, d.Col)
	}
	where.SetText(pos)
	msg.SetText(d.Message)
}

// choose shows row i's whole text under the list and the item it is
// about.
func (p *Panel) choose(i widget.ListItemID) {
	rows := p.Rows()
	if i < len(rows) {
		p.detail.SetText(rows[i])
		p.detail.Show()
		p.detailBox.Show()
	}
	switch {
	case i < len(p.refused):
		if p.onRefusal != nil {
			p.onRefusal(i)
		}
	case i-len(p.refused) < len(p.shown) && p.onSelect != nil:
		p.onSelect(p.shown[i-len(p.refused)])
	}
}

// copyAll puts every row on the clipboard, one a line.
func (p *Panel) copyAll() {
	if app := fyne.CurrentApp(); app != nil {
		app.Clipboard().SetContent(strings.Join(p.Rows(), "\n"))
	}
}

// Update shows the messages of the values typed but not applied and the
// document's diagnostics.
func (p *Panel) Update(refused []string, problems diag.List) {
	p.refused = refused
	p.shown = ErrorsFirst(problems)
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
	p.detail.Hide()
	p.detailBox.Hide()
	p.list.UnselectAll()
	p.list.Refresh()
}

// Summary is the summary line's text.
func (p *Panel) Summary() string { return p.summary.Text }

// ErrorsFirst returns l with its errors before its warnings, each in
// the order of l (`shapan check`'s: by position).
func ErrorsFirst(l diag.List) diag.List {
	out := slices.Clone(l)
	slices.SortStableFunc(out, func(a, b diag.Diagnostic) int {
		return severityRank(a.Severity) - severityRank(b.Severity)
	})
	return out
}

func severityRank(s diag.Severity) int {
	if s == diag.Error {
		return 0
	}
	return 1
}

// Rows returns the panel's rows as text, one a line: "not applied" rows
// first, then the diagnostics as `shapan check` prints them, errors
// before warnings.
func (p *Panel) Rows() []string {
	var out []string
	for _, r := range p.refused {
		out = append(out, "not applied: "+r)
	}
	for _, d := range p.shown {
		out = append(out, diagout.Line(d))
	}
	return out
}
