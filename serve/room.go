package serve

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/family"
	"github.com/shapan/shapan/serve/store"
)

// Room is one game hosted by the server: the family's decision machine,
// its seats (a person with a secret token, or the computer), a spectator
// token, and the numbered stream of everything that happened.
type Room struct {
	ID string

	mu      sync.Mutex
	fam     *family.Family
	g       *family.Game
	seats   []*seat
	watch   string // the spectator token
	seed    int64
	title   string
	created time.Time
	// last is when the room was made or last answered in.
	last time.Time
	// items is the room's stream: item k has sequence number k+1. The
	// first shown of them may be sent: the items that follow a person's
	// answer wait until it is on disk (held lists the answers on their
	// way, oldest first), so that no one sees what a crash could undo.
	items []json.RawMessage
	shown int
	held  []heldAnswer
	// turn counts the accepted answers.
	turn int
	// posed is the decision waiting for each seat (nil: none), and asked
	// the turn at which it was posed: in a simultaneous round a seat's
	// decision stays the same while the others answer, and so does an
	// answer's validity.
	posed  []*engine.Decision
	asked  []int
	notify chan struct{} // closed and replaced when more items are shown
	disk   *store.Log
	// queued is set while the room waits for a computer worker or has one.
	queued  bool
	closed  bool
	streams int
	failure string
	// start is the game's setup; answers every accepted answer.
	start   *engine.Snapshot
	answers []answerRecord
	// early holds the events of the game's start until the game is
	// attached.
	early []engine.Event
	// answering is the seat whose answer the game is applying: a game it
	// saves is that seat's.
	answering int
}

// seat is one player of a room.
type seat struct {
	Name     string `json:"name"`
	Computer bool   `json:"computer,omitempty"`
	// Player names a computer seat's player ("": the family's computer).
	Player string `json:"player,omitempty"`
	Token  string `json:"token,omitempty"`
	// lastRequest is the request id of its last accepted answer.
	lastRequest string
	limit       *rate.Limiter
	play        func(d *engine.Decision) engine.Answer
	// saved is the last game the seat asked to save (an mbg save: Save
	// the game… on its page), which its page downloads.
	saved *savedGame
}

// savedGame is a game a seat saved: the file's name as the player typed
// it, and its bytes.
type savedGame struct {
	name string
	data []byte
}

// header is the first record of a room's log.
type header struct {
	ID      string           `json:"id"`
	Title   string           `json:"title"`
	Seed    int64            `json:"seed"`
	Created time.Time        `json:"created"`
	Seats   []seat           `json:"seats"`
	Watch   string           `json:"watch"`
	Start   *engine.Snapshot `json:"start"`
}

// heldAnswer is a person's answer written to the room's log but not yet
// known to be on disk: end is the log's size after it, from the number of
// items before it.
type heldAnswer struct {
	end  int64
	from int
}

// answerRecord is an accepted answer in a room's log.
type answerRecord struct {
	Player  int             `json:"p"`
	Answer  json.RawMessage `json:"a"`
	Request string          `json:"r,omitempty"`
}

// newToken returns 128 random bits as 32 hex digits.
func newToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("serve: no random bits: %v", err))
	}
	return hex.EncodeToString(b[:])
}

// Access is what a token opens in a room.
type Access struct {
	Seat      int // the seat, or -1 for a spectator
	Spectator bool
}

// access checks a token against every seat and the spectator token, in
// constant time.
func (r *Room) access(token string) (Access, bool) {
	found := Access{Seat: -1}
	ok := false
	t := []byte(token)
	for k, s := range r.seats {
		if s.Token != "" && subtle.ConstantTimeCompare([]byte(s.Token), t) == 1 {
			found, ok = Access{Seat: k}, true
		}
	}
	if subtle.ConstantTimeCompare([]byte(r.watch), t) == 1 {
		found, ok = Access{Seat: -1, Spectator: true}, true
	}
	return found, ok
}

// push appends an item to the stream (publish shows it).
func (r *Room) push(item any) {
	b, err := json.Marshal(item)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	r.items = append(r.items, b)
}

// publish shows the items no answer on its way to the disk holds back, and
// wakes the streams when there are new ones.
func (r *Room) publish() {
	n := len(r.items)
	if len(r.held) > 0 {
		n = r.held[0].from
	}
	if n != r.shown {
		r.shown = n
		close(r.notify)
		r.notify = make(chan struct{})
	}
}

// onEvent is the machine's event callback: events join the stream. The
// events of the game's start come before the game is known, and with it
// their words: they wait until attach.
func (r *Room) onEvent(e engine.Event) {
	if r.g == nil {
		r.early = append(r.early, e)
		return
	}
	raw, err := json.Marshal(e)
	if err != nil {
		raw, _ = json.Marshal(map[string]string{"e": e.EventName(), "error": err.Error()})
	}
	it := streamItem{Seq: len(r.items) + 1, Event: raw}
	if r.g.Describe != nil {
		it.Words = r.g.Describe(e)
	} else {
		it.Words = engine.RawWords(e)
	}
	r.push(it)
}

// onSave is the game's save callback: the game the answering seat asked
// to save is kept, in memory, for its page to download (the server writes
// no file). A room restarted from its log saves it again as the answers
// are given again.
func (r *Room) onSave(name string, data []byte) bool {
	if r.answering < 0 || r.answering >= len(r.seats) {
		return false
	}
	r.seats[r.answering].saved = &savedGame{name: name, data: append([]byte(nil), data...)}
	return true
}

// attach makes g the room's game and adds the events of its start to the
// stream.
func (r *Room) attach(g *family.Game) {
	r.g = g
	for _, e := range r.early {
		r.onEvent(e)
	}
	r.early = nil
}

// streamItem is one item of a room's event stream: an event of the game,
// an accepted answer (who answered, the turn it closed), or the end.
type streamItem struct {
	Seq   int             `json:"seq"`
	Event json.RawMessage `json:"event,omitempty"`
	// Words tell the event as the family's play log does, when the
	// family words its events.
	Words  string        `json:"words,omitempty"`
	Answer *answeredItem `json:"answer,omitempty"`
	Over   bool          `json:"over,omitempty"`
}

type answeredItem struct {
	Seat   int             `json:"seat"`
	Name   string          `json:"name"`
	Turn   int             `json:"turn"`
	Answer json.RawMessage `json:"value"`
}

// Refusal codes of the rooms' API (docs/PROTOCOL.md).
const (
	CodeWrongToken  = "wrong_token"
	CodeNotYourTurn = "not_your_turn"
	CodeStaleTurn   = "stale_turn"
	CodeIllegal     = "illegal"
	CodeReplayed    = "replayed"
	CodeGameOver    = "game_over"
	CodeBadRequest  = "bad_request"
	CodeRateLimited = "rate_limited"
	CodeNotSaved    = "not_saved"
	CodeNoSave      = "no_save"
	// CodeWrongHost refuses a Host name the server does not answer,
	// CodeCrossSite a change asked by a page of another site,
	// CodeBadContentType a body not declared JSON.
	CodeWrongHost      = "wrong_host"
	CodeCrossSite      = "cross_site"
	CodeBadContentType = "bad_content_type"
	// CodeTooManyRooms refuses a room beyond --max-rooms; CodeRoomClosed
	// names a room closed since, whose game is kept as a record.
	CodeTooManyRooms = "too_many_rooms"
	CodeRoomClosed   = "room_closed"
	// CodeRoomDamaged names a room set aside at start-up.
	CodeRoomDamaged = "room_damaged"
)

// Refused is a refused request: nothing changed.
type Refused struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Refused) Error() string { return e.Code + ": " + e.Message }

func refuse(status int, code, format string, args ...any) *Refused {
	return &Refused{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// written is what an accepted answer left to wait for: the log it was
// written to and the log's size after it (nil: nothing).
type written struct {
	disk *store.Log
	end  int64
}

// accept applies an answer of seat k and writes it to the room's log. A
// person's answer is held (its items not shown) until it is on disk:
// the caller waits for the returned write with durable; a computer's is
// not, since a restarted room asks the computers again and they give the
// same answers.
func (r *Room) accept(k int, a engine.Answer, request string, person bool) (*written, error) {
	before := len(r.items)
	r.answering = k
	if err := r.g.Answer(k, a); err != nil {
		r.items = r.items[:before] // a refused answer emits nothing
		return nil, err
	}
	r.turn++
	r.last = time.Now()
	r.seats[k].lastRequest = request
	r.answers = append(r.answers, answerRecord{Player: k, Answer: append(json.RawMessage(nil), a...)})
	var w *written
	if r.disk != nil {
		b, _ := json.Marshal(answerRecord{Player: k, Answer: a, Request: request})
		if err := r.disk.Write(b); err != nil {
			r.failure = err.Error()
			return nil, refuse(503, CodeNotSaved, "the answer could not be saved, the room is closed: %v", err)
		}
		if person {
			w = &written{r.disk, r.disk.Size()}
			r.held = append(r.held, heldAnswer{end: w.end, from: before})
		}
	}
	r.push(streamItem{Seq: len(r.items) + 1, Answer: &answeredItem{Seat: k, Name: r.seats[k].Name, Turn: r.turn, Answer: a}})
	r.notePosed()
	if r.g.Over() {
		r.push(streamItem{Seq: len(r.items) + 1, Over: true})
	}
	r.publish()
	return w, nil
}

// durable waits until an accepted answer is on disk, then shows the items
// it held back. The room is closed when the disk fails.
func (r *Room) durable(w *written) error {
	if w == nil {
		return nil
	}
	err := w.disk.SyncTo(w.end)
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.failure = err.Error()
		return refuse(503, CodeNotSaved, "the answer could not be saved, the room is closed: %v", err)
	}
	n := 0
	for n < len(r.held) && r.held[n].end <= w.end {
		n++
	}
	r.held = r.held[n:]
	r.publish()
	return nil
}

// notePosed records, for every seat whose pending decision is new, the
// turn at which it was posed.
func (r *Room) notePosed() {
	if len(r.posed) != len(r.seats) {
		r.posed, r.asked = make([]*engine.Decision, len(r.seats)), make([]int, len(r.seats))
	}
	for k := range r.seats {
		if d := r.g.PendingFor(k); d != r.posed[k] {
			r.posed[k], r.asked[k] = d, r.turn
		}
	}
}

// computerDecision returns a decision waiting for a computer seat, if the
// room plays on.
func (r *Room) computerDecision() *engine.Decision {
	if r.closed || r.failure != "" {
		return nil
	}
	for _, d := range r.g.PendingAll() {
		if d.Player >= 0 && d.Player < len(r.seats) && r.seats[d.Player].Computer {
			return d
		}
	}
	return nil
}

// playComputer answers one decision waiting for a computer seat; it
// reports whether another may follow.
func (r *Room) playComputer(logf func(string, ...any)) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	d := r.computerDecision()
	if d == nil {
		r.queued = false
		return false
	}
	if _, err := r.accept(d.Player, r.seats[d.Player].play(d), "", false); err != nil {
		logf("serve: room %s: the computer of seat %d: %v", r.ID, d.Player, err)
		r.queued = false
		return false
	}
	return true
}

// waitingFor returns the seats a decision waits for.
func (r *Room) waitingFor() []int {
	var out []int
	for _, d := range r.g.PendingAll() {
		out = append(out, d.Player)
	}
	return out
}

// pendingFor returns the decision waiting for seat k, if any.
func (r *Room) pendingFor(k int) *engine.Decision { return r.g.PendingFor(k) }
