package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/validate"
)

// The rooms' JSON API (docs/PROTOCOL.md).

func (s *Server) routes() {
	s.mux.HandleFunc("GET /api/documents", s.handleDocuments)
	s.mux.HandleFunc("POST /api/documents/seats", s.handleSeats)
	s.mux.HandleFunc("POST /api/rooms", s.handleCreate)
	s.mux.HandleFunc("GET /api/rooms/{id}/hint", s.withRoom(s.handleHint))
	s.mux.HandleFunc("POST /api/rooms/{id}/react", s.withRoom(s.handleReact))
	s.mux.HandleFunc("GET /api/rooms/{id}/state", s.withRoom(s.handleState))
	s.mux.HandleFunc("GET /api/rooms/{id}/events", s.withRoom(s.handleEvents))
	s.mux.HandleFunc("GET /api/rooms/{id}/record", s.withRoom(s.handleRecord))
	s.mux.HandleFunc("GET /api/rooms/{id}/save", s.withRoom(s.handleSave))
	s.mux.HandleFunc("GET /api/games", s.handleGames)
	s.mux.HandleFunc("GET /api/games/{id}", s.handleGame)
	s.mux.HandleFunc("GET /api/planet-conquer/games", s.handlePCGames)
	s.mux.HandleFunc("GET /api/planet-conquer/games/{name}", s.handlePCGame)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, refuse(http.StatusNotFound, "not_found", "no such API: %s %s", r.Method, r.URL.Path))
	})
	s.webRoutes()
}

// writeJSON writes a JSON reply.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":{"code":"internal","message":"the reply could not be written"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

// writeError writes a refusal: {"error": {"code", "message"}}.
func writeError(w http.ResponseWriter, err error) {
	status, reply := errorReply(err)
	writeJSON(w, status, reply)
}

// errorReply is the status and body of a refusal.
func errorReply(err error) (int, any) {
	var ref *Refused
	if !errors.As(err, &ref) {
		ref = refuse(http.StatusInternalServerError, "internal", "%v", err)
	}
	return ref.Status, map[string]any{"error": ref}
}

// readBody decodes a bounded JSON body into v.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, v any) error {
	if err := jsonBody(r); err != nil {
		return err
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.opts.MaxBody))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return refuse(http.StatusRequestEntityTooLarge, "too_large", "the body is larger than %d bytes", s.opts.MaxBody)
		}
		return refuse(http.StatusBadRequest, CodeBadRequest, "the body could not be read: %v", err)
	}
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return refuse(http.StatusBadRequest, CodeBadRequest, "the body is not the JSON expected: %v", err)
	}
	return nil
}

func (s *Server) handleDocuments(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"documents": s.hub.documents(), "damaged": s.publicDamaged()})
}

// publicDamaged lists the damaged rooms for anyone who can reach the
// server: where each log is kept is said relative to the data folder, so
// no path of the host's file system leaves it (the host reads the whole
// path in the server's log and in Damaged).
func (s *Server) publicDamaged() []DamagedRoom {
	out := s.Damaged()
	for i, d := range out {
		out[i].File = s.dataRelative(d.File)
		if s.opts.Dir != "" {
			out[i].Reason = strings.ReplaceAll(d.Reason, filepath.Clean(s.opts.Dir)+string(filepath.Separator), "")
		}
	}
	return out
}

// dataRelative returns path relative to the data folder, or its base name
// when it lies outside it.
func (s *Server) dataRelative(path string) string {
	if s.opts.Dir != "" {
		if rel, err := filepath.Rel(s.opts.Dir, path); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.Base(path)
}

// handleSeats reads a document uploaded as POST /api/rooms would, and
// answers its family and seats: the host page lists them before the room
// is made.
func (s *Server) handleSeats(w http.ResponseWriter, r *http.Request) {
	if !s.creates.allow(r) { // as much work as a room's creation
		writeError(w, refuse(http.StatusTooManyRequests, CodeRateLimited, "at most %g rooms a second from one address", s.opts.CreateRate))
		return
	}
	var req CreateRequest
	if err := s.readBody(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if req.Source == "" {
		writeError(w, refuse(http.StatusBadRequest, CodeBadRequest, "no document uploaded: source is empty"))
		return
	}
	status, reply := s.seatsReply(req)
	s.replyAfterWork(w)
	writeJSON(w, status, reply)
}

// seatsReply is handleSeats' answer: the uploaded document's family and
// seats, or why it cannot be played.
func (s *Server) seatsReply(req CreateRequest) (int, any) {
	doc, name, err := s.hub.document(req)
	if err != nil {
		return errorReply(refuse(http.StatusBadRequest, CodeBadRequest, "%v", err))
	}
	f, seats, computers, err := seatsOf(doc)
	if err != nil {
		return errorReply(refuse(http.StatusBadRequest, CodeBadRequest, "%v", err))
	}
	return http.StatusOK, map[string]any{"name": name, "kind": doc.Kind, "family": f.Name, "seats": seats, "computers": computers}
}

// replyAfterWork gives the reply to a request that read and built a
// document the whole write timeout from now: the server's write deadline
// runs from the request's headers, and a big document allowed by
// --max-body can take longer than that to build — the room was made,
// so its links must reach the one who asked. Call it once the reply is
// ready, just before writing it.
func (s *Server) replyAfterWork(w http.ResponseWriter) {
	// An error means the connection cannot take a deadline (a recorder
	// in tests); the reply is then written as it stands.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout))
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if !s.creates.allow(r) {
		writeError(w, refuse(http.StatusTooManyRequests, CodeRateLimited, "at most %g rooms a second from one address", s.opts.CreateRate))
		return
	}
	var req CreateRequest
	if err := s.readBody(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	status, reply := http.StatusCreated, any(nil)
	if room, err := s.hub.create(req); err != nil {
		status, reply = errorReply(err)
	} else {
		reply = room.created_()
	}
	s.replyAfterWork(w)
	writeJSON(w, status, reply)
}

// created_ is the reply to the room's creation: the seat links.
func (r *Room) created_() Created {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := Created{Room: r.ID, Family: r.fam.Name, Spectator: "/room/" + r.ID + "#token=" + r.watch}
	for k, s := range r.seats {
		cs := createdSeat{Seat: k, Name: s.Name, Computer: s.Computer}
		if !s.Computer {
			cs.Link = "/room/" + r.ID + "#token=" + s.Token
		}
		c.Seats = append(c.Seats, cs)
	}
	return c
}

// token returns the request's token: "Authorization: Bearer T", or the
// token query parameter (event streams and downloads, which a browser
// opens without headers).
func token(r *http.Request) string {
	if a := r.Header.Get("Authorization"); strings.HasPrefix(a, "Bearer ") {
		return strings.TrimSpace(strings.TrimPrefix(a, "Bearer "))
	}
	return r.URL.Query().Get("token")
}

type roomHandler func(w http.ResponseWriter, r *http.Request, room *Room, a Access)

// withRoom finds the room and checks the token and its rate.
func (s *Server) withRoom(h roomHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		room, ok := s.hub.room(r.PathValue("id"))
		if !ok {
			s.serveClosed(w, r, r.PathValue("id"), strings.HasSuffix(r.URL.Path, "/record"))
			return
		}
		room.mu.Lock()
		if room.closed {
			room.mu.Unlock()
			s.serveClosed(w, r, r.PathValue("id"), strings.HasSuffix(r.URL.Path, "/record"))
			return
		}
		a, ok := room.access(token(r))
		var limited bool
		if ok && a.Seat >= 0 {
			limited = !room.seats[a.Seat].limit.Allow()
		}
		room.mu.Unlock()
		if ok && a.Spectator {
			limited = !s.watches.allow(r)
		}
		switch {
		case !ok:
			writeError(w, refuse(http.StatusForbidden, CodeWrongToken, "the token opens no seat of room %s", room.ID))
		case limited && a.Spectator:
			writeError(w, refuse(http.StatusTooManyRequests, CodeRateLimited, "at most %g spectator requests a second from one address", s.opts.WatchRate))
		case limited:
			writeError(w, refuse(http.StatusTooManyRequests, CodeRateLimited, "at most %g requests a second per token", s.opts.Rate))
		default:
			h(w, r, room, a)
		}
	}
}

// seatInfo names a seat.
type seatInfo struct {
	Seat     int    `json:"seat"`
	Name     string `json:"name"`
	Computer bool   `json:"computer"`
}

// Hint is the reply of hint: what the token's seat may do now.
type Hint struct {
	Room string `json:"room"`
	// Seat is the token's seat (null for a spectator).
	Seat *int   `json:"seat"`
	Name string `json:"name,omitempty"`
	// Status is "play" (a decision waits for this seat), "wait" (for the
	// seats Waiting) or "over".
	Status   string      `json:"status"`
	Turn     int         `json:"turn"`
	Seq      int         `json:"seq"`
	Decision *decision   `json:"decision,omitempty"`
	Waiting  []seatInfo  `json:"waiting,omitempty"`
	Result   any         `json:"result,omitempty"`
	Failure  string      `json:"failure,omitempty"`
	Seats    []seatInfo  `json:"seats"`
	Family   string      `json:"family"`
	Title    string      `json:"title"`
	_        interface{} `json:"-"`
}

// decision is a pending decision with its legal answers.
type decision struct {
	// Turn is the turn at which the decision was posed: a react for any
	// turn from it to the game's is not stale.
	Turn  int    `json:"turn"`
	Kind  string `json:"kind"`
	Args  any    `json:"args,omitempty"`
	Legal *legal `json:"legal,omitempty"`
}

type legal struct {
	// Count is the number of legal answers; Answers lists them (spread
	// evenly over the list when there are more than MaxLegal).
	Count   int64           `json:"count"`
	Answers []engine.Answer `json:"answers"`
}

// MaxLegal is the most legal answers a hint lists.
const MaxLegal = 500

func (r *Room) hint(a Access) Hint {
	h := Hint{Room: r.ID, Turn: r.turn, Seq: r.shown, Family: r.fam.Name, Title: r.title, Failure: r.failure}
	for k, s := range r.seats {
		h.Seats = append(h.Seats, seatInfo{Seat: k, Name: s.Name, Computer: s.Computer})
	}
	if a.Seat >= 0 {
		k := a.Seat
		h.Seat, h.Name = &k, r.seats[k].Name
	}
	switch {
	case r.g.Over():
		h.Status, h.Result = "over", r.g.Result()
		if err := r.g.Err(); err != nil {
			h.Failure = err.Error()
		}
		return h
	case a.Seat >= 0:
		if d := r.pendingFor(a.Seat); d != nil {
			h.Status = "play"
			h.Decision = &decision{Turn: r.asked[a.Seat], Kind: d.Kind, Args: d.Args}
			if l, ok := engine.LegalOf(d); ok {
				h.Decision.Legal = &legal{Count: l.N, Answers: l.Sample(MaxLegal)}
			}
			return h
		}
	}
	h.Status = "wait"
	for _, k := range r.waitingFor() {
		h.Waiting = append(h.Waiting, h.Seats[k])
	}
	return h
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request, room *Room, a Access) {
	room.mu.Lock()
	if room.closed {
		room.mu.Unlock()
		s.serveClosed(w, r, room.ID, false)
		return
	}
	h := room.hint(a)
	room.mu.Unlock()
	writeJSON(w, http.StatusOK, h)
}

// ReactRequest is the body of react.
type ReactRequest struct {
	// Turn is the turn of the hint answered (refused as stale when the
	// game has moved on).
	Turn *int `json:"turn"`
	// Answer is the answer, as the decision's kind defines it.
	Answer json.RawMessage `json:"answer"`
	// Request is an id the client chose for this request: the same
	// request sent again is refused as replayed.
	Request string `json:"request"`
}

func (s *Server) handleReact(w http.ResponseWriter, r *http.Request, room *Room, a Access) {
	var req ReactRequest
	if err := s.readBody(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	s.hub.computers.personBegins()
	room.mu.Lock()
	wr, err := room.react(a, req)
	turn, seq := room.turn, len(room.items)
	room.mu.Unlock()
	s.hub.computers.personEnds()
	if err == nil {
		s.hub.kick(room)
		err = room.durable(wr) // the room is not locked while the disk works
	}
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "turn": turn, "seq": seq})
}

// react checks and applies an answer (the refusals of docs/PROTOCOL.md, in
// their order) and returns the write to wait for before acknowledging it.
func (r *Room) react(a Access, req ReactRequest) (*written, error) {
	switch {
	case a.Seat < 0:
		return nil, refuse(http.StatusForbidden, CodeWrongToken, "a spectator's token cannot answer")
	case r.closed:
		return nil, refuse(http.StatusGone, CodeRoomClosed, "room %s is closed", r.ID)
	case req.Turn == nil || req.Answer == nil:
		return nil, refuse(http.StatusBadRequest, CodeBadRequest, `react needs {"turn": N, "answer": ...}`)
	case r.failure != "":
		return nil, refuse(http.StatusServiceUnavailable, CodeNotSaved, "the room's store failed: %s", r.failure)
	case r.g.Over():
		return nil, refuse(http.StatusConflict, CodeGameOver, "the game is over")
	case req.Request != "" && req.Request == r.seats[a.Seat].lastRequest:
		return nil, refuse(http.StatusConflict, CodeReplayed, "the request %s was answered already", req.Request)
	case r.stale(a.Seat, *req.Turn):
		return nil, refuse(http.StatusConflict, CodeStaleTurn, "the answer is for turn %d; the game is at turn %d", *req.Turn, r.turn)
	}
	if r.pendingFor(a.Seat) == nil {
		var names []string
		for _, k := range r.waitingFor() {
			names = append(names, r.seats[k].Name)
		}
		return nil, refuse(http.StatusConflict, CodeNotYourTurn, "it is not %s's turn: the game waits for %s", r.seats[a.Seat].Name, strings.Join(names, ", "))
	}
	wr, err := r.accept(a.Seat, engine.Answer(req.Answer), req.Request, true)
	var re *engine.RefusedError
	if errors.As(err, &re) {
		switch re.Code {
		case engine.RefusedNotJSON:
			return nil, refuse(http.StatusBadRequest, CodeBadRequest, "%s", re.Reason)
		case engine.RefusedGameOver:
			return nil, refuse(http.StatusConflict, CodeGameOver, "%s", re.Reason)
		case engine.RefusedIllegal:
			return nil, refuse(http.StatusConflict, CodeIllegal, "%s", re.Reason)
		}
		return nil, refuse(http.StatusConflict, CodeNotYourTurn, "%s", re.Reason)
	}
	return wr, err
}

// stale reports whether an answer of seat k for turn was made on a
// hint the game has moved past: turn is not the game's turn, nor — while
// a decision waits for k — a turn since that decision was posed.
func (r *Room) stale(k, turn int) bool {
	if r.pendingFor(k) != nil {
		return turn < r.asked[k] || turn > r.turn
	}
	return turn != r.turn
}

// State is what a spectator sees.
type State struct {
	Room    string     `json:"room"`
	Title   string     `json:"title"`
	Family  string     `json:"family"`
	Seats   []seatInfo `json:"seats"`
	Turn    int        `json:"turn"`
	Seq     int        `json:"seq"`
	Over    bool       `json:"over"`
	Result  any        `json:"result,omitempty"`
	Waiting []int      `json:"waiting"`
	Board   any        `json:"board"`
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request, room *Room, a Access) {
	room.mu.Lock()
	if room.closed {
		room.mu.Unlock()
		s.serveClosed(w, r, room.ID, false)
		return
	}
	st := State{Room: room.ID, Title: room.title, Family: room.fam.Name, Turn: room.turn, Seq: room.shown,
		Over: room.g.Over(), Result: room.g.Result(), Waiting: room.waitingFor(), Board: board(room.fam, room.g)}
	for k, s := range room.seats {
		st.Seats = append(st.Seats, seatInfo{Seat: k, Name: s.Name, Computer: s.Computer})
	}
	room.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

// handleEvents streams the room's items from a sequence number as
// Server-Sent Events: ?from=N (or the Last-Event-ID a reconnecting
// browser sends) skips the items up to N.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request, room *Room, a Access) {
	from := 0
	for _, v := range []string{r.Header.Get("Last-Event-ID"), r.URL.Query().Get("from")} {
		if n, err := strconv.Atoi(v); err == nil && n > from {
			from = n
		}
	}
	room.mu.Lock()
	if room.streams >= s.opts.MaxStreams {
		room.mu.Unlock()
		writeError(w, refuse(http.StatusServiceUnavailable, "too_many_streams", "room %s has %d event streams open, its limit", room.ID, s.opts.MaxStreams))
		return
	}
	room.streams++
	room.mu.Unlock()
	defer func() {
		room.mu.Lock()
		room.streams--
		room.mu.Unlock()
	}()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		room.mu.Lock()
		if room.closed {
			room.mu.Unlock()
			return
		}
		items := room.items[min(from, room.shown):room.shown]
		wake := room.notify
		room.mu.Unlock()
		rc.SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout))
		for _, it := range items {
			from++
			if _, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", from, it); err != nil {
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.done:
			return
		case <-wake:
		case <-ping.C:
			rc.SetWriteDeadline(time.Now().Add(s.opts.WriteTimeout))
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil {
				return
			}
		}
	}
}

// handleSave downloads the last game the token's seat saved (an mbg
// save, .sav), under the name its player typed (its last part, as a
// plain file name).
func (s *Server) handleSave(w http.ResponseWriter, r *http.Request, room *Room, a Access) {
	room.mu.Lock()
	var sv *savedGame
	if a.Seat >= 0 {
		sv = room.seats[a.Seat].saved
	}
	room.mu.Unlock()
	if sv == nil {
		writeError(w, refuse(http.StatusNotFound, CodeNoSave, "this seat of room %s has saved no game", room.ID))
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": saveName(sv.name)}))
	w.Write(sv.data)
}

// saveName is a typed save name as a plain file name ending in .sav.
func saveName(typed string) string {
	name := typed
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == '"' || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	name = strings.Trim(name, " .")
	if n := []rune(name); len(n) > 80 {
		name = string(n[:80])
	}
	if name == "" {
		name = "game"
	}
	if !strings.HasSuffix(strings.ToLower(name), ".sav") {
		name += ".sav"
	}
	return name
}

// handlePCGames lists the Planet-Conquer rooms' kept games.
func (s *Server) handlePCGames(w http.ResponseWriter, r *http.Request) {
	var games any = []any{}
	if k, ok := s.pc.(keeper); ok {
		var err error
		if games, err = k.KeptGames(); err != nil {
			writeError(w, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": games})
}

// handlePCGame downloads a kept Planet-Conquer game: its table trace.
func (s *Server) handlePCGame(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	var path string
	k, ok := s.pc.(keeper)
	if ok {
		path, ok = k.GamePath(name)
	}
	if !ok {
		writeError(w, refuse(http.StatusNotFound, "no_game", "no Planet-Conquer game %q is kept", name))
		return
	}
	w.Header().Set("Content-Type", "application/jsonl")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="planet-conquer-%s"`, name))
	http.ServeFile(w, r, path)
}

// checkDocument refuses a document with errors.
func checkDocument(doc *formats.Document) error {
	var errs diag.List
	for _, d := range validate.Check(doc) {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
