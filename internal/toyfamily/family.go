package toyfamily

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math/rand"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/validate"
)

var jsonUnmarshal = json.Unmarshal

// The check rules.
var (
	emptyHeap = validate.Define(validate.Rule{Code: "NIM001", Severity: diag.Warning, Family: Family,
		Title: "an empty heap", Meaning: "No one can take from it.", Fix: "Remove the heap or put stones in it."})
	negativeHeap = validate.Define(validate.Rule{Code: "NIM002", Severity: diag.Error, Family: Family,
		Title: "a heap with fewer than no stones", Meaning: "The game cannot start.", Fix: "Give the heap 0 stones or more."})
)

func init() {
	formats.Register(formats.Codec{Kind: Kind, Legacy: Legacy, Exts: []string{".nim"}, Rank: 100,
		ReadLegacy: formats.Bytes(readLegacy), WriteLegacy: formats.Writer(writeLegacy),
		Decode: formats.Decoder(decode), Encode: formats.Writer(encode)})
	validate.RegisterChecker(Kind, check)
	preview.Register(Kind, render)
	family.Register(family.Family{
		Name: Family, Title: "Nim, heaps of stones",
		Kinds: []family.Kind{{Kind: Kind, Title: "Nim heaps", Legacy: Legacy, Check: true, Preview: true, Play: true, Sim: true,
			Template: &family.Template{Title: "Nim (3, 4, 5)", YAML: func() ([]byte, error) { return encode(&Heaps{Stones: []int{3, 4, 5}}) }}}},
		Play: &family.Play{Help: "Nim heaps are played by the computer on both sides.", Run: run, Start: start, Resume: resume,
			Decisions: []string{"take"}},
		Sim: &family.Sim{Help: "Nim heaps: the first and the second player.", DefaultTurnCap: 1000, New: newSim},
	})
}

func check(r validate.Reporter) {
	for i, n := range r.Doc().Value.(*Heaps).Stones {
		switch {
		case n < 0:
			r.Add(negativeHeap, fmt.Sprintf("heaps[%d]", i), "heap %d holds %d stones", i, n)
		case n == 0:
			r.Add(emptyHeap, fmt.Sprintf("heaps[%d]", i), "heap %d is empty", i)
		}
	}
}

// render draws every heap as a bar of its stones.
func render(doc *formats.Document, o preview.Options) (image.Image, error) {
	h := doc.Value.(*Heaps)
	img := image.NewRGBA(image.Rect(0, 0, 20*len(h.Stones)+10, 110))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	for i, n := range h.Stones {
		draw.Draw(img, image.Rect(10+20*i, 100-5*min(max(n, 0), 18), 25+20*i, 100), &image.Uniform{color.Gray{80}}, image.Point{}, draw.Src)
	}
	return img, nil
}

func setupOf(doc *formats.Document) (Setup, error) {
	h, ok := doc.Value.(*Heaps)
	if !ok {
		return Setup{}, fmt.Errorf("not Nim heaps")
	}
	for _, n := range h.Stones {
		if n < 0 {
			return Setup{}, fmt.Errorf("nim: a heap of %d stones", n)
		}
	}
	return Setup{Stones: h.Stones}, nil
}

func run(doc *formats.Document, o family.PlayOptions, out io.Writer) error {
	s, err := setupOf(doc)
	if err != nil {
		return err
	}
	g, err := New(s, engine.Options{})
	if err != nil {
		return err
	}
	c := Computer{rand.New(rand.NewSource(o.Seed))}
	if err := engine.PlayOut(g, engine.Seats[*Game](c, 2), engine.PlayOptions{}); err != nil {
		return err
	}
	fmt.Fprintf(out, "nim: player %d took the last stone\n", g.Result())
	return nil
}

func start(doc *formats.Document, o family.GameOptions) (*family.Game, error) {
	s, err := setupOf(doc)
	if err != nil {
		return nil, err
	}
	g, err := New(s, o.Machine)
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

func resume(snap *engine.Snapshot, o family.GameOptions) (*family.Game, error) {
	g, err := engine.Resume(snap, Family, func(s Setup) (*Game, error) { return New(s, o.Machine) })
	if err != nil {
		return nil, err
	}
	return game(g, o.Seed), nil
}

func game(g *Game, seed int64) *family.Game {
	c := Computer{rand.New(rand.NewSource(seed))}
	return &family.Game{Machine: g.Machine, Seats: []string{"first", "second"},
		Save: func() (*engine.Snapshot, error) { return g.Machine.Snapshot(Family, g.setup) },
		Computer: func(int) func(d *engine.Decision) engine.Answer {
			return func(d *engine.Decision) engine.Answer { return c.Answer(g, d) }
		}}
}

// nimSim plays games with the random player on both sides.
type nimSim struct{ setup Setup }

func newSim(doc *formats.Document, o family.SimOptions) (sim.Family, error) {
	s, err := setupOf(doc)
	return nimSim{s}, err
}

func (nimSim) Name() string                           { return Family }
func (nimSim) Sides() []sim.Side                      { return []sim.Side{{Name: "first"}, {Name: "second"}} }
func (nimSim) Facts(games []sim.GameResult) sim.Facts { return sim.Facts{} }
func (nimSim) DecodeFacts([]byte) (any, error)        { return nil, nil }

func (n nimSim) Play(ctx context.Context, _ int, seed int64) (sim.GameResult, error) {
	g, err := New(n.setup, engine.Options{DropEvents: true})
	if err != nil {
		return sim.GameResult{}, err
	}
	players := []engine.Player[*Game]{engine.NewRandomPlayer[*Game](seed), engine.NewRandomPlayer[*Game](seed + 1)}
	turns := 0
	counted := engine.PlayerFunc[*Game](func(g *Game, d *engine.Decision) engine.Answer {
		turns++
		return players[d.Player].Answer(g, d)
	})
	if err := engine.PlayOut(g, engine.Seats[*Game](counted, 2), engine.PlayOptions{Context: ctx}); err != nil {
		return sim.GameResult{}, err
	}
	return sim.GameResult{Winner: g.Result().(int), Turns: turns}, nil
}
