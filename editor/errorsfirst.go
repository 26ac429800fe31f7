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

// errorsFirst runs action (Play or Balance) on s, first saying so when the
// document has errors or typed values that were not applied: a game of a
// document with errors may be refused, crash the original game or play
// unlike it, and a balance report of it would say nothing of the game
// the designer means. The designer may go on anyway, or go to the
// problems.
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
	msg := fmt.Sprintf("%s has %d error(s)", s.Name(), len(errs))
	if len(refused) > 0 {
		msg += fmt.Sprintf(" and %d typed value(s) not applied", len(refused))
	}
	msg += ":\n" + strings.Join(lines, "\n") +
		"\n\nThe original game may refuse this document, crash or play it unlike what you would see here. " + action + " it anyway?"
	st.confirm(action+": the document has errors", msg, action+" anyway", func(ok bool) {
		if ok {
			run()
			return
		}
		if t := st.Tab(s); t != nil && !t.problems.Empty() {
			t.problems.Choose(0)
		}
	})
}

// confirm asks a yes-or-no question (tests answer it through SetConfirm).
func (st *Studio) confirm(title, msg, yes string, answer func(bool)) {
	if st.ask != nil {
		st.ask(title, msg, yes, answer)
		return
	}
	label := widget.NewLabel(msg)
	label.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm(title, yes, "Show the problems", container.NewVScroll(label), answer, st.win)
	d.Resize(fyne.NewSize(680, 360))
	d.Show()
}

// SetConfirm replaces the dialogs that ask a yes-or-no question (tests
// answer them): f gets the title, the message and the yes button's text.
func (st *Studio) SetConfirm(f func(title, msg, yes string, answer func(bool))) { st.ask = f }
