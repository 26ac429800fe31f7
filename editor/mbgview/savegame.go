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

// boardWindow returns the entries of the board window's size nx and ny,
// within the limits of the record r's fields.
func boardWindow(b *forms.Binder, r *field.Record, at func() (nx, ny *int)) (*forms.Entry, *forms.Entry) {
	nx := forms.Int{Label: "board window width", Field: r.Field("nx"), At: func() *int { x, _ := at(); return x }}.Entry(b)
	ny := forms.Int{Label: "board window height", Field: r.Field("ny"), At: func() *int { _, y := at(); return y }}.Entry(b)
	return nx, ny
}

// gamePane edits the save's header: the turn, the win money, the role
// whose action the game resumes with and the board window size.
func (v *SaveView) gamePane() fyne.CanvasObject {
	b := v.B
	turn := forms.Int{Field: mbg.SaveFields.Field("turn"), At: func() *int { return &v.M().Turn }}.Entry(b)
	win := forms.Float{Field: mbg.SaveFields.Field("win_money"), At: func() *float32 { return &v.M().WinMoney }}.Entry(b)
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
		forms.Row("Turn 回合", turn, mbg.SaveFields.Field("turn")),
		formRow("Acting role 当前阵营", v.widgets.acting),
		forms.Row("Win money 胜利金额", win, mbg.SaveFields.Field("win_money")),
		forms.Row("Board window width nx", nx, mbg.SaveGridSizeFields.Field("nx")),
		forms.Row("Board window height ny", ny, mbg.SaveGridSizeFields.Field("ny")))
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
