package grid

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// MapPanes implements the studio's MapNavigator, MapTools and
// MapClipboard (package editor) for a view whose panes show maps in
// GridViews: a view embeds it and adds each such pane.
type MapPanes struct {
	grids    map[*container.TabItem]*GridView
	painters map[*container.TabItem]*Painter
}

// AddMap registers the map shown on pane.
func (m *MapPanes) AddMap(pane *container.TabItem, g *GridView) {
	if m.grids == nil {
		m.grids = map[*container.TabItem]*GridView{}
	}
	m.grids[pane] = g
}

// AddPainter registers the painter (and its map) shown on pane.
func (m *MapPanes) AddPainter(pane *container.TabItem, p *Painter) {
	m.AddMap(pane, p.View)
	if m.painters == nil {
		m.painters = map[*container.TabItem]*Painter{}
	}
	m.painters[pane] = p
}

// with calls f with the map of pane and reports whether there is one.
func (m *MapPanes) with(pane *container.TabItem, f func(g *GridView)) bool {
	g := m.grids[pane]
	if g == nil {
		return false
	}
	f(g)
	return true
}

// Fit implements editor.MapNavigator.
func (m *MapPanes) Fit(pane *container.TabItem) bool {
	return m.with(pane, (*GridView).Fit)
}

// ActualSize implements editor.MapNavigator.
func (m *MapPanes) ActualSize(pane *container.TabItem) bool {
	return m.with(pane, (*GridView).ActualSize)
}

// Zoom implements editor.MapNavigator.
func (m *MapPanes) Zoom(pane *container.TabItem, in bool) bool {
	return m.with(pane, func(g *GridView) { g.ZoomStep(in) })
}

// Pan implements editor.MapNavigator.
func (m *MapPanes) Pan(pane *container.TabItem, dx, dy int) bool {
	return m.with(pane, func(g *GridView) { g.Pan(dx, dy) })
}

// SetTool implements editor.MapTools.
func (m *MapPanes) SetTool(pane *container.TabItem, tool Tool) bool {
	p := m.painters[pane]
	if p == nil || tool == nil {
		return false
	}
	p.SetTool(tool)
	return true
}

// CancelDrag implements editor.MapTools: it cancels a drag, or else puts the
// stamp in hand down or clears the selection (and says which).
func (m *MapPanes) CancelDrag(pane *container.TabItem) bool {
	if g := m.grids[pane]; g != nil && g.CancelDrag() {
		return true
	}
	p := m.painters[pane]
	return p != nil && p.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
}

// CopySelection implements editor.MapClipboard.
func (m *MapPanes) CopySelection(pane *container.TabItem) bool {
	p := m.painters[pane]
	return p != nil && p.CopySelection()
}

// PasteStamp implements editor.MapClipboard.
func (m *MapPanes) PasteStamp(pane *container.TabItem) bool {
	p := m.painters[pane]
	return p != nil && p.Paste()
}
