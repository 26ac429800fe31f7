package all_test

import (
	"math/rand"
	"testing"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	_ "github.com/shapan/shapan/internal/toyfamily" // a new family gets the search player too
)

// TestSearchPlaysOnlyLegalAnswersInEveryFamily: in every family that
// plays (the toy family Nim too, which gives the search nothing of its
// own), at random positions of random games, the search player named as
// the command line, the studio and the server name it answers the seat
// asked with an answer its rules accept, the same seed giving the same
// answer; random is offered alike.
func TestSearchPlaysOnlyLegalAnswersInEveryFamily(t *testing.T) {
	for _, f := range family.All() {
		if f.Play == nil {
			continue
		}
		for _, k := range f.Kinds {
			if !k.Play || k.Template == nil {
				continue
			}
			t.Run(k.Kind, func(t *testing.T) {
				doc, err := family.NewDocument(k.Kind)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewSource(int64(len(k.Kind))))
				for pos := range 3 {
					g, err := family.StartGame(doc, family.GameOptions{Seed: int64(pos), TurnCap: 30})
					if err != nil {
						t.Fatal(err)
					}
					random := engine.NewRandomPlayer[*family.Game](int64(pos))
					for n := r.Intn(60); n > 0 && g.Pending() != nil; n-- {
						d := g.Pending()
						if err := g.Answer(d.Player, random.Answer(g, d)); err != nil {
							t.Fatal(err)
						}
					}
					d := g.Pending()
					if d == nil {
						g.Close()
						continue
					}
					var answers []string
					for range 2 {
						play, err := g.ComputerNamed("search:3", d.Player, 7)
						if err != nil {
							t.Fatal(err)
						}
						a := play(d)
						if d.Check != nil {
							if err := d.Check(a); err != nil {
								t.Fatalf("%s to seat %d: the search answered %s: %v", d.Kind, d.Player, a, err)
							}
						}
						answers = append(answers, string(a))
					}
					if answers[0] != answers[1] {
						t.Fatalf("%s: the same seed answered %s and %s", d.Kind, answers[0], answers[1])
					}
					if _, err := g.ComputerNamed("random", d.Player, 1); err != nil {
						t.Fatal(err)
					}
					if _, err := g.ComputerNamed("clever", d.Player, 1); err == nil {
						t.Fatal("a computer player named clever")
					}
					if err := g.Answer(d.Player, engine.Answer(answers[0])); err != nil {
						t.Fatal(err)
					}
					g.Close()
				}
			})
		}
	}
}
