package forms

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/ftbt"
)

// The limits of a field come from its table row: the rule's end where
// the rule bounds it, the form limit where it leaves the end open.
func TestLimitsComeFromTheTable(t *testing.T) {
	for key, want := range map[string][2]int{"abi": {0, 1000}, "hp": {1, 100000}, "speed": {0, 100000}} {
		lo, hi := Int{Label: key, Field: ftbt.PersonFields.Field(key)}.Limits()
		if lo != want[0] || hi != want[1] {
			t.Errorf("%s: limits %d–%d, want %d–%d", key, lo, hi, want[0], want[1])
		}
	}
	hp := Int{Label: "hp", Field: ftbt.PersonFields.Field("hp")}
	for text, want := range map[string]string{
		"0": "hp must be from 1 to 100000", "100001": "hp must be from 1 to 100000", "x": "hp must be a whole number", " 7 ": "",
	} {
		_, err := hp.Parse(text)
		if got := errText(err); got != want {
			t.Errorf("hp %q: %q, want %q", text, got, want)
		}
	}
	free := Int{Label: "x", Min: 0, Max: 9, Check: func(x int) error {
		if x == 3 {
			return errTaken
		}
		return nil
	}}
	if _, err := free.Parse("3"); err != errTaken {
		t.Errorf("Check not asked: %v", err)
	}
	wu := Float{Label: "wu", Field: &field.Field{Key: "wu"}}
	*wu.Field = wu.Field.Between(0, 100)
	if _, err := wu.Parse("100.5"); errText(err) != "wu must be from 0 to 100" {
		t.Errorf("wu 100.5: %v", err)
	}
}

var errTaken = errorString("taken")

type errorString string

func (e errorString) Error() string { return string(e) }

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestHintSaysTheRangeAndTheMeaning(t *testing.T) {
	for f, want := range map[*field.Field]string{
		ftbt.PersonFields.Field("abi"):  "0 to 1000 · Attack.",
		ftbt.PersonFields.Field("side"): "0 or 1 · 0 (moves first",
		ftbt.PersonFields.Field("name"): "A name: one token",
		ftbt.PersonFields.Field("hp"):   "1 to 100000 · Hit points",
		ftbt.SizeFields.Field("width"):  "at least 1 · nx",
	} {
		if got := Hint(f); !strings.HasPrefix(got, want) {
			t.Errorf("%s: hint %q, want it to start %q", f.Key, got, want)
		}
	}
	if row := Row("hp", nil, ftbt.PersonFields.Field("hp")); row.HintText != Hint(ftbt.PersonFields.Field("hp")) {
		t.Errorf("row hint %q", row.HintText)
	}
}

// An entry built from a table row refuses a value beyond the row's limit
// with the table's range, and keeps the document's value.
func TestEntryRefusesAValueOutsideTheTable(t *testing.T) {
	test.NewTempApp(t)
	l := &ftbt.Level{People: []ftbt.Person{{Name: "a", Abi: 5}}}
	b := NewBinder(newMemDoc())
	abi := Int{Label: "abi", Field: ftbt.PersonFields.Field("abi"), At: func() *int { return &l.People[0].Abi }}.Entry(b)
	if abi.Text != "5" {
		t.Fatalf("shows %q", abi.Text)
	}
	abi.SetText("1001")
	abi.Commit()
	if err := abi.Refused(); err == nil || err.Error() != "abi must be from 0 to 1000" || l.People[0].Abi != 5 {
		t.Errorf("1001: refused %v, abi %d", err, l.People[0].Abi)
	}
	abi.SetText("999")
	abi.Commit()
	if abi.Refused() != nil || l.People[0].Abi != 999 {
		t.Errorf("999: refused %v, abi %d", abi.Refused(), l.People[0].Abi)
	}
}

// A row made from a table's field: titled as asked, the entry named by
// the field's key and bounded by its range, the hint its range and
// description.
func TestIntRowFromTheTable(t *testing.T) {
	test.NewTempApp(t)
	p := &ftbt.Person{HP: 40}
	f := ftbt.PersonFields.Field("hp")
	row, e := IntRow(NewBinder(newMemDoc()), "hp", f, func() *int { return &p.HP })
	if row.Text != "hp" || row.Widget != e || row.HintText != "1 to 100000 · "+f.Doc || e.Text != "40" {
		t.Fatalf("row %q with hint %q showing %q", row.Text, row.HintText, e.Text)
	}
	e.SetText("0")
	e.Commit()
	if e.Refused() == nil || e.Refused().Error() != "hp must be from 1 to 100000" || p.HP != 40 {
		t.Errorf("0: refused %v, hp %d", e.Refused(), p.HP)
	}
}
