package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/jsondiff"
)

// RecordFormat is the format of a room's game record: the game's setup,
// every answer with the seat that gave it, every event, and the result.
// `shapan replay` replays it and compares every event and the result.
const RecordFormat = "shapan-room/1"

// Record is a room's game as it is downloaded.
type Record struct {
	Format  string            `json:"format"`
	Room    string            `json:"room"`
	Title   string            `json:"title"`
	Seats   []seatInfo        `json:"seats"`
	Start   *engine.Snapshot  `json:"start"`
	Answers []answerRecord    `json:"answers"`
	Events  []json.RawMessage `json:"events"`
	Over    bool              `json:"over"`
	Result  any               `json:"result"`
}

func (r *Room) record() Record {
	rec := Record{Format: RecordFormat, Room: r.ID, Title: r.title, Start: r.start, Answers: r.answers, Over: r.g.Over(), Result: r.g.Result(),
		Events: []json.RawMessage{}}
	for k, s := range r.seats {
		rec.Seats = append(rec.Seats, seatInfo{Seat: k, Name: s.Name, Computer: s.Computer})
	}
	for _, it := range r.items {
		var si streamItem
		if json.Unmarshal(it, &si) == nil && si.Event != nil {
			rec.Events = append(rec.Events, si.Event)
		}
	}
	return rec
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request, room *Room, a Access) {
	room.mu.Lock()
	if room.closed {
		room.mu.Unlock()
		s.serveClosed(w, r, room.ID, true)
		return
	}
	rec := room.record()
	b, err := json.MarshalIndent(rec, "", " ")
	room.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="room-%s.json"`, room.ID))
	w.Write(b)
}

// ReplaySummary counts what a replayed record held.
type ReplaySummary struct {
	Family  string
	Answers int
	Events  int
	Over    bool
}

// RecordDivergence is a record whose replay differs from it.
type RecordDivergence struct{ Detail string }

func (d *RecordDivergence) Error() string { return d.Detail }

// IsDivergence marks a mismatch (as opposed to a file that cannot be read).
func (d *RecordDivergence) IsDivergence() bool { return true }

// ReplayRecordFile replays a room's record: the game is started from its
// setup, every answer is given again by the same seat, and every event and
// the result must come out the same.
func ReplayRecordFile(path string) (ReplaySummary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return ReplaySummary{}, err
	}
	var rec Record
	if err := json.Unmarshal(data, &rec); err != nil {
		return ReplaySummary{}, fmt.Errorf("%s: %w", path, err)
	}
	if rec.Format != RecordFormat || rec.Start == nil {
		return ReplaySummary{}, fmt.Errorf("%s: not a %s record", path, RecordFormat)
	}
	var events []json.RawMessage
	g, err := resumeGame(rec.Start, 0, func(e engine.Event) {
		b, _ := json.Marshal(e)
		events = append(events, b)
	}, func(string, []byte) bool { return true }) // the room kept every save
	if err != nil {
		return ReplaySummary{}, fmt.Errorf("%s: %w", path, err)
	}
	defer g.Close()
	for i, a := range rec.Answers {
		if err := g.Answer(a.Player, engine.Answer(a.Answer)); err != nil {
			return ReplaySummary{}, &RecordDivergence{fmt.Sprintf("answer %d (seat %d): %v", i+1, a.Player, err)}
		}
	}
	sum := ReplaySummary{Family: rec.Start.Family, Answers: len(rec.Answers), Events: len(events), Over: g.Over()}
	if len(events) != len(rec.Events) {
		return sum, &RecordDivergence{fmt.Sprintf("%d events, the record has %d", len(events), len(rec.Events))}
	}
	for i := range events {
		if !bytes.Equal(events[i], rec.Events[i]) {
			w, _ := jsondiff.Decode(rec.Events[i])
			gv, _ := jsondiff.Decode(events[i])
			if d := jsondiff.Diff(fmt.Sprintf("event %d", i+1), w, gv, jsondiff.Literal); d != "" {
				return sum, &RecordDivergence{d}
			}
		}
	}
	if g.Over() != rec.Over {
		return sum, &RecordDivergence{fmt.Sprintf("over %v, the record says %v", g.Over(), rec.Over)}
	}
	got, _ := json.Marshal(g.Result())
	want, _ := json.Marshal(rec.Result)
	gv, _ := jsondiff.Decode(got)
	wv, _ := jsondiff.Decode(want)
	if d := jsondiff.Diff("result", wv, gv, jsondiff.Literal); d != "" {
		return sum, &RecordDivergence{d}
	}
	if err := g.Err(); err != nil {
		return sum, errors.New("the game failed: " + err.Error())
	}
	return sum, nil
}
