package mbgview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/forms"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/formats/mbg"
)

// propTitles name the five properties a training room can train.
var propTitles = []string{"wu 武术 martial", "zhan 战术 tactics", "mou 谋略 strategy", "zheng 政治 politics", "jing 经济 economy"}

// institutesPane edits the institutes: the techs they teach and, for each
// role, its researcher there, the tech he studies and the points left.
func (v *SaveView) institutesPane() fyne.CanvasObject {
	b := v.B
	v.insts = b.NewItemList(v.instNames, func(i int) {
		v.selInst = sel(i, len(v.M().Institutes))
		v.showForm("institutes", v.selInst)
	}, forms.ItemActions{})
	valid := func() bool { return sel(v.selInst, len(v.M().Institutes)) >= 0 }
	b.Scope(forms.ItemScope("institutes", func() int { return v.selInst }, func() int { return len(v.M().Institutes) }, func(i int) string { return v.M().Institutes[i].Name }))
	defer b.Scope(nil)
	inst := func() *mbg.SaveInstitute { return &v.M().Institutes[v.selInst] }
	name := b.Name("institute name", func() string {
		if !valid() {
			return ""
		}
		return inst().Name
	}, func(s string) { inst().Name = s })
	techs := v.checksAcross(func() []string { return mbg.TechNames }, func() []int {
		if !valid() {
			return nil
		}
		return inst().Techs
	}, func(want []int) error {
		i := v.selInst
		return v.apply("change techs taught", func(s *mbg.Save) error {
			s.Institutes[i].Techs = want
			return nil
		})
	})
	grid := v.researchGrid(valid, inst)
	v.forms["institutes"] = container.NewVBox(widget.NewForm(formRow("Name", name)),
		heading("Techs taught here 可研究技能"), techs,
		heading("Research 研究 (a new researcher starts on the first tech his role does not know; a new tech starts from its full points)"),
		grid,
		widget.NewLabel("Each round end the researcher takes off his effective strategy (谋略) from the points and his role pays for them;\n"+
			"at 0 the role learns the tech. A researcher replaced goes back to the retinue."))
	v.forms["institutes"].Hide()
	return listWithForm(v.insts.Object, v.forms["institutes"])
}

// researchGrid is the grid of the institute's research: per role, its
// researcher, the tech he studies and the points left.
func (v *SaveView) researchGrid(valid func() bool, inst func() *mbg.SaveInstitute) fyne.CanvasObject {
	b := v.B
	grid := container.NewGridWithColumns(4, heading("Role 阵营"), heading("Researcher 研究人员"), heading("Studies 研究技能"), heading("Points left 剩余"))
	for r := range v.M().Roles {
		slot := func() bool {
			return valid() && r < len(v.M().Roles) && r < len(inst().Researcher) && r < len(inst().OnStudy) && r < len(inst().Points)
		}
		researcher := v.officerChoice(func() int { return r }, func() int {
			if !slot() {
				return -1
			}
			return inst().Researcher[r]
		}, func(p int) error {
			i := v.selInst
			return v.apply("change researcher", func(s *mbg.Save) error { return mbgeng.SetResearcher(s, i, r, p) })
		})
		study := v.choice(func() []string { return append([]string{"— none —"}, mbg.TechNames...) }, func() int {
			if !slot() {
				return -1
			}
			return inst().OnStudy[r] + 1
		}, func(t int) error {
			i := v.selInst
			return v.apply("change tech studied", func(s *mbg.Save) error {
				mbgeng.SetStudy(s, i, r, t-1)
				return nil
			})
		})
		points := forms.Float{Label: "points left", Field: mbg.ResearchFields.Field("points"), At: func() *float32 {
			if !slot() {
				return nil
			}
			return &inst().Points[r]
		}}.Entry(b)
		roleLabel := widget.NewLabel("")
		b.OnReload(func() {
			if r < len(v.M().Roles) {
				roleLabel.SetText(v.M().Roles[r].Name)
			}
		})
		roleLabel.SetText(v.M().Roles[r].Name)
		v.widgets.researcher = append(v.widgets.researcher, researcher)
		v.widgets.study = append(v.widgets.study, study)
		grid.Add(roleLabel)
		grid.Add(researcher)
		grid.Add(study)
		grid.Add(points)
	}
	return grid
}

// roomsPane edits the training rooms: the property trained and, for each
// role, its trainee there and the rounds left.
func (v *SaveView) roomsPane() fyne.CanvasObject {
	b := v.B
	v.rooms = b.NewItemList(v.roomNames, func(i int) {
		v.selRoom = sel(i, len(v.M().TrainingRooms))
		v.showForm("training_rooms", v.selRoom)
	}, forms.ItemActions{})
	valid := func() bool { return sel(v.selRoom, len(v.M().TrainingRooms)) >= 0 }
	b.Scope(forms.ItemScope("training_rooms", func() int { return v.selRoom }, func() int { return len(v.M().TrainingRooms) }, func(i int) string { return v.M().TrainingRooms[i].Name }))
	defer b.Scope(nil)
	room := func() *mbg.SaveTrainingRoom { return &v.M().TrainingRooms[v.selRoom] }
	name := b.Name("training room name", func() string {
		if !valid() {
			return ""
		}
		return room().Name
	}, func(s string) { room().Name = s })
	item := v.choice(func() []string { return propTitles }, func() int {
		if !valid() {
			return -1
		}
		return room().Item
	}, func(k int) error {
		t := v.selRoom
		return v.apply("change trained property", func(s *mbg.Save) error {
			s.TrainingRooms[t].Item = k
			return nil
		})
	})
	grid := container.NewGridWithColumns(3, heading("Role 阵营"), heading("Trainee 修炼人员"), heading("Rounds left 剩余回合"))
	for r := range v.M().Roles {
		slot := func() bool {
			return valid() && r < len(v.M().Roles) && r < len(room().Trainee) && r < len(room().Rounds)
		}
		trainee := v.officerChoice(func() int { return r }, func() int {
			if !slot() {
				return -1
			}
			return room().Trainee[r]
		}, func(p int) error {
			t := v.selRoom
			return v.apply("change trainee", func(s *mbg.Save) error { return mbgeng.SetTrainee(s, t, r, p) })
		})
		rounds := forms.Int{Label: "rounds left", Field: mbg.TrainingFields.Field("rounds"), At: func() *int {
			if !slot() {
				return nil
			}
			return &room().Rounds[r]
		}}.Entry(b)
		roleLabel := widget.NewLabel("")
		b.OnReload(func() {
			if r < len(v.M().Roles) {
				roleLabel.SetText(v.M().Roles[r].Name)
			}
		})
		roleLabel.SetText(v.M().Roles[r].Name)
		v.widgets.trainee = append(v.widgets.trainee, trainee)
		grid.Add(roleLabel)
		grid.Add(trainee)
		grid.Add(rounds)
	}
	v.forms["training_rooms"] = container.NewVBox(widget.NewForm(formRow("Name", name), formRow("Trains 修炼", item)),
		heading("Training 修炼 (a new trainee trains for the full 6 rounds)"), grid,
		widget.NewLabel("Each round end a trainee not under rumour has one round less; at 0 his property rises by 1 to 3 (at most 100)\n"+
			"and he goes back to the retinue. A trainee replaced goes back to the retinue."))
	v.forms["training_rooms"].Hide()
	return listWithForm(v.rooms.Object, v.forms["training_rooms"])
}
