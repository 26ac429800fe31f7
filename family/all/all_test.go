package all_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/ftbt"
	"github.com/shapan/shapan/family"
	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/validate"
)

// documents returns the documents of kind the tests use: its template
// and the samples of the kind.
func documents(t *testing.T, kind string) []*formats.Document {
	t.Helper()
	var out []*formats.Document
	if _, k := family.Of(kind); k.Template != nil {
		doc, err := family.NewDocument(kind)
		if err != nil {
			t.Fatalf("template: %v", err)
		}
		out = append(out, doc)
	}
	for _, name := range samples.YAML() {
		src, err := samples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if doc.Kind == kind {
			out = append(out, doc)
		}
	}
	return out
}

// TestEveryKindHasOneFamily: every kind a layer knows (a codec, checks, a
// preview) belongs to exactly one family of the registry.
func TestEveryKindHasOneFamily(t *testing.T) {
	if len(family.All()) == 0 {
		t.Fatal("no family is registered")
	}
	known := family.Kinds()
	for layer, kinds := range map[string][]string{"formats": formats.Kinds(), "validate": validate.Kinds(), "preview": preview.Kinds()} {
		for _, k := range kinds {
			if !slices.Contains(known, k) {
				t.Errorf("%s knows %s documents, which no family owns", layer, k)
			}
		}
	}
}

// TestEveryFamilyHasWhatItClaims runs family.Verify on every registered
// family, with each kind's template and samples.
func TestEveryFamilyHasWhatItClaims(t *testing.T) {
	for _, f := range family.All() {
		t.Run(f.Name, func(t *testing.T) {
			for _, err := range family.Verify(f, func(kind string) []*formats.Document { return documents(t, kind) }) {
				t.Error(err)
			}
		})
	}
}

// TestVerifyFindsFalseClaims: a family whose claims the layers do not
// meet fails the completeness test, one error per false claim.
func TestVerifyFindsFalseClaims(t *testing.T) {
	liar := &family.Family{Name: "liar", Kinds: []family.Kind{
		{Kind: "mbg/scenario", Legacy: mbgfmt.FormatSave},                                        // wrong form; checks and preview not claimed
		{Kind: "liar/board", Title: "liar board", Check: true},                                   // no codec, no checks, no sample
		{Kind: "ftbt/rules", Legacy: ftbtfmt.FormatRules, Check: true, Preview: true, Sim: true}, // no Sim
	}}
	errs := family.Verify(liar, func(kind string) []*formats.Document {
		if kind == "liar/board" {
			return nil
		}
		return documents(t, kind)
	})
	var text []string
	for _, e := range errs {
		text = append(text, e.Error())
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{
		`mbg/scenario: formats knows it: true, with the game's own form "mbg-map"; the family says "mbg-sav"`,
		"mbg/scenario: validate has checks of it: true; the family claims false",
		"mbg/scenario: preview draws it: true; the family claims false",
		"liar/board: formats knows it: false",
		"liar/board: validate has checks of it: false; the family claims true",
		"liar/board: no template or sample",
		"ftbt/rules: it claims play or simulation",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("Verify did not report %q; it reported:\n%s", want, all)
		}
	}
}

// TestSimulateSaysWhy: the documents that cannot be simulated say why,
// and an adapter gets the family's default cap.
func TestSimulateSaysWhy(t *testing.T) {
	for _, f := range family.All() {
		for _, k := range f.Kinds {
			if k.Sim && family.DefaultTurnCap(k.Kind) < 1 {
				t.Errorf("%s: default turn cap %d", k.Kind, family.DefaultTurnCap(k.Kind))
			}
		}
	}
	read := func(name string) *formats.Document {
		src, _ := samples.Read(name)
		doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	for _, tc := range []struct {
		doc  *formats.Document
		want string
	}{
		{read("ftbt/兵法.yaml"), "simulate a level played with them"},
		{read("mbg/赤壁第十四回.yaml"), "simulate the scenario it was played from"},
		{&formats.Document{Kind: "chess/board"}, "a chess/board document cannot be simulated"},
		{nil, "no document"},
	} {
		if _, err := family.Simulate(tc.doc, family.SimOptions{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err %v, want %q", err, tc.want)
		}
	}
	level := read("ftbt/长坂坡.yaml")
	noRules := &formats.Document{Path: "x.yaml", Kind: ftbtfmt.KindLevel, Value: level.Value}
	if _, err := family.Simulate(noRules, family.SimOptions{}); !errors.Is(err, ftbt.ErrNoRules) || !strings.Contains(err.Error(), "--rules") {
		t.Errorf("a level without rules: %v", err)
	}
	if _, err := family.Simulate(level, family.SimOptions{TurnCap: -1}); err == nil {
		t.Error("a negative turn cap was accepted")
	}
}

// TestRegisterRefusesClashes: a family name or a kind is registered once.
func TestRegisterRefusesClashes(t *testing.T) {
	for _, f := range []family.Family{
		{Name: "mbg"},
		{Name: "mbg2", Kinds: []family.Kind{{Kind: "mbg/scenario"}}},
		{Name: "mbg3", Kinds: []family.Kind{{Kind: "mbg3/x", Play: true}}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s registered", f.Name)
				}
			}()
			family.Register(f)
		}()
	}
}
