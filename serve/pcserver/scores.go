package pcserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/shapan/shapan/serve/store"
)

// scores are the wins per player name (spec 12.5.6), kept for 30 days.
type scores struct {
	mu   sync.Mutex
	wins []win
	disk *store.Log
}

// win is one finished game's winner.
type win struct {
	Name json.RawMessage `json:"name"`
	At   time.Time       `json:"at"`
}

// keep is how long a win counts.
const keep = 31 * 24 * time.Hour

// openScores reads the wins kept in dir ("" keeps them in memory).
func openScores(dir string, logf func(string, ...any)) (*scores, error) {
	s := &scores{}
	if dir == "" {
		return s, nil
	}
	path := filepath.Join(dir, "scores.log")
	disk, recs, err := store.Open(path)
	var damaged *store.DamagedError
	if errors.As(err, &damaged) {
		// The wins are set aside as they are; the table starts anew.
		dest := filepath.Join(dir, "quarantine", fmt.Sprintf("scores-%d.log", time.Now().UnixNano()))
		if err = os.MkdirAll(filepath.Dir(dest), 0o700); err == nil {
			err = os.Rename(path, dest)
		}
		if err == nil {
			logf("pcserver: the scores are damaged (%v) and set aside in %s; they start anew", damaged, dest)
			disk, recs, err = store.Open(path)
		}
	}
	if err != nil {
		return nil, err
	}
	s.disk = disk
	for _, b := range recs {
		var w win
		if json.Unmarshal(b, &w) == nil {
			s.wins = append(s.wins, w)
		}
	}
	return s, nil
}

// record counts a win of name at t.
func (s *scores) record(name json.RawMessage, t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := win{Name: name, At: t}
	s.wins = append(s.wins, w)
	if s.disk != nil {
		b, _ := json.Marshal(w)
		_ = s.disk.Append(b) // a lost win is no reason to stop the game
	}
}

// reply is the scores op's reply: the wins since local midnight today, 7
// days ago and 30 days ago, most wins first, at most 10 names each.
func (s *scores) reply(now time.Time) reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.wins[:0]
	for _, w := range s.wins {
		if now.Sub(w.At) < keep {
			kept = append(kept, w)
		}
	}
	s.wins = kept
	y, m, d := now.Date()
	midnight := time.Date(y, m, d, 0, 0, 0, 0, now.Location())
	return reply{"dailys": s.since(midnight), "weeklys": s.since(midnight.AddDate(0, 0, -7)),
		"monthlys": s.since(midnight.AddDate(0, 0, -30))}
}

// since ranks the names by their wins since t.
func (s *scores) since(t time.Time) [][2]any {
	count := map[string]int{}
	for _, w := range s.wins {
		if !w.At.Before(t) {
			count[string(w.Name)]++
		}
	}
	names := make([]string, 0, len(count))
	for n := range count {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if count[names[i]] != count[names[j]] {
			return count[names[i]] > count[names[j]]
		}
		return names[i] < names[j]
	})
	out := [][2]any{}
	for i, n := range names {
		if i == 10 {
			break
		}
		out = append(out, [2]any{json.RawMessage(n), count[n]})
	}
	return out
}

func (s *scores) close() {
	if s.disk != nil {
		s.disk.Close()
	}
}
