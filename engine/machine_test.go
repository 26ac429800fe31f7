package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

type said struct {
	Who  int `json:"who"`
	What int `json:"what"`
}

func (said) EventName() string { return "said" }

// countdown is a toy game: players 0 and 1 take turns naming a number from
// 1 to 3 that is subtracted from a total; whoever reaches 0 wins. The
// rules also draw a random bonus to exercise the source.
func countdown(seed int64, total int) Rules {
	return func(p *Play) any {
		r, _ := NewRand(seed)
		for turn := 0; ; turn++ {
			who := turn % 2
			a := p.Ask(&Decision{Player: who, Kind: "take", Args: map[string]int{"left": total},
				Check: func(a Answer) error {
					var n int
					if err := json.Unmarshal(a, &n); err != nil || n < 1 || n > 3 {
						return fmt.Errorf("take 1, 2 or 3")
					}
					return nil
				},
				Legal: func() Legal { return LegalValues(1, 2, 3) }})
			var n int
			json.Unmarshal(a, &n)
			p.Emit(said{who, n + r.Intn(2)})
			total -= n
			if total <= 0 {
				return who
			}
		}
	}
}

func TestMachineAsksTheRightPlayerAndRefusesIllegalAnswers(t *testing.T) {
	m := Start(countdown(1, 5))
	d := m.Pending()
	if d == nil || d.Player != 0 || d.Kind != "take" {
		t.Fatalf("first decision %+v", d)
	}
	var refused *RefusedError
	if err := m.Answer(1, Encode(1)); !errors.As(err, &refused) {
		t.Fatalf("answer from the wrong player: %v", err)
	}
	if err := m.Answer(0, Encode(7)); !errors.As(err, &refused) || refused.Reason != "take: take 1, 2 or 3" {
		t.Fatalf("illegal answer: %v", err)
	}
	if err := m.Answer(0, Answer("{")); err == nil {
		t.Fatal("malformed JSON accepted")
	}
	if len(m.Events()) != 0 || len(m.Answers()) != 0 || m.Pending() != d {
		t.Fatal("a refused answer changed the game")
	}
	for !m.Over() {
		if err := m.Answer(m.Pending().Player, Encode(2)); err != nil {
			t.Fatal(err)
		}
	}
	if m.Result() != 0 || len(m.Events()) != 3 {
		t.Fatalf("result %v after %d events", m.Result(), len(m.Events()))
	}
	if err := m.Answer(0, Encode(1)); err == nil {
		t.Fatal("an answer after the end was accepted")
	}
}

func TestSnapshotResumesIdentically(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for trial := 0; trial < 50; trial++ {
		seed := rng.Int63()
		full := Start(countdown(seed, 40))
		cut := rng.Intn(10)
		var resumed *Machine
		for i := 0; !full.Over(); i++ {
			if i == cut {
				snap, err := full.Snapshot("countdown", map[string]int64{"seed": seed})
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(snap)
				var back Snapshot
				json.Unmarshal(b, &back)
				resumed = Start(countdown(seed, 40))
				if err := resumed.Replay(back.Answers); err != nil {
					t.Fatal(err)
				}
			}
			a := Encode(1 + rng.Intn(3))
			full.Answer(full.Pending().Player, a)
			if resumed != nil {
				resumed.Answer(resumed.Pending().Player, a)
			}
		}
		if resumed == nil {
			continue
		}
		if !reflect.DeepEqual(full.Events(), resumed.Events()) || full.Result() != resumed.Result() {
			t.Fatalf("trial %d: the resumed game differs", trial)
		}
	}
}

// TestDropAnswersPlaysTheSameAndCannotBeSaved: a machine that keeps no
// answers plays every game as one that does, lists no answer, and
// refuses to be saved.
func TestDropAnswersPlaysTheSameAndCannotBeSaved(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for trial := 0; trial < 20; trial++ {
		seed := rng.Int63()
		kept := Start(countdown(seed, 30))
		dropped := StartWith(countdown(seed, 30), Options{DropAnswers: true})
		for !kept.Over() {
			a := Encode(1 + rng.Intn(3))
			if err := kept.Answer(kept.Pending().Player, a); err != nil {
				t.Fatal(err)
			}
			if err := dropped.Answer(dropped.Pending().Player, a); err != nil {
				t.Fatal(err)
			}
		}
		if !dropped.Over() || !reflect.DeepEqual(kept.Events(), dropped.Events()) || kept.Result() != dropped.Result() {
			t.Fatalf("trial %d: the game that kept no answers differs", trial)
		}
		if len(kept.Answers()) == 0 || dropped.Answers() != nil || dropped.AnsweredBy() != nil {
			t.Fatalf("trial %d: %d answers kept, %d dropped", trial, len(kept.Answers()), len(dropped.Answers()))
		}
		if _, err := dropped.Snapshot("countdown", nil); err == nil || !strings.Contains(err.Error(), "DropAnswers") {
			t.Fatalf("trial %d: saving a game that kept no answers: %v", trial, err)
		}
	}
}

func TestClosingMidGameAndFailingRules(t *testing.T) {
	m := Start(countdown(1, 9))
	m.Close()
	m.Close()
	if !m.Over() || m.Pending() != nil {
		t.Fatal("closed machine still pending")
	}
	boom := Start(func(p *Play) any {
		p.Ask(&Decision{Player: 0, Kind: "go"})
		panic("index out of range")
	})
	if err := boom.Answer(0, Encode(true)); err != nil {
		t.Fatal(err)
	}
	if !boom.Over() || boom.Err() == nil {
		t.Fatal("a failing game did not report its failure")
	}
}

func TestSourceMatchesMathRandAndRestores(t *testing.T) {
	a := rand.New(rand.NewSource(42))
	b, src := NewRand(42)
	for i := 0; i < 1000; i++ {
		if x, y := a.Intn(1000), b.Intn(1000); x != y {
			t.Fatalf("draw %d: %d vs %d", i, x, y)
		}
		if x, y := a.Float32(), b.Float32(); x != y {
			t.Fatalf("draw %d: %v vs %v", i, x, y)
		}
	}
	seed, draws := src.Position()
	c := rand.New(SourceAt(seed, draws))
	for i := 0; i < 100; i++ {
		if x, y := b.Float64(), c.Float64(); x != y {
			t.Fatalf("restored source differs at %d", i)
		}
	}
}

func BenchmarkMachineDecision(b *testing.B) {
	m := Start(countdown(1, 1<<60))
	one := Encode(1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Answer(m.Pending().Player, one)
	}
}

// TestThreadedMachineBehavesTheSame plays the same games with both kinds
// of machine, from a goroutine locked to its OS thread for the threaded
// one (as a GUI's main goroutine is).
func TestThreadedMachineBehavesTheSame(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		for seed := int64(0); seed < 20; seed++ {
			a := Start(countdown(seed, 30))
			b := StartWith(countdown(seed, 30), Options{Threaded: true})
			for !a.Over() {
				ans := Encode(1 + int(seed%3))
				if err := a.Answer(a.Pending().Player, ans); err != nil {
					t.Error(err)
					return
				}
				if err := b.Answer(b.Pending().Player, ans); err != nil {
					t.Error(err)
					return
				}
			}
			if !b.Over() || a.Result() != b.Result() || !reflect.DeepEqual(a.Events(), b.Events()) {
				t.Errorf("seed %d: threaded game differs", seed)
			}
		}
		// Closing mid-game and failing rules work threaded too.
		c := StartWith(countdown(1, 9), Options{Threaded: true})
		c.Close()
		boom := StartWith(func(p *Play) any { p.Ask(&Decision{Player: 0}); panic("bad") }, Options{Threaded: true})
		boom.Answer(0, Encode(1))
		if !boom.Over() || boom.Err() == nil {
			t.Error("a failing threaded game did not report its failure")
		}
	}()
	<-done
}

// TestChecksJSONLeavesTheJSONToCheck: a decision whose Check checks the
// JSON itself is not checked by the machine first; its ErrNotJSON is
// refused as not_json, its other refusals as illegal.
func TestChecksJSONLeavesTheJSONToCheck(t *testing.T) {
	var seen []string
	m := Start(func(p *Play) any {
		return string(p.Ask(&Decision{Player: 0, Kind: "q", ChecksJSON: true, Check: func(a Answer) error {
			seen = append(seen, string(a))
			switch {
			case !json.Valid(a):
				return fmt.Errorf("decoding: %w", ErrNotJSON)
			case string(a) != "1":
				return errors.New("only 1")
			}
			return nil
		}}))
	})
	var re *RefusedError
	if err := m.Answer(0, Answer("{")); !errors.As(err, &re) || re.Code != RefusedNotJSON {
		t.Errorf("not JSON: %v", err)
	}
	if err := m.Answer(0, Answer("2")); !errors.As(err, &re) || re.Code != RefusedIllegal {
		t.Errorf("illegal: %v", err)
	}
	if err := m.Answer(0, Answer("1")); err != nil || m.Result() != "1" {
		t.Errorf("legal: %v, result %v", err, m.Result())
	}
	if strings.Join(seen, " ") != "{ 2 1" {
		t.Errorf("Check saw %v", seen)
	}
}
