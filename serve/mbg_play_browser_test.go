package serve

import (
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/shapan/shapan/formats"
)

// TestLaptopPlaysEveryMBGQuestion: a person at a laptop (1280×900, a
// mouse) plays an mbg save made for it (serve/testdata: they hold every
// card, a city, a researcher and a trainee on a small board) against the
// computer, by clicking and typing only: they save the game under a name
// they type (and download it: an mbg save), play cards on a role, on themselves, on a square of the
// board and on an officer, roll the dice, occupy and garrison cities,
// attack cities and roles with a main and a vice general, hire at the
// saloon, study, train, and in the allocation manage their city (officers
// in and out, mayor, treasurer) and their researcher and trainee — every
// decision kind of the mbg engine is answered through a control, within
// 100 decisions.
func TestLaptopPlaysEveryMBGQuestion(t *testing.T) {
	t.Parallel()
	ctx := browserAt(t, 1280, 900, false)
	src, err := os.ReadFile(filepath.Join("testdata", "mbg-every-question.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	_, base := startServer(t, Options{Documents: []*Document{document(t, "每问.yaml", string(src))}, Dir: t.TempDir()})
	c := create(t, base, CreateRequest{Document: "每问.yaml", Seed: ptr(int64(mbgSeed)), Seats: []string{"person", "computer"}})
	p := newPlayer(t, ctx, false)
	p.open(base + c.Seats[0].Link)

	limit := 100
	cards := []int{3, 4, 0, 7} // a role, oneself, a square, an officer
	saved, last := false, ""
	visited := map[string]bool{}
	for p.answers < limit {
		s := p.next()
		if s.Status == "over" {
			break
		}
		if s.Kind == "sel_alloc_obj" && last != "sel_alloc_obj" && last != "exchange_city_people" && last != "sel_mayor" && last != "sel_treasurer" && last != "is_cancel_study" && last != "is_cancel_train" {
			visited = map[string]bool{} // a new allocation
		}
		last = s.Kind
		switch s.Kind {
		case "sel_role_action":
			switch {
			case !saved:
				saved = true
				p.press("#mbg-save-game")
			case len(cards) > 0 && p.has("#mbg-card-"+strconv.Itoa(cards[0])):
				p.press("#mbg-card-" + strconv.Itoa(cards[0]))
				cards = cards[1:]
			default:
				p.press("#mbg-roll")
			}
		case "get_file_name":
			p.typeInto("#mbg-file", "../魏的存档")
			p.press("#mbg-save")
		case "confirm_card", "is_occu_city":
			p.press("#mbg-yes")
		case "is_cancel_study", "is_cancel_train":
			p.press("#mbg-no")
		case "sel_card_obj_role":
			p.press("#controls button[id^=mbg-role-]")
		case "sel_card_obj_loc":
			// The square behind the person, where it stands in nobody's way.
			p.clickBoard("#sq-"+strconv.Itoa(eval[int](p, `(() => { const b = room.state.board, r = b.roles[room.hint.seat]; return (r.at + b.squares.length - 1) % b.squares.length; })()`)), 0)
		case "sel_card_obj_any":
			p.press("#controls button[id^=mbg-place-]")
		case "sel_card_obj_people", "sel_mayor", "sel_treasurer", "sel_train":
			if p.has("#controls button[id^=mbg-pick-]:not(#mbg-pick--1)") {
				p.press("#controls button[id^=mbg-pick-]:not(#mbg-pick--1)")
			} else {
				p.press("#mbg-pick--1")
			}
		case "sel_city_mos":
			if p.has("#mbg-mos-0") {
				p.press("#mbg-mos-0")
			}
			p.press("#mbg-mos-send")
		case "is_attack_city", "battle_with_role":
			p.press("#mbg-s0")
		case "sel_general":
			if p.has("#mbg-main-1") {
				p.press("#mbg-main-1")
				p.press("#controls button[id^=mbg-vice-]:not(#mbg-vice--1)")
				p.press("#mbg-fight")
			} else if p.has("#mbg-fight") {
				p.press("#mbg-fight")
			} else {
				p.press("#mbg-no-general")
			}
		case "saloon_sel_people":
			if p.has("#controls button[id^=mbg-hire-]:not(:disabled)") {
				p.press("#controls button[id^=mbg-hire-]:not(:disabled)")
			} else {
				p.press("#mbg-leave")
			}
		case "sel_study":
			if p.has("#mbg-study-p-0") {
				p.press("#mbg-study-p-0")
				p.press("#mbg-study-t-0")
				p.press("#mbg-study")
			} else {
				p.press("#mbg-no-study")
			}
		case "sel_alloc_obj":
			// Each place once (the first on the board), then done.
			ids := eval[[]string](p, `[...document.querySelectorAll("#controls button[id^=mbg-alloc-]")].map((b) => b.id)`)
			next := ""
			for _, id := range ids {
				if !visited[id] {
					next = id
					break
				}
			}
			switch {
			case next == "":
				p.press("#mbg-done")
			case len(visited) == 0:
				// The first on the board: the square of the place.
				visited[next] = true
				p.clickBoard("#sq-"+strconv.Itoa(eval[int](p, `((id) => {
				  const [st, obj] = id.split("-").slice(2).map(Number), s = room.state.board.state, cls = [1, 3, 4][st];
				  return s.board_class.findIndex((c, i) => c === cls && s.board_base[i] === obj);
				})(`+strconv.Quote(next)+`)`)), 0)
			default:
				visited[next] = true
				p.press("#" + next)
			}
		case "exchange_city_people":
			if p.has("#mbg-in-0") {
				p.press("#mbg-in-0")
			}
			p.press("#mbg-exchange")
		default:
			t.Fatalf("the mbg page asks %q, which this test does not know", s.Kind)
		}
		p.sent(s)
	}
	p.everyKind("mbg")
	recordAgrees(t, base, c, 0, p)

	// The game saved under the typed name is there to download: an mbg
	// save, named as typed (its last part), ending in .sav.
	p.waitFor(func() bool { return p.has("#saved:not([hidden])") }, "the saved game's link")
	resp, err := http.Get(eval[string](p, `document.getElementById("save-download").href`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	_, params, _ := mime.ParseMediaType(resp.Header.Get("Content-Disposition"))
	if resp.StatusCode != http.StatusOK || params["filename"] != "魏的存档.sav" {
		t.Fatalf("the saved game: HTTP %d, %q", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	doc, err := formats.ReadBytes(params["filename"], b, formats.Options{})
	if err != nil || doc.Kind != "mbg/save" {
		t.Fatalf("the saved game is not an mbg save: %v", err)
	}
	// The room's record, save and all, replays as it was played.
	rec := filepath.Join(t.TempDir(), "room.json")
	resp, err = http.Get(eval[string](p, `document.getElementById("download").href`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := writeBody(resp, rec); err != nil {
		t.Fatal(err)
	}
	if _, err := ReplayRecordFile(rec); err != nil {
		t.Fatalf("the room's record does not replay: %v", err)
	}
}

// mbgSeed seeds the game of TestLaptopPlaysEveryMBGQuestion: its dice
// bring every question within the test's 100 decisions.
const mbgSeed = 1
