package family

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/formats"
)

// The registry is global; this test binary registers only the families
// below (family/all is not imported here).
func init() {
	Register(Family{Name: "zeta", Title: "Z", Kinds: []Kind{{Kind: "zeta/map", Title: "zeta map"}}})
	Register(Family{Name: "alpha", Title: "A",
		Kinds: []Kind{{Kind: "alpha/b", Play: true, Sim: true}, {Kind: "alpha/a", NoSim: "simulate an alpha/b instead"}},
		Play:  &Play{Help: "alpha plays"}, Sim: &Sim{Help: "alpha sims", DefaultTurnCap: 40}})
}

func TestRegistryListsAreSortedAndDerived(t *testing.T) {
	var names []string
	for _, f := range All() {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, ","); got != "alpha,zeta" {
		t.Errorf("All = %s, want sorted by name", got)
	}
	if got := strings.Join(Kinds(), ","); got != "alpha/a,alpha/b,zeta/map" {
		t.Errorf("Kinds = %s", got)
	}
	if got := strings.Join(KindsWhere(func(k *Kind) bool { return k.Play }), ","); got != "alpha/b" {
		t.Errorf("playable kinds = %s", got)
	}
	if !Playable("alpha/b") || Playable("alpha/a") || Playable("nope") || !Simulable("alpha/b") || Simulable("zeta/map") {
		t.Error("Playable or Simulable is wrong")
	}
	if f, k := Of("zeta/map"); f == nil || f.Name != "zeta" || k.Title != "zeta map" {
		t.Errorf("Of(zeta/map) = %v, %v", f, k)
	}
	if f, k := Of("nope"); f != nil || k != nil {
		t.Error("an unknown kind has a family")
	}
	if ByName("alpha") == nil || ByName("beta") != nil {
		t.Error("ByName is wrong")
	}
	if got := Help(func(f *Family) string {
		if f.Play == nil {
			return ""
		}
		return f.Play.Help
	}); got != "alpha plays" {
		t.Errorf("Help = %q", got)
	}
	if DefaultTurnCap("alpha/b") != 40 || DefaultTurnCap("alpha/a") != 0 {
		t.Error("DefaultTurnCap is wrong")
	}
	all := All()
	all[0] = nil
	if All()[0] == nil {
		t.Error("All returned the registry itself")
	}
}

func TestRegisterRefusesConflicts(t *testing.T) {
	for name, f := range map[string]Family{
		"no name":       {Kinds: []Kind{{Kind: "x/y"}}},
		"a taken name":  {Name: "zeta"},
		"a taken kind":  {Name: "beta", Kinds: []Kind{{Kind: "zeta/map"}}},
		"play, no Play": {Name: "gamma", Kinds: []Kind{{Kind: "gamma/a", Play: true}}},
		"sim, no Sim":   {Name: "delta", Kinds: []Kind{{Kind: "delta/a", Sim: true}}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("registered")
				}
			}()
			Register(f)
		})
	}
	if ByName("beta") != nil || ByName("gamma") != nil {
		t.Error("a refused family was left in the registry")
	}
}

func TestUsesOfAKindThatCannotDoItSayWhy(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"play an unplayable kind", PlayDocument(&formats.Document{Kind: "zeta/map"}, PlayOptions{}, nil), "a zeta/map document cannot be played"},
		{"choose players the family does not offer", PlayDocument(&formats.Document{Kind: "alpha/b"}, PlayOptions{Players: "a,b"}, nil), "the players of a alpha/b document cannot be chosen"},
		{"simulate nothing", simErr(nil, SimOptions{}), "family: no document"},
		{"simulate an unknown kind", simErr(&formats.Document{Kind: "nope"}, SimOptions{}), "a nope document cannot be simulated"},
		{"simulate a kind with advice", simErr(&formats.Document{Kind: "alpha/a"}, SimOptions{}), "simulate an alpha/b instead"},
		{"choose sim players", simErr(&formats.Document{Kind: "alpha/b"}, SimOptions{Players: "x"}), "the players of a alpha/b document cannot be chosen"},
		{"resume a family that does not play", resumeErr("zeta"), `family: no family "zeta" plays games`},
		{"new document without a template", newErr("zeta/map"), "there is no template of zeta/map documents"},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, c.err, c.want)
		}
	}
}

func simErr(doc *formats.Document, o SimOptions) error { _, err := Simulate(doc, o); return err }

func resumeErr(name string) error {
	_, err := ResumeGame(&engine.Snapshot{Family: name}, GameOptions{})
	return err
}

func newErr(kind string) error { _, err := NewDocument(kind); return err }
