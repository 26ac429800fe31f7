package serve

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLaptopPlaysABattle: a person at a laptop (1280×900, a mouse) plays
// the sample battle map 小沛 against the computer by clicking and typing:
// they choose their six heroes, pick a hero out of the stack on the base
// (the page asks which of the heroes standing there), move heroes by
// clicking marked cells, attack enemies and use skills by clicking them
// on the map, make soldiers by typing their number (and change formation
// when the side can afford one), and at last forfeit. The commands the record holds are the person's; the
// game's one decision kind is answered every round. 24 rounds
// (SHAPAN_LONG=1: 100).
func TestLaptopPlaysABattle(t *testing.T) {
	t.Parallel()
	ctx := browserAt(t, 1280, 900, false)
	src, err := os.ReadFile(filepath.Join("..", "samples", "battle", "小沛.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, base := startServer(t, Options{Documents: []*Document{document(t, "小沛.yaml", string(src))}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "小沛.yaml", Seed: ptr(int64(3)), Seats: []string{"person", "computer"}})
	p := newPlayer(t, ctx, false)
	p.open(base + c.Seats[0].Link)

	limit := 24
	if long() {
		limit = 100
	}
	stacked, made, formed, skilled := false, false, false, false
	for {
		s := p.next()
		if s.Status == "over" {
			break
		}
		if s.Kind != "orders" {
			t.Fatalf("the battle page asks %q", s.Kind)
		}
		switch {
		case p.has(".pool"):
			// Round 1: the team.
			for k := range 6 {
				p.press(".pool button:not(.primary)")
				p.waitFor(func() bool { return eval[int](p, `document.querySelectorAll(".pool button.primary").length`) == k+1 }, "choosing a hero")
			}
		case p.answers >= limit:
			p.press("#quit")
			p.press("#quit-yes")
			p.sent(s)
			continue
		default:
			for k := range 2 {
				p.clickBoard("#battle g.unit.mine", k)
				if p.has("#stack") {
					stacked = true
					p.press("#stack button:nth-of-type(" + string(rune('1'+k)) + ")")
				}
				p.waitFor(func() bool { return p.has("#hero") }, "picking a hero")
				switch {
				case !skilled && p.has("#skill-1:not(:disabled)"):
					skilled = true
					p.press("#skill-1")
					switch {
					case p.has("#aim"):
						p.clickBoard("#aim", 0)
					case p.has("#soldier-7"):
						p.press("#soldier-7")
					case p.has("#cancel"):
						skilled = false
						p.press("#cancel")
					}
				case p.has("#battle g.unit.pickable:not(.mine)") && p.boxes("#battle g.unit.pickable:not(.mine)")[0].In:
					p.clickBoard("#battle g.unit.pickable:not(.mine)", 0)
					if p.has("#stack") {
						p.press("#stack button")
					}
				case p.has("#battle rect.target"):
					p.clickBoard("#"+eval[string](p, towardsEnemy), 0)
				}
				if !made {
					made = true
					p.typeInto("#archers", "1")
					p.press("#make")
				}
			}
			if !formed && p.has("#side button[id^=form-]:not(:disabled)") {
				formed = true
				p.press("#side button[id^=form-]:not(:disabled)")
			}
		}
		p.press("#send")
		p.sent(s)
	}
	p.everyKind("battle")
	recordAgrees(t, base, c, 0, p)
	if !stacked {
		t.Error("no hero was picked out of a stack")
	}
	// The commands the person gave, as the record holds them.
	var rec Record
	if st := call(t, "GET", base+"/api/rooms/"+c.Room+"/record", tokenOf(c.Seats[0].Link), nil, &rec); st != http.StatusOK {
		t.Fatalf("record: HTTP %d", st)
	}
	var used []string
	for _, a := range rec.Answers {
		var cmds []struct {
			C string `json:"c"`
		}
		if a.Player == 0 && json.Unmarshal(a.Answer, &cmds) == nil {
			for _, c := range cmds {
				if !slices.Contains(used, c.C) {
					used = append(used, c.C)
				}
			}
		}
	}
	for _, want := range []string{"PICK", "MOVE", "AD", "SK", "MAKE", "QUIT"} {
		if !slices.Contains(used, want) {
			t.Errorf("the person's orders never held %s (they held %q)", want, used)
		}
	}
	t.Logf("commands given by clicks: %q", used)
}

// towardsEnemy is the id of the marked cell nearest to the enemy's base.
const towardsEnemy = `(() => {
  const b = room.state.board, side = room.hint.seat, [ex, ey] = b.bases[1 - side][0];
  let best = null, bd = Infinity;
  for (const r of document.querySelectorAll("#battle rect.target")) {
    const [, x, y] = r.id.split("-").map(Number);
    const d = Math.abs(x - ex) + Math.abs(y - ey);
    if (d < bd) { bd = d; best = r.id; }
  }
  return best;
})()`
