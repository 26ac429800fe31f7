package ftbtview

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/ftbt"
)

// limitCase is an entry of a form and the table's row that bounds it.
type limitCase struct {
	entry string
	row   *field.Field
	value func() int
}

// refusesBeyond types one past each end of the row's form range into the
// entry (real key presses, then Return): both are refused with the
// table's range as the reason, and the document keeps its value.
func refusesBeyond(t *testing.T, st *editor.Studio, s *editor.Session, fields map[string]*forms.Entry, c limitCase) {
	t.Helper()
	lo, hi := c.row.FormRange()
	e := fields[c.entry]
	if e == nil {
		t.Fatalf("no entry %q", c.entry)
	}
	before, label := c.value(), s.UndoLabel()
	for _, v := range []int{lo - 1, hi + 1} {
		typeInto(st, e, strconv.Itoa(v))
		want := fmt.Sprintf("%s must be from %d to %d", c.entry, lo, hi)
		if err := e.Refused(); err == nil || err.Error() != want {
			t.Errorf("%s %d: refused with %v, want %q", c.entry, v, err, want)
		}
		if c.value() != before || s.UndoLabel() != label {
			t.Errorf("%s %d: the document has %d (was %d), undo %q", c.entry, v, c.value(), before, s.UndoLabel())
		}
	}
	typeInto(st, e, strconv.Itoa(hi))
	if e.Refused() != nil || c.value() != hi {
		t.Errorf("%s %d (the limit): refused %v, the document has %d", c.entry, hi, e.Refused(), c.value())
	}
}

// The rules' forms take their limits from the field tables: a tech's
// value, duration and area, the two limits and the AI constants.
func TestRulesFormsRefuseWhatTheTablesBound(t *testing.T) {
	st, s, v, _ := openRules(t)
	st.ShowPane(s, "Techs")
	v.Techs.Select(0)
	tech := func() *ftbt.Tech { return &v.R().Techs[0] }
	for _, c := range []limitCase{
		{"value", ftbt.TechFields.Field("value"), func() int { return tech().Value }},
		{"duration", ftbt.TechFields.Field("duration"), func() int { return tech().Duration }},
		{"AoE radius", ftbt.AoeFields.Field("radius"), func() int { return tech().AoeRange }},
		{"AoE ratio", ftbt.AoeFields.Field("ratio"), func() int { return tech().AoeRatio }},
	} {
		refusesBeyond(t, st, s, v.fields, c)
	}
	st.ShowPane(s, "Limits")
	for _, c := range []limitCase{
		{"MAX_FLY_WEIGHT", ftbt.RulesFields.Field("max_fly_weight"), func() int { return v.R().MaxFlyWeight }},
		{"MAX_ABI", ftbt.RulesFields.Field("max_abi"), func() int { return v.R().MaxAbi }},
		{"AI_MAX_TECH_DIST", ftbt.AIFields.Field("max_tech_dist"), func() int { return v.R().AI.MaxTechDist }},
	} {
		refusesBeyond(t, st, s, v.fields, c)
	}
}

// A person's AI factors and cell take their limits from the tables; the
// far edge of the map bounds the cell too.
func TestPersonFormsRefuseWhatTheTablesBound(t *testing.T) {
	st, s, v, _ := openLevel(t, "长坂坡.yaml")
	st.ShowPane(s, "People")
	v.People.Select(5) // 曹纯, on side 1
	person := func() *ftbt.Person { return &v.L().People[5] }
	refusesBeyond(t, st, s, v.fields, limitCase{"attack factor", ftbt.PersonAIFields.Field("attack"), func() int { return person().AI.Attack }})
	refusesBeyond(t, st, s, v.fields, limitCase{"move factor", ftbt.PersonAIFields.Field("move"), func() int { return person().AI.Move }})
	x, x0 := v.fields["x"], person().X
	typeInto(st, x, "-1")
	if err := x.Refused(); err == nil || person().X != x0 {
		t.Errorf("x -1: refused %v, x %d", err, person().X)
	}
	typeInto(st, x, strconv.Itoa(v.L().W))
	if err := x.Refused(); err == nil || err.Error() != fmt.Sprintf("x must be from 0 to %d", v.L().W-1) {
		t.Errorf("x %d (the width): refused %v", v.L().W, err)
	}
}
