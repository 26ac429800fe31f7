// Package editor is Shapan's studio: a Fyne application that opens
// documents of every family in tabs, edits them through family views with
// undo and redo, checks them as they change, previews them, and saves
// them atomically (with an autosave that survives a crash).
//
// It names no family: each plugs its views, play boards and facts in by
// kind (surfaces.go), from its own packages (editor/<family>view,
// editor/<family>play), which editor/families imports. Its maps and their
// painting tools are package editor/grid, which the shell and the views
// import and which imports neither; the undo history and the snapshots it
// keeps are editor/history; its forms are editor/forms; the Problems
// panel under a document is editor/problems, and the folder of unsaved
// changes that survives a crash editor/autosave.
//
// Its files, by what they are part of:
//
//   - the shell — the window, its tabs, menus and commands: studio.go
//     (the Studio, opening, saving, closing), doctab.go (a document's
//     tab: its panes, preview and problems), tabnames.go, menu.go (the
//     Tools menu lists grid.Tools()), keys.go and keyboard.go (the
//     menu's and the map's keys, Help ▸ Keyboard), maps.go (what the
//     shell asks of a view's maps: MapTools, MapNavigator, MapClipboard),
//     newdoc.go and templates.go (File ▸ New), files.go and disk.go (file
//     dialogs, a file changed on disk), autosave.go (when a session is
//     kept, and Restore), errorsfirst.go (Play and Balance of a document
//     with errors), sidecolours.go, theme.go, about.go;
//   - what families plug in: surfaces.go (views, play, balance,
//     hosting), genericview.go (the Document pane of a family without
//     a view);
//   - the session — one document being edited: session.go (its undo and
//     redo keep their edits in a history.History);
//   - forms — the fields a view builds its panes of: field.go, bind.go
//     (an edit per typed value), sizefields.go, checklist.go.
package editor
