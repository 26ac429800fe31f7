package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/serve/store"
)

// Document is a document the server offers for new rooms.
type Document struct {
	Name   string
	Doc    *formats.Document
	family *family.Family
	seats  []string
}

// hub holds the rooms.
type hub struct {
	mu    sync.Mutex
	rooms map[string]*Room
	docs  []*Document
	opts  *Options
	// computers plays the rooms' computer seats.
	computers *computers
	logf      func(format string, args ...any)
	// done is closed when the server closes: event streams end.
	done chan struct{}
}

// newHub restores the rooms kept in opts.Dir.
func newHub(opts *Options) (*hub, error) {
	h := &hub{rooms: map[string]*Room{}, opts: opts, logf: opts.Logf, done: make(chan struct{})}
	for _, d := range opts.Documents {
		if err := h.offer(d); err != nil {
			return nil, err
		}
	}
	h.computers = newComputers(opts.ComputerWorkers, h.logf)
	if opts.Dir == "" {
		return h, nil
	}
	files, err := filepath.Glob(filepath.Join(opts.Dir, "rooms", "*.log"))
	if err != nil {
		h.close()
		return nil, err
	}
	for _, f := range files {
		r, err := h.restore(f)
		if err != nil {
			h.close()
			return nil, fmt.Errorf("serve: %s: %w", f, err)
		}
		h.rooms[r.ID] = r
		h.kick(r)
	}
	return h, nil
}

// offer adds a document to those rooms can be made of.
func (h *hub) offer(d *Document) error {
	f, ok := playable(d.Doc.Kind)
	if !ok {
		return fmt.Errorf("serve: %s: a %s document cannot be played", d.Name, d.Doc.Kind)
	}
	g, err := startGame(d.Doc, 1, func(engine.Event) {})
	if err != nil {
		return fmt.Errorf("serve: %s: %w", d.Name, err)
	}
	d.family, d.seats = f, g.Seats
	g.Close()
	h.docs = append(h.docs, d)
	return nil
}

// CreateRequest asks for a new room.
type CreateRequest struct {
	// Document names a document the server offers, or Source is a
	// document uploaded by the host (YAML, or a game's own file named by
	// Filename); Rules are the rules of an uploaded ftbt level.
	Document string `json:"document"`
	Source   string `json:"source"`
	Filename string `json:"filename"`
	Rules    string `json:"rules"`
	Title    string `json:"title"`
	// Seed seeds the game (nil: a random one).
	Seed *int64 `json:"seed"`
	// Seats says "person" or "computer" for every seat (missing: person).
	Seats []string `json:"seats"`
}

// Created answers a CreateRequest: the links to hand out.
type Created struct {
	Room      string        `json:"room"`
	Family    string        `json:"family"`
	Seats     []createdSeat `json:"seats"`
	Spectator string        `json:"spectator"`
}

type createdSeat struct {
	Seat     int    `json:"seat"`
	Name     string `json:"name"`
	Computer bool   `json:"computer"`
	Link     string `json:"link,omitempty"`
}

// document returns the document a request plays.
func (h *hub) document(req CreateRequest) (*formats.Document, string, error) {
	if req.Source == "" {
		for _, d := range h.docs {
			if d.Name == req.Document {
				return d.Doc, d.Name, nil
			}
		}
		return nil, "", fmt.Errorf("no document %q is offered", req.Document)
	}
	name := filepath.Base(req.Filename)
	if name == "." || name == "/" {
		name = "upload.yaml"
	}
	opts := formats.Options{}
	if req.Rules != "" {
		rules, err := formats.ReadBytes("rules.yaml", []byte(req.Rules), formats.Options{})
		if err != nil {
			return nil, "", fmt.Errorf("the rules: %w", err)
		}
		opts.Rules = rules.Value
	}
	doc, err := formats.ReadBytes(name, []byte(req.Source), opts)
	if err != nil {
		return nil, "", err
	}
	if err := checkDocument(doc); err != nil {
		return nil, "", err
	}
	return doc, name, nil
}

// create makes a room.
func (h *hub) create(req CreateRequest) (*Room, error) {
	doc, name, err := h.document(req)
	if err != nil {
		return nil, refuse(400, CodeBadRequest, "%v", err)
	}
	f, ok := playable(doc.Kind)
	if !ok {
		return nil, refuse(400, CodeBadRequest, "a %s document cannot be played", doc.Kind)
	}
	h.mu.Lock()
	full := len(h.rooms) >= h.opts.MaxRooms
	h.mu.Unlock()
	if full {
		return nil, refuse(503, "too_many_rooms", "the server holds %d rooms, its limit", h.opts.MaxRooms)
	}
	seed := time.Now().UnixNano()
	if req.Seed != nil {
		seed = *req.Seed
	}
	title := req.Title
	if title == "" {
		title = strings.TrimSuffix(name, filepath.Ext(name))
	}
	r := &Room{ID: newToken()[:16], fam: f, seed: seed, title: title, created: time.Now().UTC(), watch: newToken(), notify: make(chan struct{})}
	g, err := startGame(doc, seed, r.onEvent)
	if err != nil {
		return nil, refuse(400, CodeBadRequest, "%v", err)
	}
	r.attach(g)
	names := g.Seats
	if len(req.Seats) > len(names) {
		g.Close()
		return nil, refuse(400, CodeBadRequest, "the game has %d seats, not %d", len(names), len(req.Seats))
	}
	for k, n := range names {
		s := &seat{Name: n}
		if k < len(req.Seats) && req.Seats[k] == "computer" {
			s.Computer = true
		} else {
			s.Token = newToken()
		}
		r.seats = append(r.seats, s)
	}
	if err := h.equip(r); err != nil {
		g.Close()
		return nil, refuse(400, CodeBadRequest, "%v", err)
	}
	start, err := g.Save()
	if err != nil {
		g.Close()
		return nil, err
	}
	r.start = start
	r.notePosed()
	if err := h.keep(r, start); err != nil {
		g.Close()
		return nil, err
	}
	r.publish()
	h.mu.Lock()
	h.rooms[r.ID] = r
	h.mu.Unlock()
	h.kick(r)
	return r, nil
}

// equip gives every seat its rate limit, and computer seats their player.
func (h *hub) equip(r *Room) error {
	for k, s := range r.seats {
		s.limit = rate.NewLimiter(rate.Limit(h.opts.Rate), max(1, int(2*h.opts.Rate)))
		if s.Computer {
			s.play = r.g.Computer(k)
		}
	}
	return nil
}

// keep writes a new room's first record.
func (h *hub) keep(r *Room, start *engine.Snapshot) error {
	if h.opts.Dir == "" {
		return nil
	}
	hd := header{ID: r.ID, Title: r.title, Seed: r.seed, Created: r.created, Watch: r.watch, Start: start}
	for _, s := range r.seats {
		hd.Seats = append(hd.Seats, seat{Name: s.Name, Computer: s.Computer, Token: s.Token})
	}
	b, err := json.Marshal(hd)
	if err != nil {
		return err
	}
	disk, _, err := store.Open(filepath.Join(h.opts.Dir, "rooms", r.ID+".log"))
	if err != nil {
		return err
	}
	if err := disk.Append(b); err != nil {
		disk.Remove()
		return err
	}
	r.disk = disk
	return nil
}

// restore rebuilds a room from its log: the game is started from the
// first record's setup and every answer is given again; the computer
// seats are asked again too (and their answers discarded), so that their
// own generators stand where they stood.
func (h *hub) restore(path string) (*Room, error) {
	disk, recs, err := store.Open(path)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		disk.Remove()
		return nil, errors.New("an empty room log")
	}
	var hd header
	if err := json.Unmarshal(recs[0], &hd); err != nil || hd.Start == nil {
		disk.Close()
		return nil, fmt.Errorf("the room's first record: %v", err)
	}
	r := &Room{ID: hd.ID, fam: family.ByName(hd.Start.Family), seed: hd.Seed, title: hd.Title, created: hd.Created, watch: hd.Watch, notify: make(chan struct{})}
	r.start = hd.Start
	g, err := resumeGame(hd.Start, hd.Seed, r.onEvent)
	if err != nil {
		disk.Close()
		return nil, err
	}
	r.attach(g)
	for _, s := range hd.Seats {
		r.seats = append(r.seats, &seat{Name: s.Name, Computer: s.Computer, Token: s.Token})
	}
	err = h.equip(r)
	if err == nil {
		r.notePosed()
		err = r.replay(recs[1:])
	}
	if err != nil {
		r.g.Close()
		disk.Close()
		return nil, err
	}
	r.disk = disk
	r.publish()
	return r, nil
}

// replay gives the logged answers again.
func (r *Room) replay(recs [][]byte) error {
	for i, b := range recs {
		var a answerRecord
		if err := json.Unmarshal(b, &a); err != nil {
			return fmt.Errorf("answer %d: %w", i+1, err)
		}
		if a.Player < 0 || a.Player >= len(r.seats) {
			return fmt.Errorf("answer %d: no seat %d", i+1, a.Player)
		}
		if s := r.seats[a.Player]; s.Computer {
			if d := r.pendingFor(a.Player); d != nil {
				s.play(d)
			}
		}
		if _, err := r.accept(a.Player, a.Answer, a.Request, false); err != nil {
			return fmt.Errorf("answer %d: %w", i+1, err)
		}
	}
	return nil
}

// kick puts a room whose computers have a decision to answer in the
// computer workers' line.
func (h *hub) kick(r *Room) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.queued || r.computerDecision() == nil {
		return
	}
	r.queued = true
	h.computers.add(r)
}

// room returns a room by id.
func (h *hub) room(id string) (*Room, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r, ok := h.rooms[id]
	return r, ok
}

// documents lists the offered documents.
func (h *hub) documents() []map[string]any {
	out := []map[string]any{}
	for _, d := range h.docs {
		out = append(out, map[string]any{"name": d.Name, "kind": d.Doc.Kind, "family": d.family.Name, "seats": d.seats})
	}
	sort.Slice(out, func(i, j int) bool { return out[i]["name"].(string) < out[j]["name"].(string) })
	return out
}

// close stops the computers, ends the event streams and closes every
// room's log once what was written is on disk.
func (h *hub) close() {
	close(h.done)
	h.computers.stop()
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range h.rooms {
		r.mu.Lock()
		r.closed = true
		if r.disk != nil {
			if err := r.disk.Sync(); err != nil {
				h.logf("serve: room %s: %v", r.ID, err)
			}
			r.disk.Close()
			r.disk = nil
		}
		r.g.Close()
		r.mu.Unlock()
	}
}
