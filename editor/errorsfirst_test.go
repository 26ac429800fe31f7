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
// starts than max_player, PLN015, which crashes the original game and
// every engine refuses) they say what is wrong and offer only to show the
// problems: no "anyway" starts a game the engine would refuse.
func TestPlayAndBalanceSayErrorsFirst(t *testing.T) {
	var played, balanced int
	editor.RegisterPlay(planets.Kind, func(*editor.Studio, *editor.Session) { played++ })
	editor.RegisterBalance(planets.Kind, func(*editor.Studio, *editor.Session) { balanced++ })
	st, s, _ := openSampleCopy(t, "planets/九州.yaml")
	var asked []string
	st.SetConfirm(func(title, msg, yes string, answer func(bool)) {
		asked = append(asked, title+"\n"+msg+"\n["+yes+"]")
		answer(yes != "")
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
	shortcut(st, fyne.KeyP)
	if balanced != 1 || played != 1 || len(asked) != 2 {
		t.Fatalf("a map with an error: balanced %d, played %d, asked %q", balanced, played, asked)
	}
	for i, action := range []string{"Balance", "Play"} {
		if !strings.HasPrefix(asked[i], action+": the document has errors") || !strings.Contains(asked[i], "PLN015") ||
			!strings.Contains(asked[i], "is refused") || !strings.HasSuffix(asked[i], "[]") {
			t.Errorf("%s of a map with an error asked %q", action, asked[i])
		}
	}
}
