package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/shapan/shapan/engine/sim"
	mbgsim "github.com/shapan/shapan/engine/sim/mbg"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shapan/shapan/engine/mbg"
	"github.com/shapan/shapan/internal/longtest"
	"github.com/shapan/shapan/internal/shared"
)

// TestSameSeedSameReportWhateverTheJobs: the JSON report of a seed is the
// same bytes with 1, 2 and 4 workers, on the sample and on the original
// game's sanguo.map; another seed gives another report.
func TestSameSeedSameReportWhateverTheJobs(t *testing.T) {
	families := map[string]func(t *testing.T) sim.Family{
		"赤壁": func(t *testing.T) sim.Family { return sampleFamily(t, longtest.Sized(60, 30, 60)) },
		"sanguo": func(t *testing.T) sim.Family {
			sc, err := mbg.LoadScenario(filepath.Join(shared.Dir(t), "legacy", "mbg", "sanguo.map"))
			if err != nil {
				t.Fatal(err)
			}
			f, err := mbgsim.New(sc, mbgsim.Options{TurnCap: 60})
			if err != nil {
				t.Fatal(err)
			}
			return f
		},
	}
	for _, name := range []string{"赤壁", "sanguo"} {
		t.Run(name, func(t *testing.T) {
			f := families[name](t)
			// Under -race 4 games with 1 and 2 workers (two rounds of two
			// games at once): the detector sees the workers share the
			// report as well as with more games.
			n := longtest.Sized(24, 4, 24)
			one := reportJSON(t, f, sim.Options{Games: n, Seed: 7, Jobs: 1})
			for _, jobs := range longtest.Sized([]int{2, 4}, []int{2}, []int{2, 4}) {
				if got := reportJSON(t, f, sim.Options{Games: n, Seed: 7, Jobs: jobs}); !bytes.Equal(got, one) {
					t.Fatalf("jobs %d gives another report than jobs 1:\n%s\n---\n%s", jobs, got, one)
				}
			}
			var r sim.Report
			if err := json.Unmarshal(one, &r); err != nil {
				t.Fatal(err)
			}
			if r.Games+r.Failed != n || r.Failed != 0 || mbgFacts(&r) == nil {
				t.Fatalf("unexpected report:\n%s", one)
			}
			if other := reportJSON(t, f, sim.Options{Games: n, Seed: 8, Jobs: 2}); bytes.Equal(other, one) {
				t.Fatal("seeds 7 and 8 give the same report")
			}
		})
	}
}

// TestMBGReportIsConsistent checks the mbg facts against the general
// counts of a report.
func TestMBGReportIsConsistent(t *testing.T) {
	f := sampleFamily(t, 80)
	games := longtest.Sized(16, 8, 16) // under -race 8: battles, sieges and a bankruptcy still
	r, err := sim.Run(context.Background(), f, sim.Options{Games: games, Seed: 3, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	m := mbgFacts(r)
	wins, capped := 0, 0
	for _, s := range r.Sides {
		wins += s.Wins.Count
	}
	if wins+r.Draws.Count != r.Games || r.Games != games {
		t.Fatalf("wins %d + draws %d ≠ games %d", wins, r.Draws.Count, r.Games)
	}
	if r.Length.Max > 80 || r.Length.Min < 1 {
		t.Errorf("lengths %d…%d outside 1…80", r.Length.Min, r.Length.Max)
	}
	for _, h := range r.Length.Histogram {
		if h.Turns == 80 {
			capped = h.Games
		}
	}
	if r.Capped.Count > capped {
		t.Errorf("%d capped games, but only %d lasted 80 turns", r.Capped.Count, capped)
	}
	battles, captures, sieges := 0, 0, 0
	for _, s := range m.Squares {
		battles += s.Battles
		captures += s.Captures
		if s.Encounters+s.Sieges+s.Robbers != s.Battles {
			t.Errorf("square %d: the kinds of battles do not add up: %+v", s.Index, s)
		}
		if s.Captures > s.Sieges || (s.Sieges > 0 && s.City < 0) {
			t.Errorf("square %d: %+v", s.Index, s)
		}
	}
	for _, c := range m.Cities {
		sieges += c.Sieges
		owned := c.Unowned
		for _, k := range c.Owners {
			owned += k
		}
		if owned != r.Games {
			t.Errorf("city %s: owners add up to %d games, not %d", c.Name, owned, r.Games)
		}
	}
	if battles != m.Battles || captures != m.Captures || battles == 0 || sieges == 0 {
		t.Errorf("battles %d (total %d), captures %d (total %d), sieges %d", battles, m.Battles, captures, m.Captures, sieges)
	}
	for i, ro := range m.Roles {
		if bt := ro.BankruptTurn; bt != nil && (bt.Min < 1 || bt.Max > 80 || ro.Bankrupt.Count == 0) {
			t.Errorf("role %d: %+v", i, ro)
		}
	}
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Win rates", "魏", "蜀", "吴", "Game length", "Bankruptcy", "Cities at the end", "襄阳", "Battles by square"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, text.String())
		}
	}
}

// TestAbsentRolesNeverWin: a role that starts nowhere takes no part.
func TestAbsentRolesNeverWin(t *testing.T) {
	sc := mbg.WithoutRole(sampleScenario(t), 1)
	f, err := mbgsim.New(sc, mbgsim.Options{TurnCap: 40})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 6, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Sides[1]; !s.Absent || s.Wins.Count != 0 {
		t.Fatalf("the absent role: %+v", s)
	}
	if ro := mbgFacts(r).Roles[1]; !ro.Absent || ro.Bankrupt.Count != 0 {
		t.Fatalf("the absent role's facts: %+v", ro)
	}
	var text strings.Builder
	r.WriteText(&text)
	if !strings.Contains(text.String(), "does not take part") {
		t.Fatalf("the text does not say the role is absent:\n%s", text.String())
	}
}

// TestAnAbsentRolesCityIsDefendedByTheAI: a role that takes no part may
// still own a city (吴 keeps 柴桑 when it starts nowhere); when players
// are named, the questions of its defence are the AI's, and no game
// fails for want of a player of its seat.
func TestAnAbsentRolesCityIsDefendedByTheAI(t *testing.T) {
	sc := mbg.WithoutRole(sampleScenario(t), 2)
	f, err := mbgsim.New(sc, mbgsim.Options{TurnCap: 60, Players: []string{"random", "ai"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 12, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Failed != 0 || r.Sides[2].Wins.Count != 0 {
		t.Fatalf("%d of %d games failed (%v), the absent role won %d", r.Failed, r.Games, r.Errors, r.Sides[2].Wins.Count)
	}
}

// TestNewMBGRefusesBrokenScenarios: a scenario the engine cannot load is
// an error before any game.
func TestNewMBGRefusesBrokenScenarios(t *testing.T) {
	sc := *sampleScenario(t)
	sc.Board = nil
	if _, err := mbgsim.New(&sc, mbgsim.Options{}); err == nil || !strings.Contains(err.Error(), "no squares") {
		t.Fatalf("err = %v", err)
	}
	if _, err := mbgsim.New(sampleScenario(t), mbgsim.Options{TurnCap: -3}); err == nil {
		t.Fatal("a negative turn cap was accepted")
	}
}

// fakeFamily plays scripted games: game i lasts i%7+1 turns and is won by
// fakeWinner(i); it panics when i%10 == 8 and fails when i%10 == 9.
type fakeFamily struct{ calls atomic.Int32 }

func (f *fakeFamily) Name() string { return "fake" }
func (f *fakeFamily) Sides() []sim.Side {
	return []sim.Side{{Name: "甲"}, {Name: "乙"}, {Name: "丙"}, {Name: "丁", Absent: true}}
}
func (f *fakeFamily) Play(ctx context.Context, i int, seed int64) (sim.GameResult, error) {
	f.calls.Add(1)
	if err := ctx.Err(); err != nil {
		return sim.GameResult{}, err
	}
	switch i % 10 {
	case 9:
		return sim.GameResult{}, fmt.Errorf("game %d broke", i)
	case 8:
		panic("boom")
	}
	return sim.GameResult{Winner: fakeWinner(i), Turns: i%7 + 1, Capped: i%7 == 6}, nil
}
func (f *fakeFamily) Facts(games []sim.GameResult) sim.Facts { return sim.Facts{} }
func (f *fakeFamily) DecodeFacts([]byte) (any, error)        { return nil, nil }

// fakeWinner: side i%3, or a draw when i%11 == 5.
func fakeWinner(i int) int {
	if i%11 == 5 {
		return -1
	}
	return i % 3
}

// TestRunCountsEverything checks a report of scripted games: failures
// and panics are counted and listed in game order, draws counted, and
// Progress called once per game.
func TestRunCountsEverything(t *testing.T) {
	var f fakeFamily
	var calls []int
	r, err := sim.Run(context.Background(), &f, sim.Options{Games: 30, Seed: 5, Jobs: 3, Progress: func(done, total int) {
		if total != 30 {
			t.Errorf("total %d", total)
		}
		calls = append(calls, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 30 || calls[29] != 30 {
		t.Fatalf("progress calls %v", calls)
	}
	if r.Failed != 6 || r.Games != 24 || len(r.Errors) != 6 {
		t.Fatalf("failed %d, games %d, errors %v", r.Failed, r.Games, r.Errors)
	}
	for k, e := range r.Errors {
		if want := []int{8, 9, 18, 19, 28, 29}[k]; e.Game != want || e.Seed != sim.GameSeed(5, want) {
			t.Errorf("error %d: %+v, want game %d", k, e, want)
		}
	}
	if !strings.Contains(r.Errors[0].Error, "panic: boom") || !strings.Contains(r.Errors[1].Error, "game 9 broke") {
		t.Errorf("errors %+v", r.Errors)
	}
	wins := make([]int, 4)
	draws, capped := 0, 0
	for i := range 30 {
		if i%10 >= 8 {
			continue
		}
		w := fakeWinner(i)
		if w < 0 {
			draws++
		} else {
			wins[w]++
		}
		if i%7 == 6 {
			capped++
		}
	}
	for i, s := range r.Sides {
		if s.Wins.Count != wins[i] {
			t.Errorf("side %d: %d wins, want %d", i, s.Wins.Count, wins[i])
		}
	}
	if r.Draws.Count != draws || r.Capped.Count != capped || !r.Sides[3].Absent {
		t.Errorf("draws %d (want %d), capped %d (want %d)", r.Draws.Count, draws, r.Capped.Count, capped)
	}
	var text strings.Builder
	r.WriteText(&text)
	if !strings.Contains(text.String(), "game 8 (seed ") || !strings.Contains(text.String(), "(draw)") {
		t.Errorf("text:\n%s", text.String())
	}
}

func TestRunCancelled(t *testing.T) {
	var f fakeFamily
	ctx, cancel := context.WithCancel(context.Background())
	r, err := sim.Run(ctx, &f, sim.Options{Games: 1000, Jobs: 2, Progress: func(done, total int) {
		if done == 10 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || r == nil || !r.Stopped || r.Games+r.Failed >= 1000 {
		t.Fatalf("err %v, report %+v", err, r)
	}
	if n := f.calls.Load(); n > 20 {
		t.Errorf("%d games were started after the cancellation", n)
	}
	if _, err := sim.Run(context.Background(), &f, sim.Options{}); err == nil {
		t.Fatal("no games: no error")
	}
}

func TestGameSeed(t *testing.T) {
	seen := map[int64]bool{}
	for i := range 1000 {
		s := sim.GameSeed(1, i)
		if s < 0 || s >= 1<<31-1 || seen[s] {
			t.Fatalf("game %d: seed %d", i, s)
		}
		seen[s] = true
	}
	if sim.GameSeed(1, 0) == sim.GameSeed(2, 0) || sim.GameSeed(1, 1) == sim.GameSeed(1, 2) {
		t.Fatal("GameSeed")
	}
}

// TestStatistics checks the report's statistics on hand-made results.
func TestStatistics(t *testing.T) {
	l := sim.LengthStatsOf([]int{9, 3, 7, 1, 5, 3, 10, 2, 8, 4})
	// sorted: 1 2 3 3 4 5 7 8 9 10
	if l.Mean != 5.2 || l.Median != 4.5 || l.P90 != 9 || l.Min != 1 || l.Max != 10 {
		t.Errorf("%+v", l)
	}
	if len(l.Histogram) != 9 || l.Histogram[2] != (sim.LengthCount{Turns: 3, Games: 2}) {
		t.Errorf("histogram %+v", l.Histogram)
	}
	for _, tc := range []struct {
		in          []int
		median      float64
		p90, p50    int
		mean        float64
		min, max    int
		description string
	}{
		{[]int{42}, 42, 42, 42, 42, 42, 42, "one game"},
		{[]int{5, 1, 3}, 3, 5, 3, 3, 1, 5, "odd count"},
		{[]int{100, 100, 1, 1}, 50.5, 100, 1, 50.5, 1, 100, "even count"},
	} {
		l := sim.LengthStatsOf(tc.in)
		if l.Median != tc.median || l.P90 != tc.p90 || l.Mean != tc.mean || l.Min != tc.min || l.Max != tc.max {
			t.Errorf("%s: %+v", tc.description, l)
		}
	}
	// Nearest rank: of 20 values 1…20, p90 is the 18th.
	var s []int
	for i := 1; i <= 20; i++ {
		s = append(s, i)
	}
	if p := sim.Percentile(s, 90); p != 18 {
		t.Errorf("p90 of 1…20 = %d", p)
	}
	if p := sim.Percentile(s, 100); p != 20 {
		t.Errorf("p100 = %d", p)
	}
	if l := sim.LengthStatsOf(nil); l.Histogram == nil || l.Max != 0 {
		t.Errorf("no games: %+v", l)
	}
	p := sim.NewProportion(1, 3)
	if p.Count != 1 || p.Rate != 0.3333 || p.Low >= p.Rate || p.High <= p.Rate {
		t.Errorf("%+v", p)
	}
}

func TestDisplayWidth(t *testing.T) {
	if w := sim.DisplayWidth("魏 ab"); w != 5 {
		t.Fatalf("width %d", w)
	}
	var b strings.Builder
	tb := sim.NewTable("城", "n")
	tb.Add("襄阳城", "12")
	tb.Add("x", "3")
	tb.Write(&b)
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	for _, l := range lines {
		if sim.DisplayWidth(l) != sim.DisplayWidth(lines[1]) {
			t.Fatalf("misaligned:\n%s", b.String())
		}
	}
}

// labelledFamily records the profile label of the goroutines its games
// are played on.
type labelledFamily struct {
	fakeFamily
	unlabelled atomic.Int32
}

func (f *labelledFamily) Play(ctx context.Context, i int, seed int64) (sim.GameResult, error) {
	if v, _ := pprof.Label(ctx, "shapan"); v != "game" {
		f.unlabelled.Add(1)
	}
	time.Sleep(time.Millisecond)
	return sim.GameResult{Winner: fakeWinner(i), Turns: 1}, nil
}

// TestRunTiming: Timing counts the workers and their busy time, never more
// than they had, and games run under the profile label shapan=game.
func TestRunTiming(t *testing.T) {
	f := &labelledFamily{}
	var tm sim.Timing
	if _, err := sim.Run(context.Background(), f, sim.Options{Games: 20, Jobs: 3, Timing: &tm}); err != nil {
		t.Fatal(err)
	}
	if tm.Jobs != 3 || tm.Busy < 20*time.Millisecond || tm.Wall <= 0 || tm.Busy > 3*tm.Wall {
		t.Fatalf("timing %+v", tm)
	}
	if u := tm.Utilization(); u <= 0 || u > 1 {
		t.Fatalf("utilization %v", u)
	}
	if tm.PerGame(20) < time.Millisecond {
		t.Fatalf("per game %v", tm.PerGame(20))
	}
	if n := f.unlabelled.Load(); n != 0 {
		t.Fatalf("%d games played without the profile label", n)
	}
}

// TestRunAllocatesNothingUpFront asks for a billion games and stops after
// a few: the memory used follows the games played, not those asked for.
func TestRunAllocatesNothingUpFront(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := sim.Run(ctx, &fakeFamily{}, sim.Options{Games: 1_000_000_000, Jobs: 2, Progress: func(done, total int) {
		if done == 1000 {
			cancel()
		}
	}})
	runtime.ReadMemStats(&after)
	if err == nil || r == nil || !r.Stopped || r.Games+r.Failed < 1000 {
		t.Fatalf("report %+v, %v", r, err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Errorf("Run allocated %d MiB for %d games", grew>>20, r.Games+r.Failed)
	}
}
