package balance

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/formats"
	bfmt "github.com/shapan/shapan/formats/battle"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/samples"
	"github.com/shapan/shapan/validate"
)

// loadSample reads a sample document ("ftbt/长坂坡.yaml").
func loadSample(t testing.TB, name string) *formats.Document {
	t.Helper()
	data, err := samples.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes(name, data, formats.Options{From: formats.YAML, FS: samples.FS()})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// familyCase is a sample made unfair on purpose, and how to search it.
type familyCase struct {
	name, sample string
	unbalance    func(v any)
	opts         Options
	// confirmGames is the number of games of the independent
	// confirmation (0: 100).
	confirmGames int
}

var familyCases = []familyCase{
	{name: "ftbt: 赵云 with three times his hp", sample: "ftbt/长坂坡.yaml",
		unbalance: func(v any) { v.(*ftbtfmt.Level).People[0].HP *= 3 },
		opts:      Options{Knobs: "hp/赵云,hp/曹纯,hp/文聘", Budget: 600, MaxGames: 48, Tolerance: 0.1, Seed: 11}},
	{name: "mbg: 魏 starts with 34000 instead of 14000", sample: "mbg/赤壁.yaml",
		unbalance: func(v any) { v.(*mbgfmt.Scenario).Roles[0].Money = 34000 },
		opts:      Options{Knobs: "money/*", Budget: 700, MaxGames: 48, Tolerance: 0.12, Seed: 5, Sim: family.SimOptions{TurnCap: 30}}},
	{name: "battle: the two cities beside player 1's base at level 3", sample: "battle/小沛.yaml",
		unbalance: func(v any) {
			m := v.(*bfmt.Map)
			for _, c := range [][2]int{{10, 3}, {4, 9}} {
				m.Cells[m.Index(c[0], c[1])] = bfmt.CodeCity1 + 2
			}
		},
		opts: Options{Knobs: "level/*", Budget: 1000, MaxGames: 32, Tolerance: 0.12, Seed: 7}, confirmGames: 60},
	{name: "planets: start A grows by 1.5 a step where the others grow by 1.05", sample: "planets/九州.yaml",
		unbalance: func(v any) {
			setPlanet(v.(*planetsfmt.Map), "A", func(p *planetsfmt.Planet) { p.Res = planetsfmt.FloatValue(1.5) })
		},
		opts: Options{Knobs: "res/[ABCD]", Budget: 2500, MaxGames: 128, Tolerance: 0.08, Seed: 13}, confirmGames: 400},
}

// setPlanet edits the planet named name of m.
func setPlanet(m *planetsfmt.Map, name string, edit func(p *planetsfmt.Planet)) {
	for i := range m.Planets {
		if m.Planets[i].Token.Text == name {
			edit(&m.Planets[i])
		}
	}
}

// TestFindsFairEdits makes a sample of every family unfair and checks that
// the search finds a fair edit within its budget, that the edit passes
// check, and that an independent simulation with another seed finds
// every side within the tolerance band (its 95 % interval meets it),
// which the unfair document fails.
func TestFindsFairEdits(t *testing.T) {
	for _, tc := range familyCases {
		t.Run(tc.name, func(t *testing.T) {
			doc := loadSample(t, tc.sample)
			tc.unbalance(doc.Value)
			tc.opts.Jobs = 2
			r, err := Run(context.Background(), doc, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Baseline.Fair {
				t.Fatalf("the unbalanced document is fair already:\n%s", text(r))
			}
			if len(r.Proposals) == 0 || !r.Proposals[0].Fair {
				t.Fatalf("no fair proposal:\n%s", text(r))
			}
			if r.Spent > tc.opts.Budget {
				t.Errorf("spent %d games of a budget of %d", r.Spent, tc.opts.Budget)
			}
			best := r.Proposals[0]
			t.Logf("%s: %s, fair in %d games (%d candidates); baseline %s", tc.name, best.EditLine(), r.Spent, r.Candidates, sideRates(r.Baseline))
			fixed, err := formats.ReadBytes(doc.Path, best.YAML, formats.Options{From: formats.YAML, FS: samples.FS()})
			if err != nil {
				t.Fatal(err)
			}
			if l := validate.Check(fixed); l.HasErrors() {
				t.Fatalf("the proposal does not pass check: %v", l)
			}
			if bad := confirm(t, fixed, tc.opts, tc.confirmGames); bad != "" {
				t.Errorf("an independent simulation of proposal %q finds it unfair: %s\n%s", best.EditLine(), bad, text(r))
			}
			if bad := confirm(t, doc, tc.opts, tc.confirmGames); bad == "" {
				t.Errorf("the independent simulation finds the unbalanced document fair too: the check proves nothing")
			}
		})
	}
}

// confirm plays an independent simulation of doc (another seed, games
// games, 100 for 0) and returns a side whose 95 % interval lies wholly outside its
// fair share ± the tolerance ("" when none does).
func confirm(t *testing.T, doc *formats.Document, o Options, games int) string {
	t.Helper()
	if games == 0 {
		games = 100
	}
	f, err := family.Simulate(doc, o.Sim)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sim.Run(context.Background(), f, sim.Options{Games: games, Seed: o.Seed + 1000, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	present := 0
	for _, s := range rep.Sides {
		if !s.Absent {
			present++
		}
	}
	share := (1 - rep.Draws.Rate) / float64(present)
	for _, s := range rep.Sides {
		if !s.Absent && (s.Wins.High < share-o.Tolerance || s.Wins.Low > share+o.Tolerance) {
			return s.Name + " wins " + pct(s.Wins.Rate) + " (95% " + pct(s.Wins.Low) + "–" + pct(s.Wins.High) + ") against a share of " + pct(share)
		}
	}
	return ""
}

func sideRates(p Proposal) string {
	var parts []string
	for _, s := range p.Measure.Sides {
		if !s.Absent {
			parts = append(parts, s.Name+" "+pct(s.Wins.Rate))
		}
	}
	return strings.Join(parts, ", ")
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", x*100) }

func text(r *Result) string {
	var b strings.Builder
	r.WriteText(&b)
	return b.String()
}

// roundsCase is 长坂坡 with 赵云 at three times his hp, asked for ±6 points
// with candidates judged on 128 games: a search whose first round settles
// on a point within ±6 on the round's games but not on fresh ones.
func roundsCase() familyCase {
	tc := familyCases[0]
	tc.opts.Tolerance, tc.opts.MaxGames, tc.opts.Budget = 0.06, 128, 1000
	return tc
}

// TestRoundsStartOnNewGames: on roundsCase the first round ends when a
// candidate within ±6 on the round's games fails on its fresh games, and
// the search goes on from it in a second round — on games of another
// seed, each judged candidate with fresh games of its own seed and a
// longer hold-out — within the budget; the first round alone (the search
// as it was) ends there with no fair proposal.
func TestRoundsStartOnNewGames(t *testing.T) {
	tc := roundsCase()
	doc := loadSample(t, tc.sample)
	tc.unbalance(doc.Value)
	tc.opts.Jobs, tc.opts.Proposals = 2, 100 // every candidate
	one := tc.opts
	one.oneRound = true
	first, err := Run(context.Background(), doc, one)
	if err != nil {
		t.Fatal(err)
	}
	if first.Rounds != 1 || len(first.Proposals) == 0 || first.Proposals[0].Fair || !strings.Contains(text(first), "of the fresh") {
		t.Fatalf("the first round did not end on a candidate that failed on fresh games:\n%s", text(first))
	}
	r, err := Run(context.Background(), doc, tc.opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first round: %d games, %s; with rounds: games %v, %s", first.Spent, first.Outcome, r.RoundGames, r.Outcome)
	if r.Rounds < 2 || len(r.RoundGames) != r.Rounds || r.RoundGames[0] != first.Spent || sum(r.RoundGames) != r.Spent || r.Spent > tc.opts.Budget {
		t.Fatalf("rounds %d of games %v after a first round of %d games; spent %d of %d", r.Rounds, r.RoundGames, first.Spent, r.Spent, tc.opts.Budget)
	}
	later := 0
	for _, p := range r.Proposals {
		if len(p.Edits) == 0 {
			t.Errorf("a proposal of round %d edits nothing: the baseline is not a proposal", p.Round)
		}
		if p.Round == 1 {
			continue
		}
		later++
		if p.Seed == tc.opts.Seed {
			t.Errorf("round %d played the first round's games (seed %d)", p.Round, p.Seed)
		}
		if p.Fresh != nil && (p.FreshSeed == 0 || p.FreshSeed == p.Seed) {
			t.Errorf("a candidate of round %d was judged on fresh games of seed %d (its round's: %d)", p.Round, p.FreshSeed, p.Seed)
		}
		if p.Fair && p.Fresh.Games < 2*tc.opts.MaxGames {
			t.Errorf("a candidate of round %d was called fair on %d fresh games", p.Round, p.Fresh.Games)
		}
	}
	if later == 0 {
		t.Errorf("no proposal comes from a later round:\n%s", text(r))
	}
}
