package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats"
)

// genericView is the editor of a document whose family has no editor in
// the studio (no RegisterView): one pane that says so and shows the
// document's YAML as it is now. The studio still checks, previews, plays
// and simulates it, as its family allows.
type genericView struct {
	s    *Session
	yaml *widget.Label
	pane *container.TabItem
}

func newGenericView(s *Session) View {
	v := &genericView{s: s, yaml: widget.NewLabel("")}
	v.yaml.TextStyle = fyne.TextStyle{Monospace: true}
	note := widget.NewLabel("The studio has no editor for " + s.Kind() + " documents: edit the file in a text editor " +
		"(the tab then offers to reload it). Its problems, preview and games are here as for every document.")
	note.Wrapping = fyne.TextWrapWord
	note.Importance = widget.WarningImportance
	v.pane = container.NewTabItem("Document", container.NewBorder(note, nil, nil, nil, v.yaml))
	v.Refresh()
	return v
}

func (v *genericView) Panes() []*container.TabItem { return []*container.TabItem{v.pane} }

// Refresh shows the document's YAML as it is now.
func (v *genericView) Refresh() {
	data, err := formats.Encode(v.s.Document(), formats.YAML)
	if err != nil {
		v.yaml.SetText("The document cannot be written as YAML: " + err.Error())
		return
	}
	v.yaml.SetText(string(data))
}

func (v *genericView) Select(string) *container.TabItem { return v.pane }
