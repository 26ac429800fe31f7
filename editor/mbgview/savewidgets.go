package mbgview

import (
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
)

// saveWidgets are the save editor's widgets that tests drive.
type saveWidgets struct {
	money      *forms.Entry
	cityOwner  *widget.Select
	mayor      *widget.Select
	garrison   *forms.CheckList
	retinue    *forms.CheckList
	roleCities *forms.CheckList
	alliance   *widget.Select
	barrier    *widget.Check
	present    *widget.CheckGroup
	acting     *widget.Select
	roleAt     *widget.Select
	researcher []*widget.Select // per role, in the Institutes pane
	study      []*widget.Select
	trainee    []*widget.Select
	free       [3]*forms.CheckList
	hire       *widget.Select
	cards      []*forms.Entry
}

// A choice is a select bound to the save: its options and selected index
// are read from the model on every reload; choosing calls commit, whose
// error refuses the choice (the select then shows the model again). The
// commit makes its own edit (usually through apply).
func (v *SaveView) choice(options func() []string, load func() int, commit func(i int) error) *widget.Select {
	s := widget.NewSelect(nil, nil)
	busy := false
	s.OnChanged = func(string) {
		if busy || v.B.Loading() {
			return
		}
		if i := s.SelectedIndex(); i >= 0 && i != load() {
			commit(i) // a refusal is shown by apply
		}
	}
	reload := func() {
		busy = true
		defer func() { busy = false }()
		s.Options = forms.UniqueOptions(options())
		if i := load(); i >= 0 && i < len(s.Options) {
			s.SetSelectedIndex(i)
		} else {
			s.ClearSelected()
		}
		if len(s.Options) == 0 {
			s.Disable()
		} else {
			s.Enable()
		}
		s.Refresh()
	}
	v.B.OnReload(reload)
	reload()
	return s
}

// checks is a check list bound to the save (a long list: officers,
// cities): load returns the indices of the ticked options, commit
// receives the new ones.
func (v *SaveView) checks(options func() []string, load func() []int, commit func(want []int) error) *forms.CheckList {
	cl := forms.NewCheckList(nil, nil)
	sync := v.bindChecks(options, load, commit, func(opts, picked []string) {
		cl.Options = opts
		cl.Selected = picked
		cl.Refresh()
	}, func() []string { return cl.Selected })
	cl.OnChanged = func([]string) { sync() }
	return cl
}

// checksAcross is a short check list bound to the save, its options side
// by side (the roles, the techs).
func (v *SaveView) checksAcross(options func() []string, load func() []int, commit func(want []int) error) *widget.CheckGroup {
	cg := widget.NewCheckGroup(nil, nil)
	cg.Horizontal = true
	sync := v.bindChecks(options, load, commit, func(opts, picked []string) {
		cg.Options = opts
		cg.Selected = picked
		cg.Refresh()
	}, func() []string { return cg.Selected })
	cg.OnChanged = func([]string) { sync() }
	return cg
}

// bindChecks binds a list of checks to the save: show shows options and
// the ticked ones, at every reload where they changed (a refresh of a
// check list costs); picked returns what is ticked now. It returns what
// to call when the designer ticks or unticks: the change is committed
// unless the model has it already.
func (v *SaveView) bindChecks(options func() []string, load func() []int, commit func(want []int) error,
	show func(opts, picked []string), picked func() []string) func() {
	busy := false
	var st forms.CheckState
	reload := func() {
		busy = true
		defer func() { busy = false }()
		if opts, on, changed := st.Update(options(), load()); changed {
			show(opts, on)
		}
	}
	v.B.OnReload(reload)
	reload()
	return func() {
		if busy || v.B.Loading() {
			return
		}
		st.Forget() // the list shows what was clicked now: a refusal shows the model again
		idx := st.Indices(picked())
		old := slices.Clone(load())
		slices.Sort(old)
		if !slices.Equal(idx, old) {
			commit(idx)
		}
	}
}

// check is a check box bound to a boolean of the save.
func (v *SaveView) check(label string, load func() bool, commit func(on bool) error) *widget.Check {
	c := widget.NewCheck(label, nil)
	busy := false
	c.OnChanged = func(on bool) {
		if busy || v.B.Loading() || on == load() {
			return
		}
		commit(on)
	}
	reload := func() {
		busy = true
		defer func() { busy = false }()
		c.SetChecked(load())
	}
	v.B.OnReload(reload)
	reload()
	return c
}

// showForm shows a list's form when an item is selected.
func (v *SaveView) showForm(key string, selected int) {
	v.B.Reload()
	if f := v.forms[key]; f != nil {
		f.Hidden = selected < 0
		f.Refresh()
	}
}

// roleOfficers lists the officers of role r (indices) and labels them.
func (v *SaveView) roleOfficers(r int) (idx []int, labels []string) {
	m := v.M()
	for p, o := range m.Officers {
		if o.Role == r && r >= 0 {
			idx = append(idx, p)
			labels = append(labels, o.Name+" · "+officerWhere(m, p))
		}
	}
	return idx, labels
}

// officerChoice is a select of "— nobody —" and role r's officers (r
// from role()); load returns the officer shown, commit receives the one
// chosen (-1 for nobody).
func (v *SaveView) officerChoice(role func() int, load func() int, commit func(p int) error) *widget.Select {
	return v.choice(func() []string {
		_, labels := v.roleOfficers(role())
		return append([]string{"— nobody —"}, labels...)
	}, func() int {
		who := load()
		if who < 0 {
			return 0
		}
		idx, _ := v.roleOfficers(role())
		if k := slices.Index(idx, who); k >= 0 {
			return k + 1
		}
		return -1
	}, func(k int) error {
		if k == 0 {
			return commit(-1)
		}
		idx, _ := v.roleOfficers(role())
		if k-1 < len(idx) {
			return commit(idx[k-1])
		}
		return nil
	})
}

// heading is a bold label introducing a part of a form.
func heading(text string) *widget.Label {
	return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func itoa(n int) string { return strconv.Itoa(n) }

// ftoa writes a float32 as briefly as it reads back.
func ftoa(f float32) string { return strconv.FormatFloat(float64(f), 'f', -1, 32) }
