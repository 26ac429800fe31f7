package serve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/samples"
)

// TestPhoneTargetsOfEveryFamily: on a 420×900 phone, the board of every
// family first shows its targets at least 32 pixels across (and every
// button 32 pixels high): the planets a person may send from and to, an
// mbg square for a card, the war-chess cells a person moves to, a battle
// hero's cells — with the thing to click in sight, tapped with a finger.
func TestPhoneTargetsOfEveryFamily(t *testing.T) {
	t.Parallel()
	ctx := browserAt(t, 420, 900, true)
	read := func(name string) *Document {
		src, err := samples.Read(name)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := formats.ReadBytes(name, src, formats.Options{FS: samples.FS()})
		if err != nil {
			t.Fatal(err)
		}
		return &Document{Name: filepath.Base(name), Doc: doc}
	}
	every, err := os.ReadFile(filepath.Join("testdata", "mbg-every-question.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	docs := []*Document{read("planets/九州.yaml"), read("ftbt/长坂坡.yaml"), read("battle/小沛.yaml"), document(t, "每问.yaml", string(every))}
	_, base := startServer(t, Options{Documents: docs, Dir: t.TempDir()})
	room := func(doc string, seats ...string) string {
		return base + create(t, base, CreateRequest{Document: doc, Seed: ptr(int64(1)), Seats: seats}).Seats[0].Link
	}
	p := newPlayer(t, ctx, true)

	p.open(room("九州.yaml", "person", "computer", "computer", "computer"))
	p.next()
	p.targetsLegible("planets: the person's planets")
	p.clickBoard("g.planet.pickable.mine", 0)
	p.waitFor(func() bool { return p.has("g.planet.selected") }, "picking a planet")
	p.targetsLegible("planets: where the units may go")

	p.open(room("长坂坡.yaml", "person", "computer"))
	p.next()
	p.targetsLegible("ftbt: the side's people")
	s := p.now()
	p.clickBoard("#ftbt rect.pickable", 0)
	p.sent(s)
	p.next()
	p.targetsLegible("ftbt: where the person moves")

	p.open(room("小沛.yaml", "person", "computer"))
	s = p.next()
	for range 6 {
		p.press(".pool button:not(.primary)")
	}
	p.press("#send")
	p.sent(s)
	p.next()
	p.clickBoard("#battle g.unit.mine", 0)
	p.waitFor(func() bool { return p.has("#stack") }, "the stack's list")
	p.targetsLegible("battle: the stack's list")
	p.press("#stack button")
	p.waitFor(func() bool { return p.has("#battle rect.target") }, "picking a hero")
	p.targetsLegible("battle: the hero's cells")

	p.open(room("每问.yaml", "person", "computer"))
	s = p.next()
	p.press("#mbg-card-0")
	p.sent(s)
	p.next()
	p.targetsLegible("mbg: the squares for a barrier")
}
