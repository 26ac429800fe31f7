package editor

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/autosave"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats"
)

// Studio is the application window and its open documents.
type Studio struct {
	app    fyne.App
	win    fyne.Window
	tabs   *container.DocTabs
	docs   map[*container.TabItem]*docTab
	status *widget.Label
	// statusOf is the document shown when the status line was set, and
	// statusRev its revision then.
	statusOf  *Session
	statusRev int

	undoButton, redoButton, saveButton *widget.Button
	playButton, balanceButton          *widget.Button
	exportButton                       *widget.Button
	// openPath is the path field of the last Open dialog (tests type in it).
	openPath *dialogEntry
	// docItems are the menu items that need a document.
	docItems   []*fyne.MenuItem
	welcomeBox fyne.CanvasObject

	autosave *autosave.Keeper
	// runAsync and post move work off and back onto the UI thread; tests
	// make both synchronous.
	runAsync func(func())
	post     func(func())
	// later runs f on the UI thread after d, returning a cancel function.
	later func(d time.Duration, f func()) (cancel func())
	// askSave, when set, replaces the dialog asking whether to save
	// before closing a changed document (tests answer it directly).
	askSave func(s *Session, answer func(save, discard bool))
	// warn, when set, replaces the dialog that shows a warning (tests
	// read it); ask the dialogs that ask a yes-or-no question.
	warn func(msg string)
	ask  func(title, msg, yes string, answer func(bool))
}

// Options configure a studio.
type Options struct {
	// AutosaveDir is where unsaved changes are kept for crash recovery;
	// "" disables autosave.
	AutosaveDir string
	// Synchronous runs background work (validation, previews) on the
	// calling goroutine and does delayed work (autosave, preview redraws)
	// at once: for tests with the Fyne test driver.
	Synchronous bool
}

// New builds the studio window of app.
func New(app fyne.App, opts Options) *Studio {
	// Setting a theme makes Fyne drop its fonts and redraw every window:
	// a second studio of the same app (tests make many) keeps the theme.
	if _, ok := app.Settings().Theme().(Theme); !ok {
		app.Settings().SetTheme(NewTheme())
	}
	useAtomicFiles()
	st := &Studio{app: app, docs: map[*container.TabItem]*docTab{}, status: widget.NewLabel("")}
	st.loadSideColours()
	st.runAsync = func(f func()) { go f() }
	st.post = fyne.Do
	st.later = func(d time.Duration, f func()) func() {
		t := time.AfterFunc(d, func() { fyne.Do(f) })
		return func() { t.Stop() }
	}
	if opts.Synchronous {
		st.runAsync = func(f func()) { f() }
		st.post = func(f func()) { f() }
		st.later = func(_ time.Duration, f func()) func() { f(); return func() {} }
	}
	// A long status message is cut with an ellipsis: it never widens the
	// window (its whole text is in the tooltip-less label's Text).
	st.status.Truncation = fyne.TextTruncateEllipsis
	st.win = app.NewWindow("Shapan 沙盘")
	st.tabs = container.NewDocTabs()
	st.tabs.CloseIntercept = func(item *container.TabItem) { st.closeTab(item, nil) }
	st.tabs.OnSelected = func(*container.TabItem) { st.updateActions() }
	st.win.SetMainMenu(st.menu())
	st.welcomeBox = st.welcome()
	st.win.SetContent(container.NewBorder(st.toolbar(), st.status, nil, nil, container.NewStack(st.welcomeBox, st.tabs)))
	st.win.Resize(fyne.NewSize(1200, 800))
	st.win.SetCloseIntercept(st.Quit)
	st.keys()
	if opts.AutosaveDir != "" {
		st.autosave = autosave.New(opts.AutosaveDir, st.later)
	}
	if !opts.Synchronous {
		st.watchDisk()
	}
	st.updateActions()
	return st
}

// Window returns the studio window.
func (st *Studio) Window() fyne.Window { return st.win }

// Status shows a message in the status bar.
func (st *Studio) Status(msg string) {
	st.status.SetText(msg)
	st.statusOf, st.statusRev = st.Current(), 0
	if st.statusOf != nil {
		st.statusRev = st.statusOf.revision
	}
}

// editedStatus replaces a status line older than the edit of s just made
// (it would tell of something before it: "Undid …", "Back from playing
// …", "Copied the selection …") by the edit's name. Messages set after
// the edit, by what made it, stay.
func (st *Studio) editedStatus(s *Session) {
	if s != st.Current() || (st.statusOf == s && st.statusRev >= s.revision) {
		return
	}
	msg := ""
	if label := s.UndoLabel(); label != "" {
		msg = "Edited: " + label + " — Ctrl+Z undoes it"
	}
	st.Status(msg)
}

// StatusText returns the status bar's message.
func (st *Studio) StatusText() string { return st.status.Text }

func (st *Studio) welcome() fyne.CanvasObject {
	return container.NewCenter(widget.NewLabel("Open a scenario (Ctrl+O) or start a new one from the File menu."))
}

// Open loads a file (YAML or a game's own file) into a new tab.
func (st *Studio) Open(path string) (*Session, error) {
	for _, t := range st.docs {
		if t.session.Document().Path == path || t.session.Path == path {
			st.selectTab(t.item)
			return t.session, nil
		}
	}
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		return nil, readError(path, err)
	}
	s := st.Add(NewSession(doc))
	st.rememberRecent(path)
	if s.Imported() {
		st.Status(fmt.Sprintf("Imported %s: Save asks where to write it as a YAML document (%s is offered); File ▸ Export writes the game's file",
			filepath.Base(path), filepath.Base(s.SuggestedPath())))
	}
	return s, nil
}

// readError says why path could not be read in a designer's words: a
// missing file or folder, a file one may not read, rather than the
// system call that failed ("stat /x.yaml: no such file or directory").
func readError(path string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s does not exist: check the folder and the name", path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s cannot be read: you may not read it", path)
	case errors.As(err, &pe) && pe.Path == path:
		return fmt.Errorf("%s cannot be read: %v", path, pe.Err)
	}
	return err
}

// selectTab shows the document tab item. Fyne's DocTabs.Select redraws
// every tab's content even when item is shown already (and twice when
// it is not): opening a file or showing a pane cost as much again.
func (st *Studio) selectTab(item *container.TabItem) {
	if st.tabs.Selected() == item {
		return
	}
	for i, it := range st.tabs.Items {
		if it == item {
			st.tabs.SelectIndex(i)
			return
		}
	}
}

// Add shows a session in a new tab and selects it.
func (st *Studio) Add(s *Session) *Session {
	s.runAsync, s.post = st.runAsync, st.post
	t := newDocTab(st, s)
	st.docs[t.item] = t
	st.tabs.Append(t.item)
	st.selectTab(t.item)
	st.retitleAll()
	st.watchAutosave(s)
	s.Revalidate()
	st.updateActions()
	return s
}

// Sessions returns the open sessions in tab order.
func (st *Studio) Sessions() []*Session {
	var out []*Session
	for _, item := range st.tabs.Items {
		out = append(out, st.docs[item].session)
	}
	return out
}

// Current returns the session of the selected tab, or nil.
func (st *Studio) Current() *Session {
	if t := st.current(); t != nil {
		return t.session
	}
	return nil
}

func (st *Studio) current() *docTab {
	item := st.tabs.Selected()
	if item == nil {
		return nil
	}
	return st.docs[item]
}

// Tab returns the tab of a session (for tests and the problems panel).
func (st *Studio) Tab(s *Session) *docTab {
	for _, t := range st.docs {
		if t.session == s {
			return t
		}
	}
	return nil
}

// CommitEditing commits the text of the field being typed in (what
// losing the focus does), so that an action on the document sees what the
// designer sees. Every action on a document calls it first.
func (st *Studio) CommitEditing() {
	if f, ok := st.win.Canvas().Focused().(interface{ Commit() }); ok {
		f.Commit()
	}
}

// showFocused shows the document's value in the field being typed in,
// after an undo or a redo changed it (other fields reload by themselves).
func (st *Studio) showFocused() {
	if e, ok := st.win.Canvas().Focused().(*forms.Entry); ok {
		e.Revert()
	}
}

// Undo and Redo act first on the text field being typed in (its typing not
// yet committed), then on the current document: the text being typed is
// committed first, so that Undo takes back exactly what was typed.
func (st *Studio) Undo() {
	if undoTyping(st.win.Canvas().Focused(), true) {
		st.Status("Undid typing (Ctrl+Z again undoes the document's last edit)")
		return
	}
	st.CommitEditing()
	if s := st.Current(); s != nil && s.Undo() {
		st.showFocused()
		st.Status("Undid " + s.RedoLabel())
	}
}

// undoTyping undoes (or redoes) the typing in the focused text field and
// reports whether its text changed: a studio field only while it shows
// text not yet committed, any other entry always.
func undoTyping(o fyne.Focusable, undo bool) bool {
	var e *widget.Entry
	switch w := o.(type) {
	case *forms.Entry:
		if undo && !w.Uncommitted() {
			return false
		}
		e = &w.Entry
	case *widget.Entry:
		e = w
	default:
		return false
	}
	before := e.Text
	if undo {
		e.Undo()
	} else {
		e.Redo()
	}
	return e.Text != before
}

// Redo applies the last undone edit again.
func (st *Studio) Redo() {
	if undoTyping(st.win.Canvas().Focused(), false) {
		st.Status("Redid typing")
		return
	}
	st.CommitEditing()
	if s := st.Current(); s != nil && s.Redo() {
		st.showFocused()
		st.Status("Redid " + s.UndoLabel())
	}
}

// Save saves the current document (asking for a name when it has none).
func (st *Studio) Save() {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	if s.NeedsName() {
		st.SaveAsDialog()
		return
	}
	err := s.Save()
	st.report(err, "Saved "+s.Path)
	st.afterSave(s, err)
}

// afterSave remembers a saved file and warns about typed values that
// were not applied (the file holds the document's values instead).
func (st *Studio) afterSave(s *Session, err error) {
	if err != nil {
		return
	}
	if !s.Modified() {
		st.rememberRecent(s.Path)
		if st.autosave != nil {
			st.autosave.Forget(s)
		}
	}
	if rs := s.Refusals(); len(rs) > 0 {
		st.warnRefused(s, rs)
	}
}

// warnRefused says which values shown in fields were not saved.
func (st *Studio) warnRefused(s *Session, rs []forms.Refusal) {
	lines := make([]string, len(rs))
	for i, r := range rs {
		lines[i] = "• " + r.Message()
	}
	msg := fmt.Sprintf("Saved %s, but %d value(s) shown in the editor were not applied and are not in the file:\n%s",
		filepath.Base(s.Path), len(rs), strings.Join(lines, "\n"))
	st.Status(fmt.Sprintf("Saved %s without %d refused value(s): see the Problems panel", filepath.Base(s.Path), len(rs)))
	if st.warn != nil {
		st.warn(msg)
		return
	}
	label := widget.NewLabel(msg)
	label.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Some values were not applied", "OK", container.NewVScroll(label), st.win)
	d.Resize(fyne.NewSize(640, 280))
	d.Show()
}

func (st *Studio) report(err error, ok string) {
	if err != nil {
		dialog.ShowError(err, st.win)
		st.Status(err.Error())
		return
	}
	st.Status(ok)
}

// fileFilter shows in the file chooser every file of a form Shapan reads
// (formats.Extensions), and those that may hold one under a name it does
// not claim: ".txt" (a battle grid), ".json" (a Tiled map saved with
// Tiled's JSON filter, read by its content).
var fileFilter = storage.NewExtensionFileFilter(openableExtensions())

func openableExtensions() []string {
	return append(formats.Extensions(), ".txt", ".json")
}

// OpenDialog asks for a file to open: a field to type or paste its path
// in, and Browse… for Fyne's file chooser, which starts in the folder of
// the current document.
func (st *Studio) OpenDialog() {
	var d dialog.Dialog
	path := newDialogEntry(func() { d.Hide() })
	path.SetPlaceHolder("/path/to/scenario.yaml, .map, .sav, .tech, .grid, .yml or .tmj")
	open := func() {
		p := strings.TrimSpace(path.Text)
		if p == "" {
			return
		}
		if strings.HasPrefix(p, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				p = filepath.Join(home, p[2:])
			}
		}
		if _, err := st.Open(p); err != nil {
			dialog.ShowError(err, st.win)
			return
		}
		d.Hide()
	}
	path.OnSubmitted = func(string) { open() }
	browse := widget.NewButtonWithIcon("Browse…", theme.FolderOpenIcon(), func() { st.browseOpen(&path.Entry, open) })
	content := container.NewBorder(nil, nil, widget.NewLabel("File"), browse, path)
	d = dialog.NewCustomConfirm("Open", "Open", "Cancel", content, func(ok bool) {
		if ok {
			open()
		}
	}, st.win)
	d.Resize(fyne.NewSize(760, 160))
	d.Show()
	st.win.Canvas().Focus(path)
	st.openPath = path
}

// browseOpen shows Fyne's file chooser, in the current document's
// folder; the file chosen is opened.
func (st *Studio) browseOpen(path *widget.Entry, open func()) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path.SetText(r.URI().Path())
		r.Close()
		open()
	}, st.win)
	d.SetFilter(fileFilter)
	if s := st.Current(); s != nil {
		st.startIn(d, s)
	}
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// SaveAsDialog asks for a file name and saves the current document as
// YAML there.
func (st *Studio) SaveAsDialog() {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		err = s.SaveAs(path, formats.YAML)
		st.report(err, "Saved "+path)
		st.afterSave(s, err)
	}, st.win)
	name := strings.TrimSuffix(s.Name(), filepath.Ext(s.Name())) + ".yaml"
	if s.Imported() {
		// Fyne's dialog asks before it writes over a file; the name
		// offered for an imported document is one no file has.
		name = filepath.Base(s.SuggestedPath())
	}
	d.SetFileName(name)
	st.startIn(d, s)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// ExportDialog asks for a file name and writes the current document in
// the game's own format there.
func (st *Studio) ExportDialog() { st.exportDialog("") }

// ExportTiledDialog asks for a file name and writes the current grid
// document (an ftbt level, battle map or planets map) there as a Tiled map,
// with its tileset image beside it.
func (st *Studio) ExportTiledDialog() { st.exportDialog(".tmj") }

// exportDialog exports to the file chosen; ext is the extension offered
// ("" for the game's own).
func (st *Studio) exportDialog(ext string) {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		st.ExportTo(s, path)
	}, st.win)
	if ext == "" {
		ext = legacyExt(s.Kind())
	}
	d.SetFileName(strings.TrimSuffix(s.Name(), filepath.Ext(s.Name())) + ext)
	st.startIn(d, s)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// startIn opens a file dialog in the folder of s's file, when it has one
// (or of the file it was imported from).
func (st *Studio) startIn(d *dialog.FileDialog, s *Session) {
	if s.Path == "" {
		return
	}
	if dir, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(absPath(s.Path)))); err == nil {
		d.SetLocation(dir)
	}
}

// absPath returns p made absolute, or p when that fails.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// ExportTo writes s in the form the extension of path names (the game's
// own, or a Tiled map) at path: what File ▸ Export does once a file is
// chosen, after committing the field being typed in.
func (st *Studio) ExportTo(s *Session, path string) ([]string, error) {
	st.CommitEditing()
	written, err := s.Export(path)
	st.report(err, "Exported "+strings.Join(written, ", "))
	return written, err
}

func legacyExt(kind string) string {
	if ext := formats.LegacyExt(kind); ext != "" {
		return ext
	}
	return ".map"
}

// CloseCurrent closes the selected tab (asking to save changes first).
func (st *Studio) CloseCurrent() {
	st.CommitEditing()
	if t := st.current(); t != nil {
		st.closeTab(t.item, nil)
	}
}

// closeTab closes a tab, first asking whether to save a changed document;
// done (if not nil) learns whether the tab was closed.
func (st *Studio) closeTab(item *container.TabItem, done func(closed bool)) {
	t := st.docs[item]
	if t == nil {
		return
	}
	finish := func() {
		st.tabs.Remove(item)
		delete(st.docs, item)
		st.retitleAll()
		if st.autosave != nil {
			st.autosave.Forget(t.session)
		}
		st.updateActions()
		if done != nil {
			done(true)
		}
	}
	if !t.session.Dirty() {
		finish()
		return
	}
	st.selectTab(item)
	st.confirmSave(t.session, func(save, discard bool) {
		switch {
		case save:
			if t.session.NeedsName() {
				st.SaveAsDialog()
				if done != nil {
					done(false)
				}
				return
			}
			if err := t.session.Save(); err != nil {
				st.report(err, "")
				if done != nil {
					done(false)
				}
				return
			}
			st.afterSave(t.session, nil)
			finish()
		case discard:
			finish()
		default:
			if done != nil {
				done(false)
			}
		}
	})
}

// confirmSave asks whether to save s before it is closed.
func (st *Studio) confirmSave(s *Session, answer func(save, discard bool)) {
	if st.askSave != nil {
		st.askSave(s, answer)
		return
	}
	text := fmt.Sprintf("%s has unsaved changes. Save them before closing?", s.Name())
	if rs := s.Refusals(); len(rs) > 0 {
		text += fmt.Sprintf("\n%d value(s) shown were not applied and will be lost:", len(rs))
		for _, r := range rs {
			text += "\n• " + r.Message()
		}
	}
	msg := widget.NewLabel(text)
	var d dialog.Dialog
	save := widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), func() { d.Hide(); answer(true, false) })
	save.Importance = widget.HighImportance
	discard := widget.NewButton("Discard changes", func() { d.Hide(); answer(false, true) })
	cancel := widget.NewButton("Cancel", func() { d.Hide(); answer(false, false) })
	d = dialog.NewCustomWithoutButtons("Unsaved changes", container.NewVBox(msg, container.NewHBox(cancel, discard, save)), st.win)
	d.Show()
}

// Quit closes every tab (asking about unsaved changes) and then the app.
func (st *Studio) Quit() {
	st.CommitEditing()
	items := append([]*container.TabItem(nil), st.tabs.Items...)
	var next func(i int)
	next = func(i int) {
		if i == len(items) {
			if st.autosave != nil {
				st.autosave.Stop()
			}
			st.app.Quit()
			return
		}
		st.closeTab(items[i], func(closed bool) {
			if closed {
				next(i + 1)
			}
		})
	}
	next(0)
}

func (st *Studio) toolbar() fyne.CanvasObject {
	open := widget.NewButtonWithIcon("Open", theme.FolderOpenIcon(), st.OpenDialog)
	st.saveButton = widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), st.Save)
	st.undoButton = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), st.Undo)
	st.redoButton = widget.NewButtonWithIcon("Redo", theme.ContentRedoIcon(), st.Redo)
	st.exportButton = widget.NewButtonWithIcon("Export", theme.UploadIcon(), st.ExportDialog)
	st.playButton = widget.NewButtonWithIcon("Play", theme.MediaPlayIcon(), st.Play)
	st.playButton.Importance = widget.HighImportance
	st.balanceButton = widget.NewButtonWithIcon("Balance", theme.ComputerIcon(), st.Balance)
	return container.NewHBox(open, st.saveButton, st.exportButton, widget.NewSeparator(), st.undoButton, st.redoButton, widget.NewSeparator(),
		st.playButton, st.balanceButton)
}

// updateActions enables the buttons that apply to the current document.
func (st *Studio) updateActions() {
	if st.undoButton == nil {
		return
	}
	s := st.Current()
	set := func(b *widget.Button, on bool) {
		if on {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	set(st.undoButton, s != nil && s.CanUndo())
	set(st.redoButton, s != nil && s.CanRedo())
	set(st.saveButton, s != nil)
	set(st.exportButton, s != nil)
	for _, i := range st.docItems {
		i.Disabled = s == nil
	}
	if m := st.win.MainMenu(); m != nil {
		m.Refresh()
	}
	set(st.playButton, s != nil && CanPlay(s.Kind()))
	set(st.balanceButton, s != nil && CanBalance(s.Kind()))
	if len(st.tabs.Items) == 0 {
		st.tabs.Hide()
		st.welcomeBox.Show()
	} else {
		st.welcomeBox.Hide()
		st.tabs.Show()
	}
	title := "Shapan 沙盘"
	if s != nil {
		title = st.tabName(s) + " — " + title
		if s.Dirty() {
			title = "● " + title
		}
	}
	st.win.SetTitle(title)
}

// keys binds the keys typed while no text field has the focus (the tool
// and navigation keys; the commands' shortcuts are in the menu).
func (st *Studio) keys() {
	c := st.win.Canvas()
	c.SetOnTypedKey(func(k *fyne.KeyEvent) { st.MapKey(k) })
	c.SetOnTypedRune(func(r rune) { st.MapRune(r) })

}

const recentKey = "recent_files"

func (st *Studio) recentFiles() []string {
	return st.app.Preferences().StringList(recentKey)
}

func (st *Studio) rememberRecent(path string) {
	if path == "" {
		return
	}
	abs, err := filepath.Abs(path)
	if err == nil {
		path = abs
	}
	list := []string{path}
	for _, p := range st.recentFiles() {
		if p != path && len(list) < 10 {
			list = append(list, p)
		}
	}
	st.app.Preferences().SetStringList(recentKey, list)
	st.win.SetMainMenu(st.menu())
}

// errNoTemplate reports a family without a template.
var errNoTemplate = errors.New("no template for this kind of document")

// ViewOf returns the family view of a session (nil when none).
func (st *Studio) ViewOf(s *Session) View {
	if t := st.Tab(s); t != nil {
		return t.view
	}
	return nil
}

// SetWarn replaces the dialog that shows warnings (tests read them).
func (st *Studio) SetWarn(f func(msg string)) { st.warn = f }

// SetAskSave replaces the dialog that asks whether to save a changed
// document before closing it.
func (st *Studio) SetAskSave(f func(s *Session, answer func(save, discard bool))) { st.askSave = f }

// ShowPane selects the pane of s whose title starts with prefix and
// reports whether there is one.
func (st *Studio) ShowPane(s *Session, prefix string) bool {
	t := st.Tab(s)
	if t == nil {
		return false
	}
	for _, p := range t.panes.Items {
		if strings.HasPrefix(p.Text, prefix) {
			t.panes.Select(p)
			st.selectTab(t.item)
			return true
		}
	}
	return false
}

// OpenPathField returns the path field of the Open dialog last shown
// (nil before one was).
func (st *Studio) OpenPathField() *widget.Entry {
	if st.openPath == nil {
		return nil
	}
	return &st.openPath.Entry
}

// OpenPathFocusable is the path field of the last Open dialog as the
// window's focus knows it.
func (st *Studio) OpenPathFocusable() fyne.Focusable {
	if st.openPath == nil {
		return nil
	}
	return st.openPath
}
