package serve

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// longDuel is duelMap played for long: two people who never move answer
// for 3000 rounds.
var longDuel = strings.Replace(duelMap, "max_round: 50", "max_round: 3000", 1)

// faultClient is a person answering a room's seat until the server goes
// away, noting every answer acknowledged.
type faultClient struct {
	base, room, token string
	seat              int
}

// acked is the answers acknowledged by the servers: by room, the turn
// each closed and the seat that gave it.
type acked struct {
	mu    sync.Mutex
	turns map[string]map[int]int
	n     int
}

func (a *acked) add(room string, turn, seat int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.turns[room] == nil {
		a.turns[room] = map[int]int{}
	}
	a.turns[room][turn] = seat
	a.n++
}

// tryCall sends a request, without failing the test when the server is gone.
func tryCall(method, url, token string, body any, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := testClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if out != nil {
		json.Unmarshal(b, out)
	}
	return resp.StatusCode, nil
}

// play answers until the server stops answering or the game is over.
func (c faultClient) play(a *acked, n *int) {
	for i := 0; ; i++ {
		var h Hint
		st, err := tryCall("GET", c.base+"/api/rooms/"+c.room+"/hint", c.token, nil, &h)
		if err != nil || st != http.StatusOK || h.Status == "over" {
			return
		}
		if h.Status != "play" || h.Decision == nil {
			time.Sleep(time.Millisecond)
			continue
		}
		var rep struct{ Turn int }
		st, err = tryCall("POST", c.base+"/api/rooms/"+c.room+"/react", c.token,
			map[string]any{"turn": h.Decision.Turn, "answer": map[string]any{"moves": []any{}}, "request": fmt.Sprintf("%d-%d-%d", c.seat, time.Now().UnixNano(), i)}, &rep)
		if err != nil {
			return
		}
		if st == http.StatusOK {
			a.add(c.room, rep.Turn, c.seat)
			*n++
		}
		if st == http.StatusServiceUnavailable {
			return // not saved: the disk failed
		}
	}
}

// faults counts what a fault-injection run did and found.
type faults struct {
	kills, flips, torn, rounds int
	acked, checked, lost       int
	damaged                    map[string]bool
}

// check compares what a server restored with the acknowledged answers:
// every one is there, or its room is reported damaged.
func (f *faults) check(t *testing.T, base string, rooms []Created, a *acked) {
	var docs struct{ Damaged []DamagedRoom }
	if st, err := tryCall("GET", base+"/api/documents", "", nil, &docs); err != nil || st != http.StatusOK {
		t.Fatalf("documents: %d %v", st, err)
	}
	for _, d := range docs.Damaged {
		f.damaged[d.Room] = true
	}
	for _, c := range rooms {
		if f.damaged[c.Room] {
			continue
		}
		var rec Record
		st, err := tryCall("GET", base+"/api/rooms/"+c.Room+"/record", tokenOf(c.Spectator), nil, &rec)
		if err != nil || st != http.StatusOK {
			t.Errorf("room %s is neither restored (HTTP %d %v) nor reported damaged", c.Room, st, err)
			continue
		}
		a.mu.Lock()
		for turn, seat := range a.turns[c.Room] {
			f.checked++
			if turn > len(rec.Answers) || rec.Answers[turn-1].Player != seat {
				f.lost++
				t.Errorf("room %s: the answer of seat %d acknowledged as turn %d is lost (%d answers kept)", c.Room, seat, turn, len(rec.Answers))
			}
		}
		a.mu.Unlock()
	}
}

// TestFaultInjection kills a server process (SIGKILL) at random moments
// while people answer in several rooms, and between runs tears the end
// of a room's log or flips one of its bytes; after every restart each
// acknowledged answer must be kept, or its room reported damaged —
// nothing is lost silently. SHAPAN_FAULT_ROUNDS sets the rounds (default
// 4, a few seconds).
func TestFaultInjection(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	rounds := 4
	if n, err := strconv.Atoi(os.Getenv("SHAPAN_FAULT_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	dir := t.TempDir()
	f := &faults{damaged: map[string]bool{}}
	a := &acked{turns: map[string]map[int]int{}}
	var rooms []Created
	for round := 0; round < rounds; round++ {
		base, cmd := serverProcess(t, dir)
		f.check(t, base, rooms, a)
		// Six rooms are played; a room set aside as damaged is replaced.
		live := 0
		for _, c := range rooms {
			if !f.damaged[c.Room] {
				live++
			}
		}
		for ; live < 6; live++ {
			rooms = append(rooms, create(t, base, CreateRequest{Document: "长局.yml", Seed: ptr(int64(len(rooms))), Seats: []string{"person", "person"}}))
		}
		var wg sync.WaitGroup
		counts := make([]int, 2*len(rooms))
		for i, c := range rooms {
			if f.damaged[c.Room] {
				continue
			}
			for s := range 2 {
				cl := faultClient{base: base, room: c.Room, token: tokenOf(c.Seats[s].Link), seat: s}
				wg.Go(func() { cl.play(a, &counts[2*i+s]) })
			}
		}
		time.Sleep(time.Duration(30+rng.Intn(200)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		wg.Wait()
		f.kills++
		f.rounds++
		var alive []Created
		for _, c := range rooms {
			if !f.damaged[c.Room] {
				alive = append(alive, c)
			}
		}
		path := filepath.Join(dir, "rooms", alive[rng.Intn(len(alive))].Room+".log")
		switch round % 3 {
		case 1: // a torn write: the start of a record, cut short
			frame := make([]byte, 8+40)
			binary.LittleEndian.PutUint32(frame, 200)
			rng.Read(frame[4:])
			fh, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			fh.Write(frame[:8+rng.Intn(40)])
			fh.Close()
			f.torn++
		case 2: // a damaged byte anywhere in the log
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			data[rng.Intn(len(data))] ^= byte(1 + rng.Intn(255))
			os.WriteFile(path, data, 0o600)
			f.flips++
		}
	}
	base, _ := serverProcess(t, dir)
	f.check(t, base, rooms, a)
	f.acked = a.n
	t.Logf("%d rounds, %d kills, %d torn writes, %d flipped bytes: %d answers acknowledged, %d checked after restarts, %d lost, %d of %d rooms reported damaged",
		f.rounds, f.kills, f.torn, f.flips, f.acked, f.checked, f.lost, len(f.damaged), len(rooms))
	if f.acked == 0 {
		t.Fatal("no answer was acknowledged")
	}
	if f.flips > 0 && len(f.damaged) == 0 {
		// A flipped byte is always found: the room holding it is set aside.
		t.Fatalf("%d bytes flipped and no room reported damaged", f.flips)
	}
}

// TestFullDisk plays on a data folder on a small tmpfs until the disk is
// full: answers that cannot be written are refused (503 not_saved), and
// after space is freed and the server started again every acknowledged
// answer is there. It needs to mount a tmpfs (root); it is skipped,
// saying so, otherwise.
func TestFullDisk(t *testing.T) {
	mnt := t.TempDir()
	if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=256k"); err != nil {
		t.Skipf("a small tmpfs cannot be mounted here (%v): the full-disk case is not run", err)
	}
	t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	opts := Options{Documents: []*Document{document(t, "长局.yml", longDuel)}, Dir: filepath.Join(mnt, "data"), Rate: 1e6, CreateRate: 1e6, Logf: t.Logf}
	s, base := startServer(t, opts)
	var rooms []Created
	for i := range 4 {
		rooms = append(rooms, create(t, base, CreateRequest{Document: "长局.yml", Seed: ptr(int64(i)), Seats: []string{"person", "person"}}))
	}
	// Fill the disk but for a few kilobytes.
	filler := filepath.Join(mnt, "filler")
	fh, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	var size int64
	for {
		n, err := fh.Write(chunk)
		size += int64(n)
		if err != nil {
			break
		}
	}
	fh.Truncate(size - 24<<10)
	fh.Close()
	a := &acked{turns: map[string]map[int]int{}}
	var wg sync.WaitGroup
	var refused sync.Map
	for _, c := range rooms {
		for seat := range 2 {
			cl := faultClient{base: base, room: c.Room, token: tokenOf(c.Seats[seat].Link), seat: seat}
			wg.Go(func() {
				n := 0
				cl.play(a, &n)
				var h Hint
				if st, _ := tryCall("POST", base+"/api/rooms/"+c.Room+"/react", cl.token, map[string]any{"turn": 0, "answer": map[string]any{"moves": []any{}}}, &h); st == http.StatusServiceUnavailable {
					refused.Store(c.Room, true)
				}
			})
		}
	}
	wg.Wait()
	n := 0
	refused.Range(func(any, any) bool { n++; return true })
	if n == 0 {
		t.Fatal("no answer was refused: the disk never filled")
	}
	s.Close()
	os.Remove(filler)
	_, base2 := startServer(t, opts)
	f := &faults{damaged: map[string]bool{}}
	f.check(t, base2, rooms, a)
	t.Logf("disk full: %d answers acknowledged before it, %d rooms closed by it (503 not_saved), %d answers checked after a restart, %d lost, %d rooms reported damaged",
		a.n, n, f.checked, f.lost, len(f.damaged))
	if a.n == 0 || f.checked != a.n {
		t.Fatalf("%d answers acknowledged, %d checked", a.n, f.checked)
	}
}
