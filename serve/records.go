package serve

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/shapan/shapan/serve/store"
)

// A room is closed when its game has been over for FinishedTTL, or when
// nobody answered in it for RoomTTL: its game is kept as a record (the
// file GET /api/rooms/ID/record gives, which shapan replay plays) in the
// data folder's games/, its log is deleted and its memory freed. The
// records are listed by GET /api/games and downloaded, with a token of
// the room, by GET /api/games/ID (or the room's record link).

// GameInfo describes a closed room's kept game.
type GameInfo struct {
	Room    string     `json:"room"`
	Title   string     `json:"title"`
	Family  string     `json:"family"`
	Seats   []seatInfo `json:"seats"`
	Over    bool       `json:"over"`
	Answers int        `json:"answers"`
	Created time.Time  `json:"created"`
	Closed  time.Time  `json:"closed"`
	// Why is "over" (the game ended) or "idle" (nobody answered).
	Why string `json:"why"`
	// access are the SHA-256 of the room's tokens: any of them downloads
	// the record.
	Access []string `json:"access,omitempty"`
}

// recordPaths are the files of a kept game in dir.
func recordPaths(dir, id string) (record, info string) {
	g := filepath.Join(dir, "games")
	return filepath.Join(g, id+".json"), filepath.Join(g, id+".info.json")
}

func tokenHash(t string) string {
	s := sha256.Sum256([]byte(t))
	return hex.EncodeToString(s[:])
}

// opens reports whether token is one of the room's.
func (g *GameInfo) opens(token string) bool {
	h := []byte(tokenHash(token))
	ok := false
	for _, a := range g.Access {
		if subtle.ConstantTimeCompare([]byte(a), h) == 1 {
			ok = true
		}
	}
	return ok && token != ""
}

// loadRecords reads the index of the kept games.
func (h *hub) loadRecords() error {
	h.records = map[string]*GameInfo{}
	if h.opts.Dir == "" {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(h.opts.Dir, "games", "*.info.json"))
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		var g GameInfo
		if err == nil {
			err = json.Unmarshal(b, &g)
		}
		if err != nil || g.Room == "" {
			h.logf("serve: %s cannot be read (%v); that kept game is not listed", f, err)
			continue
		}
		h.records[g.Room] = &g
	}
	h.trimRecords()
	return nil
}

// expired reports why a room is due to close at now ("" when it is not).
func (h *hub) expired(r *Room, now time.Time) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	idle := now.Sub(r.last)
	switch {
	case r.closed:
		return ""
	case r.g.Over() && idle >= h.opts.FinishedTTL:
		return "over"
	case idle >= h.opts.RoomTTL:
		return "idle"
	}
	return ""
}

// sweep closes the rooms due at now. Their records are written side by
// side, the folders synced once for all of them, and only then are their
// logs removed: a crash at any point leaves each room's log or its record.
func (h *hub) sweep(now time.Time) {
	h.mu.Lock()
	rooms := make([]*Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	h.mu.Unlock()
	var closing []*closing
	for _, r := range rooms {
		if why := h.expired(r, now); why != "" {
			if c := h.closeRoom(r, why, now); c != nil {
				closing = append(closing, c)
			}
		}
	}
	if len(closing) == 0 {
		return
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, 8)
	for _, c := range closing {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			if c.err = c.disk.Sync(); c.err == nil {
				c.err = h.writeRecord(c.rec, c.info)
			}
		})
	}
	wg.Wait()
	synced := store.SyncDir(filepath.Join(h.opts.Dir, "games"))
	for _, c := range closing {
		if c.err == nil {
			c.err = synced
		}
		path := c.disk.Path()
		c.disk.Close()
		if c.err != nil {
			h.logf("serve: room %s: its game cannot be kept as a record, its log stays: %v", c.info.Room, c.err)
			continue
		}
		if err := os.Remove(path); err != nil {
			h.logf("serve: room %s: %v", c.info.Room, err)
		}
		h.mu.Lock()
		h.records[c.info.Room] = c.info
		h.mu.Unlock()
	}
	if err := store.SyncDir(filepath.Join(h.opts.Dir, "rooms")); err != nil {
		h.logf("serve: %v", err)
	}
	h.mu.Lock()
	h.trimRecords()
	h.mu.Unlock()
}

// closing is a room being closed: its record to write, and its log.
type closing struct {
	rec  Record
	info *GameInfo
	disk *store.Log
	err  error
}

// janitor sweeps the rooms until the server closes.
func (h *hub) janitor() {
	every := min(h.opts.FinishedTTL, h.opts.RoomTTL) / 4
	every = max(min(every, time.Minute), 10*time.Millisecond)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.done:
			return
		case now := <-t.C:
			h.sweep(now)
		}
	}
}

// closeRoom closes a room: it is forgotten and its game stopped, and
// what its record needs is returned (nil when the server keeps nothing
// on disk, or the room is closed already).
func (h *hub) closeRoom(r *Room, why string, now time.Time) *closing {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	rec := r.record()
	info := &GameInfo{Room: r.ID, Title: r.title, Family: r.fam.Name, Seats: rec.Seats, Over: rec.Over, Answers: len(rec.Answers),
		Created: r.created, Closed: now.UTC(), Why: why, Access: []string{tokenHash(r.watch)}}
	for _, s := range r.seats {
		if s.Token != "" {
			info.Access = append(info.Access, tokenHash(s.Token))
		}
	}
	r.closed = true
	disk := r.disk
	r.disk = nil
	close(r.notify) // the event streams end
	r.notify = make(chan struct{})
	r.g.Close()
	r.items, r.answers = nil, nil
	r.mu.Unlock()
	h.mu.Lock()
	delete(h.rooms, r.ID)
	h.mu.Unlock()
	if disk == nil {
		return nil
	}
	return &closing{rec: rec, info: info, disk: disk}
}

// writeRecord writes a closed room's record and its index entry.
func (h *hub) writeRecord(rec Record, info *GameInfo) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	ib, err := json.Marshal(info)
	if err != nil {
		return err
	}
	recPath, infoPath := recordPaths(h.opts.Dir, info.Room)
	if err := store.WriteFileOnly(recPath, b); err != nil {
		return err
	}
	return store.WriteFileOnly(infoPath, ib)
}

// trimRecords deletes the oldest kept games beyond KeepRecords (h.mu
// held, or the hub not yet shared).
func (h *hub) trimRecords() {
	if len(h.records) <= h.opts.KeepRecords {
		return
	}
	all := make([]*GameInfo, 0, len(h.records))
	for _, g := range h.records {
		all = append(all, g)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Closed.Before(all[j].Closed) })
	for _, g := range all[:len(all)-h.opts.KeepRecords] {
		rec, info := recordPaths(h.opts.Dir, g.Room)
		os.Remove(info)
		os.Remove(rec)
		delete(h.records, g.Room)
	}
}

// closedGame returns a closed room's kept game.
func (h *hub) closedGame(id string) (*GameInfo, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	g, ok := h.records[id]
	return g, ok
}

// handleGames lists the kept games of closed rooms, latest first.
func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	s.hub.mu.Lock()
	out := make([]GameInfo, 0, len(s.hub.records))
	for _, g := range s.hub.records {
		c := *g
		c.Access = nil
		out = append(out, c)
	}
	s.hub.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Closed.After(out[j].Closed) })
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

// handleGame downloads the kept game of a closed room, for a token of the
// room.
func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	s.serveClosed(w, r, r.PathValue("id"), true)
}

// serveClosed answers a request for a room that is not open: the record
// of a closed room (asRecord), or what became of it.
func (s *Server) serveClosed(w http.ResponseWriter, r *http.Request, id string, asRecord bool) {
	g, ok := s.hub.closedGame(id)
	switch {
	case !ok && s.hub.isDamaged(id):
		writeError(w, refuse(http.StatusServiceUnavailable, CodeRoomDamaged, "room %s could not be read back when the server started: it is set aside, untouched, for its host to look at", id))
	case !ok:
		writeError(w, refuse(http.StatusNotFound, "no_room", "there is no room %s", id))
	case !g.opens(token(r)):
		writeError(w, refuse(http.StatusForbidden, CodeWrongToken, "the token opens no seat of room %s", id))
	case !asRecord:
		writeError(w, refuse(http.StatusGone, CodeRoomClosed, "room %s was closed at %s (%s); its game is kept: GET /api/games/%s with the room's token",
			id, g.Closed.Format(time.RFC3339), map[string]string{"over": "its game was over", "idle": "nobody answered in it"}[g.Why], id))
	default:
		path, _ := recordPaths(s.opts.Dir, id)
		b, err := os.ReadFile(path)
		if err != nil {
			writeError(w, refuse(http.StatusNotFound, "no_game", "the record of room %s is no longer kept", id))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="room-%s.json"`, strings.ReplaceAll(id, `"`, "")))
		w.Write(b)
	}
}

// isDamaged reports whether room id was set aside at start-up.
func (h *hub) isDamaged(id string) bool {
	for _, d := range h.damaged {
		if d.Room == id {
			return true
		}
	}
	return false
}
