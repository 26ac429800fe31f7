// Package grid is the studio's grid painting: the one navigable map
// widget every map view shows its map in (GridView: drawing only what is
// visible, zoom, pan, the minimap), the Painter that paints a grid of a
// document with the tools, as undoable edits, and the stamps it copies.
//
// Each painting tool is a value of the Tool interface — its name, the key
// that selects it, what it previews under the pointer and what a click,
// a drag and its end do on the grid — and Tools lists them all, once: the
// tool bar's drop-down, the studio's Tools menu and tool keys, Help ▸
// Keyboard and the keyboard table of docs/studio.md read that list (a
// test compares the table with it). Adding a tool is adding one value.
//
// The package knows nothing of the studio's shell: a Painter edits a
// document through the Session interface (an *editor.Session), a map
// talks to the studio through Env (its status line, and the keys a map
// does not use), and MapPanes answers the shell's map commands for a
// view (editor.MapTools, MapNavigator, MapClipboard). Its files:
//
//   - view.go, draw.go, nav.go — GridView: events, drawing and the
//     minimap, zoom and pan;
//   - tool.go, tools.go — the Tool interface, the list, the tools;
//   - painter.go, clip.go — the Painter and its stamps;
//   - panes.go, widgets.go — a view's map panes for the shell, the
//     drop-downs and lists beside a map that leave it the keys;
//   - framelog.go — the input-to-frame log (SHAPAN_FRAME_LOG).
package grid
