package planets

import (
	"testing"

	"github.com/shapan/shapan/engine"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// twoPlayers returns a new game of the tiny map (changed by edit) with
// two players joined.
func twoPlayers(t *testing.T, noResp bool, edit func(m *pfmt.Map)) *state {
	t.Helper()
	m := *tinyMap(t)
	if edit != nil {
		edit(&m)
	}
	b, err := newBoard(&m)
	if err != nil {
		t.Fatal(err)
	}
	st := newState(b, noResp)
	for i := 0; i < 2; i++ {
		if _, err := st.addPlayer(playerName(i)); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestMaintenanceFee: with the fee on, the level from the units measured
// before production scales the whole increment (spec 6); the base line is
// max_sum / 2 / alive players.
func TestMaintenanceFee(t *testing.T) {
	for _, c := range []struct {
		fee  bool
		a, c int64
	}{{false, 780, 150}, {true, 740, 125}} {
		st := twoPlayers(t, false, func(m *pfmt.Map) {
			if c.fee {
				m.MaintainFee = pfmt.StrValue("False") // true in the Python sense
			}
		})
		if st.mtBase != 600 {
			t.Fatalf("base line %d, want max_sum 2400 / 2 / 2 = 600", st.mtBase)
		}
		st.holds[0] = hold{owner: 0, count: Int(700)}
		st.holds[2] = hold{owner: 0, count: Int(100)}
		// Player 0 has 800 units: above 600, within 1.5 × 600: level 0.5,
		// which halves the whole increment of every planet.
		st.production()
		if a, cc := st.holds[0].count, st.holds[2].count; !a.Same(Int(c.a)) || !cc.Same(Int(c.c)) {
			t.Errorf("fee %v: A grew to %s (want %d), C to %s (want %d)", c.fee, a, c.a, cc, c.c)
		}
	}
	if got := feeLevel(Int(2151), 1075); !got.Same(Real(0)) {
		t.Errorf("level above twice the base line: %s", got)
	}
	if got := feeLevel(Int(2150), 1075); !got.Same(Real(0.25)) {
		t.Errorf("level at twice the base line: %s", got)
	}
}

// TestNoResponseRule: the third consecutive missed step clears the alive
// flag and recomputes the base line; the finish check sets it back while
// the player has units, and the next miss clears it again.
func TestNoResponseRule(t *testing.T) {
	st := twoPlayers(t, true, nil)
	var kills int
	st.emit = func(e engine.Event) {
		if a, ok := e.(Alive); ok && a.NoResponse {
			kills++
		}
	}
	for step := 1; step <= 3; step++ {
		st.submit(0, checked{moves: []fleet{}})
		st.step()
	}
	if st.players[1].alive || !st.players[0].alive || kills != 1 || st.mtBase != 1200 {
		t.Fatalf("after three misses: alive %v/%v, %d kills, base line %d", st.players[0].alive, st.players[1].alive, kills, st.mtBase)
	}
	if _, err := st.checkOrder(1, []byte(`{"moves": []}`)); err == nil || err.Error() != "not alive" {
		t.Fatalf("an order of a cleared player: %v", err)
	}
	st.submit(0, checked{moves: []fleet{}})
	st.step()
	if st.players[1].alive || kills != 2 || st.status != StatusRunning {
		t.Fatalf("the next step: alive %v, %d kills, %s", st.players[1].alive, kills, st.status)
	}
}
