package heappeak

import "testing"

var kept [][]byte

// Holding 64 MiB while f runs shows as at least that much above the heap
// before; holding nothing shows as far less.
func TestLiveSeesWhatIsHeld(t *testing.T) {
	held := Live(func() {
		for range 64 {
			kept = append(kept, make([]byte, 1<<20))
		}
	})
	kept = nil
	if held < 60<<20 {
		t.Errorf("holding 64 MiB showed %d bytes live above the start", held)
	}
	if idle := Live(func() {}); idle > 16<<20 {
		t.Errorf("holding nothing showed %d bytes", idle)
	}
}
