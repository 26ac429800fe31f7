package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

type bid struct {
	Round int    `json:"round"`
	Bids  [2]int `json:"bids"`
}

func (bid) EventName() string { return "bid" }

// duel is a toy simultaneous game: every round both players bid 1, 2 or
// 3 at once; the higher bid scores a point (ties score none); the first
// to two points wins.
func duel(p *Play) any {
	score := [2]int{}
	for round := 1; ; round++ {
		ask := func(player int) *Decision {
			return &Decision{Player: player, Kind: "bid", Args: map[string]int{"round": round},
				Check: func(a Answer) error {
					var n int
					if err := json.Unmarshal(a, &n); err != nil || n < 1 || n > 3 {
						return fmt.Errorf("bid 1, 2 or 3")
					}
					return nil
				},
				Legal: func() Legal { return LegalValues(1, 2, 3) }}
		}
		as := p.AskTogether(ask(0), ask(1))
		var b [2]int
		for i, a := range as {
			json.Unmarshal(a, &b[i])
		}
		p.Emit(bid{round, b})
		switch {
		case b[0] > b[1]:
			score[0]++
		case b[1] > b[0]:
			score[1]++
		}
		for who, s := range score {
			if s == 2 {
				return who
			}
		}
	}
}

func refusal(t *testing.T, err error, want Refusal) {
	t.Helper()
	var r *RefusedError
	if !errors.As(err, &r) || r.Code != want {
		t.Fatalf("got %v, want a refusal %s", err, want)
	}
}

func TestTogetherWaitsForEveryAskedPlayer(t *testing.T) {
	m := Start(duel)
	all := m.PendingAll()
	if len(all) != 2 || all[0].Player != 0 || all[1].Player != 1 || m.Pending() != all[0] {
		t.Fatalf("pending %+v", all)
	}
	if m.PendingFor(1) != all[1] || m.PendingFor(2) != nil {
		t.Fatal("PendingFor does not give each seat its own question")
	}
	if err := m.Answer(1, Encode(3)); err != nil {
		t.Fatal(err)
	}
	if len(m.Events()) != 0 || m.PendingFor(1) != nil || m.Pending() != all[0] || len(m.PendingAll()) != 1 {
		t.Fatal("the round went on before every player answered")
	}
	refusal(t, m.Answer(1, Encode(1)), RefusedAnswered)
	refusal(t, m.Answer(2, Encode(1)), RefusedWrongPlayer)
	refusal(t, m.Answer(0, Encode(9)), RefusedIllegal)
	refusal(t, m.Answer(0, Answer("{")), RefusedNotJSON)
	if len(m.Answers()) != 1 || m.Pending() != all[0] {
		t.Fatal("a refused answer changed the game")
	}
	if err := m.Answer(0, Encode(2)); err != nil {
		t.Fatal(err)
	}
	if got := m.Events(); len(got) != 1 || got[0] != (bid{1, [2]int{2, 3}}) {
		t.Fatalf("events %v: the answers did not reach the rules in the order posed", got)
	}
	if !reflect.DeepEqual(m.AnsweredBy(), []int{1, 0}) {
		t.Fatalf("answered by %v", m.AnsweredBy())
	}
	for !m.Over() {
		for _, d := range m.PendingAll() {
			if err := m.Answer(d.Player, Encode(3-d.Player)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if m.Result() != 0 || m.PendingAll() != nil {
		t.Fatalf("result %v", m.Result())
	}
	refusal(t, m.Answer(0, Encode(1)), RefusedGameOver)
}

func TestWrongPlayerOfASequentialGame(t *testing.T) {
	m := Start(countdown(1, 5))
	err := m.Answer(1, Encode(1))
	refusal(t, err, RefusedWrongPlayer)
	if err.Error() != "answer refused: the question take is for player 0, not player 1" {
		t.Fatalf("reason %q", err)
	}
}

func TestSnapshotOfASimultaneousRoundResumesWhoAnsweredWhat(t *testing.T) {
	m := Start(duel)
	steps := []struct{ player, bid int }{{1, 1}, {0, 3}, {1, 2}} // round 2 half answered, out of order
	for _, s := range steps {
		if err := m.Answer(s.player, Encode(s.bid)); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := m.Snapshot("duel", struct{}{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(snap)
	var back Snapshot
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Players, []int{1, 0, 1}) {
		t.Fatalf("snapshot players %v", back.Players)
	}
	r := Start(duel)
	if err := r.Restore(&back); err != nil {
		t.Fatal(err)
	}
	if r.PendingFor(1) != nil || r.PendingFor(0) == nil || !reflect.DeepEqual(r.Events(), m.Events()) {
		t.Fatal("the resumed game is not at the same point")
	}
	for _, g := range []*Machine{m, r} {
		if err := g.Answer(0, Encode(1)); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(r.Events(), m.Events()) || r.Events()[1] != (bid{2, [2]int{1, 2}}) {
		t.Fatalf("resumed %v, original %v", r.Events(), m.Events())
	}
	if seq, _ := Start(countdown(1, 9)).Snapshot("countdown", nil); seq.Players != nil {
		t.Fatal("a sequential game's snapshot lists players")
	}
}

func TestTwoQuestionsToOnePlayerFailTheGame(t *testing.T) {
	m := Start(func(p *Play) any {
		p.AskTogether(&Decision{Player: 0, Kind: "a"}, &Decision{Player: 0, Kind: "b"})
		return nil
	})
	if !m.Over() || m.Err() == nil {
		t.Fatal("rules asking one player twice at once were not stopped")
	}
}

func TestThreadedSimultaneousRound(t *testing.T) {
	a, b := Start(duel), StartWith(duel, Options{Threaded: true})
	for !a.Over() {
		for _, d := range a.PendingAll() {
			ans := Encode(1 + (len(a.Answers())*7+d.Player)%3)
			if err := a.Answer(d.Player, ans); err != nil {
				t.Fatal(err)
			}
			if err := b.Answer(d.Player, ans); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !b.Over() || a.Result() != b.Result() || !reflect.DeepEqual(a.Events(), b.Events()) {
		t.Fatal("the threaded machine plays the simultaneous game differently")
	}
}
