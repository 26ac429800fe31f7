package search

import (
	"encoding/json"
	"strconv"

	"github.com/shapan/shapan/engine"
)

// An answer can lead the game straight back to the question it answered:
// an mbg card whose effect fails (an alliance with a role already allied)
// asks for its target again, a card cancelled at its target question
// returns to the choice of action with the card still in hand. A search
// values such an answer as well as the best answer of the question it
// comes back to — it is the same position — so nothing keeps it from
// choosing it again and again, and a game can run thousands of decisions
// without moving on. The player therefore remembers, while it answers
// one seat's decisions in a row (no other answer given between them),
// each question it answered and how: asked the same question again
// (the same seat, kind and arguments), it does not give an answer that
// led back to it, unless no other is left.

// chain is the questions a player answered in a row in one game.
type chain struct {
	g      Game
	at     int // g.Answered() when the next question follows in the chain
	player int
	given  map[string]map[string]bool // fingerprint → answers given to it
}

// enter starts answering d in g: it returns d's fingerprint ("" for a
// question the chain does not follow) and resets the chain unless d
// follows its last answer in the same game.
func (c *chain) enter(g Game, d *engine.Decision) string {
	if c.g != g || g.Answered() != c.at || c.player != d.Player || len(g.PendingAll()) != 1 {
		c.g, c.player, c.given = nil, d.Player, nil
	}
	if len(g.PendingAll()) != 1 {
		return ""
	}
	return fingerprint(d)
}

// leave records answer a to the question of fingerprint fp.
func (c *chain) leave(g Game, fp string, a engine.Answer) {
	if fp == "" {
		c.g = nil
		return
	}
	if c.given == nil {
		c.given = map[string]map[string]bool{}
	}
	if c.given[fp] == nil {
		c.given[fp] = map[string]bool{}
	}
	c.given[fp][string(a)] = true
	c.g, c.at = g, g.Answered()+1
}

// fingerprint names a question: its seat, kind and arguments ("" when
// the arguments do not marshal).
func fingerprint(d *engine.Decision) string {
	b, err := json.Marshal(d.Args)
	if err != nil {
		return ""
	}
	return strconv.Itoa(d.Player) + "\x00" + d.Kind + "\x00" + string(b)
}

// forbid marks player's arms of answers in ban as refused, and makes the
// choice refuse them when it draws them later.
func (n *node) forbid(player int, ban map[string]bool) {
	for i := range n.choices {
		c := &n.choices[i]
		if c.player != player {
			continue
		}
		c.ban = ban
		for j := range c.arms {
			if ban[string(c.arms[j].answer)] {
				c.arms[j].bad = true
			}
		}
	}
}
