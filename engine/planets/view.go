package planets

import (
	"fmt"
	"slices"
	"strconv"
)

// Hold is a planet's owner and garrison as clients see it: [owner,
// garrison], owner null (Neutral here) for a neutral planet.
type Hold struct {
	Owner int
	Count Num
}

// MarshalJSON writes [owner, garrison].
func (h Hold) MarshalJSON() ([]byte, error) {
	owner := "null"
	if h.Owner != Neutral {
		owner = strconv.Itoa(h.Owner)
	}
	c, _ := h.Count.MarshalJSON()
	return []byte("[" + owner + "," + string(c) + "]"), nil
}

// Fleet is units in flight as clients see them: [player, from, to, count,
// remaining steps].
type Fleet struct {
	Player, From, To int
	Count            int64
	Left             Num
}

// MarshalJSON writes [player, from, to, count, remaining].
func (f Fleet) MarshalJSON() ([]byte, error) {
	l, _ := f.Left.MarshalJSON()
	return []byte(fmt.Sprintf("[%d,%d,%d,%d,%s]", f.Player, f.From, f.To, f.Count, l)), nil
}

// PlayerView is one player's totals.
type PlayerView struct {
	Name    string `json:"name"`
	Planets int    `json:"planets"`
	Units   Num    `json:"units"`
	Points  int64  `json:"points"`
	Alive   bool   `json:"alive"`
	// Queued reports whether an accepted order waits for the next step.
	Queued bool `json:"queued"`
}

// View is the state of a game as clients see it (spec 10, the live state
// after the last step).
type View struct {
	Round   int64        `json:"round"`
	Status  string       `json:"status"`
	Players []PlayerView `json:"players"`
	Holds   []Hold       `json:"holds"`
	Fleets  []Fleet      `json:"fleets"`
	// Winner is the winner recorded by the finish check (-1 while the
	// game is not over).
	Winner int `json:"winner"`
}

// view returns the state as clients see it.
func (s *state) view() View {
	planets, units := s.tally()
	return View{Round: s.round, Status: s.status, Winner: s.winner, Holds: s.holdList(), Fleets: s.fleetList(),
		Players: s.playerViews(planets, units)}
}

// playerViews returns every player's totals, given the planets and units
// each holds.
func (s *state) playerViews(planets []int, units []Num) []PlayerView {
	return s.appendPlayerViews(nil, planets, units)
}

// appendPlayerViews is playerViews appending to buf (never nil).
func (s *state) appendPlayerViews(buf []PlayerView, planets []int, units []Num) []PlayerView {
	buf = grown(buf, len(s.players))
	for i, p := range s.players {
		buf = append(buf, PlayerView{Name: p.name, Planets: planets[i], Units: units[i], Points: p.points, Alive: p.alive, Queued: p.queued})
	}
	return buf
}

// holdList returns every planet's hold in id order.
func (s *state) holdList() []Hold { return s.appendHolds(nil) }

// appendHolds is holdList appending to buf (never nil).
func (s *state) appendHolds(buf []Hold) []Hold { return appendPublic(buf, s.holds, hold.public) }

// fleetList returns the fleets in flight in their order.
func (s *state) fleetList() []Fleet { return s.appendFleets(nil) }

// appendFleets is fleetList appending to buf (never nil).
func (s *state) appendFleets(buf []Fleet) []Fleet { return appendPublic(buf, s.fleets, fleet.public) }

// appendPublic appends the public form of every item to buf (never nil).
func appendPublic[T, P any](buf []P, items []T, public func(T) P) []P {
	buf = grown(buf, len(items))
	for _, it := range items {
		buf = append(buf, public(it))
	}
	return buf
}

// grown returns buf with room for n more elements, never nil (a list
// marshals to [] even when empty).
func grown[T any](buf []T, n int) []T {
	if buf == nil {
		return make([]T, 0, n)
	}
	return slices.Grow(buf, n)
}

func (f fleet) public() Fleet {
	return Fleet{Player: f.player, From: f.from, To: f.to, Count: f.count, Left: f.left}
}

func (h hold) public() Hold { return Hold{Owner: h.owner, Count: h.count} }
