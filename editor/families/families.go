// Package families registers the studio's side of every game family: the
// editor views (editor/mbgview, editor/ftbtview, ...), the play windows
// (editor/play, editor/battleplay) and the balance view (editor/balance),
// each by document kind in package editor. Import it for its side effect,
// as cmd/studio does; adding a family's studio packages is one line here.
//
// The families themselves, and what each can do, come from the registry
// of package family (which needs no GUI); Missing compares the two, by
// family name.
package families

import (
	"fmt"
	"slices"

	"github.com/shapan/shapan/editor"
	_ "github.com/shapan/shapan/editor/balance"
	_ "github.com/shapan/shapan/editor/battleplay"
	_ "github.com/shapan/shapan/editor/battleview"
	_ "github.com/shapan/shapan/editor/ftbtplay"
	_ "github.com/shapan/shapan/editor/ftbtview"
	_ "github.com/shapan/shapan/editor/host"
	_ "github.com/shapan/shapan/editor/mbgplay"
	_ "github.com/shapan/shapan/editor/mbgview"
	_ "github.com/shapan/shapan/editor/planetsplay"
	_ "github.com/shapan/shapan/editor/planetsview"
	_ "github.com/shapan/shapan/editor/play"
	"github.com/shapan/shapan/family"
)

// pending are gaps known and being filled, by family: Missing leaves
// them out, and reports one that is filled (remove it from here then).
var pending = map[string][]string{}

// Missing lists, by family name, what the studio lacks for a family of
// the registry: a kind that does not open in a tab, a playable kind
// without a play window, a simulable kind without the balance view (the
// pending gaps left out). Nil when the studio has everything.
//
// A family whose studio packages are not written yet still has every
// surface, each saying what it lacks: its documents open with a Document
// pane ("the studio has no editor for … documents", and their YAML) and
// are played in the generic play window, which says the game has no
// board and asks each decision as the list of its legal answers.
func Missing() map[string][]string {
	out := map[string][]string{}
	for _, f := range family.All() {
		var gaps []string
		for _, k := range f.Kinds {
			if !editor.CanOpen(k.Kind) {
				gaps = append(gaps, fmt.Sprintf("no editor view of %s documents", k.Kind))
			}
			if k.Play && !editor.CanPlay(k.Kind) {
				gaps = append(gaps, fmt.Sprintf("no play window for %s documents", k.Kind))
			}
			if k.Sim && !editor.CanBalance(k.Kind) {
				gaps = append(gaps, fmt.Sprintf("no balance view for %s documents", k.Kind))
			}
		}
		for _, g := range gaps {
			if !slices.Contains(pending[f.Name], g) {
				out[f.Name] = append(out[f.Name], g)
			}
		}
		for _, p := range pending[f.Name] {
			if !slices.Contains(gaps, p) {
				out[f.Name] = append(out[f.Name], "a pending gap is filled, remove it from pending: "+p)
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
