package balance

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// result sums the search up.
func (s *search) result(outcome string) *Result {
	r := &Result{Outcome: outcome, Scenario: s.opts.Scenario, Target: s.opts.Target.String(), Tolerance: round4(s.tol * 100),
		Seed: s.opts.Seed, Budget: s.opts.Budget, BudgetNote: s.budgetNote, EndNote: s.endNote, Spent: s.spent, MaxGames: s.confirm, Candidates: len(s.order), Refused: s.refused}
	if f, _ := familyOf(s.doc.Kind); f != "" {
		r.Family = f
	}
	effects := s.docEffects
	if effects == nil {
		effects = s.effects
	}
	for i, k := range s.knobs {
		info := describeKnob(&k, s.doc.Value, s.sides)
		info.Effect = effects[i]
		r.Knobs = append(r.Knobs, info)
	}
	r.Games = s.gamesByPhase()
	for _, g := range s.groups {
		g.IDs = nil
		for _, i := range g.Knobs {
			g.IDs = append(g.IDs, s.knobs[i].ID)
		}
		r.Groups = append(r.Groups, *g)
	}
	r.Baseline = s.proposal(s.baseline)
	r.Proposals = s.proposals()
	r.Headline = s.headline(r)
	return r
}

// gamesByPhase counts the games played by what they were for.
func (s *search) gamesByPhase() PhaseGames {
	var g PhaseGames
	for _, c := range s.order {
		n := len(c.common.winners)
		switch {
		case c == s.baseline:
			g.Baseline += n
		case c.measured:
			g.Knobs += n
		default:
			g.Points += n
		}
		g.Confirmations += len(c.fresh.winners)
	}
	return g
}

// proposals are the points tried, best first (proposalBefore), at most
// Options.Proposals of them, and no two whose games ended alike: a knob
// that changed no game makes no other proposal.
func (s *search) proposals() []Proposal {
	type entry struct {
		c *candidate
		p Proposal
	}
	var rest []entry
	for _, c := range s.order {
		if c != s.baseline && c.tried && len(c.common.winners)+len(c.fresh.winners) > 0 {
			rest = append(rest, entry{c, s.proposal(c)})
		}
	}
	sort.SliceStable(rest, func(i, j int) bool { return proposalBefore(rest[i].p, rest[j].p) })
	var out []Proposal
	played := map[string]bool{}
	for _, e := range rest {
		if len(out) == s.opts.Proposals {
			break
		}
		k := fmt.Sprint(e.c.common.winners, e.c.fresh.seed, e.c.fresh.winners)
		if !played[k] {
			played[k] = true
			out = append(out, e.p)
		}
	}
	return out
}

// proposalBefore orders proposals: fair and confirmed first, then fair,
// then by their distance from the target on their unbiased games, the
// fewest edits, the smallest moves.
func proposalBefore(a, b Proposal) bool {
	rank := func(p Proposal) int {
		switch {
		case p.Fair && p.Confirmed:
			return 0
		case p.Fair:
			return 1
		}
		return 2
	}
	if rank(a) != rank(b) {
		return rank(a) < rank(b)
	}
	if la, lb := a.Unbiased().Loss, b.Unbiased().Loss; la != lb {
		return la < lb
	}
	if len(a.Edits) != len(b.Edits) {
		return len(a.Edits) < len(b.Edits)
	}
	return cost(a.Edits) < cost(b.Edits)
}

// cost is the sum of the edits' moves, in percent.
func cost(edits []Edit) float64 {
	c := 0.0
	for _, e := range edits {
		c += math.Abs(e.Percent)
	}
	return c
}

// proposal is c with its evidence and its diff from the document.
func (s *search) proposal(c *candidate) Proposal {
	p := Proposal{Measure: s.measure(c.common.winners), Fair: c.fair, Confirmed: c.confirmed, Dropped: c.dropped,
		Seed: c.common.seed, Edits: s.edits(c.point)}
	if len(c.fresh.winners) > 0 {
		fresh := s.measure(c.fresh.winners)
		p.Fresh, p.FreshSeed = &fresh, c.fresh.seed
	}
	data, err := formats.Encode(c.doc, formats.YAML)
	if err != nil {
		p.Diff = fmt.Sprintf("(the document cannot be written: %v)", err)
		return p
	}
	p.YAML = data
	if len(p.Edits) > 0 {
		p.Diff = Diff(s.base, data, filepath.Base(s.doc.Path))
	}
	return p
}

// headline says what the search found, first.
func (s *search) headline(r *Result) string {
	tol := fmt.Sprintf("±%s points", num(r.Tolerance))
	switch r.Outcome {
	case OutcomeFairAlready:
		f := *r.Baseline.Fresh
		return fmt.Sprintf("fair already: every side within %s of its target on %d fresh games (%s); no edit is needed", tol, f.Games, rateList(f))
	case OutcomeFairConfirmed, OutcomeFair:
		p := r.Proposals[0]
		f := *p.Fresh
		what := "fair, confirmed"
		why := fmt.Sprintf("every side within %s of its target by the margin an independent %d-game simulation needs", tol, agreeGames)
		if r.Outcome == OutcomeFair {
			what = "fair"
			why = fmt.Sprintf("every side within %s of its target", tol)
		}
		return fmt.Sprintf("%s: %s — %s on %d fresh games (%s)", what, p.EditLine(), why, f.Games, rateList(f))
	}
	var b strings.Builder
	switch r.Outcome {
	case OutcomeStopped:
		fmt.Fprintf(&b, "stopped after %d games", r.Spent)
		if len(r.Proposals) == 0 || !r.Proposals[0].Fair {
			b.WriteString(", no fair proposal yet")
		}
	case OutcomeNoKnob:
		switch {
		case len(s.significant()) == 0 && len(s.knobs) == 1:
			fmt.Fprintf(&b, "no fair proposal: %s moved no side's win rate beyond the noise of its games", s.knobs[0].ID)
		case len(s.significant()) == 0:
			fmt.Fprintf(&b, "no fair proposal: none of the %d knobs moved a side's win rate beyond the noise of its games", len(s.knobs))
		default:
			fmt.Fprintf(&b, "no fair proposal: the knobs cannot bring every side within %s in their ranges", tol)
		}
	default:
		fmt.Fprintf(&b, "no fair proposal within %d games", r.Budget)
		if n := s.unmeasured(); n > 0 && s.spent > 0 && len(r.Proposals) == 0 {
			fmt.Fprintf(&b, ", which ended before %d of the %d knobs were measured", n, len(s.knobs))
		}
	}
	if len(r.Proposals) > 0 {
		p := r.Proposals[0]
		m := p.Unbiased()
		which := "common"
		if p.Fresh != nil && m.Games == p.Fresh.Games {
			which = "fresh"
		}
		fmt.Fprintf(&b, "; the best found: %s — %s on %d %s games", p.EditLine(), rateList(m), m.Games, which)
	}
	base := r.Baseline.Unbiased()
	fmt.Fprintf(&b, " (the document: %s on %d games)", rateList(base), base.Games)
	return b.String()
}

// rateList lists every side's win rate: "魏 33.1%, 蜀 34.0%, 吴 32.9%".
func rateList(m Measure) string {
	var parts []string
	for _, st := range m.Sides {
		if !st.Absent {
			parts = append(parts, fmt.Sprintf("%s %.1f%%", st.Name, st.Wins.Rate*100))
		}
	}
	return strings.Join(parts, ", ")
}

// Diff returns the unified diff (two lines of context) from before to
// after, two YAML documents of the file name.
func Diff(before, after []byte, name string) string {
	if name == "" || name == "." {
		name = "document.yaml"
	}
	text, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: difflib.SplitLines(string(before)), B: difflib.SplitLines(string(after)),
		FromFile: "a/" + name, ToFile: "b/" + name, Context: 2})
	if err != nil {
		return fmt.Sprintf("(no diff: %v)", err)
	}
	return text
}

// familyOf returns the family name of a document kind.
func familyOf(kind string) (string, bool) {
	f, _ := family.Of(kind)
	if f == nil {
		return "", false
	}
	return f.Name, true
}
