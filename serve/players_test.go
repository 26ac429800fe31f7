package serve

import (
	"net/http"
	"strings"
	"testing"
)

// TestComputerSeatsTakeNamedPlayers: a host names a seat's computer
// player (the search player with a budget, random); the room plays to
// the end with them, the documents list the players a seat may take, and
// a name no family knows is refused when the room is made.
func TestComputerSeatsTakeNamedPlayers(t *testing.T) {
	_, base := startServer(t, Options{Documents: []*Document{document(t, "决斗.yml", duelMap)}})
	var docs struct {
		Documents []struct {
			Computers []string `json:"computers"`
		} `json:"documents"`
	}
	call(t, "GET", base+"/api/documents", "", nil, &docs)
	if got := strings.Join(docs.Documents[0].Computers, ","); got != "ai,random,search" {
		t.Fatalf("the computers offered: %s", got)
	}
	c := create(t, base, CreateRequest{Document: "决斗.yml", Seed: ptr(int64(2)), Seats: []string{"search:3", "random"}})
	room := base + "/api/rooms/" + c.Room
	if st := waitOver(t, room, tokenOf(c.Spectator)); !st.Over {
		t.Fatal("the computers did not finish")
	}
	var refusal map[string]any
	if code := call(t, "POST", base+"/api/rooms", "", CreateRequest{Document: "决斗.yml", Seats: []string{"clever"}}, &refusal); code != http.StatusBadRequest {
		t.Fatalf("a seat named clever: status %d, %v", code, refusal)
	}
}
