package search

import (
	"encoding/json"
	"strconv"
	"strings"

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
//
// That alone bounds a loop only by the product of the answers of every
// question on it: an ftbt person who picks a tech, then goes back from
// its target question to pick another, ran through thousands of
// decisions a round (29,092 decisions in a game of 12 rounds at three
// playouts a decision). So when the game comes back to a question of the
// chain, the answer that closed the loop (the "back" of the question
// asked last) is also refused to every question of that seat and kind
// for the rest of the chain, again unless no other is left.

// chain is the questions a player answered in a row in one game.
type chain struct {
	g      Game
	at     int // g.Answered() when the next question follows in the chain
	player int
	given  map[string]map[string]bool // fingerprint → answers given to it
	// last is the kind of the question answered last and its answer;
	// closers are the answers that closed a loop, by kind.
	lastKind   string
	lastAnswer string
	closers    map[string]map[string]bool
}

// enter starts answering d in g: it returns d's fingerprint ("" for a
// question the chain does not follow) and resets the chain unless d
// follows its last answer in the same game.
func (c *chain) enter(g Game, d *engine.Decision) string {
	if c.g != g || g.Answered() != c.at || c.player != d.Player || len(g.PendingAll()) != 1 {
		c.g, c.player, c.given, c.closers, c.lastKind = nil, d.Player, nil, nil, ""
	}
	if len(g.PendingAll()) != 1 {
		return ""
	}
	fp := fingerprint(d)
	if c.given[fp] != nil && c.lastKind != "" {
		// back at a question of the chain: the last answer closed a loop
		if c.closers == nil {
			c.closers = map[string]map[string]bool{}
		}
		if c.closers[c.lastKind] == nil {
			c.closers[c.lastKind] = map[string]bool{}
		}
		c.closers[c.lastKind][c.lastAnswer] = true
	}
	return fp
}

// banned returns the answers d, of fingerprint fp, may not be given: those
// given to it already in the chain and those that closed a loop at a
// question of its kind (nil: none).
func (c *chain) banned(fp string, d *engine.Decision) map[string]bool {
	given, closers := c.given[fp], c.closers[d.Kind]
	if len(closers) == 0 {
		return given
	}
	out := make(map[string]bool, len(given)+len(closers))
	for a := range given {
		out[a] = true
	}
	for a := range closers {
		out[a] = true
	}
	return out
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
	c.lastKind, c.lastAnswer = fingerprintKind(fp), string(a)
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

// fingerprintKind is the kind of the question of fingerprint fp.
func fingerprintKind(fp string) string {
	_, rest, _ := strings.Cut(fp, "\x00")
	kind, _, _ := strings.Cut(rest, "\x00")
	return kind
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
