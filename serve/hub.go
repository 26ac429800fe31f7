package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/search"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/serve/store"
)

// Document is a document the server offers for new rooms.
type Document struct {
	Name      string
	Doc       *formats.Document
	family    *family.Family
	seats     []string
	computers []string // the computer players a seat may take
}

// hub holds the rooms.
type hub struct {
	mu    sync.Mutex
	rooms map[string]*Room
	// reserved counts the rooms being made (they count towards MaxRooms).
	reserved int
	docs     []*Document
	// damaged are the rooms set aside at start-up.
	damaged []DamagedRoom
	// records are the kept games of closed rooms, by room.
	records map[string]*GameInfo
	// includes are the files of the offered documents an uploaded
	// document may name (the rules the offered levels were read with).
	includes formats.Files
	opts     *Options
	// computers plays the rooms' computer seats.
	computers *computers
	logf      func(format string, args ...any)
	// done is closed when the server closes: event streams end, and the
	// janitor (sweeper) stops.
	done    chan struct{}
	sweeper sync.WaitGroup
	// buildHook, when set (by tests), runs as an uploaded document starts
	// to be read: it stands for a big document's reading time.
	buildHook func()
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
	if err := h.loadRecords(); err != nil {
		h.close()
		return nil, err
	}
	defer h.sweeper.Go(h.janitor)
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
			h.setAside(f, err)
			continue
		}
		if r != nil {
			h.rooms[r.ID] = r
		}
	}
	h.sweep(time.Now())
	for _, r := range h.rooms {
		h.kick(r)
	}
	return h, nil
}

// DamagedRoom is a room whose log could not be read back: it is set
// aside, untouched, in the data folder's quarantine/, and every other
// room starts.
type DamagedRoom struct {
	Room   string `json:"room"`
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// setAside moves a room log that cannot be restored to quarantine/, as
// it is, and reports it.
func (h *hub) setAside(path string, why error) {
	id := strings.TrimSuffix(filepath.Base(path), ".log")
	dest := filepath.Join(h.opts.Dir, "quarantine", filepath.Base(path))
	if _, err := os.Stat(dest); err == nil {
		dest = filepath.Join(h.opts.Dir, "quarantine", fmt.Sprintf("%s-%d.log", id, time.Now().UnixNano()))
	}
	err := os.MkdirAll(filepath.Dir(dest), 0o700)
	if err == nil {
		err = os.Rename(path, dest)
	}
	if err == nil {
		err = store.SyncDir(filepath.Dir(path))
	}
	if err != nil {
		h.logf("serve: room %s is damaged (%v) and cannot be set aside (%v); it stays in %s and does not start", id, why, err, path)
		dest = path
	} else {
		h.logf("serve: room %s is damaged and set aside, untouched, in %s: %v; every other room starts", id, dest, why)
	}
	h.damaged = append(h.damaged, DamagedRoom{Room: id, File: dest, Reason: why.Error()})
}

// offer adds a document to those rooms can be made of.
func (h *hub) offer(d *Document) error {
	f, seats, computers, err := seatsOf(d.Doc)
	if err != nil {
		return fmt.Errorf("serve: %s: %w", d.Name, err)
	}
	d.family, d.seats, d.computers = f, seats, computers
	h.docs = append(h.docs, d)
	return h.include(d.Doc)
}

// include adds the rules an offered level was read with to the files an
// uploaded document may name, by the plain name of their file, in the
// form that name tells.
func (h *hub) include(doc *formats.Document) error {
	if doc.Rules == nil || doc.RulesFile == "" {
		return nil
	}
	comp := formats.CompanionOf(doc.Kind)
	if comp == nil {
		return nil
	}
	name := filepath.Base(doc.RulesFile)
	rules := &formats.Document{Kind: comp.Kind, Value: doc.Rules}
	to := formats.YAML
	if legacy, _ := formats.LegacyForm(comp.Kind); legacy != "" {
		if f, err := formats.TargetFormat(rules, name, ""); err == nil && f == legacy {
			to = legacy // the name tells the game's own form (an ftbt rules .tech)
		}
	}
	b, err := formats.Encode(rules, to)
	if err != nil {
		return fmt.Errorf("serve: the rules of %s: %w", doc.Path, err)
	}
	if h.includes == nil {
		h.includes = formats.Files{}
	}
	h.includes[name] = b
	return nil
}

// seatsOf returns the family that plays doc, the seats of its games and
// the computer players a seat may take.
func seatsOf(doc *formats.Document) (*family.Family, []string, []string, error) {
	f, ok := playable(doc.Kind)
	if !ok {
		return nil, nil, nil, fmt.Errorf("a %s document cannot be played", doc.Kind)
	}
	g, err := startGame(doc, 1, func(engine.Event) {}, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	defer g.Close()
	return f, g.Seats, g.Computers(), nil
}

// CreateRequest asks for a new room.
type CreateRequest struct {
	// Document names a document the server offers, or Source is a
	// document uploaded by the host (YAML, or a game's own file named by
	// Filename, a plain name); Rules are the rules of an uploaded ftbt
	// level, YAML or the game's .tech file named by RulesFilename (a
	// plain name; missing: YAML). Files are the other files an uploaded document names, by
	// plain name (an ftbt level's rules, a legacy level's intro): a
	// document names only those and the files the server's documents
	// were read with, never a file of the server.
	Document string `json:"document"`
	Source   string `json:"source"`
	Filename string `json:"filename"`
	Rules    string `json:"rules"`
	// RulesFilename is the name of the rules' file (star.tech).
	RulesFilename string            `json:"rules_filename"`
	Files         map[string]string `json:"files"`
	Title         string            `json:"title"`
	// Seed seeds the game (nil: a random one).
	Seed *int64 `json:"seed"`
	// Seats says who plays every seat (missing: a person): "person",
	// "computer" (the family's computer player) or a computer player by
	// name, one of the document's computers ("search", "search:400",
	// "random", "tactician", …).
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
	if h.buildHook != nil {
		h.buildHook()
	}
	name := req.Filename
	if name == "" {
		name = "upload.yaml"
	}
	files := formats.Files{}
	for n, b := range h.includes {
		files[n] = b
	}
	for n, b := range req.Files {
		files[n] = []byte(b)
	}
	opts := formats.Options{}
	if req.Rules != "" {
		rulesName := req.RulesFilename
		if rulesName == "" {
			rulesName = "rules.yaml"
		}
		rules, err := formats.ReadConfined(rulesName, []byte(req.Rules), nil, formats.Options{})
		if err != nil {
			return nil, "", fmt.Errorf("the rules: %w", err)
		}
		opts.Rules = rules.Value
	}
	doc, err := formats.ReadConfined(name, []byte(req.Source), files, opts)
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
	if err := checkRequest(req); err != nil {
		return nil, refuse(400, CodeBadRequest, "%v", err)
	}
	doc, name, err := h.document(req)
	if err != nil {
		return nil, refuse(400, CodeBadRequest, "%v", err)
	}
	f, ok := playable(doc.Kind)
	if !ok {
		return nil, refuse(400, CodeBadRequest, "a %s document cannot be played", doc.Kind)
	}
	if !h.reserve() {
		return nil, refuse(503, CodeTooManyRooms, "the server holds %d rooms, its limit", h.opts.MaxRooms)
	}
	r, err := h.build(req, doc, name, f)
	h.mu.Lock()
	h.reserved--
	if err == nil {
		h.rooms[r.ID] = r
	}
	h.mu.Unlock()
	if err != nil {
		return nil, err
	}
	h.kick(r)
	return r, nil
}

// MaxTitle bounds a room's title, in characters.
const MaxTitle = 200

// checkRequest refuses a title too long or with control characters, and
// a seat that is neither a person, nor the computer, nor named like a
// computer player.
func checkRequest(req CreateRequest) error {
	if utf8.RuneCountInString(req.Title) > MaxTitle || !utf8.ValidString(req.Title) {
		return fmt.Errorf("the title must be UTF-8 text of at most %d characters", MaxTitle)
	}
	for _, r := range req.Title {
		if unicode.IsControl(r) {
			return errors.New("the title has a control character")
		}
	}
	for k, s := range req.Seats {
		if s != "person" && s != "computer" && s != "" && !playerName.MatchString(s) {
			return fmt.Errorf("seat %d is %.60q: say person, computer or a computer player's name (random, search, search:400, …)", k, s)
		}
		if err := seatBudget(s); err != nil {
			return fmt.Errorf("seat %d is %q: %w", k, s, err)
		}
	}
	return nil
}

// The most a computer seat of a room may think a decision: a decision
// holds one of the few workers that play every room's computers
// (computers), so a seat of search:1h would stop the others' games.
const (
	MaxSeatCPU      = time.Second
	MaxSeatPlayouts = 2000
)

// seatBudget refuses a search player's budget (search:5s,
// search-wide:100000) past MaxSeatCPU or MaxSeatPlayouts.
func seatBudget(name string) error {
	_, suffix, ok := strings.Cut(name, ":")
	if !ok {
		return nil
	}
	b, isSearch, err := search.ParseSearch(search.KindSearch + ":" + suffix)
	if err != nil || !isSearch {
		return nil // the game's own refusal names what is wrong
	}
	if b.CPU > MaxSeatCPU || b.Playouts > MaxSeatPlayouts {
		return fmt.Errorf("a seat of the server thinks at most %v of CPU or %d playouts a decision", MaxSeatCPU, MaxSeatPlayouts)
	}
	return nil
}

// playerName is what a computer player's name looks like ("tactician",
// "search:400", "search:100ms", "search-screened:200ms"); the game says
// whether it has one so named.
var playerName = regexp.MustCompile(`^[a-z][a-z-]{0,19}(:[0-9a-z.]{1,12})?$`)

// reserve takes a place for a room being made, unless the rooms and the
// places taken reach MaxRooms.
func (h *hub) reserve() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.rooms)+h.reserved >= h.opts.MaxRooms {
		return false
	}
	h.reserved++
	return true
}

// build makes the room of a document, kept on disk, not yet listed.
func (h *hub) build(req CreateRequest, doc *formats.Document, name string, f *family.Family) (*Room, error) {
	seed := time.Now().UnixNano()
	if req.Seed != nil {
		seed = *req.Seed
	}
	title := req.Title
	if title == "" {
		title = strings.TrimSuffix(name, filepath.Ext(name))
	}
	r := &Room{ID: newToken()[:16], fam: f, seed: seed, title: title, created: time.Now().UTC(), watch: newToken(), notify: make(chan struct{})}
	r.last = r.created
	g, err := startGame(doc, seed, r.onEvent, r.onSave)
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
		who := ""
		if k < len(req.Seats) {
			who = req.Seats[k]
		}
		switch who {
		case "", "person":
			s.Token = newToken()
		case "computer":
			s.Computer = true
		default:
			s.Computer, s.Player = true, who // a computer player by name
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
	return r, nil
}

// equip gives every seat its rate limit, and computer seats their player.
func (h *hub) equip(r *Room) error {
	for k, s := range r.seats {
		s.limit = rate.NewLimiter(rate.Limit(h.opts.Rate), max(1, int(2*h.opts.Rate)))
		if s.Computer {
			play, err := r.g.ComputerNamed(s.Player, k, r.seed)
			if err != nil {
				return fmt.Errorf("seat %d: %w", k, err)
			}
			s.play = play
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
		hd.Seats = append(hd.Seats, seat{Name: s.Name, Computer: s.Computer, Player: s.Player, Token: s.Token})
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
		// A room whose creation a crash interrupted: it was never
		// acknowledged, nobody has its links.
		h.logf("serve: %s holds no record (a room being made when the server stopped); it is removed", path)
		return nil, disk.Remove()
	}
	if disk.Cut > 0 {
		h.logf("serve: %s: %d bytes of an answer being written when the server stopped were cut off (it was never acknowledged)", path, disk.Cut)
	}
	var hd header
	if err := json.Unmarshal(recs[0], &hd); err != nil || hd.Start == nil || hd.ID == "" {
		disk.Close()
		return nil, fmt.Errorf("the room's first record is not a room's setup (%v)", err)
	}
	if want := strings.TrimSuffix(filepath.Base(path), ".log"); hd.ID != want {
		disk.Close()
		return nil, fmt.Errorf("the log names room %q, not %q", hd.ID, want)
	}
	r := &Room{ID: hd.ID, fam: family.ByName(hd.Start.Family), seed: hd.Seed, title: hd.Title, created: hd.Created, watch: hd.Watch, notify: make(chan struct{})}
	r.start = hd.Start
	g, err := resumeGame(hd.Start, hd.Seed, r.onEvent, r.onSave)
	if err != nil {
		disk.Close()
		return nil, err
	}
	r.attach(g)
	for _, s := range hd.Seats {
		r.seats = append(r.seats, &seat{Name: s.Name, Computer: s.Computer, Player: s.Player, Token: s.Token})
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
	r.last = hd.Created
	if st, err := os.Stat(path); err == nil {
		r.last = st.ModTime() // the last answer's write
	}
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
		out = append(out, map[string]any{"name": d.Name, "kind": d.Doc.Kind, "family": d.family.Name, "seats": d.seats, "computers": d.computers})
	}
	sort.Slice(out, func(i, j int) bool { return out[i]["name"].(string) < out[j]["name"].(string) })
	return out
}

// close stops the computers, ends the event streams and closes every
// room's log once what was written is on disk.
func (h *hub) close() {
	close(h.done)
	h.sweeper.Wait()
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
