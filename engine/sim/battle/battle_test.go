package battle

import (
	"bytes"
	"encoding/json"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/engine/sim/simtest"
	"strings"
	"testing"

	battlefmt "github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/samples"
)

// TestBattleSameSeedSameReport: the JSON report of a battle map is the
// same bytes with 1 and 3 workers; the facts add up; the players swap
// bases every other game.
func TestBattleSameSeedSameReport(t *testing.T) {
	f, err := New(xiaopei(t), Options{Players: [2]string{"greedy", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	one := simtest.ReportJSON(t, f, sim.Options{Games: n, Seed: 3, Jobs: 1})
	if three := simtest.ReportJSON(t, f, sim.Options{Games: n, Seed: 3, Jobs: 3}); !bytes.Equal(three, one) {
		t.Fatalf("jobs 3 gives another report than jobs 1:\n%s\n---\n%s", three, one)
	}
	var r sim.Report
	if err := json.Unmarshal(one, &r); err != nil {
		t.Fatal(err)
	}
	bf := r.Facts.Section.(*BattleFacts)
	if r.Family != "battle" || r.Games != n || r.Failed != 0 || bf == nil || len(r.Sides) != 2 {
		t.Fatalf("unexpected report:\n%s", one)
	}
	if bf.PlayerWins[0].Count != n {
		t.Errorf("greedy won %d of %d games against random", bf.PlayerWins[0].Count, n)
	}
	if r.Sides[0].Wins.Count != n/2 || r.Sides[1].Wins.Count != n/2 {
		t.Errorf("greedy played each base half the time, but the bases won %d and %d", r.Sides[0].Wins.Count, r.Sides[1].Wins.Count)
	}
	ends, falls, damage := 0, 0, 0
	for _, e := range bf.Ends {
		ends += e.Games
	}
	for _, c := range bf.Cities {
		falls += c.Falls
	}
	for _, c := range bf.Cells {
		damage += c.Damage
	}
	if ends != n || falls != bf.Falls || damage != bf.Damage || len(bf.Cities) != 8 || bf.Damage == 0 {
		t.Errorf("facts do not add up: ends %d, falls %d/%d, damage %d/%d, %d cities", ends, falls, bf.Falls, damage, bf.Damage, len(bf.Cities))
	}
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"player 1 (base (3,3))", "greedy     8  100.0%", "How the games ended: flag 8", "Hottest cells"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, text.String())
		}
	}
}

func TestBattleRefusesWhatItCannotPlay(t *testing.T) {
	for _, o := range []Options{{Players: [2]string{"human", "greedy"}}, {RoundCap: 1}} {
		if _, err := New(xiaopei(t), o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
}

// xiaopei is the small symmetric sample map.
func xiaopei(t testing.TB) *battlefmt.Map {
	src, err := samples.Read("battle/小沛.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := battlefmt.Decode("小沛.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
