package battle

import (
	"encoding/json"
	"fmt"
	"github.com/shapan/shapan/internal/longtest"
	"math/rand"
	"testing"

	"github.com/shapan/shapan/engine"
	bfmt "github.com/shapan/shapan/formats/battle"
)

// chaos builds random legal answers that use every command: it draws
// candidate commands and keeps each one the rules accept after the ones
// kept before it.
type chaos struct {
	rng *rand.Rand
}

func (c chaos) answer(p *Position, s int) []Command {
	if p.Round == 1 {
		perm := c.rng.Perm(9)
		var team []string
		for _, h := range perm[:TeamSize] {
			team = append(team, bfmt.DefaultRoster[h].Name)
		}
		return []Command{PickTeam(team...)}
	}
	var kept []Command
	for range 4 + c.rng.Intn(20) {
		cand := c.candidate(p, s)
		try := append(append([]Command(nil), kept...), cand)
		if _, err := p.legality(s, try); err == nil {
			kept = try
		}
	}
	return kept
}

// candidate is a random command, legal or not.
func (c chaos) candidate(p *Position, s int) Command {
	r := c.rng
	k := r.Intn(TeamSize)
	u := &p.Sides[s].Team[k]
	name := p.Board.Roster[u.Hero].Name
	enemy := p.Board.Roster[p.Sides[other(s)].Team[r.Intn(TeamSize)].Hero].Name
	near := func(d int) Point { return Point{X: u.At.X + r.Intn(2*d+1) - d, Y: u.At.Y + r.Intn(2*d+1) - d} }
	switch r.Intn(14) {
	case 0:
		return MoveTo(name, near(1))
	case 12, 13: // towards the flag zone
		f := p.Board.Flag[r.Intn(len(p.Board.Flag))]
		return MoveTo(name, Point{X: u.At.X + sign(f.X-u.At.X), Y: u.At.Y + sign(f.Y-u.At.Y)})
	case 1:
		if u.MarkRound == p.Round {
			return MoveTo(name, u.Mark)
		}
		return Teleport(name, near(10))
	case 2, 3:
		return Attack(name, enemy)
	case 4:
		if len(p.Cities) == 0 {
			return Claim(name)
		}
		return Besiege(name, p.Cities[r.Intn(len(p.Cities))].At)
	case 5:
		return Claim(name)
	case 6, 7:
		sk := 1 + r.Intn(2)
		fields, _ := skillFields(u.Hero, sk)
		switch fields {
		case FieldTarget:
			return SkillOn(name, sk, enemy)
		case FieldAt:
			return SkillAt(name, sk, near(6))
		case FieldSoldier:
			return SkillSoldier(name, sk, 7+r.Intn(2))
		case FieldForm:
			if r.Intn(2) == 0 {
				return SkillForm(name, sk, Formation(1+r.Intn(2)))
			}
		}
		return UseSkill(name, sk)
	case 8:
		return MakeSoldiers(name, r.Intn(3), r.Intn(3))
	case 9:
		return SetForm(Formation(1 + r.Intn(2)))
	case 10:
		id := 1001 + r.Intn(4)
		if id == 1001 {
			return TakeBuff(id, name)
		}
		return TakeBuff(id, "")
	}
	return Repick(name, bfmt.DefaultRoster[r.Intn(9)].Name)
}

// ledger follows the counts the events change.
type ledger struct {
	soldiers [2]map[string]int // by hero, of living heroes
	alive    [2]int
	grain    [2]int
}

func ledgerOf(p *Position) ledger {
	l := ledger{soldiers: [2]map[string]int{{}, {}}}
	for s := range p.Sides {
		l.grain[s] = p.Sides[s].Grain
		for k := range p.Sides[s].Team {
			if u := &p.Sides[s].Team[k]; u.Alive {
				l.alive[s]++
				l.soldiers[s][p.Board.Roster[u.Hero].Name] = u.Archers + u.Shields
			}
		}
	}
	return l
}

// TestLegalCommandsKeepTheStateValid plays games of random legal
// commands: after every round the state is valid (Position.Valid: hp
// within 1…H, soldiers within command, one unit per cell off the bases,
// grain and morale within their caps, ...) and the soldiers, living heroes
// and grain before and after add up with the round's events.
func TestLegalCommandsKeepTheStateValid(t *testing.T) {
	games := longtest.Sized(12, 6, 12) // under -race 6: every event of spec §15 still
	if testing.Short() {
		games = 3
	}
	seen := map[string]int{}
	defer func() {
		// every event of spec §15 happened in these games
		for _, name := range []string{"round", "city_respawn", "pick", "spawn", "buff", "form", "make", "move", "blocked", "skill",
			"heal", "drain", "damage", "kill", "miss", "siege", "city_fall", "knockback", "produce", "flag_taken", "flag_void",
			"flag_held", "flag_starved", "end"} {
			if seen[name] == 0 && !testing.Short() {
				t.Errorf("no %s event in %d games", name, games)
			}
		}
	}()
	maps := []*bfmt.Map{bfmt.NewStandard(80, 60), bfmt.NewStandard(24, 20), mapT(map[Point]int{pt(8, 6): bfmt.CodeCity2, pt(20, 14): bfmt.CodeCity1})}
	for i := range games {
		m := maps[i%len(maps)]
		t.Run(fmt.Sprint("game ", i), func(t *testing.T) {
			playChaos(t, m, int64(i), seen)
		})
	}
}

func playChaos(t *testing.T, m *bfmt.Map, seed int64, seen map[string]int) {
	var round []engine.Event
	g, err := New(Setup{Map: m, MaxRounds: 400}, Options{Machine: engine.Options{DropEvents: true, OnEvent: func(e engine.Event) { round = append(round, e); seen[e.EventName()]++ }}})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	players := [2]chaos{{rand.New(rand.NewSource(seed))}, {rand.New(rand.NewSource(seed + 100))}}
	before := ledgerOf(g.Position())
	for g.Pending() != nil {
		d := g.Pending()
		pos := d.Args.(*OrdersArgs).Position
		a := Encode(players[d.Player].answer(pos, d.Player)...)
		if err := g.Answer(d.Player, a); err != nil {
			t.Fatalf("round %d: a legal answer %s refused: %v", g.Round(), a, err)
		}
		if d.Player == 0 {
			continue
		}
		if err := g.st.Valid(); err != nil {
			t.Fatalf("round %d: %v", pos.Round, err)
		}
		after := ledgerOf(&g.st.Position)
		if err := balance(before, after, round); err != nil {
			t.Fatalf("round %d: %v", pos.Round, err)
		}
		before, round = after, nil
	}
	if _, ok := g.Outcome(); !ok {
		t.Fatalf("no outcome: %v", g.Err())
	}
}

// balance checks that the events of a round account for the changes of
// the counts: every soldier of a hero, the living heroes and the grain.
func balance(before, after ledger, events []engine.Event) error {
	l := before
	for _, e := range events {
		switch e := e.(type) {
		case Produce:
			l.soldiers[e.Side][e.Hero] += e.Archers + e.Shields
		case Buff:
			if e.ID == 1001 {
				l.soldiers[e.Side][e.Hero] += e.Archers + e.Shields
			}
		case Damage:
			l.soldiers[e.Side][e.Hero] -= e.ShieldsLost + e.ArchersLost
		case Kill:
			l.alive[e.Side]--
			delete(l.soldiers[e.Side], e.Hero) // lost with the hero
			if e.By >= 0 {
				l.grain[e.By] = min(GrainCap, l.grain[e.By]+KillGrain)
			}
		case Spawn:
			l.alive[e.Side]++
			l.soldiers[e.Side][e.Hero] = 0
		case Make:
			l.grain[e.Side] -= e.Cost
		case Form:
			if !e.Free {
				l.grain[e.Side] -= FormCost
			}
		case CityFall:
			for s, g := range e.Rewards {
				l.grain[s] = min(GrainCap, l.grain[s]+g)
			}
		case FlagHeld:
			l.grain[e.Side] -= e.Upkeep
		}
	}
	for s := range l.alive {
		if l.alive[s] != after.alive[s] || l.grain[s] != after.grain[s] || fmt.Sprint(l.soldiers[s]) != fmt.Sprint(after.soldiers[s]) {
			b, _ := json.Marshal(events)
			return fmt.Errorf("side %d: the events give %+v, the state has %+v\nevents %s", s, l, after, b)
		}
	}
	return nil
}
