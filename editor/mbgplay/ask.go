package mbgplay

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/engine"
	mbgeng "github.com/shapan/shapan/engine/mbg"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// question builds one question of a person, in natural form: a form per
// decision kind (questions), each sending the answer its buttons make.
type question struct {
	m      *mbgMatch
	d      *engine.Decision
	answer func(engine.Answer) error
}

// questions are the forms of the decisions a person answers.
var questions = map[string]func(q *question) fyne.CanvasObject{
	mbgeng.KindSelRoleAction:      (*question).roleAction,
	mbgeng.KindIsOccuCity:         (*question).occupy,
	mbgeng.KindSelCityMos:         (*question).garrison,
	mbgeng.KindSelMayor:           (*question).official,
	mbgeng.KindSelTreasurer:       (*question).official,
	mbgeng.KindIsAttackCity:       (*question).attack,
	mbgeng.KindBattleWithRole:     (*question).fightRole,
	mbgeng.KindSaloonSelPeople:    (*question).saloon,
	mbgeng.KindSelStudy:           (*question).study,
	mbgeng.KindSelTrain:           (*question).train,
	mbgeng.KindConfirmCard:        (*question).confirmCard,
	mbgeng.KindSelCardObjRole:     (*question).cardOnRole,
	mbgeng.KindSelCardObjLoc:      (*question).cardOnSquare,
	mbgeng.KindSelCardObjAny:      (*question).cardOnOfficer,
	mbgeng.KindSelCardObjPeople:   (*question).cardWhichOfficer,
	mbgeng.KindSelAllocObj:        (*question).allocation,
	mbgeng.KindExchangeCityPeople: (*question).exchange,
	mbgeng.KindIsCancelStudy:      (*question).cancelStudy,
	mbgeng.KindIsCancelTrain:      (*question).cancelTrain,
	mbgeng.KindSelGeneral:         (*question).generals,
}

// Ask builds the question of a person in natural form.
func (m *mbgMatch) Ask(d *engine.Decision, answer func(engine.Answer) error) fyne.CanvasObject {
	m.onSquare = nil
	q := &question{m: m, d: d, answer: answer}
	if f := questions[d.Kind]; f != nil {
		return f(q)
	}
	// A question this form does not know: answer it as the computer would.
	return container.NewVBox(q.title(d.Kind), widget.NewButton("Let the computer answer", func() {
		answer(m.ai.Answer(m.g, d))
	}))
}

// send answers v.
func (q *question) send(v any) { q.answer(engine.Encode(v)) }

// args decodes the decision's arguments into into.
func (q *question) args(into any) { decodeArgs(q.d, into) }

// title is the question's first line, addressed to the role asked.
func (q *question) title(s string) *widget.Label {
	return widget.NewLabelWithStyle(q.m.names.Role(q.d.Player)+": "+s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func (q *question) yesNo(text string, yes, no any) fyne.CanvasObject {
	return container.NewVBox(q.title(text), container.NewHBox(
		widget.NewButton("Yes", func() { q.send(yes) }), widget.NewButton("No", func() { q.send(no) })))
}

// scale asks whether to fight and how long.
func (q *question) scale(text string) fyne.CanvasObject {
	return container.NewVBox(q.title(text), container.NewHBox(
		widget.NewButton("No", func() { q.send(-1) }),
		widget.NewButton("Skirmish (40 rounds)", func() { q.send(0) }),
		widget.NewButton("Battle (70 rounds)", func() { q.send(1) }),
		widget.NewButton("All-out (100 rounds)", func() { q.send(2) })))
}

func (q *question) sendIndex(i int) { q.send(i) }

func (q *question) roleAction() fyne.CanvasObject {
	var a mbgeng.CardsArgs
	q.args(&a)
	row := []fyne.CanvasObject{widget.NewButton("Roll the dice", func() { q.send(-1) })}
	for c, n := range a.Cards {
		if n > 0 {
			row = append(row, widget.NewButton(fmt.Sprintf("Play %s ×%d", mbgfmt.CardNames[c], n), func() { q.send(c) }))
		}
	}
	return container.NewVBox(q.title("your move"), container.NewHBox(row...))
}

func (q *question) occupy() fyne.CanvasObject {
	var a mbgeng.CityArgs
	q.args(&a)
	return q.yesNo("occupy the free city "+q.m.names.City(a.City)+"?", true, false)
}

func (q *question) garrison() fyne.CanvasObject {
	var a mbgeng.CityMosArgs
	q.args(&a)
	return q.m.pickMany(q.title("who garrisons "+q.m.names.City(a.City)+"? (none: give up the city)"), a.PList, "Garrison", func(idx []int) { q.send(idx) })
}

func (q *question) official() fyne.CanvasObject {
	var a mbgeng.OfficialArgs
	q.args(&a)
	post := "mayor 市长 (politics heals the garrison)"
	if q.d.Kind == mbgeng.KindSelTreasurer {
		post = "treasurer 财务官 (economy earns income)"
	}
	return q.m.pickOne(q.title("choose the "+post+" of "+q.m.names.City(a.City)), a.PList, "Keep as it is", q.sendIndex)
}

func (q *question) attack() fyne.CanvasObject {
	var a mbgeng.CityArgs
	q.args(&a)
	return q.scale("attack " + q.m.names.City(a.City) + "?")
}

func (q *question) fightRole() fyne.CanvasObject {
	var a mbgeng.ObjArgs
	q.args(&a)
	return q.scale("fight " + q.m.names.Role(a.Obj) + ", standing on your square?")
}

func (q *question) saloon() fyne.CanvasObject {
	var a mbgeng.SaloonArgs
	q.args(&a)
	var hire []fyne.CanvasObject
	for i, p := range a.PList {
		price := float32(0)
		if i < len(a.Price) {
			price = a.Price[i]
		}
		hire = append(hire, widget.NewButton(fmt.Sprintf("Hire %s for %s", q.m.officerLine(p), money(price)), func() { q.send(i) }))
	}
	hire = append(hire, widget.NewButton("Leave", func() { q.send(-1) }))
	return container.NewVBox(q.title("the saloon 会馆 offers:"), play.OptionGrid(hire))
}

func (q *question) study() fyne.CanvasObject {
	var a mbgeng.StudyArgs
	q.args(&a)
	m := q.m
	who := widget.NewSelect(m.lines(a.PList, m.officerLine), nil)
	who.PlaceHolder = "(choose an officer)"
	what := widget.NewSelect(m.lines(a.TList, func(t int) string { return mbgeng.Tech(t) }), nil)
	what.PlaceHolder = "(choose a technique)"
	form := widget.NewForm(widget.NewFormItem("Officer", who), widget.NewFormItem("Studies", what))
	return container.NewVBox(q.title("study at "+m.names.Institute(a.Inst)+"?"), form, container.NewHBox(
		widget.NewButton("Study", func() {
			if who.SelectedIndex() >= 0 && what.SelectedIndex() >= 0 {
				q.send([]int{who.SelectedIndex(), what.SelectedIndex()})
			}
		}), widget.NewButton("No", func() { q.send([]int{-1, -1}) })))
}

func (q *question) train() fyne.CanvasObject {
	var a mbgeng.TrainArgs
	q.args(&a)
	return q.m.pickOne(q.title("train "+mbgeng.Property(a.Item)+" at "+q.m.names.TrainingRoom(a.Train)+"?"), a.PList, "No", q.sendIndex)
}

func (q *question) confirmCard() fyne.CanvasObject {
	var a mbgeng.CardArgs
	q.args(&a)
	return q.yesNo("use the card "+mbgeng.Card(a.Card)+"?", 0, 1)
}

func (q *question) cardOnRole() fyne.CanvasObject {
	var a mbgeng.CardArgs
	q.args(&a)
	var roles []fyne.CanvasObject
	for r := range q.m.names.Roles {
		if q.m.g.Live(r) {
			roles = append(roles, widget.NewButton(q.m.names.Role(r), func() { q.send(r) }))
		}
	}
	roles = append(roles, widget.NewButton("Cancel", func() { q.send(-1) }))
	return container.NewVBox(q.title("on whom do you play "+mbgeng.Card(a.Card)+"?"), play.OptionGrid(roles))
}

func (q *question) cardOnSquare() fyne.CanvasObject {
	var a mbgeng.CardArgs
	q.args(&a)
	m := q.m
	m.onSquare = func(i int) { m.onSquare = nil; q.send(i) }
	return container.NewVBox(q.title("click the square for "+mbgeng.Card(a.Card)+" on the board"),
		widget.NewButton("Cancel", func() { m.onSquare = nil; q.send(-1) }))
}

func (q *question) cardOnOfficer() fyne.CanvasObject {
	var a mbgeng.CardArgs
	q.args(&a)
	m := q.m
	kinds := []string{"a role's retinue", "a city's garrison", "an institute's researchers", "a training room's trainees"}
	kind := widget.NewSelect(kinds, nil)
	kind.PlaceHolder = "(choose whose officers)"
	target := widget.NewSelect(nil, nil)
	target.PlaceHolder = "(choose one of them)"
	kind.OnChanged = func(string) {
		target.Options = [][]string{m.names.Roles, m.names.Cities, m.names.Institutes, m.names.TrainingRooms}[kind.SelectedIndex()]
		target.ClearSelected()
		target.Refresh()
	}
	form := widget.NewForm(widget.NewFormItem("Whose", kind), widget.NewFormItem("Which", target))
	return container.NewVBox(q.title("whose officer do you play "+mbgeng.Card(a.Card)+" on?"), form, container.NewHBox(
		widget.NewButton("Next", func() {
			if kind.SelectedIndex() >= 0 && target.SelectedIndex() >= 0 {
				q.send([]int{kind.SelectedIndex(), target.SelectedIndex()})
			}
		}), widget.NewButton("Cancel", func() { q.send([]int{-1, -1}) })))
}

func (q *question) cardWhichOfficer() fyne.CanvasObject {
	var a mbgeng.CardPeopleArgs
	q.args(&a)
	return q.m.pickOne(q.title("which officer?"), a.PList, "Back", q.sendIndex)
}

func (q *question) allocation() fyne.CanvasObject {
	return q.m.allocation(q.title("allocation 人员调度: choose a place to rearrange, or finish"), q.send)
}

func (q *question) exchange() fyne.CanvasObject {
	var a mbgeng.ExchangeArgs
	q.args(&a)
	m := q.m
	in := widget.NewCheckGroup(m.lines(a.SPList, m.officerLine), nil)
	out := widget.NewCheckGroup(m.lines(a.OPList, m.officerLine), nil)
	return container.NewVBox(q.title("rearrange the garrison of "+m.names.City(a.City)),
		container.NewGridWithColumns(2,
			container.NewBorder(widget.NewLabel("Put in (travelling officers):"), nil, nil, nil, play.LimitedScroll(in)),
			container.NewBorder(widget.NewLabel("Take out (garrison):"), nil, nil, nil, play.LimitedScroll(out))),
		widget.NewButton("Done", func() {
			q.send(mbgeng.Exchange{In: selectedIndices(in), Out: selectedIndices(out)})
		}))
}

func (q *question) cancelStudy() fyne.CanvasObject {
	var a mbgeng.CancelStudyArgs
	q.args(&a)
	return q.yesNo(fmt.Sprintf("call %s back from studying %s (%.0f points left)?", q.m.names.Officer(a.P), mbgeng.Tech(a.OnStudy), a.LeftPoint), true, false)
}

func (q *question) cancelTrain() fyne.CanvasObject {
	var a mbgeng.CancelTrainArgs
	q.args(&a)
	return q.yesNo(fmt.Sprintf("call %s back from training (%d rounds left)?", q.m.names.Officer(a.P), a.LeftRound), true, false)
}

func (q *question) generals() fyne.CanvasObject {
	var a mbgeng.GeneralArgs
	q.args(&a)
	names := q.m.lines(a.PList, q.m.officerLine)
	main := widget.NewSelect(names, nil)
	vice := widget.NewSelect(append([]string{"— no vice general —"}, names...), nil)
	if len(names) > 0 {
		main.SetSelectedIndex(0)
	}
	vice.SetSelectedIndex(0)
	return container.NewVBox(q.title("choose your generals"), widget.NewForm(widget.NewFormItem("Main", main), widget.NewFormItem("Vice", vice)),
		container.NewHBox(widget.NewButton("Fight", func() {
			if main.SelectedIndex() >= 0 {
				q.send([]int{main.SelectedIndex(), vice.SelectedIndex() - 1})
			}
		}), widget.NewButton("Surrender", func() { q.send([]int{-1, -1}) })))
}
