package balance

import (
	"cmp"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/internal/longtest"
)

// TestShardsFindTheSameProposals: three shards of a search, run at once
// on one folder, each end with the same result as one unsharded run,
// byte for byte as JSON, and each played about a third of the games —
// the baseline, the knobs' probes, the points tried and the fresh games
// of a confirmation (each of its own seed). Under -race the games are
// drawn, not played (a game of 长坂坡 costs ~110 ms of CPU there, and
// the test's 400 cost half a minute): side 0 wins as a logit of 赵云's
// hp says, from about a third of the games as 长坂坡 ships, each game's
// winner a function of its seed and point as a played game's is.
// cmd/shapan's TestBalanceShardsPrintWhatOneRunPrints shards played
// games.
func TestShardsFindTheSameProposals(t *testing.T) {
	tc := zhaoYun3x
	tc.unbalance = func(any) {} // 长坂坡 as it ships: side 0 wins about a third
	tc.opts.Knobs, tc.opts.Budget = "hp/赵云", 400
	if longtest.Race && !longtest.Enabled() {
		tc.opts.Batch, tc.opts.MaxGames, tc.opts.Tolerance = 4, 24, 0.05
		tc.opts.winner = drawnGames(t, tc, -0.7, map[string]float64{"hp/赵云": 5})
	}
	whole := runCase(t, tc, Options{})
	if whole.Result == nil {
		return
	}
	if whole.Games.Knobs == 0 || whole.Games.Confirmations == 0 {
		t.Errorf("the search played %+v: the test shows nothing of probes or confirmations", whole.Games)
	}
	t.Logf("%d games %+v: %s", whole.Spent, whole.Games, whole.Outcome)
	want, err := json.Marshal(whole)
	if err != nil {
		t.Fatal(err)
	}
	checkShards(t, tc, whole, want)
}

// checkShards runs tc in three shards at once and compares each with
// want, the JSON of whole, one unsharded run.
func checkShards(t *testing.T, tc familyCase, whole shardRun, want []byte) {
	t.Helper()
	const shards = 3
	dir := t.TempDir()
	got := make([][]byte, shards)
	played := make([]int, shards)
	var wg sync.WaitGroup
	for k := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := runCase(t, tc, Options{Shard: sim.Shard{Index: k, Count: shards}, ShardDir: dir, ShardWait: 5 * time.Minute})
			played[k] = r.shardGames
			got[k], _ = json.Marshal(r.Result)
		}()
	}
	wg.Wait()
	for k, g := range got {
		if string(g) != string(want) {
			t.Errorf("shard %d/%d found another result than one run:\n%s\nagainst\n%s", k, shards, g, want)
		}
	}
	if whole.Spent < 40 {
		t.Fatalf("the search spent only %d games: the test shows little", whole.Spent)
	}
	sum := 0
	batch := cmp.Or(tc.opts.Batch, DefaultBatch)
	for k, n := range played {
		sum += n
		// a batch of 8 games splits 2, 3, 3
		if most := whole.Spent / batch * ((batch + shards - 1) / shards); n > most || n == 0 {
			t.Errorf("shard %d played %d of %d games: more than its share", k, n, whole.Spent)
		}
	}
	if sum != whole.Spent {
		t.Errorf("the shards played %d games in all, one run %d", sum, whole.Spent)
	}
}

// TestShardWaitsThenSaysWhy: a shard whose partners never run stops
// after ShardWait with an error that says what it waited for.
func TestShardWaitsThenSaysWhy(t *testing.T) {
	tc := zhaoYun3x
	doc := loadSample(t, tc.sample)
	tc.unbalance(doc.Value)
	o := tc.opts
	o.Jobs, o.Shard, o.ShardDir, o.ShardWait = 1, sim.Shard{Index: 1, Count: 2}, t.TempDir(), 100*time.Millisecond
	_, err := Run(context.Background(), doc, o)
	if err == nil || !strings.Contains(err.Error(), "are all 2 shards running") {
		t.Fatalf("err = %v, want one that asks whether every shard runs", err)
	}
	o.ShardDir = ""
	if _, err := Run(context.Background(), doc, o); err == nil || !strings.Contains(err.Error(), "a folder the shards share") {
		t.Fatalf("err = %v without a folder", err)
	}
}

// shardRun is a result and the games its own process played.
type shardRun struct {
	*Result
	shardGames int
}

// drawnGames returns games of tc whose side 0 wins with probability
// σ(a + Σ b[knob]·(x − x0)/x0) over its knobs (logitGame): a game's
// winner is a function of its seed and point, as a played game's is.
func drawnGames(t *testing.T, tc familyCase, a float64, b map[string]float64) func([]float64, int, int64) int {
	doc := loadSample(t, tc.sample)
	ks, err := Knobs(doc, tc.opts.Knobs)
	if err != nil {
		t.Fatalf("knobs %q: %v", tc.opts.Knobs, err)
	}
	var x0 []float64
	for _, k := range ks {
		x0 = append(x0, k.Get(doc.Value))
	}
	return logitGame(ks, x0, a, b, 0.3)
}

// runCase runs the search of a family case with the sharding of sh.
func runCase(t *testing.T, tc familyCase, sh Options) shardRun {
	t.Helper()
	doc := loadSample(t, tc.sample)
	tc.unbalance(doc.Value)
	o := tc.opts
	o.Jobs, o.Shard, o.ShardDir, o.ShardWait = 1, sh.Shard, sh.ShardDir, sh.ShardWait
	s, err := newSearch(doc, o)
	if err != nil {
		t.Error(err)
		return shardRun{}
	}
	outcome, err := s.run(context.Background())
	if err != nil {
		t.Error(err)
	}
	return shardRun{s.result(outcome), s.ownGames}
}
