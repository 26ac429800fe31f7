// Package families registers the studio's side of every game family: the
// editor views (editor/mbgview, editor/ftbtview, ...), the play windows
// (editor/play) and the balance view (editor/balance), each by document
// kind in package editor. Import it for its side effect, as cmd/studio
// does; adding a family's studio packages is one line here.
//
// The families themselves, and what each can do, come from the registry
// of package family (which needs no GUI); Missing compares the two, by
// family name.
package families

import (
	"fmt"

	"github.com/shapan/shapan/editor"
	_ "github.com/shapan/shapan/editor/balance"
	_ "github.com/shapan/shapan/editor/battleview"
	_ "github.com/shapan/shapan/editor/ftbtview"
	_ "github.com/shapan/shapan/editor/mbgview"
	_ "github.com/shapan/shapan/editor/planetsview"
	_ "github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/family"
)

// Missing lists, by family name, what the studio lacks for a family of
// the registry: a kind without an editor view, a playable kind without a
// play window, a simulable kind without the balance view. Nil when the
// studio has everything.
func Missing() map[string][]string {
	out := map[string][]string{}
	for _, f := range family.All() {
		for _, k := range f.Kinds {
			if !editor.HasView(k.Kind) {
				out[f.Name] = append(out[f.Name], fmt.Sprintf("no editor view of %s documents", k.Kind))
			}
			if k.Play && !editor.CanPlay(k.Kind) {
				out[f.Name] = append(out[f.Name], fmt.Sprintf("no play window for %s documents", k.Kind))
			}
			if k.Sim && !editor.CanBalance(k.Kind) {
				out[f.Name] = append(out[f.Name], fmt.Sprintf("no balance view for %s documents", k.Kind))
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
