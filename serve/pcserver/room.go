package pcserver

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/serve/store"
	"github.com/shapan/shapan/validate"
	_ "github.com/shapan/shapan/validate/planets" // the checks CheckMap applies
)

// room is one game slot: a table on the room's map, who sits at it, the
// logs of the last step, and the log on disk of the current game.
type room struct {
	mu     sync.Mutex
	n      int
	m      *pfmt.Map
	custom []byte         // the map set by setmap, as JSON (nil: the server's)
	client map[string]any // the map as clients are shown it
	table  *planets.Table
	seats  []seat
	logs   []any
	disk   *store.Log // nil: nothing kept on disk
	recs   [][]byte   // the records of disk, to rebuild the room from
	trace  *os.File   // the trace of the game played (nil: none)
}

// seat is one joined player.
type seat struct {
	id         string
	name, side json.RawMessage
	computer   bool
	ai         *planets.AI
	limit      *rate.Limiter
}

// record is one entry of a room's log: a join, an accepted order, a step
// that did something, or the map set by setmap (first in its log).
type record struct {
	T        string          `json:"t"`
	ID       string          `json:"id,omitempty"`
	Name     json.RawMessage `json:"name,omitempty"`
	Side     json.RawMessage `json:"side,omitempty"`
	Computer bool            `json:"computer,omitempty"`
	Seq      int             `json:"seq,omitempty"`
	Order    json.RawMessage `json:"order,omitempty"`
	Map      json.RawMessage `json:"map,omitempty"`
}

// CheckMap refuses a map the validator finds errors in, or the engine
// cannot play.
func CheckMap(m *pfmt.Map, name string) error {
	doc := &formats.Document{Path: name, Format: pfmt.FormatMap, Kind: pfmt.Kind, Value: m}
	var errs diag.List
	for _, d := range validate.Check(doc) {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	_, err := planets.NewTable(planets.TableSetup{Map: m})
	return err
}

// openRoom builds room n and replays its log.
func (s *Server) openRoom(n int) (*room, error) {
	r := &room{n: n}
	if err := r.setMap(s, s.opts.Map, nil); err != nil {
		return nil, err
	}
	if s.opts.Dir == "" {
		return r, nil
	}
	path := filepath.Join(s.opts.Dir, "rooms", fmt.Sprintf("%02d.log", n))
	disk, recs, err := store.Open(path)
	if err == nil {
		if disk.Cut > 0 {
			s.opts.Logf("pcserver: room %d: %d bytes of a record being written when the server stopped were cut off (it was never acknowledged)", n, disk.Cut)
		}
		r.disk = disk
		if err = r.replay(s, recs); err == nil {
			r.recs = recs
			return r, nil
		}
		disk.Close()
		r.disk = nil
	}
	// The log cannot be read back: it is set aside as it is, and the
	// room starts a new game.
	if err := s.setAside(n, path, err); err != nil {
		return nil, err
	}
	r = &room{n: n}
	if err := r.setMap(s, s.opts.Map, nil); err != nil {
		return nil, err
	}
	if r.disk, _, err = store.Open(path); err != nil {
		return nil, err
	}
	return r, nil
}

// setAside moves the log of room n, which cannot be read back, to
// quarantine/ untouched, and reports it.
func (s *Server) setAside(n int, path string, why error) error {
	dest := filepath.Join(s.opts.Dir, "quarantine", fmt.Sprintf("%02d-%d.log", n, time.Now().UnixNano()))
	if err := os.MkdirAll(filepath.Dir(dest), 0o700); err != nil {
		return fmt.Errorf("the log cannot be read back (%v) nor set aside: %w", why, err)
	}
	if err := os.Rename(path, dest); err != nil {
		return fmt.Errorf("the log cannot be read back (%v) nor set aside: %w", why, err)
	}
	s.opts.Logf("pcserver: room %d is damaged and set aside, untouched, in %s: %v; it starts a new game, every other room goes on", n, dest, why)
	s.damaged = append(s.damaged, Damaged{Room: n, File: dest, Reason: why.Error()})
	return store.SyncDir(filepath.Dir(path))
}

// Damaged is a room whose log could not be read back when the server
// started: set aside in File.
type Damaged struct {
	Room   int    `json:"room"`
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// Damaged lists the rooms set aside when the server started.
func (s *Server) Damaged() []Damaged { return append([]Damaged{}, s.damaged...) }

// setMap puts a new table on m, with nobody at it.
func (r *room) setMap(s *Server, m *pfmt.Map, custom []byte) error {
	t, err := planets.NewTable(planets.TableSetup{Map: m, Shuffle: !s.opts.NoShuffle, Seed: s.opts.Seed + int64(r.n), NoResponse: s.opts.NoResponse})
	if err != nil {
		return err
	}
	client, err := planets.ClientMap(m)
	if err != nil {
		return err
	}
	if client["desc"] == nil {
		client["desc"] = ""
	}
	r.m, r.custom, r.client, r.table, r.seats, r.logs = m, custom, client, t, nil, []any{}
	if s.games != nil {
		if err := s.games.begin(r); err != nil {
			s.opts.Logf("pcserver: room %d: the game is not traced: %v", r.n, err)
		}
	}
	return nil
}

// replay applies the records of a log, as they were applied live.
func (r *room) replay(s *Server, recs [][]byte) error {
	for i, b := range recs {
		var rec record
		if err := json.Unmarshal(b, &rec); err != nil {
			return fmt.Errorf("record %d: %w", i+1, err)
		}
		if err := r.apply(s, rec, false); err != nil {
			return fmt.Errorf("record %d (%s): %w", i+1, rec.T, err)
		}
	}
	return nil
}

// apply does what a record says.
func (r *room) apply(s *Server, rec record, live bool) error {
	switch rec.T {
	case "map":
		m, err := readJSONMap(rec.Map)
		if err != nil {
			return err
		}
		return r.setMap(s, m, rec.Map)
	case "join":
		k, err := r.table.Join(pyStr(rec.Name))
		if err != nil {
			return err
		}
		st := seat{id: rec.ID, name: rec.Name, side: rec.Side, computer: rec.Computer, limit: s.newLimiter()}
		if rec.Computer {
			st.ai = planets.NewAI()
		}
		if k != len(r.seats) {
			return fmt.Errorf("joined as player %d, not %d", k, len(r.seats))
		}
		r.seats = append(r.seats, st)
	case "order":
		return r.table.Submit(rec.Seq, rec.Order)
	case "step":
		r.step(s, live)
	default:
		return fmt.Errorf("unknown record %q", rec.T)
	}
	return nil
}

// persist writes rec to the room's log; with sync it waits for the disk.
func (r *room) persist(rec record, sync bool) error {
	if r.disk == nil {
		return nil
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	if sync {
		err = r.disk.Append(b)
	} else {
		err = r.disk.Write(b)
	}
	if err != nil {
		return err
	}
	r.recs = append(r.recs, b)
	return nil
}

// rebuild makes the room what its log says again, after a change that
// could not be saved.
func (r *room) rebuild(s *Server) {
	recs := r.recs
	err := r.setMap(s, s.opts.Map, nil)
	if err == nil {
		err = r.replay(s, recs)
	}
	if err != nil {
		s.opts.Logf("pcserver: room %d cannot be rebuilt from its log (%v): it starts anew", r.n, err)
		r.restart(s)
	}
}

// restart starts a new game on the room's map and begins a new log (with
// the room's own map first, if it has one).
func (r *room) restart(s *Server) {
	var recs [][]byte
	if r.custom != nil {
		b, _ := json.Marshal(record{T: "map", Map: r.custom})
		recs = append(recs, b)
	}
	if s.games != nil {
		if name, err := s.games.end(r, true); err != nil {
			s.opts.Logf("pcserver: room %d: the game's trace: %v", r.n, err)
		} else if name != "" {
			s.opts.Logf("pcserver: room %d: the game is kept as %s", r.n, name)
		}
	}
	r.table.Reset()
	r.seats, r.logs = nil, []any{}
	if s.games != nil {
		if err := s.games.begin(r); err != nil {
			s.opts.Logf("pcserver: room %d: the game is not traced: %v", r.n, err)
		}
	}
	if r.disk == nil {
		return
	}
	if err := r.disk.Replace(recs); err != nil {
		s.opts.Logf("pcserver: room %d: %v", r.n, err)
	}
	r.recs = recs
}

// tick is one beat of the room's clock (spec 12.7): a finished game is
// reset; otherwise the computer players order and the step is played.
func (r *room) tick(s *Server) {
	if r.table.Status() == planets.StatusFinished {
		r.restart(s)
		return
	}
	if r.table.Status() == planets.StatusRunning {
		for k, st := range r.seats {
			if !st.computer || !r.table.Alive(k) {
				continue
			}
			o, _ := json.Marshal(r.table.Order(st.ai, k))
			if err := r.table.Submit(k, o); err != nil {
				s.opts.Logf("pcserver: room %d: the computer's order was refused: %v", r.n, err)
				continue
			}
			if err := r.persist(record{T: "order", Seq: k, Order: o}, false); err != nil {
				s.opts.Logf("pcserver: room %d: %v", r.n, err)
			}
		}
	}
	if r.step(s, true) {
		if err := r.persist(record{T: "step"}, false); err != nil {
			s.opts.Logf("pcserver: room %d: %v", r.n, err)
		}
	}
}

// step plays one step and makes its logs; live records a finished game's
// win. It reports whether the step did something.
func (r *room) step(s *Server, live bool) bool {
	changed, err := r.table.Step()
	if err != nil {
		s.opts.Logf("pcserver: room %d: %v; the room starts anew", r.n, err)
		r.restart(s)
		return false
	}
	if !changed {
		return false
	}
	r.logs = r.stepLogs()
	if live {
		for _, e := range r.table.Events() {
			if f, ok := e.(planets.Finish); ok && f.Winner >= 0 && f.Winner < len(r.seats) {
				s.scores.record(r.seats[f.Winner].name, s.opts.Now())
			}
		}
	}
	return true
}

// name returns player k's name as text.
func (r *room) name(k int) string {
	if k < 0 || k >= len(r.seats) {
		return "unknown"
	}
	return pyStr(r.seats[k].name)
}

// stepLogs turns the events of the last step into the info logs (spec
// 12.5.3).
func (r *room) stepLogs() []any {
	logs := []any{}
	for _, e := range r.table.Events() {
		switch e := e.(type) {
		case planets.Start:
			logs = append(logs, reply{"type": "msg", "msg": "game running."})
		case planets.Finish:
			logs = append(logs, reply{"type": "msg", "msg": "game finished, winner: " + r.name(e.Winner)})
		case planets.Alive:
			if e.NoResponse {
				msg := fmt.Sprintf("kill player for no response %s: , round is %d, time is 3", r.name(e.Player), r.table.Round())
				logs = append(logs, reply{"type": "msg", "msg": msg})
			}
		case planets.Launch:
			logs = append(logs, reply{"type": "move", "side": e.Player, "from": e.From, "to": e.To, "count": e.Count, "step": e.Steps})
		case planets.TacticUsed:
			logs = append(logs, reply{"type": "tactic", "tactic": reply{"type": e.Type, "planet": e.Planet}})
		case planets.Battle:
			if e.Outcome == planets.OutcomeOccupy || e.Outcome == planets.OutcomeTie {
				logs = append(logs, reply{"type": "occupy", "side": owner(e.After), "count": e.After.Count, "planet": e.Planet})
			}
		case planets.Production:
			logs = append(logs, reply{"type": "production", "planet": e.Planet, "side": owner(e.After), "count": e.After.Count})
		}
	}
	return logs
}

// owner is a hold's owner as clients see it: null for neutral.
func owner(h planets.Hold) any {
	if h.Owner == planets.Neutral {
		return nil
	}
	return h.Owner
}

// close closes the room's log and its game's trace (written again from
// the log at the next start).
func (r *room) close() {
	if s := r.trace; s != nil {
		r.table.EndRecord()
		s.Close()
		r.trace = nil
	}
	if r.disk != nil {
		r.disk.Close()
		r.disk = nil
	}
}

// find returns the seat whose id is id (compared in constant time).
func (r *room) find(id json.RawMessage) (int, bool) {
	var s string
	if json.Unmarshal(id, &s) != nil {
		return 0, false
	}
	found := -1
	for k, st := range r.seats {
		if st.id != "" && subtle.ConstantTimeCompare([]byte(st.id), []byte(s)) == 1 {
			found = k
		}
	}
	return found, found >= 0
}

// readJSONMap reads a map sent as a JSON object (setmap): JSON is YAML,
// and its numbers keep their typing (2 is an integer, 2.0 a real).
func readJSONMap(b json.RawMessage) (*pfmt.Map, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil || obj == nil {
		return nil, errors.New("the map must be a JSON object")
	}
	m, _, err := pfmt.ReadLegacy("setmap", b)
	if err != nil {
		return nil, err
	}
	if err := CheckMap(m, "setmap"); err != nil {
		return nil, err
	}
	return m, nil
}
