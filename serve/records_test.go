package serve

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/serve/store"
)

// TestClosedRoomsAreKeptAsRecords: a finished room is closed after
// FinishedTTL and an idle one after RoomTTL; their games are listed,
// downloaded with a token of the room, replayed by shapan replay's
// reader; the rooms' logs are gone, so a restart does not bring them
// back, and the records are still listed after it.
func TestClosedRoomsAreKeptAsRecords(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, Dir: dir, FinishedTTL: time.Hour, RoomTTL: 2 * time.Hour}
	s, base := startServer(t, opts)
	done := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(5)), Seats: []string{"computer", "computer"}})
	idle := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(6)), Seats: []string{"person", "person"}})
	fetchRecord(t, base, done) // the computers play it to the end
	s.hub.sweep(time.Now().Add(90 * time.Minute))
	if _, ok := s.hub.room(done.Room); ok {
		t.Fatal("the finished room is still open after FinishedTTL")
	}
	if _, ok := s.hub.room(idle.Room); !ok {
		t.Fatal("the idle room closed before RoomTTL")
	}
	items, _ := readStream(t, base, idle.Room, tokenOf(idle.Spectator), 0)
	s.hub.sweep(time.Now().Add(3 * time.Hour))
	for range items { // the stream of a closed room ends
	}
	var list struct{ Games []GameInfo }
	if st := call(t, "GET", base+"/api/games", "", nil, &list); st != http.StatusOK || len(list.Games) != 2 {
		t.Fatalf("HTTP %d, %d games listed, want 2", st, len(list.Games))
	}
	for _, g := range list.Games {
		if len(g.Access) != 0 {
			t.Fatal("the list shows the tokens' hashes")
		}
	}
	var e struct{ Error *Refused }
	if st := call(t, "GET", base+"/api/rooms/"+idle.Room+"/hint", tokenOf(idle.Seats[0].Link), nil, &e); st != http.StatusGone || e.Error.Code != CodeRoomClosed {
		t.Fatalf("hint of a closed room: HTTP %d %+v", st, e.Error)
	}
	resp, err := http.Get(base + "/api/games/" + done.Room + "?token=" + tokenOf(done.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "room.json")
	writeBody(resp, path)
	resp.Body.Close()
	sum, err := ReplayRecordFile(path)
	if err != nil || !sum.Over || sum.Answers == 0 {
		t.Fatalf("the kept game does not replay: %+v %v", sum, err)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "rooms", "*.log"))
	if len(logs) != 0 {
		t.Fatalf("the closed rooms' logs are left: %v", logs)
	}
	s.Close()
	s2, base2 := startServer(t, opts)
	if n := len(s2.Rooms()); n != 0 {
		t.Fatalf("%d rooms after a restart, want none", n)
	}
	if st := call(t, "GET", base2+"/api/games", "", nil, &list); st != http.StatusOK || len(list.Games) != 2 {
		t.Fatalf("after a restart: HTTP %d, %d games", st, len(list.Games))
	}
	// The old record link works too.
	if st := call(t, "GET", base2+"/api/rooms/"+done.Room+"/record?token="+tokenOf(done.Spectator), "", nil, &Record{}); st != http.StatusOK {
		t.Fatalf("the record link of a closed room: HTTP %d", st)
	}
}

// TestClosedRoomsFreeTheirMemory: rooms played to the end and closed
// leave the heap nearly as it was — a small entry in the list of kept
// games each, against the rooms' own weight while they are open.
func TestClosedRoomsFreeTheirMemory(t *testing.T) {
	s, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, Dir: t.TempDir(), CreateRate: 1e6, FinishedTTL: time.Hour})
	heap := func() int64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return int64(m.HeapInuse)
	}
	const n = 30
	seed := int64(0)
	play := func() {
		var rooms []Created
		for range n {
			seed++
			rooms = append(rooms, create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(seed), Seats: []string{"computer", "computer"}}))
		}
		for _, c := range rooms {
			fetchRecord(t, base, c)
		}
	}
	play()
	s.hub.sweep(time.Now().Add(2 * time.Hour))
	h0 := heap()
	play()
	open := heap() - h0 // n finished rooms, still open
	s.hub.sweep(time.Now().Add(4 * time.Hour))
	play()
	s.hub.sweep(time.Now().Add(6 * time.Hour))
	grown := heap() - h0 // 2n rooms closed since h0
	if left := len(s.Rooms()); left != 0 {
		t.Fatalf("%d rooms left open", left)
	}
	t.Logf("%d finished rooms open: %d KiB; %d closed: %d KiB", n, open>>10, 2*n, grown>>10)
	if grown > open/2 {
		t.Fatalf("%d closed rooms keep %d KiB, %d open ones weigh %d KiB", 2*n, grown>>10, n, open>>10)
	}
}

// TestADamagedRoomIsSetAsideAndTheOthersStart: a flipped byte in one
// room's log, a log whose first record is not a room, and a torn tail in
// another: the damaged rooms are set aside untouched and named, the torn
// one resumes without its unacknowledged end, and the rest start.
func TestADamagedRoomIsSetAsideAndTheOthersStart(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}, Dir: dir, CreateRate: 1e6}
	s, base := startServer(t, opts)
	var rooms []Created
	for i := range 4 {
		c := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(i)), Seats: []string{"person", "person"}})
		playPerson(t, base+"/api/rooms/"+c.Room, tokenOf(c.Seats[0].Link), 1)
		rooms = append(rooms, c)
	}
	s.Close()
	logOf := func(c Created) string { return filepath.Join(dir, "rooms", c.Room+".log") }
	flip, _ := os.ReadFile(logOf(rooms[0]))
	flip[len(flip)-3] ^= 0x01 // inside the last, acknowledged answer
	os.WriteFile(logOf(rooms[0]), flip, 0o600)
	os.WriteFile(logOf(rooms[1]), []byte("\x05\x00\x00\x00\x9a\x1b\x3f\xc5hello"), 0o600)
	f, _ := os.OpenFile(logOf(rooms[2]), os.O_WRONLY|os.O_APPEND, 0)
	f.Write([]byte{0x40, 0, 0, 0, 1, 2, 3, 4, '{'})
	f.Close()
	var logged bytes.Buffer
	opts.Logf = func(format string, args ...any) {
		logged.WriteString(strings.TrimSpace(fmt.Sprintf(format, args...)) + "\n")
	}
	s2, base2 := startServer(t, opts)
	d := s2.Damaged()
	if len(d) != 2 || d[0].Room == d[1].Room {
		t.Fatalf("damaged %+v, want rooms 0 and 1", d)
	}
	for _, x := range d {
		if x.Room != rooms[0].Room && x.Room != rooms[1].Room {
			t.Fatalf("room %s reported damaged", x.Room)
		}
		if !strings.Contains(logged.String(), x.File) {
			t.Fatalf("the log does not name %s:\n%s", x.File, logged.String())
		}
	}
	if kept, _ := os.ReadFile(filepath.Join(dir, "quarantine", rooms[0].Room+".log")); !bytes.Equal(kept, flip) {
		t.Fatal("the damaged log was changed")
	}
	var docs struct{ Damaged []DamagedRoom }
	if call(t, "GET", base2+"/api/documents", "", nil, &docs); len(docs.Damaged) != 2 {
		t.Fatalf("the host page is told of %d damaged rooms", len(docs.Damaged))
	}
	for _, x := range docs.Damaged {
		// Anyone may read the list: it names no path of the host.
		if strings.Contains(x.File, dir) || strings.Contains(x.Reason, dir) || !strings.HasPrefix(x.File, "quarantine/") {
			t.Errorf("the public list shows %+v (the data folder is %s)", x, dir)
		}
	}
	for _, c := range rooms[2:] {
		var h Hint
		if st := call(t, "GET", base2+"/api/rooms/"+c.Room+"/hint", tokenOf(c.Seats[1].Link), nil, &h); st != http.StatusOK || h.Turn != 1 {
			t.Fatalf("room %s after the restart: HTTP %d turn %d", c.Room, st, h.Turn)
		}
	}
}

// TestTwoServersCannotShareAFolder: the second is refused, naming the
// process that holds the folder.
func TestTwoServersCannotShareAFolder(t *testing.T) {
	dir := t.TempDir()
	startServer(t, Options{Dir: dir})
	_, err := New(Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "in use by process "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("a second server on %s: %v", dir, err)
	}
	var inUse *store.InUseError
	if !errors.As(err, &inUse) {
		t.Fatalf("%T, not an InUseError", err)
	}
}
