package mbgview

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	"github.com/shapan/shapan/formats/field"
	"github.com/shapan/shapan/formats/mbg"
)

// floatLimits returns the limits of the forms of the table's field f.
func floatLimits(f *field.Field) (lo, hi float64) {
	l, h := f.FormRange()
	return float64(l), float64(h)
}

// boardWindow returns the entries of the board window's size nx and ny,
// within the limits of the record r's fields.
func boardWindow(b *forms.Binder, r *field.Record, at func() (nx, ny *int)) (*forms.Entry, *forms.Entry) {
	xlo, xhi := r.Field("nx").FormRange()
	ylo, yhi := r.Field("ny").FormRange()
	nx := b.Int("board window width", func() int { x, _ := at(); return *x }, func(i int) { x, _ := at(); *x = i }, xlo, xhi)
	ny := b.Int("board window height", func() int { _, y := at(); return *y }, func(i int) { _, y := at(); *y = i }, ylo, yhi)
	return nx, ny
}

// gamePane edits the save's header: the turn, the win money, the role
// whose action the game resumes with and the board window size.
func (v *SaveView) gamePane() fyne.CanvasObject {
	b := v.B
	lo, hi := mbg.SaveFields.Field("turn").FormRange()
	turn := b.Int("turn", func() int { return v.M().Turn }, func(t int) { v.M().Turn = t }, lo, hi)
	wlo, whi := floatLimits(mbg.SaveFields.Field("win_money"))
	win := b.Float("win money", func() float32 { return v.M().WinMoney }, func(f float32) { v.M().WinMoney = f }, wlo, whi)
	v.widgets.acting = v.choice(func() []string {
		m := v.M()
		out := make([]string, len(m.Roles))
		for r, ro := range m.Roles {
			out[r] = ro.Name
			if ro.Loc == -1 {
				out[r] += " (eliminated 已出局)"
			}
		}
		return out
	}, func() int { return v.M().ActingRole }, func(r int) error {
		return v.apply("change acting role", func(s *mbg.Save) error {
			s.ActingRole = r
			return nil
		})
	})
	nx, ny := boardWindow(b, &mbg.SaveGridSizeFields, func() (*int, *int) { return &v.M().NX, &v.M().NY })
	summary := widget.NewLabel("")
	summary.Wrapping = fyne.TextWrapWord
	v.B.OnReload(func() { summary.SetText(v.gameSummary()) })
	summary.SetText(v.gameSummary())
	form := widget.NewForm(
		formRow("Turn 回合", turn),
		formRow("Acting role 当前阵营", v.widgets.acting),
		formRow("Win money 胜利金额", win),
		formRow("Board window width nx", nx),
		formRow("Board window height ny", ny))
	note := widget.NewLabel("The game resumes in this turn with the acting role's action, from its beginning;\n" +
		"the roles before it in the turn order have already acted. A role whose money reaches\n" +
		"the win money at a round end wins. nx and ny size the original game's board window.")
	return container.NewVScroll(container.NewVBox(form, note, heading("This save"), summary))
}

// gameSummary says in a few lines what the save holds.
func (v *SaveView) gameSummary() string {
	m := v.M()
	free := 0
	for _, pool := range m.Free {
		free += len(pool)
	}
	text := fmt.Sprintf("%d squares, %d cities, %d institutes, %d training rooms, %d officers (%d free).",
		len(m.Board), len(m.Cities), len(m.Institutes), len(m.TrainingRooms), len(m.Officers), free)
	for _, ro := range m.Roles {
		where := "eliminated"
		if ro.Loc >= 0 {
			where = fmt.Sprintf("on square %d", ro.Loc)
		}
		text += fmt.Sprintf("\n%s: %s, money %s, %d cities, %d travelling officers.", ro.Name, where,
			formatMoney(ro.Money), len(ro.Cities), len(ro.Retinue))
	}
	return text
}

// formatMoney writes an amount of money without needless decimals.
func formatMoney(f float32) string {
	if f == float32(math.Trunc(float64(f))) {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprintf("%.2f", f)
}
