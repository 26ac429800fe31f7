package charts_test

import (
	"context"
	"encoding/json"
	battlepreview "github.com/shapan/shapan/preview/battle"
	ftbtpreview "github.com/shapan/shapan/preview/ftbt"
	planetspreview "github.com/shapan/shapan/preview/planets"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/shapan/shapan/engine/sim"
	battlesim "github.com/shapan/shapan/engine/sim/battle"
	ftbtsim "github.com/shapan/shapan/engine/sim/ftbt"
	planetssim "github.com/shapan/shapan/engine/sim/planets"
	"github.com/shapan/shapan/family"
	_ "github.com/shapan/shapan/family/all"
	"github.com/shapan/shapan/formats"
	battlefmt "github.com/shapan/shapan/formats/battle"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
	planetsfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/preview"
	"github.com/shapan/shapan/preview/charts"
	"github.com/shapan/shapan/samples"
)

// simulate plays a few games of a sample and returns the document and
// the report.
func simulate(t *testing.T, name string, turnCap, games int) (*formats.Document, *sim.Report) {
	t.Helper()
	src, err := samples.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
	if err != nil {
		t.Fatal(err)
	}
	f, err := family.Simulate(doc, family.SimOptions{TurnCap: turnCap})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(context.Background(), f, sim.Options{Games: games, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return doc, r
}

// ftbtCellAt returns the colour of cell (x, y) of an ftbt heat map near
// its top-left corner (clear of the people's discs and the crosses).
func ftbtCellAt(img image.Image, l *ftbtfmt.Level, x, y int, top float64) color.Color {
	cell, margin := ftbtpreview.LevelGeometry(l, preview.Options{})
	return img.At(int(margin+float64(x)*cell+2), int(top+margin+float64(y)*cell+2))
}

// TestFTBTHeatmap: the level as preview draws it below a title, the cell
// with the most damage shaded dark red, cells without fights untouched;
// facts read back from JSON (without their level) still give a map.
func TestFTBTHeatmap(t *testing.T) {
	doc, r := simulate(t, "ftbt/长坂坡.yaml", 215, 1) // the sides meet in round 208
	l := doc.Value.(*ftbtfmt.Level)
	f := r.Facts.Section.(*ftbtsim.FTBTFacts)
	if f == nil || len(f.Cells) == 0 {
		t.Fatalf("no fights: %+v", f)
	}
	img := charts.Heatmap(r, charts.Options{})
	level := ftbtpreview.Level(l, doc.Rules.(*ftbtfmt.Rules), preview.Options{})
	const title = 30
	if b := img.Bounds(); b.Dx() != level.Bounds().Dx() || b.Dy() <= level.Bounds().Dy()+title {
		t.Fatalf("size %v, the level's %v", b, level.Bounds())
	}
	hot := slices.MaxFunc(f.Cells, func(a, b ftbtsim.FTBTCellFacts) int { return a.Damage - b.Damage })
	if c := ftbtCellAt(img, l, hot.X, hot.Y, title); !near(c, charts.HeatColour(1), 40) {
		t.Errorf("the hottest cell (%d, %d) is %v, not dark red", hot.X, hot.Y, c)
	}
	fought := map[[2]int]bool{}
	for _, c := range f.Cells {
		fought[[2]int{c.X, c.Y}] = true
	}
	for _, cell := range [][2]int{{0, 0}, {31, 19}, {20, 2}} {
		if fought[cell] {
			continue
		}
		if a, b := ftbtCellAt(img, l, cell[0], cell[1], title), ftbtCellAt(level, l, cell[0], cell[1], 0); a != b {
			t.Errorf("cell %v without fights: %v, the preview's %v", cell, a, b)
		}
	}
	// Facts read back from JSON have no level: a plain grid, still hot.
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back sim.Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	plain := charts.Heatmap(&back, charts.Options{})
	if plain == nil || plain.Bounds() != img.Bounds() {
		t.Fatalf("the heat map of facts without their level: %v", plain)
	}
	if c := ftbtCellAt(plain, l, hot.X, hot.Y, title); !near(c, charts.HeatColour(1), 40) {
		t.Errorf("without the level, the hottest cell is %v", c)
	}
	if s := charts.Summary(r, charts.Options{}); s.Bounds().Dy() != charts.ChartHeight+img.Bounds().Dy() {
		t.Errorf("summary %v", s.Bounds())
	}
}

// TestPlanetsHeatmap: the planet graph as preview draws it, every planet
// fought over ringed in the heat colour of its battles.
func TestPlanetsHeatmap(t *testing.T) {
	doc, r := simulate(t, "planets/九州.yaml", 0, 2)
	m := doc.Value.(*planetsfmt.Map)
	f := r.Facts.Section.(*planetssim.PlanetsFacts)
	img := charts.Heatmap(r, charts.Options{})
	base := planetspreview.PlanetMap(m, preview.Options{})
	if b := img.Bounds(); b.Dx() != base.Bounds().Dx() || b.Dy() <= base.Bounds().Dy() {
		t.Fatalf("size %v, the map's %v", b, base.Bounds())
	}
	lay := planetspreview.PlanetMapLayout(m, preview.Options{})
	pos := m.Positions()
	most := slices.MaxFunc(f.Planets, func(a, b planetssim.PlanetFacts) int { return a.Battles - b.Battles }).Battles
	checked := 0
	for i, p := range f.Planets {
		pl := &m.Planets[i]
		x, y := lay.Centre(pos[pl.Token.Key()])
		rad := planetspreview.PlanetRadius(pl, lay.Cell)
		ringAt := img.At(int(x-rad-7), int(y)) // the ring's left side
		if p.Battles == 0 {
			if ringAt != base.At(int(x-rad-7), int(y)) {
				t.Errorf("planet %s had no battle but is ringed", p.Name)
			}
			continue
		}
		if want := charts.HeatColour(float64(p.Battles) / float64(most)); !near(ringAt, want, 30) {
			t.Errorf("planet %s (%d battles of at most %d): ring %v, want %v", p.Name, p.Battles, most, ringAt, want)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no planet was fought over")
	}
	if s := charts.Summary(r, charts.Options{}); s.Bounds().Dy() != charts.ChartHeight+img.Bounds().Dy() {
		t.Errorf("summary %v", s.Bounds())
	}
}

// TestBattleHeatmap: the map as preview draws it below a title, the cell
// with the most damage shaded dark red, cells without fights untouched.
func TestBattleHeatmap(t *testing.T) {
	src, err := samples.Read("battle/小沛.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := formats.ReadBytes("小沛.yaml", src, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := family.Simulate(doc, family.SimOptions{TurnCap: 170, Players: "greedy,random"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Run(context.Background(), f, sim.Options{Games: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	bf := r.Facts.Section.(*battlesim.BattleFacts)
	if bf == nil || len(bf.Cells) == 0 {
		t.Fatalf("no fights: %+v", bf)
	}
	img := charts.Heatmap(r, charts.Options{})
	m := doc.Value.(*battlefmt.Map)
	cell, margin := battlepreview.BattleMapGeometry(m, preview.Options{})
	at := func(x, y int) color.Color { // the middle of the cell's top edge, clear of a cross
		return img.At(int(margin+float64(x)*cell+cell/2), int(30+margin+float64(y)*cell+1))
	}
	hot := slices.MaxFunc(bf.Cells, func(a, b battlesim.BattleCellFacts) int { return a.Damage - b.Damage })
	if c := at(hot.X, hot.Y); !nearColour(c, charts.HeatColour(1)) {
		t.Errorf("the hottest cell (%d,%d) is %v, not %v", hot.X, hot.Y, c, charts.HeatColour(1))
	}
	if c, want := at(0, 30), battlepreview.BattleCellColor(m.At(0, 30)); !nearColour(c, want) {
		t.Errorf("a quiet corner is %v, not the map's %v", c, want)
	}
}

// nearColour reports whether two colours differ by little in every
// channel.
func nearColour(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) uint32 {
		if x > y {
			return x - y
		}
		return y - x
	}
	return d(r1, r2) < 0x1800 && d(g1, g2) < 0x1800 && d(b1, b2) < 0x1800
}
