package sim

import (
	"fmt"
	"strings"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/restrict"
	"github.com/shapan/shapan/engine/search"
)

// PlayerStats is one computer player's record over a simulation whose
// sides it played in turn with others.
type PlayerStats struct {
	// Name is the player's name ("search:200", "ai").
	Name string `json:"name"`
	// Games is the number of games it played a side of; Seats the sides
	// it played in all (a player may take several sides of a game).
	Games int `json:"games"`
	Seats int `json:"seats"`
	// Share is the share of the wins its sides would get if every side
	// were as strong: its seats over all the sides played.
	Share float64 `json:"share"`
	// Wins counts the games one of its sides won, out of Games.
	Wins Proportion `json:"wins"`
}

// Seating returns the player of each of seats sides in game number game
// of a simulation whose players are names (one per side; fewer names: the
// last plays the remaining sides): the list turned by the game's index,
// so that every player plays every side alike often. Nil when names
// lists no player.
func Seating(names []string, seats, game int) []string {
	if len(names) == 0 || seats == 0 {
		return nil
	}
	all := make([]string, seats)
	for s := range all {
		all[s] = names[min(s, len(names)-1)]
	}
	out := make([]string, seats)
	for s := range out {
		out[s] = all[((s-game)%seats+seats)%seats]
	}
	return out
}

// OnlyDefault reports whether every seat named is played by def (the
// family's default player), so the adapter plays its default game.
func OnlyDefault(seats []string, def string) bool {
	for _, n := range seats {
		if n != "" && n != def {
			return false
		}
	}
	return true
}

// PlayersError is a --players or --skill list that a document's seats
// cannot take (a name no player has, more names than seats, players of a
// family whose players cannot be chosen): the command line calls it a
// usage error. Its message is its error's.
type PlayersError struct{ Err error }

func (e *PlayersError) Error() string { return e.Err.Error() }

// Unwrap returns the error that says what is wrong with the list.
func (e *PlayersError) Unwrap() error { return e.Err }

// BadPlayers marks err as a PlayersError.
func BadPlayers(err error) error { return &PlayersError{Err: err} }

// CheckPlayers refuses more players than seats.
func CheckPlayers(names []string, seats int) error {
	if len(names) > seats {
		return BadPlayers(fmt.Errorf("sim: %d players for %d seats", len(names), seats))
	}
	return nil
}

// ParsePlayers splits a --players list ("search:200,ai") into names,
// checking each with valid.
func ParsePlayers(list string, valid func(string) error) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []string
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if err := valid(n); err != nil {
			return nil, BadPlayers(fmt.Errorf("--players: %w", err))
		}
		out = append(out, n)
	}
	return out, nil
}

// playerStats sums up the players' wins of games whose sides were seated
// (nil when none was).
func playerStats(games []GameResult) []PlayerStats {
	byName := map[string]*PlayerStats{}
	var order []string
	total := 0
	for _, g := range games {
		if g.Seats == nil {
			continue
		}
		for _, n := range g.Seats {
			if n != "" {
				total++
			}
		}
		in := map[string]bool{}
		for s, n := range g.Seats {
			if n == "" {
				continue // a side nobody played
			}
			p := byName[n]
			if p == nil {
				p = &PlayerStats{Name: n}
				byName[n] = p
				order = append(order, n)
			}
			p.Seats++
			if !in[n] {
				in[n] = true
				p.Games++
			}
			if g.Winner == s {
				p.Wins.Count++
			}
		}
	}
	if len(order) < 2 {
		return nil // one player on every side: the sides say it all
	}
	var out []PlayerStats
	for _, n := range order {
		p := byName[n]
		p.Share = Round4(float64(p.Seats) / float64(total))
		p.Wins = NewProportion(p.Wins.Count, p.Games)
		out = append(out, *p)
	}
	return out
}

// SeatPlayers returns the players of seats (nil: none, the adapter's
// default) from a family's roster, seat s's seeded with seed and s.
func SeatPlayers[G search.Game](r search.Roster[G], seats []string, n int, seed int64) ([]engine.Player[G], error) {
	if seats == nil {
		return nil, nil
	}
	out := make([]engine.Player[G], n)
	for s := range out {
		if s >= len(seats) || seats[s] == "" {
			continue
		}
		p, err := r.New(seats[s], s, seed*int64(n)+int64(s))
		if err != nil {
			return nil, err
		}
		out[s] = p
	}
	return out, nil
}

// Restricted returns players with the player of seat restricted by r
// (players itself when r is nil).
func Restricted[G any](players []engine.Player[G], r *restrict.Side, seat int) []engine.Player[G] {
	if r == nil || seat < 0 || seat >= len(players) || players[seat] == nil {
		return players
	}
	out := append([]engine.Player[G](nil), players...)
	out[seat] = restrict.Player(out[seat], r.Restriction)
	return out
}
