package balance

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
)

// result sums the search up.
func (s *search) result(outcome string) *Result {
	r := &Result{Scenario: s.opts.Scenario, Target: s.opts.Target.String(), Tolerance: s.tol, Seed: s.opts.Seed,
		Budget: s.opts.Budget, Spent: s.spent, MaxGames: s.maxGames, Candidates: len(s.order), Refused: s.refused, Outcome: outcome,
		Rounds: s.rounds + 1, RoundGames: append(append([]int{}, s.roundGames...), s.spent-sum(s.roundGames))}
	if f, _ := familyOf(s.doc.Kind); f != "" {
		r.Family = f
	}
	for _, k := range s.knobs {
		r.Knobs = append(r.Knobs, k.info(s.doc.Value, s.sides))
	}
	if len(s.order) == 0 {
		return r
	}
	r.Baseline = s.proposal(s.order[0])
	var rest []*candidate
	for _, c := range s.order[1:] {
		if len(c.winners) > 0 && s.measure(c, len(c.winners)).Failed == 0 {
			rest = append(rest, c)
		}
	}
	sort.SliceStable(rest, func(i, j int) bool {
		a, b := rest[i], rest[j]
		if a.fair != b.fair {
			return a.fair
		}
		return s.measure(a, len(a.winners)).Risk < s.measure(b, len(b.winners)).Risk
	})
	// The document's own point, played again in a later round, is no
	// edit to propose: the baseline shows it.
	listed := map[string]bool{key(s.order[0].point): true}
	for _, c := range rest {
		if len(r.Proposals) == s.opts.Proposals {
			break
		}
		if !listed[key(c.point)] { // a point played again in a later round is listed once, at its best
			listed[key(c.point)] = true
			r.Proposals = append(r.Proposals, s.proposal(c))
		}
	}
	return r
}

// proposal is c with its evidence and its diff from the document.
func (s *search) proposal(c *candidate) Proposal {
	p := Proposal{Measure: s.measure(c, len(c.winners)), Fair: c.fair, Dropped: c.dropped, Round: c.round + 1, Seed: c.seed, FreshSeed: c.freshSeed}
	if len(c.winners) > s.maxGames {
		fresh := s.measureRange(c, s.maxGames, len(c.winners))
		p.Fresh = &fresh
	}
	for i, k := range s.knobs {
		if from := k.Get(s.doc.Value); from != c.point[i] {
			p.Edits = append(p.Edits, k.edit(from, c.point[i]))
		}
	}
	if p.Edits == nil {
		p.Edits = []Edit{}
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
