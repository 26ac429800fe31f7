package forms

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Binder builds widgets bound to a session's model: each widget shows a
// value read from the current model and writes changes back as one
// undoable edit. Reload shows the model again after an edit, undo or redo
// (skipping the field being typed in).
type Binder struct {
	S       Doc
	loaders []func()
	loading bool
	scope   func() (path, name string)
}

// NewBinder returns a binder for the document d.
func NewBinder(d Doc) *Binder { return &Binder{S: d} }

// Reload refreshes every bound widget from the model.
func (b *Binder) Reload() {
	b.loading = true
	defer func() { b.loading = false }()
	for _, f := range b.loaders {
		f()
	}
}

// OnReload registers f to run on every Reload (for widgets the binder did
// not build).
func (b *Binder) OnReload(f func()) { b.loaders = append(b.loaders, f) }

// Loading reports whether a Reload is in progress (callbacks of widgets
// fire then, and must not edit).
func (b *Binder) Loading() bool { return b.loading }

// Scope says which item the fields built next edit (a form showing the
// selected person, city, planet...): path is the item's document path
// ("people[2]") and name its name ("刘备"), both read when needed. A
// value refused in such a field stays with its item: it is shown again
// when the item is, and the Problems panel leads back to it. Scope(nil)
// makes the next fields edit values of the document itself.
func (b *Binder) Scope(f func() (path, name string)) { b.scope = f }

// ref returns the function naming the value label of the current scope.
func (b *Binder) ref(label string) func() FieldRef {
	scope := b.scope
	return func() FieldRef {
		if scope == nil {
			return FieldRef{Key: "|" + label, What: label}
		}
		path, name := scope()
		what := label
		if name != "" {
			what = label + " of " + name
		}
		return FieldRef{Key: path + "|" + label, Path: path, What: what}
	}
}

// Text returns a field for a text value named label; commit checks and
// applies it (return an error to refuse it).
func (b *Binder) Text(label string, load func() string, commit func(string) error) *Entry {
	e := NewEntry(b.S, b.ref(label), load, commit)
	b.loaders = append(b.loaders, e.Reload)
	return e
}

// Int returns an entry for an integer in [lo, hi] that no table's field
// bounds (Int.Entry builds one from a field's row).
func (b *Binder) Int(label string, load func() int, set func(int), lo, hi int) *Entry {
	n := Int{Label: label, Min: lo, Max: hi}
	return b.Text(label, func() string { return strconv.Itoa(load()) }, func(s string) error {
		v, err := n.Parse(s)
		if err != nil {
			return err
		}
		b.S.Edit("change "+label, func() { set(v) })
		return nil
	})
}

// Float returns an entry for a number in [lo, hi] that no table's field
// bounds (Float.Entry builds one from a field's row).
func (b *Binder) Float(label string, load func() float32, set func(float32), lo, hi float64) *Entry {
	n := Float{Label: label, Min: lo, Max: hi}
	return b.Text(label, func() string { return strconv.FormatFloat(float64(load()), 'f', -1, 32) }, func(s string) error {
		v, err := n.Parse(s)
		if err != nil {
			return err
		}
		b.S.Edit("change "+label, func() { set(v) })
		return nil
	})
}

// Name returns an entry for a name that must not be empty; names with
// white space are refused because the games' files cannot hold them.
func (b *Binder) Name(label string, load func() string, set func(string)) *Entry {
	return b.Text(label, load, func(s string) error {
		s = strings.TrimSpace(s)
		if s == "" {
			return fmt.Errorf("%s must not be empty", label)
		}
		if strings.ContainsAny(s, " \t") {
			return fmt.Errorf("%s must not contain spaces (the game's files cannot hold them)", label)
		}
		b.S.Edit("rename "+label, func() { set(s) })
		return nil
	})
}

// Choice returns a select over options (recomputed on every reload); the
// selected index is load(), and choosing calls set (as an edit).
func (b *Binder) Choice(label string, options func() []string, load func() int, set func(int)) *widget.Select {
	sel := widget.NewSelect(nil, nil)
	var current []string
	sel.OnChanged = func(string) {
		if b.loading {
			return
		}
		i := sel.SelectedIndex()
		if i >= 0 && i != load() {
			b.S.Edit("change "+label, func() { set(i) })
		}
	}
	reload := func() {
		current = UniqueOptions(options())
		sel.Options = current
		if i := load(); i >= 0 && i < len(current) {
			sel.SetSelectedIndex(i)
		} else {
			sel.ClearSelected()
		}
		sel.Refresh()
	}
	b.loaders = append(b.loaders, func() { b.loading = true; reload() })
	b.loading = true
	reload()
	b.loading = false
	return sel
}

// Checks returns a short check list over options (side by side when
// horizontal); load returns the checked indices, set receives the new
// ones (as an edit). Long lists (officers) are CheckList's.
func (b *Binder) Checks(label string, options func() []string, load func() []int, set func([]int), horizontal bool) *widget.CheckGroup {
	cg := widget.NewCheckGroup(nil, nil)
	cg.Horizontal = horizontal
	var st CheckState
	cg.OnChanged = func(sel []string) { b.commitChecks(label, &st, sel, load, set) }
	b.bindChecks(&st, options, load, func(opts, sel []string) {
		cg.Options, cg.Selected = opts, sel
		cg.Refresh()
	})
	return cg
}

// CheckList returns a check list over many options (an officer list);
// load returns the checked indices, set receives the new ones (as an
// edit).
func (b *Binder) CheckList(label string, options func() []string, load func() []int, set func([]int)) *CheckList {
	cl := NewCheckList(nil, nil)
	var st CheckState
	cl.OnChanged = func(sel []string) { b.commitChecks(label, &st, sel, load, set) }
	b.bindChecks(&st, options, load, func(opts, sel []string) {
		cl.Options, cl.Selected = opts, sel
		cl.Refresh()
	})
	return cl
}

// bindChecks shows the options and ticks load says at every reload where
// they changed (a check list's refresh costs).
func (b *Binder) bindChecks(st *CheckState, options func() []string, load func() []int, show func(opts, sel []string)) {
	reload := func() {
		if opts, sel, changed := st.Update(options(), load()); changed {
			show(opts, sel)
		}
	}
	b.loaders = append(b.loaders, func() { b.loading = true; reload() })
	b.loading = true
	reload()
	b.loading = false
}

// commitChecks makes the ticks sel an edit, unless the model has them.
func (b *Binder) commitChecks(label string, st *CheckState, sel []string, load func() []int, set func([]int)) {
	if b.loading {
		return
	}
	st.Forget() // the list shows what was clicked now
	if idx := st.Indices(sel); !sameInts(idx, load()) {
		b.S.Edit("change "+label, func() { set(idx) })
	}
}

// CheckState is what a check list bound to a model shows: its options
// (made unique) and the ones ticked.
type CheckState struct {
	options, ticked []string
	set             bool
}

// Update takes the options and the ticked indices the model has now, and
// returns them as texts and whether they differ from what is shown.
func (c *CheckState) Update(options []string, on []int) (opts, ticked []string, changed bool) {
	opts = UniqueOptions(options)
	for _, i := range on {
		if i >= 0 && i < len(opts) {
			ticked = append(ticked, opts[i])
		}
	}
	if c.set && slices.Equal(opts, c.options) && slices.Equal(ticked, c.ticked) {
		return opts, ticked, false
	}
	c.options, c.ticked, c.set = opts, ticked, true
	return opts, slices.Clone(ticked), true
}

// Forget forgets what is shown: the next Update says it changed (the
// designer ticked or unticked, and the model may have refused it).
func (c *CheckState) Forget() { c.set = false }

// Indices returns the indices of the options ticked in sel, in the order
// of the options.
func (c *CheckState) Indices(sel []string) []int {
	var idx []int
	for i, o := range c.options {
		if slices.Contains(sel, o) {
			idx = append(idx, i)
		}
	}
	return idx
}

// UniqueOptions returns the options of a check list or a choice made
// distinct as the document's references are: the second item named 曹操
// is 曹操#2. Fyne's check lists and selects tell options apart by their
// text, so that two officers of the same name would be ticked together.
func UniqueOptions(opts []string) []string {
	seen := map[string]int{}
	for _, o := range opts {
		seen[o]++
	}
	out := make([]string, len(opts))
	nth := map[string]int{}
	for i, o := range opts {
		out[i] = o
		if seen[o] > 1 {
			nth[o]++
			if nth[o] > 1 {
				out[i] = fmt.Sprintf("%s#%d", o, nth[o])
			}
		}
	}
	// A name that happens to read like one made here ("曹操#2" given as
	// a name) must not collide either.
	taken := map[string]bool{}
	for i, o := range out {
		for taken[o] {
			o += "'"
		}
		taken[o] = true
		out[i] = o
	}
	return out
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ItemList is a list of named items with buttons to add, delete and move
// them; selecting an item shows it in a form beside the list.
type ItemList struct {
	List     *widget.List
	Selected int
	names    func() []string
	onSelect func(int)
	Object   fyne.CanvasObject
	Add      *widget.Button
	Delete   *widget.Button
	Up, Down *widget.Button
}

// ItemActions are what an ItemList's buttons do (nil hides a button).
type ItemActions struct {
	Add    func() int // returns the index of the new item
	Delete func(i int)
	Move   func(i, j int)
}

// NewItemList builds an item list over names; form is shown beside it.
func (b *Binder) NewItemList(names func() []string, onSelect func(int), act ItemActions) *ItemList {
	l := &ItemList{Selected: -1, names: names, onSelect: onSelect}
	l.List = widget.NewList(
		func() int { return len(l.names()) },
		func() fyne.CanvasObject { return widget.NewLabel("名字 name") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			ns := l.names()
			if i < len(ns) {
				o.(*widget.Label).SetText(fmt.Sprintf("%d  %s", i+1, ns[i]))
			}
		})
	l.List.OnSelected = func(i widget.ListItemID) {
		l.Selected = i
		l.updateButtons()
		if l.onSelect != nil {
			l.onSelect(i)
		}
	}
	var buttons []fyne.CanvasObject
	if act.Add != nil {
		l.Add = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() {
			i := act.Add()
			l.List.Refresh()
			l.Select(i)
		})
		buttons = append(buttons, l.Add)
	}
	if act.Delete != nil {
		l.Delete = widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			if l.Selected >= 0 && l.Selected < len(l.names()) {
				i := l.Selected
				act.Delete(i)
				l.List.Refresh()
				if n := len(l.names()); n > 0 {
					l.Select(min(i, n-1))
				} else {
					l.Selected = -1
					l.List.UnselectAll()
					if l.onSelect != nil {
						l.onSelect(-1)
					}
				}
			}
		})
		buttons = append(buttons, l.Delete)
	}
	if act.Move != nil {
		l.Up = widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() {
			if l.Selected > 0 {
				act.Move(l.Selected, l.Selected-1)
				l.Select(l.Selected - 1)
			}
		})
		l.Down = widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() {
			if l.Selected >= 0 && l.Selected < len(l.names())-1 {
				act.Move(l.Selected, l.Selected+1)
				l.Select(l.Selected + 1)
			}
		})
		buttons = append(buttons, l.Up, l.Down)
	}
	l.Object = container.NewBorder(nil, container.NewHBox(buttons...), nil, nil, l.List)
	b.loaders = append(b.loaders, func() {
		if l.Selected >= len(l.names()) {
			l.Selected = len(l.names()) - 1
		}
		l.List.Refresh()
		l.updateButtons()
	})
	l.updateButtons()
	return l
}

// Select selects item i (and shows it).
func (l *ItemList) Select(i int) {
	if i < 0 || i >= len(l.names()) {
		return
	}
	l.Selected = i
	l.List.Select(i)
	l.List.ScrollTo(i)
	l.updateButtons()
	if l.onSelect != nil {
		l.onSelect(i)
	}
}

func (l *ItemList) updateButtons() {
	on := l.Selected >= 0 && l.Selected < len(l.names())
	for _, b := range []*widget.Button{l.Delete, l.Up, l.Down} {
		if b == nil {
			continue
		}
		if on {
			b.Enable()
		} else {
			b.Disable()
		}
	}
}

// ItemScope is the Scope of a form that shows item index() of the list
// named list ("people"): its path is "list[i]" and its name name(i); with
// no item selected the path is the list's.
func ItemScope(list string, index func() int, count func() int, name func(i int) string) func() (path, name string) {
	return func() (string, string) {
		i := index()
		if i < 0 || i >= count() {
			return list, ""
		}
		return fmt.Sprintf("%s[%d]", list, i), name(i)
	}
}
