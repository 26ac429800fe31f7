package mbgview

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/mbg"
)

// freePane shows the free officers (在野, nobody has hired them) in the
// pools of their levels, which the saloon draws candidates from. Ticking
// an officer releases him from his role; unticking hires him into the
// retinue of the role chosen at the top.
func (v *SaveView) freePane() fyne.CanvasObject {
	v.widgets.hire = v.choice(v.roleNames, func() int { return v.hireFor }, func(r int) error {
		v.hireFor = r
		return nil
	})
	cols := make([]fyne.CanvasObject, len(v.widgets.free))
	for lv := range v.widgets.free {
		// members lists the officers of level lv; the pool's options.
		members := func() []int {
			var out []int
			for p, o := range v.M().Officers {
				if o.Level == lv {
					out = append(out, p)
				}
			}
			return out
		}
		v.widgets.free[lv] = v.checks(func() []string {
			m := v.M()
			var labels []string
			for _, p := range members() {
				labels = append(labels, m.Officers[p].Name+" · "+officerWhere(m, p))
			}
			return labels
		}, func() []int {
			var on []int
			for k, p := range members() {
				if slices.Contains(v.M().Free[lv], p) {
					on = append(on, k)
				}
			}
			return on
		}, func(want []int) error {
			all := members()
			officers := make([]int, 0, len(want))
			for _, k := range want {
				officers = append(officers, all[k])
			}
			hire := v.hireFor
			return v.apply("change free officers", func(s *mbg.Save) error { return mbgeng.SetFree(s, lv, officers, hire) })
		})
		title := heading(levelNames[lv])
		cols[lv] = container.NewBorder(title, nil, nil, nil, v.widgets.free[lv])
	}
	top := container.NewVBox(
		widget.NewLabel("Ticked officers are free (在野): the saloon offers them for hire. Tick one to release him from his role;\n"+
			"untick one to hire him. An officer's pool is his level (change it in the Officers pane)."),
		widget.NewForm(formRow("Unticked officers join the retinue of", v.widgets.hire)))
	return container.NewBorder(top, nil, nil, nil, container.NewGridWithColumns(3, cols...))
}
