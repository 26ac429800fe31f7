package family

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/validate"
)

// Verify checks what family f claims against what the layers supply,
// on the documents docs returns for each kind (its template and samples):
// every kind is known to formats with the game's own form it names, has
// checks and a preview exactly when it claims them, is written in its
// game's own form and read back, passes its checks, is drawn, played (its
// every decision listing legal answers the decision accepts, the game
// saved and resumed at the same decision) and simulated as it claims. It
// returns every claim that does not hold; the completeness test of
// family/all runs it on every registered family.
func Verify(f *Family, docs func(kind string) []*formats.Document) []error {
	var errs []error
	for i := range f.Kinds {
		k := &f.Kinds[i]
		fail := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("%s: %s: %s", f.Name, k.Kind, fmt.Sprintf(format, args...)))
		}
		if legacy, ok := formats.LegacyForm(k.Kind); !ok || legacy != k.Legacy {
			fail("formats knows it: %v, with the game's own form %q; the family says %q", ok, legacy, k.Legacy)
		}
		if validate.HasChecker(k.Kind) != k.Check {
			fail("validate has checks of it: %v; the family claims %v", validate.HasChecker(k.Kind), k.Check)
		}
		if preview.Supports(k.Kind) != k.Preview {
			fail("preview draws it: %v; the family claims %v", preview.Supports(k.Kind), k.Preview)
		}
		if (k.Play && (f.Play == nil || f.Play.Run == nil || f.Play.Start == nil || f.Play.Resume == nil)) || (k.Sim && (f.Sim == nil || f.Sim.New == nil)) {
			fail("it claims play or simulation, but the family lacks Play's Run, Start and Resume or Sim's New")
			continue
		}
		if k.Play && len(f.Play.Decisions) == 0 {
			fail("it claims play, but the family's Play lists no decision kinds (Decisions)")
		}
		ds := docs(k.Kind)
		if len(ds) == 0 {
			fail("no template or sample to verify the kind with")
		}
		for _, doc := range ds {
			if err := verifyDocument(f, k, doc); err != nil {
				fail("%s: %v", doc.Path, err)
			}
		}
	}
	return errs
}

// verifyDocument checks the claims of kind k on one document.
func verifyDocument(f *Family, k *Kind, doc *formats.Document) error {
	if l := validate.Check(doc); l.HasErrors() {
		return fmt.Errorf("the checks find errors: %w", l)
	}
	if k.Preview {
		if _, err := preview.Render(doc, preview.Options{}); err != nil {
			return fmt.Errorf("preview: %w", err)
		}
	}
	if k.Legacy != "" {
		b, err := formats.Encode(doc, k.Legacy)
		if err != nil {
			return fmt.Errorf("writing %s: %w", k.Legacy, err)
		}
		back, err := formats.ReadBytes("back", b, formats.Options{From: k.Legacy, Rules: doc.Rules})
		if err != nil || back.Kind != k.Kind {
			return fmt.Errorf("reading back %s: %v", k.Legacy, err)
		}
	}
	if k.Play {
		if err := verifyPlay(doc, f.Play.Decisions); err != nil {
			return err
		}
	}
	if k.Sim {
		return verifySim(doc)
	}
	return nil
}

// verifyPlay plays 300 decisions of doc with the family's computer
// player, checking every decision's kind (one of kinds) and legal
// answers, then saves the game and resumes it at the same decision.
func verifyPlay(doc *formats.Document, kinds []string) error {
	o := GameOptions{Seed: 3, TurnCap: 20, Machine: engine.Options{DropEvents: true}}
	g, err := StartGame(doc, o)
	if err != nil {
		return fmt.Errorf("starting a game: %w", err)
	}
	defer g.Close()
	for n := 0; n < 300 && g.Pending() != nil; n++ {
		d := g.Pending()
		if d.Player < 0 || d.Player >= len(g.Seats) {
			return fmt.Errorf("a decision for seat %d of %d", d.Player, len(g.Seats))
		}
		if !slices.Contains(kinds, d.Kind) {
			return fmt.Errorf("a decision of kind %q, which the family's Play.Decisions does not list", d.Kind)
		}
		if err := engine.VerifyLegal(d, 8); err != nil {
			return err
		}
		if err := g.Answer(d.Player, g.Computer(d.Player)(d)); err != nil {
			return fmt.Errorf("the computer's answer: %w", err)
		}
	}
	if err := verifyView(g); err != nil {
		return err
	}
	snap, err := g.Save()
	if err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	b, err := json.Marshal(snap)
	if err != nil {
		return err
	}
	var back engine.Snapshot
	if err := json.Unmarshal(b, &back); err != nil {
		return err
	}
	r, err := ResumeGame(&back, o)
	if err != nil {
		return fmt.Errorf("resuming the game: %w", err)
	}
	defer r.Close()
	d, rd := g.Pending(), r.Pending()
	if (d == nil) != (rd == nil) || (d != nil && (d.Kind != rd.Kind || d.Player != rd.Player)) {
		return fmt.Errorf("the resumed game waits for %+v, the saved one for %+v", rd, d)
	}
	return nil
}

// verifyView checks that a game's board view, when it has one, is JSON
// naming the game's family.
func verifyView(g *Game) error {
	if g.View == nil {
		return nil
	}
	b, err := json.Marshal(g.View())
	if err != nil {
		return fmt.Errorf("the board view: %w", err)
	}
	var v struct{ Family string }
	if err := json.Unmarshal(b, &v); err != nil || v.Family == "" {
		return fmt.Errorf("the board view %.60s… names no family", b)
	}
	return nil
}

// verifySim plays two short games of doc with its simulation adapter.
func verifySim(doc *formats.Document) error {
	a, err := Simulate(doc, SimOptions{TurnCap: 10})
	if err != nil {
		return err
	}
	r, err := sim.Run(context.Background(), a, sim.Options{Games: 2, Seed: 1, Jobs: 1})
	if err != nil {
		return err
	}
	if r.Failed > 0 {
		return errors.New("a simulated game failed")
	}
	return nil
}
