package host

import (
	"encoding/json"
	"net/http"
	"runtime"
	"strings"
	"testing"
)

// TestHostFromTheUIThread: the studio starts, resumes and stops a
// hosting from its UI goroutine, which a desktop driver locks to the main
// OS thread. A game's coroutine made there cannot be resumed by the
// server's request goroutines, nor one made by them closed there (the
// runtime stops the whole studio with "coro: OS thread locking must match
// locking at coroutine creation"): hosting must make, restore and close
// its rooms off that thread. Here Start, Resume and Close run on a locked
// goroutine, and answers arrive over HTTP in between.
func TestHostFromTheUIThread(t *testing.T) {
	useDataDir(t)
	_, session := openSample(t, "mbg/赤壁.yaml")
	doc, err := copyOf(session)
	if err != nil {
		t.Fatal(err)
	}
	onLockedThread := func(f func()) {
		done := make(chan struct{})
		go func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			defer close(done)
			f()
		}()
		<-done
	}
	var h *Hosting
	onLockedThread(func() {
		h, err = Start(doc, "赤壁.yaml", Setup{Seats: []string{"person", "computer", "computer"}, Seed: 2})
	})
	if err != nil {
		t.Fatal(err)
	}
	link := h.Created.Seats[0].Link
	first := hintOf(t, h.Base, link)
	if first.Status != "play" || first.Decision == nil {
		t.Fatalf("seat 0's hint: %+v", first)
	}
	react(t, h.Base, link, first.Decision.Turn, `-1`)
	kept := h.Kept
	onLockedThread(func() { h.Close() })

	var again *Hosting
	onLockedThread(func() { again, err = Resume(kept) })
	if err != nil {
		t.Fatal(err)
	}
	next := hintOf(t, again.Base, link)
	if next.Turn <= first.Turn || next.Decision == nil {
		again.Close()
		t.Fatalf("after resuming, seat 0's hint: %+v (the answer was at turn %d)", next, first.Turn)
	}
	react(t, again.Base, link, next.Decision.Turn, answerFor(t, again.Base, link))
	onLockedThread(func() { again.Close() })
}

// answerFor returns the first legal answer of seat link's pending
// decision, as JSON.
func answerFor(t *testing.T, base, link string) string {
	t.Helper()
	u, token, _ := strings.Cut(link, "#token=")
	req, _ := http.NewRequest("GET", base+strings.Replace(u, "/room/", "/api/rooms/", 1)+"/hint", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h struct {
		Decision struct {
			Legal struct {
				Answers []json.RawMessage `json:"answers"`
			} `json:"legal"`
		} `json:"decision"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&h); err != nil || len(h.Decision.Legal.Answers) == 0 {
		t.Fatalf("no legal answer in the hint (%v)", err)
	}
	return string(h.Decision.Legal.Answers[0])
}
