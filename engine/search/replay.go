package search

import (
	"errors"
	"fmt"

	"github.com/shapan/shapan/engine"
)

// replayable is a game that keeps its answers (a *engine.Machine, or a
// game embedding one, without Options.DropAnswers).
type replayable interface {
	Game
	Answers() []engine.Answer
	AnsweredBy() []int
	Given() int
}

// Reseeder is a game whose random generator can be seeded anew: a copy
// made by ReplayFork is reseeded once its answers are replayed.
type Reseeder interface {
	Reseed(seed int64)
}

// ReplayFork returns the Fork of games that keep their answers (games
// embedding *engine.Machine): start begins the same game again (its
// events need not be kept), into which every answer given so far is
// replayed, but those given already to the current step. A copy that is
// a Reseeder is then reseeded; one that is not keeps the game's own
// generator, and the search knows its dice. It costs a replay of the
// whole game: a family whose games are long gives its Model a Fork that
// copies its state instead.
func ReplayFork(start func(g Game) (Game, error)) func(g Game, seed int64) (Game, error) {
	return func(g Game, seed int64) (Game, error) {
		r, ok := g.(replayable)
		if !ok {
			return nil, fmt.Errorf("search: a %T keeps no answers to replay", g)
		}
		c, err := start(g)
		if err != nil {
			return nil, err
		}
		answers, by := r.Answers(), r.AnsweredBy()
		n := len(answers) - r.Given()
		rc, ok := c.(interface {
			ReplayBy(players []int, answers []engine.Answer) error
		})
		if !ok {
			c.Close()
			return nil, fmt.Errorf("search: a %T cannot replay answers", c)
		}
		if err := rc.ReplayBy(by[:n], answers[:n]); err != nil {
			c.Close()
			return nil, fmt.Errorf("search: replaying the game: %w", err)
		}
		if r.Given() == 0 && !samePending(c.Pending(), g.Pending()) {
			c.Close()
			return nil, errors.New("search: the replayed game is not where the game is (does it keep its answers?)")
		}
		if rs, ok := c.(Reseeder); ok {
			rs.Reseed(seed)
		}
		return c, nil
	}
}

// samePending reports whether two pending decisions ask the same seat
// the same kind of question.
func samePending(a, b *engine.Decision) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Player == b.Player && a.Kind == b.Kind
}
