package ftbtview

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/ftbt"
)

// tableEdit is a value of a form whose name and limits are its table
// row's, and the value typed within them.
type tableEdit struct {
	row   *field.Field
	value func() int
	typed int
}

// typeTableEdits types into each form entry named as its table row is
// (real key presses, then Return) one beyond each end of the row's form
// range — refused with the message that names the row and its range, the
// document keeping its value — then a value within it, which is applied.
func typeTableEdits(t *testing.T, typeText func(e *forms.Entry, text string), fields map[string]*forms.Entry, edits []tableEdit) {
	t.Helper()
	for _, c := range edits {
		label := forms.Label(c.row)
		e := fields[label]
		if e == nil {
			t.Fatalf("no entry named %q (the table's %q)", label, c.row.Key)
		}
		lo, hi := c.row.FormRange()
		before := c.value()
		for _, x := range []int{lo - 1, hi + 1} {
			typeText(e, strconv.Itoa(x))
			want := fmt.Sprintf("%s must be from %d to %d", label, lo, hi)
			if err := e.Refused(); err == nil || err.Error() != want || c.value() != before {
				t.Errorf("%s %d: refused with %v (want %q), the document has %d (was %d)", label, x, err, want, c.value(), before)
			}
		}
		typeText(e, strconv.Itoa(c.typed))
		if e.Refused() != nil || c.value() != c.typed {
			t.Errorf("%s %d: refused with %v, the document has %d", label, c.typed, e.Refused(), c.value())
		}
	}
}

// The person's stats and AI factors are named, bounded and refused as
// their table rows say, and what is typed within the limits is saved.
func TestPersonFormsFollowTheirTableRows(t *testing.T) {
	st, s, v, path := openLevel(t, "长坂坡.yaml")
	st.ShowPane(s, "People")
	v.People.Select(5) // 曹纯, ai {attack: 40, defence: 10, move: 50}
	p := func() *ftbt.Person { return &v.L().People[5] }
	stats, ai := &ftbt.PersonFields, &ftbt.PersonAIFields
	typeTableEdits(t, func(e *forms.Entry, text string) { typeInto(st, e, text) }, v.fields, []tableEdit{
		{stats.Field("abi"), func() int { return p().Abi }, 31},
		{stats.Field("def"), func() int { return p().Def }, 17},
		{stats.Field("hp"), func() int { return p().HP }, 111},
		{stats.Field("speed"), func() int { return p().Speed }, 101},
		{ai.Field("attack"), func() int { return p().AI.Attack }, 41},
		{ai.Field("defence"), func() int { return p().AI.Defence }, 11},
		{ai.Field("move"), func() int { return p().AI.Move }, 51},
	})
	st.Save()
	line := lineOf(t, readFile(t, path), "name: 曹纯")
	for _, want := range []string{"abi: 31, def: 17, hp: 111, speed: 101", "ai: {attack: 41, defence: 11, move: 51"} {
		if !strings.Contains(line, want) {
			t.Errorf("saved 曹纯: %s (want %q)", line, want)
		}
	}
}

// A tech's value and duration are named, bounded and refused as their
// table rows say, and what is typed within the limits is saved.
func TestTechFormFollowsItsTableRows(t *testing.T) {
	st, s, v, path := openRules(t)
	st.ShowPane(s, "Techs")
	v.Techs.Select(0)
	tech := func() *ftbt.Tech { return &v.R().Techs[0] }
	r := &ftbt.TechFields
	typeTableEdits(t, func(e *forms.Entry, text string) { typeInto(st, e, text) }, v.fields, []tableEdit{
		{r.Field("value"), func() int { return tech().Value }, 15},
		{r.Field("duration"), func() int { return tech().Duration }, 3},
	})
	st.Save()
	saved := readFile(t, path)
	if !strings.Contains(saved, "duration: 3\n") || !strings.Contains(saved, "value: 15\n") {
		t.Errorf("saved rules:\n%s", saved)
	}
}

// A document path's top-level key is routed to its pane by the level's
// and the rules' tables.
func TestSelectRoutesTableKeysToTheirPanes(t *testing.T) {
	_, _, v, _ := openLevel(t, "长坂坡.yaml")
	for path, pane := range map[string]string{"intro": "intro", "rules": "size", "size": "size", "trailing_tokens": "size", "terrain": "map", "legend": "map", "people[2].hp": "people"} {
		if got := v.Select(path); got == nil || got != v.Pane(pane) {
			t.Errorf("level Select(%q) shows %v, want the %s pane", path, got, pane)
		}
	}
	if v.Select("kind") != nil || v.Select("nothing") != nil {
		t.Error("level Select of a constant or an unknown key shows a pane")
	}
	_, _, r, _ := openRules(t)
	for path, pane := range map[string]string{"max_abi": "settings", "max_fly_weight": "settings", "ai": "settings", "trailing": "settings", "techs[1]": "techs", "terrains[0]": "terrains"} {
		if got := r.Select(path); got == nil || got != r.panes[pane] {
			t.Errorf("rules Select(%q) shows %v, want the %s pane", path, got, pane)
		}
	}
}

// lineOf returns the line of text containing s.
func lineOf(t *testing.T, text, s string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	t.Fatalf("no line with %q", s)
	return ""
}
