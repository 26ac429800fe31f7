package pcserver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/shapan/shapan/engine/planets"
	"github.com/shapan/shapan/serve/store"
)

// The rooms' games are kept as table traces (planets.TableTraceFormat),
// which `shapan replay` plays again: the game a room is playing is
// written to games/NN.jsonl as it goes (and written again from the room's
// log when the server starts), and when the room is reset it is kept as
// games/NN-K.jsonl, K counting the room's games. The oldest kept games are
// deleted beyond Options.KeepGames.

// keptName matches the file of a kept game: its room and its number.
var keptName = regexp.MustCompile(`^(\d\d)-(\d+)\.jsonl$`)

// games is the folder of the rooms' game traces.
type games struct {
	dir  string
	keep int
	mu   sync.Mutex
	next [Rooms]int // the number the game a room plays will be kept as
}

// openGames opens the games folder in dir ("": no traces are kept).
func openGames(dir string, keep int) (*games, error) {
	if dir == "" {
		return nil, nil
	}
	g := &games{dir: filepath.Join(dir, "games"), keep: keep}
	if err := os.MkdirAll(g.dir, 0o700); err != nil {
		return nil, fmt.Errorf("pcserver: %w", err)
	}
	kept, err := g.list()
	if err != nil {
		return nil, err
	}
	for i := range g.next {
		g.next[i] = 1
	}
	for _, k := range kept {
		g.next[k.Room] = max(g.next[k.Room], k.Game+1)
	}
	return g, nil
}

// Game is a kept game of a room.
type Game struct {
	Name     string    `json:"name"`
	Room     int       `json:"room"`
	Game     int       `json:"game"`
	Size     int64     `json:"size"`
	Finished time.Time `json:"finished"`
}

// list returns the kept games, oldest first.
func (g *games) list() ([]Game, error) {
	entries, err := os.ReadDir(g.dir)
	if err != nil {
		return nil, fmt.Errorf("pcserver: %w", err)
	}
	var out []Game
	for _, e := range entries {
		m := keptName.FindStringSubmatch(e.Name())
		info, err := e.Info()
		if m == nil || err != nil {
			continue
		}
		room, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[2])
		if room < Rooms {
			out = append(out, Game{Name: e.Name(), Room: room, Game: n, Size: info.Size(), Finished: info.ModTime().UTC()})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Finished.Equal(out[j].Finished) {
			return out[i].Finished.Before(out[j].Finished)
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

// current is the trace of the game room n plays.
func (g *games) current(n int) string { return filepath.Join(g.dir, fmt.Sprintf("%02d.jsonl", n)) }

// begin starts the trace of the game on room r's table (a trace begun
// before is dropped).
func (g *games) begin(r *room) error {
	g.end(r, false)
	f, err := os.Create(g.current(r.n))
	if err != nil {
		return fmt.Errorf("pcserver: %w", err)
	}
	g.mu.Lock()
	k := g.next[r.n]
	g.mu.Unlock()
	r.trace = f
	r.table.Record(f, fmt.Sprintf("room %d, game %d", r.n, k))
	return nil
}

// end finishes the trace of room r's game; with keep, a game that was
// played (its table is no longer waiting) is kept. It reports the file
// kept ("": none).
func (g *games) end(r *room, keep bool) (string, error) {
	if r.trace == nil {
		return "", nil
	}
	f := r.trace
	r.trace = nil
	if !keep {
		r.table.EndRecord()
		return "", f.Close()
	}
	played := r.table.Status() != planets.StatusWaiting
	err := errors.Join(r.table.EndRecord(), f.Sync(), f.Close())
	if err != nil || !played {
		return "", err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	name := fmt.Sprintf("%02d-%d.jsonl", r.n, g.next[r.n])
	if err := os.Rename(f.Name(), filepath.Join(g.dir, name)); err != nil {
		return "", fmt.Errorf("pcserver: %w", err)
	}
	g.next[r.n]++
	if err := store.SyncDir(g.dir); err != nil {
		return name, err
	}
	return name, g.prune()
}

// prune deletes the oldest kept games beyond the limit.
func (g *games) prune() error {
	kept, err := g.list()
	if err != nil {
		return err
	}
	var errs []error
	for len(kept) > g.keep {
		errs = append(errs, os.Remove(filepath.Join(g.dir, kept[0].Name)))
		kept = kept[1:]
	}
	return errors.Join(errs...)
}

// Games lists the kept games, oldest first (none without Options.Dir).
func (s *Server) Games() ([]Game, error) {
	if s.games == nil {
		return []Game{}, nil
	}
	s.games.mu.Lock()
	defer s.games.mu.Unlock()
	return s.games.list()
}

// GamePath returns the file of the kept game called name.
func (s *Server) GamePath(name string) (string, bool) {
	if s.games == nil || !keptName.MatchString(name) {
		return "", false
	}
	path := filepath.Join(s.games.dir, name)
	if _, err := os.Stat(path); err != nil {
		return "", false
	}
	return path, true
}
