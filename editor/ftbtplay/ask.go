package ftbtplay

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/engine"
	ftbteng "github.com/shapan/shapan/engine/ftbt"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// question is one question of a person being asked: the decision, how
// to answer it and the line that tells why a click was refused.
type question struct {
	m      *ftbtMatch
	d      *engine.Decision
	answer func(engine.Answer) error
	hint   *widget.Label
}

// Ask builds the question of a person: the board marks the choices and a
// click on a cell answers; the panel offers the rest (a tech, end the
// turn, confirm). An answer the game would ignore or refuse is refused
// here with the reason, and nothing changes.
func (m *ftbtMatch) Ask(d *engine.Decision, answer func(engine.Answer) error) fyne.CanvasObject {
	m.q = ftbtQuestion{actor: -1, tech: -1}
	q := &question{m: m, d: d, answer: answer, hint: widget.NewLabel("")}
	q.hint.Importance = widget.DangerImportance
	q.hint.Truncation = fyne.TextTruncateEllipsis
	defer m.Show()
	switch a := d.Args.(type) {
	case ftbteng.SelPeopleArgs:
		return q.selPeople(a)
	case ftbteng.ConfirmArgs:
		return q.confirm(a)
	case ftbteng.SelMoveArgs:
		return q.selMove(a)
	case ftbteng.SelTechArgs:
		return q.selTech(a)
	case ftbteng.SelTechObjArgs:
		return q.selTarget(a)
	}
	// A question this form does not know: answer it as the computer would.
	if m.ai == nil {
		return container.NewVBox(q.title(d.Kind + " (this question has no form here)"))
	}
	return container.NewVBox(q.title(d.Kind), q.row(widget.NewButton("Let the computer answer", func() {
		if err := answer(m.ai.Answer(m.g, d)); err != nil {
			q.say("Refused: " + err.Error())
		}
	})))
}

// say shows why a click or an answer was refused.
func (q *question) say(msg string) { q.hint.SetText(msg) }

// row lays buttons out with the refusals beside them.
func (q *question) row(buttons ...fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, container.NewHBox(buttons...), nil, q.hint)
}

// title is the question's first line, addressed to the side asked.
func (q *question) title(s string) *widget.Label {
	return widget.NewLabelWithStyle(q.m.sideName(q.d.Player)+": "+s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// send answers v; the board's marks go with the question unless the game
// refuses the answer.
func (q *question) send(v any) {
	m := q.m
	marks := m.q
	m.q = ftbtQuestion{actor: -1, tech: -1}
	if err := q.answer(engine.Encode(v)); err != nil {
		m.q = marks
		q.say("Refused: " + err.Error())
	}
	m.Show()
}

// selPeople asks who acts: a click on one of the side's people, or the
// list.
func (q *question) selPeople(a ftbteng.SelPeopleArgs) fyne.CanvasObject {
	m := q.m
	m.q.pick = a.Locs
	m.q.onCell = func(c int) {
		if slices.Contains(a.Locs, c) {
			q.send(c)
			return
		}
		q.say(m.notActing(c, a.Side))
	}
	names := make([]string, len(a.People))
	for i, p := range a.People {
		names[i] = fmt.Sprintf("%s at %s", m.name(p), m.cellName(a.Locs[i]))
	}
	who := widget.NewSelect(names, nil)
	who.PlaceHolder = "or choose who acts…"
	who.OnChanged = func(string) {
		if i := who.SelectedIndex(); i >= 0 && i < len(a.Locs) {
			q.send(a.Locs[i])
		}
	}
	return container.NewVBox(
		q.title(fmt.Sprintf("round %d — click one of your people to act (%d marked on the board)", a.Turn, len(a.Locs))),
		q.row(container.NewGridWrap(fyne.NewSize(260, 36), who),
			widget.NewButton("End turn", func() { q.send(ftbteng.AnswerEndTurn) }),
			widget.NewButton("Quit the game", func() { q.send(ftbteng.AnswerQuit) })))
}

// confirm asks to confirm quitting or ending the turn.
func (q *question) confirm(a ftbteng.ConfirmArgs) fyne.CanvasObject {
	if a.What == "quit" {
		return container.NewVBox(q.title("quit the game? Nobody will win it."), q.row(
			widget.NewButton("Yes, quit", func() { q.send(true) }),
			widget.NewButton("No, play on", func() { q.send(false) })))
	}
	text := "end your turn?"
	if n := q.m.toAct(a.Side); n > 0 {
		text = fmt.Sprintf("end your turn? %d of your people have not acted yet.", n)
	}
	return container.NewVBox(q.title(text), q.row(
		widget.NewButton("Yes, end the turn", func() { q.send(true) }),
		widget.NewButton("No", func() { q.send(false) })))
}

// selMove asks where the person acting goes: a click on a marked cell.
func (q *question) selMove(a ftbteng.SelMoveArgs) fyne.CanvasObject {
	m := q.m
	m.q.actor, m.q.reach, m.q.dests = a.P, a.Valid, a.Dests
	m.q.onCell = func(c int) {
		switch {
		case slices.Contains(a.Dests, c):
			q.send(c)
		case slices.Contains(a.Valid, c):
			q.say(fmt.Sprintf("%s is taken by %s: choose an empty marked cell", m.cellName(c), m.name(m.occupant(c))))
		default:
			q.say(fmt.Sprintf("%s cannot reach %s this turn: choose a marked cell", m.name(a.P), m.cellName(c)))
		}
	}
	m.reveal(a.From)
	return container.NewVBox(
		q.title(fmt.Sprintf("where does %s go? Click a marked cell (%d reachable), or the person to stay.", m.personLine(a.P), len(a.Dests))),
		q.row(
			widget.NewButton("Stay here", func() { q.send(a.From) }),
			widget.NewButton("Cancel: choose someone else", func() { q.send(-1) })))
}

// selTech asks which tech the person uses, if any.
func (q *question) selTech(a ftbteng.SelTechArgs) fyne.CanvasObject {
	m := q.m
	m.q.actor = a.P
	techs := container.NewGridWithColumns(2)
	for i, id := range a.Techs {
		b := widget.NewButton(m.techChoice(a.P, a.Loc, id), func() { q.send(i) })
		b.Alignment = widget.ButtonAlignLeading
		techs.Add(b)
	}
	return container.NewVBox(q.title(fmt.Sprintf("%s at %s: use a tech?", m.name(a.P), m.cellName(a.Loc))), techs,
		q.row(widget.NewButton(fmt.Sprintf("No tech: %s's action ends", m.name(a.P)), func() { q.send(-1) })))
}

// selTarget asks where the tech strikes: a click on a marked cell.
func (q *question) selTarget(a ftbteng.SelTechObjArgs) fyne.CanvasObject {
	m := q.m
	t := m.tech(a.Tech)
	if t == nil {
		t = &ftbtfmt.Tech{Name: fmt.Sprintf("tech %d", a.Tech)}
	}
	m.q.actor, m.q.rng, m.q.targets, m.q.tech = a.P, a.Range, a.Targets, a.Tech
	m.q.onCell = func(c int) {
		switch {
		case slices.Contains(a.Targets, c):
			q.send(c)
		case slices.Contains(a.Range, c):
			q.say(fmt.Sprintf("%s needs an enemy on the target: %s holds none", t.Name, m.cellName(c)))
		default:
			q.say(fmt.Sprintf("%s is out of %s's range: choose a marked cell", m.cellName(c), t.Name))
		}
	}
	what := "click the centre of its effect"
	if t.Class == ftbtfmt.ClassPeople {
		what = "click an enemy in range"
		if len(a.Targets) == 0 {
			what = "no enemy is in range: choose another tech"
		}
	}
	m.reveal(a.Loc)
	return container.NewVBox(
		q.title(fmt.Sprintf("%s uses %s — %s (the area it reaches is shown under the pointer)", m.name(a.P), t.Name, what)),
		q.row(widget.NewButton("Choose another tech", func() { q.send(-1) })))
}
