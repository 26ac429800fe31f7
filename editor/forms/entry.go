package forms

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// What a designer types is never lost. Every text field of the studio (an
// entry of a form built by a Binder, a cell of a table) is an Entry and
// follows one protocol:
//
//   - typing changes only the field, and the tab's dot says that the
//     document has text not yet in it;
//   - the text is committed as one undoable edit when the field loses the
//     focus, on Enter, and before Save, Save As, Export, Play, Balance,
//     Close and Quit (the studio's CommitEditing);
//   - a value that cannot be applied (letters in a number, out of range)
//     stays in the field with the reason in words beside it; the document
//     keeps its last valid value, the Problems panel lists the field, and
//     Save warns that the value shown was not applied (Doc.Refusals);
//   - Escape puts the document's value back in the field.

// Doc is the document the fields of a form edit — the studio's Session.
// It applies an edit as one undoable step and keeps, by field key, the
// fields showing text not yet committed and the typed values refused,
// until they are committed, corrected or reverted.
type Doc interface {
	// Edit applies change to the model as one undoable step named label.
	Edit(label string, change func())
	// Typing records whether the field key shows text not yet committed.
	Typing(key string, on bool)
	// Refuse records a typed value that could not be applied; Accept
	// forgets the refusal of the field key.
	Refuse(Refusal)
	Accept(key string)
	// Refusal returns the refused value of the field key; Refusals all
	// of them, in the order they were typed.
	Refusal(key string) (Refusal, bool)
	Refusals() []Refusal
	// Attach records that field shows the refused value of key (the
	// Problems panel focuses it).
	Attach(key string, field fyne.Focusable)
}

// FieldRef names the value a field edits.
type FieldRef struct {
	// Key identifies the value among the session's fields: the item's
	// document path and the field's label ("people[2]|abi").
	Key string
	// Path is the document path of the item ("people[2]"), which the
	// view's Select understands; "" for a value of the document itself.
	Path string
	// What names the value in the designer's words ("abi of 刘备").
	What string
}

// Refusal is a typed value that could not be applied to the document.
type Refusal struct {
	FieldRef
	Text string // the text shown in the field
	Err  error  // why it was refused, in words
	Kept string // the document's value, which it keeps
	// Field is the widget showing the text (nil when it is not shown).
	Field fyne.Focusable
}

// Message says in words what was refused and what the document keeps.
func (r Refusal) Message() string {
	return fmt.Sprintf("%s: %q was not applied: %v (the document keeps %q)", r.What, r.Text, r.Err, r.Kept)
}

// Entry is a text field bound to a value of a session's model: it shows
// the value, and commits what is typed through its commit function as
// described above. Tables re-bind their cells' entries with Bind.
type Entry struct {
	widget.Entry
	doc     Doc
	ref     func() FieldRef
	load    func() string
	commit  func(string) error
	focused bool
	loading bool
	refused error
	// OnTyped, when set, learns the text as it is typed (for hints).
	OnTyped func(string)
	// OnRefusal, when set, learns every change of the refusal shown
	// (nil when the field shows an accepted value).
	OnRefusal func(error)
	// Inline shows the reason of a refusal under the field; tables turn
	// it off (a cell has no room) and say it elsewhere.
	Inline  bool
	message *canvas.Text
}

// NewEntry returns a field of document d showing load() and committing
// with commit (which returns an error to refuse the text); ref names the
// value.
func NewEntry(d Doc, ref func() FieldRef, load func() string, commit func(string) error) *Entry {
	e := &Entry{doc: d, Inline: true, message: canvas.NewText("", theme.Color(theme.ColorNameError))}
	e.message.TextSize = theme.TextSize() * 0.9 // readable: 12.6 at scale 1
	e.message.Hide()
	e.ExtendBaseWidget(e)
	e.AlwaysShowValidationError = true // marks a refused value
	e.OnSubmitted = func(string) { e.Commit() }
	e.Entry.OnChanged = e.typed
	e.Bind(ref, load, commit)
	return e
}

// Bind makes the entry edit another value (a table cell shown for another
// row) and shows it, unless the entry is being typed in.
func (e *Entry) Bind(ref func() FieldRef, load func() string, commit func(string) error) {
	if e.focused {
		return // keep what is being typed
	}
	e.ref, e.load, e.commit = ref, load, commit
	e.Reload()
}

// Ref names the value the entry edits now.
func (e *Entry) Ref() FieldRef {
	if e.ref == nil {
		return FieldRef{}
	}
	return e.ref()
}

// Reload shows the document's value again, or the refused text when the
// value has one; an entry being typed in keeps its text.
func (e *Entry) Reload() {
	if e.focused || e.load == nil {
		return
	}
	text, err := e.load(), error(nil)
	if r, ok := e.doc.Refusal(e.Ref().Key); ok {
		text, err = r.Text, r.Err
		e.doc.Attach(r.Key, e)
	}
	if text != e.Text {
		e.loading = true
		e.SetText(text)
		e.loading = false
	}
	e.showRefusal(err)
}

// Uncommitted reports whether the text shown is not the document's value.
func (e *Entry) Uncommitted() bool { return e.load != nil && e.Text != e.load() }

// Refused returns why the text shown was refused (nil when it was not).
func (e *Entry) Refused() error { return e.refused }

// Commit applies the text now, as one undoable edit when it differs from
// the document's value (what Enter and losing the focus do).
func (e *Entry) Commit() {
	if e.load == nil {
		return
	}
	ref := e.Ref()
	e.doc.Typing(ref.Key, false)
	if e.Text == e.load() {
		e.doc.Accept(ref.Key)
		e.showRefusal(nil)
		return
	}
	kept, text := e.load(), e.Text
	if err := e.commit(text); err != nil {
		e.doc.Refuse(Refusal{FieldRef: ref, Text: text, Err: err, Kept: kept, Field: e})
		e.showRefusal(err)
		return
	}
	e.doc.Accept(ref.Key)
	e.showRefusal(nil)
}

// Revert drops the typed text and any refusal: the field shows the
// document's value again (what Escape does).
func (e *Entry) Revert() {
	if e.load == nil {
		return
	}
	ref := e.Ref()
	e.doc.Typing(ref.Key, false)
	e.doc.Accept(ref.Key)
	e.loading = true
	e.SetText(e.load())
	e.loading = false
	e.showRefusal(nil)
}

func (e *Entry) typed(text string) {
	if e.loading || e.load == nil {
		return
	}
	e.doc.Typing(e.Ref().Key, text != e.load())
	if e.OnTyped != nil {
		e.OnTyped(text)
	}
}

// showRefusal marks the field with err (nil clears the mark).
func (e *Entry) showRefusal(err error) {
	changed := err != e.refused
	e.refused = err
	e.SetValidationError(err)
	if changed && e.OnRefusal != nil {
		e.OnRefusal(err)
	}
	{
		text := ""
		if err != nil && e.Inline {
			text = err.Error()
			if e.load != nil {
				text += fmt.Sprintf(" — the document keeps %q", e.load())
			}
		}
		if e.message.Text != text {
			e.message.Text = text
			e.Refresh()
		}
	}
}

// FocusGained remembers that the field is being typed in.
func (e *Entry) FocusGained() {
	e.focused = true
	e.Entry.FocusGained()
}

// FocusLost commits the text (before the field stops being the one typed
// in: a table may show another value in it as soon as it is not).
func (e *Entry) FocusLost() {
	e.Commit()
	e.focused = false
	e.Entry.FocusLost()
}

// Focused reports whether the field has the keyboard focus.
func (e *Entry) Focused() bool { return e.focused }

// TypedKey handles Escape (back to the document's value) and passes the
// other keys to the entry.
func (e *Entry) TypedKey(k *fyne.KeyEvent) {
	if k.Name == fyne.KeyEscape && !e.Disabled() {
		e.Revert()
		return
	}
	e.Entry.TypedKey(k)
}

// TypedShortcut passes the window's shortcuts (Ctrl+S, Ctrl+P, ...) that
// an entry does not use itself on to the window, so that they work while
// a field is being typed in; Fyne gives every shortcut to the focused
// entry, which drops the ones it does not know.
func (e *Entry) TypedShortcut(s fyne.Shortcut) {
	if c, ok := s.(*desktop.CustomShortcut); ok && !entryKey(c.KeyName) {
		if h, ok := fyne.CurrentApp().Driver().CanvasForObject(e).(interface{ TypedShortcut(fyne.Shortcut) }); ok {
			h.TypedShortcut(s)
			return
		}
	}
	e.Entry.TypedShortcut(s)
}

// SetOnValidationChanged keeps a widget.Form from showing the reason of a
// refusal a second time (the entry shows it itself).
func (e *Entry) SetOnValidationChanged(func(error)) {}

// entryKey reports whether an entry uses key with a modifier itself
// (moving and deleting by words, Home and End).
func entryKey(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown, fyne.KeyHome, fyne.KeyEnd,
		fyne.KeyBackspace, fyne.KeyDelete, fyne.KeyInsert:
		return true
	}
	return false
}

// CreateRenderer adds the line that says why a value was refused under
// the entry.
func (e *Entry) CreateRenderer() fyne.WidgetRenderer {
	return &entryRenderer{e: e, inner: e.Entry.CreateRenderer()}
}

// entryRenderer draws an entry with its message line.
type entryRenderer struct {
	e     *Entry
	inner fyne.WidgetRenderer
}

func (r *entryRenderer) hasMessage() bool { return r.e.message.Text != "" }

func (r *entryRenderer) Layout(size fyne.Size) {
	h := size.Height
	if r.hasMessage() {
		h -= r.e.message.MinSize().Height
		r.e.message.Move(fyne.NewPos(theme.InnerPadding()/2, h))
		r.e.message.Resize(fyne.NewSize(size.Width, r.e.message.MinSize().Height))
	}
	r.inner.Layout(fyne.NewSize(size.Width, h))
}

func (r *entryRenderer) MinSize() fyne.Size {
	s := r.inner.MinSize()
	if r.hasMessage() {
		s.Height += r.e.message.MinSize().Height
	}
	return s
}

func (r *entryRenderer) Refresh() {
	r.e.message.Color = theme.Color(theme.ColorNameError)
	r.e.message.Hidden = !r.hasMessage()
	r.e.message.Refresh()
	r.inner.Refresh()
	r.Layout(r.e.Size())
}

func (r *entryRenderer) Objects() []fyne.CanvasObject {
	return append(append([]fyne.CanvasObject(nil), r.inner.Objects()...), r.e.message)
}

func (r *entryRenderer) Destroy() { r.inner.Destroy() }

// ShowRefusals shows in label the refused values of d whose item's path
// starts with prefix (for a table, whose cells have no room for them),
// and hides it when there are none.
func ShowRefusals(label *widget.Label, d Doc, prefix string) {
	var lines []string
	for _, r := range d.Refusals() {
		if strings.HasPrefix(r.Path, prefix) {
			lines = append(lines, r.Message())
		}
	}
	if len(lines) == 0 {
		label.Hide()
		return
	}
	label.SetText(strings.Join(lines, "\n"))
	label.Show()
}
