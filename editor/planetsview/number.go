package planetsview

import (
	"fmt"
	"image/color"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/planets"
)

// Numbers keep their YAML typing (spec 1.2 and 11 row 26): the game runs
// on Python 2, where an integer def fights differently from a real one.
// An entry shows a number as it will be written ("2" for the integer,
// "2.0" for the real) and a hint with its type; what the person types is
// read the way they wrote it — without a decimal point an integer, with
// one a real — so an unchanged or retyped "2" stays an integer and only
// typing "2.0" makes it a real. (The original editor stored every edited
// value as a real.)

// rule says what an entry accepts.
type rule struct {
	kind ruleKind
	// field is the table's row of a whole number: its range bounds it.
	field *field.Field
}

type ruleKind int

const (
	anyKind ruleKind = iota
	wholeKind
	textKind
)

var (
	// anyNumber accepts an integer or a real (planet attributes, version).
	anyNumber = rule{kind: anyKind}
	// numberOrText accepts a number, or else keeps the text as a string
	// (version is informational).
	numberOrText = rule{kind: textKind}
)

// wholeNumber accepts an integer in the range of the table's field f
// only (route steps, round limit, players, start units: the game needs
// whole numbers there, at least 1).
func wholeNumber(f *field.Field) rule { return rule{kind: wholeKind, field: f} }

var (
	intRE  = regexp.MustCompile(`^[-+]?[0-9]+$`)
	realRE = regexp.MustCompile(`^[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$`)
	// PyYAML reads an exponent without a decimal point (1e3) as text.
	pointlessRE = regexp.MustCompile(`^[-+]?[0-9]+[eE][-+]?[0-9]+$`)
)

// parseNumber reads a number as typed: digits alone are an integer,
// digits with a decimal point a real.
func parseNumber(text string) (planets.Value, error) {
	s := strings.TrimSpace(text)
	switch {
	case intRE.MatchString(s):
		i, _ := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
		return planets.BigIntValue(i), nil
	case realRE.MatchString(s):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) {
			return planets.Value{}, fmt.Errorf("%s is too large", s)
		}
		return planets.FloatValue(f), nil
	case pointlessRE.MatchString(s):
		return planets.Value{}, fmt.Errorf("write %s with a decimal point (the game reads it as text)", s)
	}
	return planets.Value{}, fmt.Errorf("not a number: write an integer such as 2 or a real such as 2.0")
}

// parseAs reads text for an entry with rule r. Empty text is Absent.
func parseAs(text string, r rule) (planets.Value, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return planets.Value{}, nil
	}
	v, err := parseNumber(s)
	switch r.kind {
	case wholeKind:
		if err == nil && v.Type() == planets.Float {
			return v, fmt.Errorf("must be a whole number (without a decimal point)")
		}
		if err == nil && outside(r.field, v) {
			return v, fmt.Errorf("must be %s", r.field.Allowed())
		}
	case textKind:
		if err != nil {
			return planets.StrValue(s), nil
		}
	}
	return v, err
}

// outside reports whether the integer v breaks the range of f (an
// integer too large for an int64 breaks only a maximum).
func outside(f *field.Field, v planets.Value) bool {
	i, ok := v.Int64()
	switch {
	case ok:
		return f.Outside(int(i))
	case strings.HasPrefix(v.Text(), "-"):
		return f.HasMin
	}
	return f.HasMax
}

// show is how an entry shows a value: numbers as the writers write them
// (2, 2.0, 0.5), text as it is, nothing for an absent value.
func show(v planets.Value) string {
	if v.Type() == planets.Absent {
		return ""
	}
	return v.Key()
}

// typeName is the short name of a value's type for hints.
func typeName(v planets.Value) string {
	switch v.Type() {
	case planets.Absent:
		return "—"
	case planets.Int:
		return "int"
	case planets.Float:
		return "real"
	case planets.Str:
		return "text"
	}
	return v.Type().String()
}

// typeChange describes a change of type an edit makes, "" when none.
func typeChange(old, nu planets.Value) string {
	if old.Type() == planets.Absent || nu.Type() == planets.Absent || old.Type() == nu.Type() {
		return ""
	}
	return fmt.Sprintf("was %s, now %s", typeNameLong(old), typeNameLong(nu))
}

func typeNameLong(v planets.Value) string {
	switch v.Type() {
	case planets.Int:
		return "an integer"
	case planets.Float:
		return "a real"
	case planets.Str:
		return "text"
	}
	return v.Type().String()
}

// Colours of the type hints.
var (
	hintColor    = color.NRGBA{0x88, 0x90, 0xa0, 0xff}
	hintBad      = color.NRGBA{0xe0, 0x40, 0x40, 0xff}
	hintChanging = color.NRGBA{0xe0, 0xa0, 0x30, 0xff}
)

// typeHint is the small text beside a number entry that says how the
// value is typed ("int", "real") and, while typing, what it will become.
type typeHint struct {
	text *canvas.Text
}

func newTypeHint() *typeHint {
	t := canvas.NewText("int", hintColor)
	t.TextSize = 11
	t.TextStyle = fyne.TextStyle{Italic: true}
	return &typeHint{text: t}
}

// object lays the hint out at a fixed width, so that the entry beside it
// keeps its size while the hint changes.
func (h *typeHint) object() fyne.CanvasObject {
	space := canvas.NewRectangle(color.Transparent)
	space.SetMinSize(fyne.NewSize(56, 10))
	return container.NewStack(space, container.NewCenter(h.text))
}

// set shows the type of the stored value old and of what is typed.
func (h *typeHint) set(old planets.Value, typed string, r rule) {
	label, col := typeName(old), color.Color(hintColor)
	if strings.TrimSpace(typed) != show(old) {
		nu, err := parseAs(typed, r)
		switch {
		case err != nil:
			label, col = "?", hintBad
		case nu.Type() != old.Type():
			label, col = typeName(old)+"→"+typeName(nu), hintChanging
		}
	}
	if h.text.Text != label || h.text.Color != col {
		h.text.Text, h.text.Color = label, col
		h.text.Refresh()
	}
}

// numberField is a bound entry for a typed value with its hint.
type numberField struct {
	Entry  *forms.Entry
	hint   *typeHint
	Object fyne.CanvasObject
}

// numberEntry returns an entry for the value label that get returns (nil
// when there is no such value, e.g. nothing is selected): it shows the
// value, and a commit writes what was typed, with its typing, as one edit
// named after the value. Empty text removes the value when clearable, so
// that the game's default applies.
func (v *View) numberEntry(label string, get func(m *planets.Map) *planets.Value, r rule, clearable bool) *numberField {
	f := &numberField{hint: newTypeHint()}
	current := func() planets.Value {
		if p := get(v.M()); p != nil {
			return *p
		}
		return planets.Value{}
	}
	f.Entry = v.B.Text(label, func() string { return show(current()) }, func(text string) error {
		if get(v.M()) == nil {
			return fmt.Errorf("nothing to change")
		}
		nu, err := parseAs(text, r)
		if err != nil {
			return fmt.Errorf("%s %v", label, err)
		}
		if nu.Type() == planets.Absent && !clearable {
			return fmt.Errorf("%s must not be empty", label)
		}
		old := current()
		if planets.Equal(old, nu) {
			return nil
		}
		name := f.Entry.Ref().What
		v.S.Edit("change "+name, func() { *get(v.M()) = nu })
		f.Entry.SetText(show(nu)) // as it is written: 2.50 shows as 2.5
		if c := typeChange(old, nu); c != "" {
			v.status(fmt.Sprintf("%s is %s (%s)", name, show(nu), c))
		}
		return nil
	})
	f.Entry.OnTyped = func(text string) { f.hint.set(current(), text, r) }
	v.B.OnReload(func() { f.hint.set(current(), f.Entry.Text, r) })
	f.hint.set(current(), f.Entry.Text, r)
	f.Object = container.NewBorder(nil, nil, nil, f.hint.object(), f.Entry)
	return f
}
