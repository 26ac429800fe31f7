package editor_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/formats/planets"
)

// TestPlayAndBalanceSayErrorsFirst: Play and Balance of a document
// without errors start at once; with an error (a planets map with fewer
// starts than max_player, PLN015, which crashes the original game) they
// first say what is wrong, and start only when told to go on anyway.
func TestPlayAndBalanceSayErrorsFirst(t *testing.T) {
	var played, balanced int
	editor.RegisterPlay(planets.Kind, func(*editor.Studio, *editor.Session) { played++ })
	editor.RegisterBalance(planets.Kind, func(*editor.Studio, *editor.Session) { balanced++ })
	st, s, _ := openSampleCopy(t, "planets/九州.yaml")
	var asked []string
	goOn := false
	st.SetConfirm(func(title, msg, yes string, answer func(bool)) {
		asked = append(asked, title+"\n"+msg+"\n["+yes+"]")
		answer(goOn)
	})
	shortcut(st, fyne.KeyB)
	shortcut(st, fyne.KeyP)
	if played != 1 || balanced != 1 || len(asked) != 0 {
		t.Fatalf("a clean map: played %d, balanced %d, asked %q", played, balanced, asked)
	}
	s.Edit("more players", func() {
		m := s.Model().(*planets.Map)
		m.MaxPlayer = planets.IntValue(int64(len(m.Starts) + 1))
	})
	shortcut(st, fyne.KeyB)
	if balanced != 1 || len(asked) != 1 || !strings.Contains(asked[0], "PLN015") || !strings.Contains(asked[0], "[Balance anyway]") {
		t.Fatalf("balancing a map with an error: balanced %d, asked %q", balanced, asked)
	}
	goOn = true
	shortcut(st, fyne.KeyP)
	if played != 2 || len(asked) != 2 || !strings.Contains(asked[1], "PLN015") || !strings.Contains(asked[1], "[Play anyway]") {
		t.Fatalf("playing a map with an error anyway: played %d, asked %q", played, asked)
	}
}
