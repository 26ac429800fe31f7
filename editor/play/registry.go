package play

import (
	"github.com/shapan/shapan/editor"
	"github.com/shapan/shapan/family"
)

var families = map[string]Family{}

// Register adds the family that plays documents of kind and wires it into
// the studio's Play button.
func Register(kind string, f Family) {
	families[kind] = f
	editor.RegisterPlay(kind, AskSetup)
}

// familyOf returns how documents of kind are played: the family's own
// board (Register), or else, for a kind the family registry plays, the
// generic window of its decisions (generic.go).
func familyOf(kind string) (Family, bool) {
	if f, ok := families[kind]; ok {
		return f, true
	}
	if family.Playable(kind) {
		return genericFamily(kind), true
	}
	return Family{}, false
}

func init() {
	// Every kind the registry plays has a play window, its own or the
	// generic one; the kinds are asked when Play is pressed, so a family
	// registered after this package still gets one.
	editor.RegisterAnyPlay(AskSetup)
}
