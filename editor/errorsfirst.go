package editor

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/shapan/shapan/formats/diag"
)

// maxListed bounds the problems listed in a message.
const maxListed = 8

// errorsFirst runs action (Play, Balance or Host) on s, first saying so
// when the document has errors or typed values that were not applied.
// A document with errors is not played: every engine refuses what check
// calls an error (shapan play, sim, balance and the server alike), so the
// designer is shown the problems. Values typed but not applied are not in
// the document: the designer may go on with the document as it is, or go
// to them.
func (st *Studio) errorsFirst(s *Session, action string, run func()) {
	var errs diag.List
	for _, d := range s.CheckNow() {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	refused := s.Refusals()
	if len(errs) == 0 && len(refused) == 0 {
		run()
		return
	}
	var lines []string
	for _, r := range refused {
		lines = append(lines, "• not applied: "+r.Message())
	}
	for i, d := range errs {
		if i == maxListed {
			lines = append(lines, fmt.Sprintf("• … and %d more (see the Problems panel)", len(errs)-maxListed))
			break
		}
		lines = append(lines, fmt.Sprintf("• %s: %s", d.Code, d.Message))
	}
	showProblems := func(bool) {
		if t := st.Tab(s); t != nil && !t.problems.Empty() {
			t.problems.Choose(0)
		}
	}
	if len(errs) > 0 {
		msg := fmt.Sprintf("%s has %d error(s)", s.Name(), len(errs))
		if len(refused) > 0 {
			msg += fmt.Sprintf(" and %d typed value(s) not applied", len(refused))
		}
		msg += ":\n" + strings.Join(lines, "\n") +
			"\n\nA game of a document with errors is refused — the original game would refuse it, crash or play it otherwise — here as by shapan play, sim, balance and the server. Fix them, then " + strings.ToLower(action) + " again."
		st.confirm(action+": the document has errors", msg, "", showProblems)
		return
	}
	msg := fmt.Sprintf("%s has %d typed value(s) not applied:\n%s\n\nThe document does not hold them. %s it as it is?", s.Name(), len(refused), strings.Join(lines, "\n"), action)
	st.confirm(action+": values not applied", msg, action+" anyway", func(ok bool) {
		if ok {
			run()
			return
		}
		showProblems(false)
	})
}

// confirm asks a yes-or-no question (tests answer it through SetConfirm);
// without a yes (""), it says msg and offers only to show the problems,
// answering false.
func (st *Studio) confirm(title, msg, yes string, answer func(bool)) {
	if st.ask != nil {
		st.ask(title, msg, yes, answer)
		return
	}
	label := widget.NewLabel(msg)
	label.Wrapping = fyne.TextWrapWord
	if yes == "" {
		d := dialog.NewCustom(title, "Show the problems", container.NewVScroll(label), st.win)
		d.SetOnClosed(func() { answer(false) })
		d.Resize(fyne.NewSize(680, 360))
		d.Show()
		return
	}
	d := dialog.NewCustomConfirm(title, yes, "Show the problems", container.NewVScroll(label), answer, st.win)
	d.Resize(fyne.NewSize(680, 360))
	d.Show()
}

// SetConfirm replaces the dialogs that ask a yes-or-no question (tests
// answer them): f gets the title, the message and the yes button's text.
func (st *Studio) SetConfirm(f func(title, msg, yes string, answer func(bool))) { st.ask = f }
