package mbgview

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/mbg"
)

// formEntry finds the entry of the form row titled title under root.
func formEntry(root fyne.CanvasObject, title string) *forms.Entry {
	switch o := root.(type) {
	case *widget.Form:
		for _, it := range o.Items {
			if e, ok := it.Widget.(*forms.Entry); ok && it.Text == title {
				return e
			}
		}
	case *fyne.Container:
		for _, c := range o.Objects {
			if e := formEntry(c, title); e != nil {
				return e
			}
		}
		return nil
	}
	if w, ok := root.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(w).Objects() {
			if e := formEntry(c, title); e != nil {
				return e
			}
		}
	}
	return nil
}

// The win money and the board window's size take their form limits from
// the field tables, in a scenario and in a save: what is typed beyond
// them (real key presses, then Return) is refused with the table's range
// and the document keeps its value.
func TestSettingsRefuseWhatTheTablesBound(t *testing.T) {
	st, s, v, _ := openSample(t)
	st.ShowPane(s, "Settings")
	pane := v.panes["settings"].Content
	if v.Select("win_money") != v.panes["settings"] || v.Select("version") != nil {
		t.Error("the win money's path does not lead to the settings (or a constant's does)")
	}
	for _, c := range []struct {
		title, label string
		row          *field.Field
		value        func() float64
	}{
		{"Win money 胜利金额", "win money", mbg.ScenarioFields.Field("win_money"), func() float64 { return float64(v.M().WinMoney) }},
		{"Board window width nx", "board window width", mbg.GridSizeFields.Field("nx"), func() float64 { return float64(v.M().NX) }},
	} {
		e := formEntry(pane, c.title)
		if e == nil {
			t.Fatalf("no row %q", c.title)
		}
		lo, hi := c.row.FormRange()
		before := c.value()
		for _, x := range []int{lo - 1, hi + 1} {
			typeInto(st.Window(), e, &e.Entry, strconv.Itoa(x))
			if err := e.Refused(); err == nil || c.value() != before {
				t.Errorf("%s %d: refused %v, the document has %v (was %v)", c.title, x, err, c.value(), before)
			}
		}
	}
	if lo, hi := mbg.ScenarioFields.Field("win_money").FormRange(); lo != 1 || hi != math.MaxInt32 {
		t.Errorf("win money form range %d–%d", lo, hi)
	}
	e := formEntry(pane, "Win money 胜利金额")
	typeInto(st.Window(), e, &e.Entry, "0")
	if err := e.Refused(); err == nil || err.Error() != fmt.Sprintf("win money must be from 1 to %d", math.MaxInt32) {
		t.Errorf("win money 0: %v", err)
	}
}

// A saved city's fengshui takes its limits, 0 to 0.5, from its row of the
// save city table: 0.6 and -0.1 typed with real key presses are refused
// with that range and the save keeps its value; 0.5 is taken.
func TestFengshuiRefusesWhatItsRowBounds(t *testing.T) {
	st, s, v, _ := openSave(t)
	st.Tab(s).SelectPane(v.panes["cities"])
	v.cities.Select(0)
	e := formEntry(v.forms["cities"], "Fengshui 风水")
	if e == nil {
		t.Fatal("no row Fengshui 风水")
	}
	row := mbg.SaveCityFields.Field("fengshui")
	lo, hi := row.RealFormRange()
	if lo != 0 || hi != 0.5 {
		t.Fatalf("fengshui's row allows %v–%v", lo, hi)
	}
	before := v.M().Cities[0].Fengshui
	for _, typed := range []string{"0.6", "-0.1"} {
		typeInto(st.Window(), e, &e.Entry, typed)
		if err := e.Refused(); err == nil || err.Error() != "fengshui must be from 0 to 0.5" || v.M().Cities[0].Fengshui != before {
			t.Errorf("fengshui %s: refused %v, the save has %v (was %v)", typed, err, v.M().Cities[0].Fengshui, before)
		}
	}
	typeInto(st.Window(), e, &e.Entry, "0.5")
	if err := e.Refused(); err != nil || v.M().Cities[0].Fengshui != 0.5 {
		t.Errorf("fengshui 0.5: refused %v, the save has %v", err, v.M().Cities[0].Fengshui)
	}
}
