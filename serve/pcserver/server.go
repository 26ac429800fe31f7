// Package pcserver is Planet-Conquer's own server protocol (spec/planets.md
// section 12): POST /cmd with the ops add, map, info, moves, setmap and
// scores, on 100 rooms (0–99) of the same map, each with its own round
// clock, so that the original 2012 contest bots play on it unmodified.
//
// It keeps the quirks the bots depend on (12.11: every reply HTTP 200
// with a JSON object, verbatim status strings, the data field, the first
// value of a field winning, empty values absent, one order per step,
// the finished room shown for one step before its reset) and none of the
// original's crashes (12.7). It takes the fixes the spec allows: info
// reports the state after the step (a), refusals name their reason (c),
// history is an unknown op (e), non-ASCII and invalid UTF-8 get JSON
// answers (f), ids come from crypto/rand, starts are shuffled from a
// seeded source and map's step is the real interval (h).
//
// Every join and every accepted order is on disk before it is answered
// (package store: one append-only log per room, replayed at start-up),
// so a restarted server resumes every room's game.
package pcserver

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"golang.org/x/time/rate"

	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/serve/store"
)

// Rooms is the number of rooms, numbered 0 to Rooms-1 (spec 12.3).
const Rooms = 100

// Options configure a server.
type Options struct {
	// Map is the map of every room (the first planets document given to
	// shapan serve). It should have passed the validator.
	Map *pfmt.Map
	// Step is the interval of the round clock (spec 12.7, local mode);
	// 0 runs no clock (a test steps the rooms with StepRoom).
	Step time.Duration
	// Dir keeps the rooms' logs and the scores; "" keeps nothing on disk.
	Dir string
	// Seed seeds the start shuffle of every room (room r shuffles with
	// Seed+r); with Dir, the seed of the first start is kept there and
	// used again. NoShuffle keeps the map's start order.
	Seed      int64
	NoShuffle bool
	// Computers is the number of computer players (the planets AI) that
	// join every game of a room right after its first player.
	Computers int
	// NoResponse switches on the no-response rule (web mode, 7.3).
	NoResponse bool
	// MaxBody bounds a request body (default 1 MiB).
	MaxBody int64
	// OrdersPerSecond and OrdersBurst bound the moves requests of one
	// player id (default 20 a second, bursts of 40).
	OrdersPerSecond float64
	OrdersBurst     int
	// KeepGames is how many finished games are kept in Dir as traces
	// that shapan replay plays (default 200; the oldest go first).
	KeepGames int
	// Logf reports what the server does (nil: the log package).
	Logf func(format string, args ...any)
	// Now is the clock of the scores (nil: time.Now).
	Now func() time.Time
}

// Server serves the protocol. Create it with New, serve it as an
// http.Handler (it answers /cmd), and Close it.
type Server struct {
	opts   Options
	step   json.Number
	rooms  [Rooms]*room
	scores *scores
	games  *games // nil: no traces kept
	// damaged are the rooms set aside when the server started.
	damaged []Damaged
	stop    chan struct{}
	done    sync.WaitGroup
	once    sync.Once
}

// New opens the server: every room is restored from its log in Dir, and
// the clock starts.
func New(opts Options) (*Server, error) {
	if opts.Map == nil {
		return nil, errors.New("pcserver: no map")
	}
	if err := CheckMap(opts.Map, "map"); err != nil {
		return nil, fmt.Errorf("pcserver: the map cannot be served: %w", err)
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = 1 << 20
	}
	if opts.OrdersPerSecond <= 0 {
		opts.OrdersPerSecond, opts.OrdersBurst = 20, 40
	}
	if opts.OrdersBurst <= 0 {
		opts.OrdersBurst = 1
	}
	if opts.KeepGames <= 0 {
		opts.KeepGames = 200
	}
	if opts.Logf == nil {
		opts.Logf = log.Printf
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &Server{opts: opts, step: stepNumber(opts.Step), stop: make(chan struct{})}
	if err := s.open(); err != nil {
		s.closeRooms()
		return nil, err
	}
	if opts.Step > 0 {
		s.done.Add(1)
		go s.clock()
	}
	return s, nil
}

// open restores the seed, the scores and every room.
func (s *Server) open() error {
	if s.opts.Dir != "" {
		dir, err := mapFolder(s.opts.Dir, s.opts.Map, s.opts.Logf)
		if err != nil {
			return err
		}
		s.opts.Dir = dir
		seed, err := keptSeed(filepath.Join(s.opts.Dir, "seed"), s.opts.Seed)
		if err != nil {
			return err
		}
		s.opts.Seed = seed
	}
	sc, err := openScores(s.opts.Dir, s.opts.Logf)
	if err != nil {
		return err
	}
	s.scores = sc
	if s.games, err = openGames(s.opts.Dir, s.opts.KeepGames); err != nil {
		return err
	}
	for i := range s.rooms {
		r, err := s.openRoom(i)
		if err != nil {
			return fmt.Errorf("pcserver: room %d: %w", i, err)
		}
		s.rooms[i] = r
	}
	return nil
}

// mapFolder returns the folder of dir that keeps the rooms played on m:
// maps/NAME-HASH, HASH the first 12 hex digits of the SHA-256 of the map
// as the game writes it, so that a server started on another map never
// plays the old map's orders on it. The map is written there as map.yml.
func mapFolder(dir string, m *pfmt.Map, logf func(string, ...any)) (string, error) {
	src, err := pfmt.WriteLegacy(m)
	if err != nil {
		return "", fmt.Errorf("pcserver: the map: %w", err)
	}
	sum := sha256.Sum256(src)
	name := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, m.Name.Key())
	if len(name) > 60 || name == "" {
		name = "map"
	}
	folder := filepath.Join(dir, "maps", name+"-"+hex.EncodeToString(sum[:6]))
	if _, err := os.Stat(filepath.Join(dir, "rooms")); err == nil {
		logf("pcserver: %s holds the rooms of an earlier shapan serve, whose map was not recorded; they are kept apart, and the rooms on %s are kept in %s", dir, name, folder)
	}
	if err := os.MkdirAll(folder, 0o700); err != nil {
		return "", fmt.Errorf("pcserver: %w", err)
	}
	if _, err := os.Stat(filepath.Join(folder, "map.yml")); err != nil {
		if err := store.WriteFile(filepath.Join(folder, "map.yml"), src); err != nil {
			return "", fmt.Errorf("pcserver: %w", err)
		}
	}
	return folder, nil
}

// keptSeed returns the seed kept in path, or keeps seed there.
func keptSeed(path string, seed int64) (int64, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		if n, err := strconv.ParseInt(string(b), 10, 64); err == nil {
			return n, nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return 0, fmt.Errorf("pcserver: %w", err)
	}
	if err := os.WriteFile(path, []byte(strconv.FormatInt(seed, 10)), 0o600); err != nil {
		return 0, fmt.Errorf("pcserver: %w", err)
	}
	return seed, nil
}

// stepNumber is the step interval in seconds as the map op sends it: an
// integer when whole (2), else a real (0.5).
func stepNumber(d time.Duration) json.Number {
	if d <= 0 {
		d = 2 * time.Second
	}
	if d%time.Second == 0 {
		return json.Number(strconv.FormatInt(int64(d/time.Second), 10))
	}
	return json.Number(strconv.FormatFloat(d.Seconds(), 'f', -1, 64))
}

// clock steps every room at every tick (all rooms' timers start with the
// server, spec 12.7).
func (s *Server) clock() {
	defer s.done.Done()
	t := time.NewTicker(s.opts.Step)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			for i := range s.rooms {
				s.StepRoom(i)
			}
		}
	}
}

// StepRoom plays one step of room n now (the clock does it every Step).
func (s *Server) StepRoom(n int) {
	r := s.rooms[n]
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tick(s)
}

// Close stops the clock and closes the logs.
func (s *Server) Close() error {
	s.once.Do(func() {
		close(s.stop)
		s.done.Wait()
		s.closeRooms()
	})
	return nil
}

func (s *Server) closeRooms() {
	for _, r := range s.rooms {
		if r != nil {
			r.mu.Lock()
			r.close()
			r.mu.Unlock()
		}
	}
	if s.scores != nil {
		s.scores.close()
	}
}

// newID returns a player id: 128 random bits as 32 lowercase hex digits.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("pcserver: no random bits: %v", err))
	}
	return fmt.Sprintf("%016x%016x", binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:]))
}

// newLimiter returns the rate limit of one player's orders.
func (s *Server) newLimiter() *rate.Limiter {
	return rate.NewLimiter(rate.Limit(s.opts.OrdersPerSecond), s.opts.OrdersBurst)
}

// ServeHTTP answers POST /cmd (spec 12.1); other methods get 405 and
// other paths 404.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/cmd" {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "405: Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	writeReply(w, s.Handle(r))
}

// writeReply writes a reply: always HTTP 200 and one JSON object.
func writeReply(w http.ResponseWriter, rep reply) {
	b, err := rep.encode()
	if err != nil {
		b = []byte(`{"status": "the reply could not be written"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}
