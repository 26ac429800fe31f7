package ftbt

import (
	"slices"
	"testing"

	"github.com/shapan/shapan/engine"
)

// TestMacroAIProposesDestinationsAndFollowsThemUp: at the destinations
// of games of the original's AI, the search's lead proposes the AI's own
// destination first, then others of the person's range, all distinct and
// accepted; and whichever is taken, its tech and target are accepted —
// the AI's own after its own destination, after another the tech and
// target the AI scored best from there.
func TestMacroAIProposesDestinationsAndFollowsThemUp(t *testing.T) {
	setup, err := LoadSetup("../../samples/ftbt/长坂坡.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	setup.TurnCap = 6
	ref, err := NewGoldenAI(setup)
	if err != nil {
		t.Fatal(err)
	}
	lead, err := NewGoldenAI(setup)
	if err != nil {
		t.Fatal(err)
	}
	m := &macroAI{ai: lead, want: 4}
	g := newGame(t, setup)
	defer g.Close()
	tried, others := 0, 0
	for d := g.Pending(); d != nil && tried < 12; d = g.Pending() {
		if a, ok := d.Args.(SelMoveArgs); ok && ref.controls(a.P) {
			tried++
			own := ref.Answer(g, d)
			props := m.Propose(g, d)
			if len(props) < 2 || string(props[0]) != string(own) {
				t.Fatalf("person %d: proposals %s, the AI's own %s", a.P, props, own)
			}
			seen := map[string]bool{}
			for i, p := range props {
				if seen[string(p)] || d.Check(p) != nil {
					t.Fatalf("person %d: proposal %s repeated or refused", a.P, p)
				}
				seen[string(p)] = true
				f := forkExact(t, g)
				cell, _ := engine.DecodeInt(p)
				if err := f.Answer(d.Player, p); err != nil {
					t.Fatal(err)
				}
				sc, err := ref.Explain(g, a.P)
				if err != nil {
					t.Fatal(err)
				}
				j := slices.Index(sc.ValidLoc, cell)
				want := Choice{Move: cell, ITech: sc.AttTech[j], Target: sc.AttTarget[j]}
				got := Choice{Move: cell, ITech: -1, Target: -1}
				for fd := f.Pending(); fd != nil && fd.Player == d.Player; fd = f.Pending() {
					switch fd.Args.(type) {
					case SelTechArgs, SelTechObjArgs:
					default:
						fd = nil
					}
					if fd == nil {
						break
					}
					b := m.Answer(f, fd)
					if err := fd.Check(b); err != nil {
						t.Fatalf("%s after %s: %s refused: %v", fd.Kind, p, b, err)
					}
					v, _ := engine.DecodeInt(b)
					if _, ok := fd.Args.(SelTechArgs); ok {
						got.ITech = v
					} else {
						got.Target = v
					}
					if err := f.Answer(fd.Player, b); err != nil {
						t.Fatal(err)
					}
				}
				if got.ITech == -1 {
					got.Target = -1
				}
				if want.ITech == -1 {
					want.Target = -1
				}
				if got != want {
					t.Errorf("person %d, destination %d (proposal %d): followed up with %+v, the AI scored %+v best from there", a.P, cell, i, got, want)
				}
				if i > 0 {
					others++
				}
				f.Close()
			}
		}
		if err := g.Answer(d.Player, ref.Answer(g, d)); err != nil {
			t.Fatal(err)
		}
	}
	if tried < 12 || others < 12 {
		t.Fatalf("only %d destinations and %d other proposals tried", tried, others)
	}
}
