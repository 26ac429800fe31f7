package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shapan/shapan/engine"
)

// proposing is a lead that proposes props at the first move of a game
// and plays random legal moves.
type proposing struct {
	props []engine.Answer
	rng   *rand.Rand
}

func (p proposing) Propose(g Game, d *engine.Decision) []engine.Answer {
	if g.Answered() == 0 {
		return p.props
	}
	return nil
}

func (p proposing) Answer(g Game, d *engine.Decision) engine.Answer {
	l, _ := engine.LegalOf(d)
	return l.At(p.rng.Int64N(l.N))
}

// TestAPairedOpeningComparesTheLeadsProposals: on Nim (1, 2) the lead
// proposes a losing move, a move that wins about half the random
// games and the winning move; searched in paired rounds the answer is
// the winning move, with a trust it can overcome and without one; with
// a trust no difference overcomes, the lead's own; and the answer
// depends on the seed only.
func TestAPairedOpeningComparesTheLeadsProposals(t *testing.T) {
	props := []engine.Answer{engine.Answer("[1,2]"), engine.Answer("[0,1]"), engine.Answer("[1,1]")}
	for _, c := range []struct {
		trust float64
		want  string
	}{{0, "[1,1]"}, {SureTrust, "[1,1]"}, {1000, "[1,2]"}} {
		m := replayModel(2, winnerValue)
		m.Horizon = 1
		random := func(seed int64) Policy { return proposing{nil, rand.New(rand.NewPCG(uint64(seed), 1))} }
		m.Policy = random
		m.Lead = func(seed int64) Policy { return proposing{props, rand.New(rand.NewPCG(uint64(seed), 2))} }
		m.Opening = func(g Game, _ *engine.Decision) bool { return g.Answered() == 0 }
		m.Paired, m.PairedTrust = true, c.trust
		var answers []string
		for range 2 {
			g := nim(1, 2)(0)
			p := New(m, Options{Playouts: 60, Seed: 3})
			answers = append(answers, string(p.Answer(g, g.Pending())))
			if s := p.Stats(); s.Playouts != 60 || s.Decisions != 1 {
				t.Errorf("trust %v: %d playouts in %d decisions, want 60 (20 rounds of 3) in 1", c.trust, s.Playouts, s.Decisions)
			}
			g.Close()
		}
		if answers[0] != c.want || answers[1] != answers[0] {
			t.Errorf("trust %v: the search answered %v, want %s twice", c.trust, answers, c.want)
		}
	}
}

// TestPairedBestWeighsDifferencesRoundByRound: a proposal better than
// the lead's in every round is chosen on few rounds, though the games'
// values vary far more than the difference; one better on the mean of
// unpaired noise is not, under the trust.
func TestPairedBestWeighsDifferencesRoundByRound(t *testing.T) {
	v := func(x float64) *float64 { return &x }
	var steady, noisy []pairedRound
	for i := range 12 {
		base := float64(i%4) / 4
		steady = append(steady, pairedRound{v(base), v(base + 0.2)})
		noisy = append(noisy, pairedRound{v(base), v(float64((i*7)%4)/4 + 0.05)})
	}
	if got := pairedBest(steady, SureTrust); got != 1 {
		t.Errorf("steady: answered %d, want 1", got)
	}
	if got := pairedBest(noisy, SureTrust); got != 0 {
		t.Errorf("noisy: answered %d, want 0", got)
	}
	// a round where the lead's own was refused does not count
	if got := pairedBest(append(noisy, pairedRound{nil, v(-9)}), 0); got != 1 {
		t.Errorf("noisy, no trust: answered %d, want 1 (a positive mean difference)", got)
	}
}

// TestARostersVariantIsNamedSearchDashName: search-NAME takes a budget
// as search does and searches with the variant's model; an unknown
// variant or a bad budget is refused, Names lists no variant and
// Choices, what a studio seat offers, lists them after search.
func TestARostersVariantIsNamedSearchDashName(t *testing.T) {
	used := ""
	model := func(name string) func(int64) (*Model, error) {
		return func(int64) (*Model, error) { used = name; return replayModel(2, winnerValue), nil }
	}
	r := Roster[*testGame]{Model: model("default"), Variants: map[string]func(int64) (*Model, error){"paired": model("paired")}}
	for _, c := range []struct{ name, model, bad string }{
		{"search:3", "default", ""},
		{"search-paired", "paired", ""},
		{"search-paired:3", "paired", ""},
		{"search-paired:0", "", "1 to 10000000"},
		{"search-paired:", "", "after search:"},
		{"search-other:3", "", "no computer player"},
	} {
		used = ""
		p, err := r.New(c.name, 0, 1)
		if c.bad != "" {
			if err == nil || !strings.Contains(err.Error(), c.bad) {
				t.Errorf("%s: error %v, want one saying %q", c.name, err, c.bad)
			}
			continue
		}
		if err != nil || used != c.model {
			t.Fatalf("%s: %v, model %q, want %q", c.name, err, used, c.model)
		}
		g := nim(1, 2)(0)
		if a := p.Answer(g, g.Pending()); g.Pending().Check(a) != nil {
			t.Errorf("%s: answered %s", c.name, a)
		}
		g.Close()
	}
	if names := strings.Join(r.Names(), ","); names != "random,search" {
		t.Errorf("Names: %s", names)
	}
	r.Variants["another"] = model("another")
	if choices := strings.Join(r.Choices(), ","); choices != "random,search,search-another,search-paired" {
		t.Errorf("Choices (a seat of the studio): %s", choices)
	}
}

// TestAScreenedPairedOpeningEndsWhenSettled: with PairedScreen, a paired
// opening of Nim (1, 2) whose other courses are the losing move and the
// winning move ends at the first look (the winning move is ahead in
// every round there), and one whose only other course loses ends there
// with the lead's own; without it, both spend the whole budget.
func TestAScreenedPairedOpeningEndsWhenSettled(t *testing.T) {
	for _, c := range []struct {
		props  []engine.Answer
		screen int
		want   string
		rounds int
	}{
		{[]engine.Answer{engine.Answer("[1,2]"), engine.Answer("[1,1]")}, 4, "[1,1]", 4},
		{[]engine.Answer{engine.Answer("[1,1]"), engine.Answer("[1,2]")}, 4, "[1,1]", 4},
		{[]engine.Answer{engine.Answer("[1,2]"), engine.Answer("[1,1]")}, 0, "[1,1]", 40},
		{[]engine.Answer{engine.Answer("[1,1]"), engine.Answer("[1,2]")}, 0, "[1,1]", 40},
	} {
		m := replayModel(2, winnerValue)
		m.Horizon = 1
		m.Policy = func(seed int64) Policy { return proposing{nil, rand.New(rand.NewPCG(uint64(seed), 1))} }
		props := c.props
		m.Lead = func(seed int64) Policy { return proposing{props, rand.New(rand.NewPCG(uint64(seed), 2))} }
		m.Opening = func(g Game, _ *engine.Decision) bool { return g.Answered() == 0 }
		m.Paired, m.PairedTrust, m.PairedScreen = true, SureTrust, c.screen
		g := nim(1, 2)(0)
		p := New(m, Options{Playouts: 80, Seed: 3})
		a := p.Answer(g, g.Pending())
		g.Close()
		if string(a) != c.want || p.Stats().Playouts != 2*c.rounds {
			t.Errorf("proposals %s, screen %d: answered %s in %d playouts, want %s in %d",
				c.props, c.screen, a, p.Stats().Playouts, c.want, 2*c.rounds)
		}
	}
}

// TestPairedSettledLooksAtTheScreenAndItsDoublings: the rounds are
// looked at after the screen's number and its doublings only; a tie is
// settled (no other course ahead), a course a little ahead is not.
func TestPairedSettledLooksAtTheScreenAndItsDoublings(t *testing.T) {
	v := func(x float64) *float64 { return &x }
	rounds := func(n, ahead int) []pairedRound {
		var out []pairedRound
		for i := range n {
			x := 0.0
			if i < ahead {
				x = 1
			}
			out = append(out, pairedRound{v(0), v(x)})
		}
		return out
	}
	for _, c := range []struct {
		n, ahead int
		want     bool
	}{{8, 0, true}, {12, 0, false}, {16, 0, true}, {24, 0, false}, {32, 0, true}, {8, 1, false}, {8, 8, true}} {
		if got := pairedSettled(rounds(c.n, c.ahead), 8, SureTrust); got != c.want {
			t.Errorf("%d rounds, %d ahead: settled %v, want %v", c.n, c.ahead, got, c.want)
		}
	}
	if pairedSettled(rounds(8, 0), 0, SureTrust) {
		t.Error("no screen: settled")
	}
}
