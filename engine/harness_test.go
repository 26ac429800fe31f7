package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand"
	"strings"
	"testing"
)

// verifying checks the legal answers of every decision it is asked, then
// answers as p does.
func verifying(t *testing.T, p Player[*Machine]) Player[*Machine] {
	return PlayerFunc[*Machine](func(m *Machine, d *Decision) Answer {
		if err := VerifyLegal(d, 10); err != nil {
			t.Fatal(err)
		}
		return p.Answer(m, d)
	})
}

func TestPlayOutWithRandomPlayersPlaysEveryGame(t *testing.T) {
	for seed := int64(0); seed < 30; seed++ {
		for _, rules := range []Rules{countdown(seed, 20), duel} {
			m := Start(rules)
			players := []Player[*Machine]{verifying(t, NewRandomPlayer[*Machine](seed)), verifying(t, NewRandomPlayer[*Machine](seed+100))}
			if err := PlayOut(m, players, PlayOptions{MaxDecisions: 1000}); err != nil {
				t.Fatal(err)
			}
			if r, ok := m.Result().(int); !m.Over() || !ok || r < 0 || r > 1 {
				t.Fatalf("seed %d: result %v", seed, m.Result())
			}
		}
	}
}

func TestRandomPlayerDrawsUniformly(t *testing.T) {
	p := NewRandomPlayer[*Machine](3)
	d := &Decision{Kind: "pick", Legal: func() Legal { return LegalValues("a", "b", "c", "d") }}
	counts := map[string]int{}
	for range 4000 {
		counts[string(p.Answer(nil, d))]++
	}
	for _, k := range []string{`"a"`, `"b"`, `"c"`, `"d"`} {
		if counts[k] < 900 || counts[k] > 1100 {
			t.Fatalf("answer %s drawn %d times of 4000: %v", k, counts[k], counts)
		}
	}
	if a := p.Answer(nil, &Decision{Kind: "open"}); string(a) != "null" {
		t.Fatalf("a decision without legal answers was answered %s", a)
	}
}

func TestPlayOutStopsAndExplains(t *testing.T) {
	always1 := PlayerFunc[*Machine](func(*Machine, *Decision) Answer { return Encode(1) })
	m := Start(countdown(1, 100))
	err := PlayOut(m, Seats[*Machine](always1, 2), PlayOptions{MaxDecisions: 5, Where: func() string { return "turn 6" }})
	if !errors.Is(err, ErrStalled) || !strings.Contains(err.Error(), "turn 6, take to player 1") {
		t.Fatalf("stall: %v", err)
	}
	err = PlayOut(Start(countdown(1, 9)), []Player[*Machine]{always1}, PlayOptions{})
	if err == nil || !strings.Contains(err.Error(), "no player for seat 1") {
		t.Fatalf("missing seat: %v", err)
	}
	bad := PlayerFunc[*Machine](func(*Machine, *Decision) Answer { return Encode(7) })
	var refused *RefusedError
	if err := PlayOut(Start(countdown(1, 9)), Seats[*Machine](bad, 2), PlayOptions{}); !errors.As(err, &refused) || refused.Code != RefusedIllegal {
		t.Fatalf("refused answer: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := PlayOut(Start(countdown(1, 9)), Seats[*Machine](always1, 2), PlayOptions{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestTraceWriterWritesTheGameInOrder(t *testing.T) {
	var buf bytes.Buffer
	tw := NewTraceWriter(&buf)
	tw.PlayerKey = "role"
	tw.Line(map[string]string{"game": "countdown"})
	m := StartWith(countdown(1, 4), Options{OnEvent: tw.Event})
	p := PlayerFunc[*Machine](func(*Machine, *Decision) Answer { return Encode(2) })
	if err := PlayOut(m, Traced(Seats[*Machine](p, 2), tw), PlayOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(map[string]int{"result": m.Result().(int), "n_events": tw.Events(), "n_decisions": tw.Decisions()}); err != nil {
		t.Fatal(err)
	}
	want := `{"game":"countdown"}
{"q":"take","role":0,"ev":0,"args":{"left":4},"a":2}
{"who":0,"what":3}
{"q":"take","role":1,"ev":1,"args":{"left":2},"a":2}
{"who":1,"what":3}
{"n_decisions":2,"n_events":2,"result":1}
`
	if buf.String() != want {
		t.Fatalf("trace:\n%s\nwant:\n%s", buf.String(), want)
	}
}

type toySetup struct {
	Seed  int64 `json:"seed"`
	Total int   `json:"total"`
}

type toyGame struct{ *Machine }

func TestResumeRebuildsAFamilysGame(t *testing.T) {
	start := func(s toySetup) (toyGame, error) {
		if s.Total <= 0 {
			return toyGame{}, errors.New("toy: nothing to count down")
		}
		return toyGame{Start(countdown(s.Seed, s.Total))}, nil
	}
	setup := toySetup{Seed: 4, Total: 30}
	g, _ := start(setup)
	r := rand.New(rand.NewSource(1))
	for range 5 {
		g.Answer(g.Pending().Player, Encode(1+r.Intn(3)))
	}
	snap, err := g.Snapshot("toy", setup)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Resume(snap, "toy", start)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Events()) != 5 || back.Pending().Kind != "take" {
		t.Fatalf("resumed at %d events", len(back.Events()))
	}
	if _, err := Resume(snap, "other", start); err == nil {
		t.Fatal("a snapshot of another family was resumed")
	}
	snap.Answers = append(snap.Answers, Encode(9))
	if _, err := Resume(snap, "toy", start); err == nil || !strings.Contains(err.Error(), "replaying the snapshot") {
		t.Fatalf("an illegal answer in a snapshot: %v", err)
	}
	snap.Setup = json.RawMessage(`{"total": 0}`)
	if _, err := Resume(snap, "toy", start); err == nil {
		t.Fatal("a setup the family refuses was resumed")
	}
}

func TestLegalLists(t *testing.T) {
	l := LegalValues(10, 20, 30, 40, 50)
	if got := l.List(2); len(got) != 2 || string(got[1]) != "20" {
		t.Fatalf("List(2) = %s", got)
	}
	if got := l.Sample(3); len(got) != 3 || string(got[0]) != "10" || string(got[1]) != "30" || string(got[2]) != "50" {
		t.Fatalf("Sample(3) = %s", got)
	}
	if got := l.Sample(1); len(got) != 1 {
		t.Fatalf("Sample(1) = %s", got)
	}
	n := 0
	for range LegalAnswers(Encode(true), Encode(false)).All() {
		n++
	}
	if n != 2 {
		t.Fatalf("All yielded %d answers", n)
	}
	bad := &Decision{Kind: "k", Check: func(a Answer) error {
		if string(a) == "40" {
			return errors.New("no")
		}
		return nil
	}, Legal: func() Legal { return l }}
	if err := VerifyLegal(bad, 0); err == nil || !strings.Contains(err.Error(), "40 is refused") {
		t.Fatalf("VerifyLegal: %v", err)
	}
	if err := VerifyLegal(&Decision{Kind: "k", Legal: func() Legal { return Legal{} }}, 0); err == nil {
		t.Fatal("an empty list passed")
	}
}

func TestWilsonAndDivergence(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{81, 263, 0.2553, 0.3662},
	} {
		if lo, hi := Wilson(tc.k, tc.n, Z95); math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
	if lo, hi := Wilson(81, 100, Z95); math.Abs(lo-0.7222) > 1e-3 || math.Abs(hi-0.8749) > 1e-3 {
		t.Fatalf("Wilson(81, 100) = [%v, %v]", lo, hi)
	}
	if lo, hi := Wilson(10, 10, Z95); hi != 1 || math.Abs(lo-0.7225) > 1e-3 {
		t.Fatalf("Wilson(10, 10) = [%v, %v]", lo, hi)
	}
	if lo, hi := Wilson(0, 0, Z95); lo != 0 || hi != 1 {
		t.Fatalf("Wilson(0, 0) = [%v, %v]", lo, hi)
	}
	var div interface{ IsDivergence() bool }
	err := error(Diverged("case c1", "event %d differs", 3))
	if !errors.As(err, &div) || err.Error() != "case c1: event 3 differs" {
		t.Fatalf("divergence %v", err)
	}
}
