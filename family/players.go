package family

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
	"github.com/shapan/shapan/engine/sim"
)

// PlayerSeats reads a --players list: one computer player per seat,
// comma-separated; fewer names than seats: the last plays the remaining
// seats. valid checks a name.
func PlayerSeats(list string, seats int, valid func(string) error) ([]string, error) {
	names := strings.Split(list, ",")
	if len(names) > seats {
		return nil, sim.BadPlayers(fmt.Errorf("--players names %d players for %d seats", len(names), seats))
	}
	out := make([]string, seats)
	for s := range out {
		n := strings.TrimSpace(names[min(s, len(names)-1)])
		if err := valid(n); err != nil {
			return nil, sim.BadPlayers(fmt.Errorf("--players: %w", err))
		}
		out[s] = n
	}
	return out, nil
}

// Computers lists the computer players a seat of g may take: the
// family's own first, then random and search.
func (g *Game) Computers() []string {
	if g.Players != nil {
		return g.Players
	}
	return []string{"computer", search.KindRandom, search.KindSearch}
}

// ComputerNamed returns the computer player called name (one of
// Computers, search with any budget; "" is the family's Computer) for
// seat, seeded by seed. A family without players of its own gets random
// and a search player that copies the game by replaying its answers.
func (g *Game) ComputerNamed(name string, seat int, seed int64) (func(d *engine.Decision) engine.Answer, error) {
	switch {
	case name == "" || name == "computer":
		return g.Computer(seat), nil
	case g.Player != nil:
		return g.Player(name, seat)
	case name == search.KindRandom:
		p := engine.NewRandomPlayer[*Game](seed)
		return func(d *engine.Decision) engine.Answer { return p.Answer(g, d) }, nil
	}
	b, ok, err := search.ParseSearch(name)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, fmt.Errorf("no computer player %q (%s, search:PLAYOUTS or search:CPU such as search:100ms)", name, strings.Join(g.Computers(), ", "))
	case g.Save == nil:
		return nil, errors.New("this game cannot be copied: no search player")
	}
	p := search.New(g.replayModel(), search.Options{Playouts: b.Playouts, CPU: b.CPU, Seed: seed})
	return func(d *engine.Decision) engine.Answer { return p.Answer(g, d) }, nil
}

// replayModel is the search model of a family that gives none: a copy is
// the game resumed from its snapshot (the answers of the current step
// left out), a playout plays to the end with random legal answers, and a
// game's value is its result when the rules return the winning seat.
func (g *Game) replayModel() *search.Model {
	return &search.Model{
		Seats: len(g.Seats),
		Fork: func(sg search.Game, _ int64) (search.Game, error) {
			fg := sg.(*Game)
			snap, err := fg.Save()
			if err != nil {
				return nil, err
			}
			snap.Answers = snap.Answers[:len(snap.Answers)-fg.Given()]
			if snap.Players != nil {
				snap.Players = snap.Players[:len(snap.Answers)]
			}
			return ResumeGame(snap, GameOptions{Machine: engine.Options{DropEvents: true}})
		},
		Value: func(sg search.Game) []float64 {
			fg := sg.(*Game)
			if w, ok := fg.Result().(int); ok && fg.Over() {
				return search.Winner(len(fg.Seats), w)
			}
			return search.Winner(len(fg.Seats), -1)
		},
	}
}

// WithRoster gives fg, a game of a family whose typed game is g, the
// computer players of the family's roster r, its search variants among
// them (Game.Players and Game.Player); seat s's player is seeded by seed
// and s. It returns fg.
func WithRoster[G search.Game](fg *Game, r search.Roster[G], g G, seed int64) *Game {
	fg.Players = r.Choices()
	fg.Player = func(name string, seat int) (func(d *engine.Decision) engine.Answer, error) {
		p, err := r.New(name, seat, seed*int64(max(len(fg.Seats), 1))+int64(seat))
		if err != nil {
			return nil, err
		}
		return func(d *engine.Decision) engine.Answer { return p.Answer(g, d) }, nil
	}
	return fg
}

// SkillLevels reads a --skill list for documents of kind: random, greedy
// (where the family has a greedy player), best (its strongest player),
// search (or search:PLAYOUTS, search:CPU), or any of its players' names.
// A level the family has no player for is skipped, with the reason.
func SkillLevels(kind, list string) (levels []sim.Level, skipped []string, err error) {
	f, k := Of(kind)
	if k == nil || !k.Sim || f.Sim == nil {
		return nil, nil, fmt.Errorf("a %s document cannot be simulated", kind)
	}
	players := f.Sim.Players
	if len(players) == 0 {
		return nil, nil, sim.BadPlayers(fmt.Errorf("the players of a %s document cannot be chosen", kind))
	}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		switch {
		case name == "best":
			levels = append(levels, sim.Level{Name: name, Player: players[0]})
		case slices.Contains(players, name):
			levels = append(levels, sim.Level{Name: name, Player: name})
		case name == "greedy":
			skipped = append(skipped, fmt.Sprintf("greedy: %s has no greedy player (its players: %s)", f.Name, strings.Join(players, ", ")))
		default:
			if _, ok, err := search.ParseSearch(name); ok && err == nil && slices.Contains(players, search.KindSearch) {
				levels = append(levels, sim.Level{Name: name, Player: name})
				continue
			} else if err != nil {
				return nil, nil, sim.BadPlayers(fmt.Errorf("--skill: %w", err))
			}
			return nil, nil, sim.BadPlayers(fmt.Errorf("--skill: no level %q (random, greedy, best, search[:PLAYOUTS|:CPU] or a player: %s)", name, strings.Join(players, ", ")))
		}
	}
	if len(levels) == 0 {
		return nil, skipped, sim.BadPlayers(errors.New("--skill names no level the family has a player for"))
	}
	return levels, skipped, nil
}
