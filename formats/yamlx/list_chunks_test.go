package yamlx

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// The bytes of a chunks read back as written, from any offset to any
// other, across the growing first block and the blocks after it.
func TestChunksReadBackAsWritten(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var c chunks
	var want []byte
	for len(want) < 3*chunkSize+777 {
		p := make([]byte, r.IntN(40))
		for i := range p {
			p[i] = byte(r.Uint32())
		}
		c.write(p)
		want = append(want, p...)
	}
	if c.n != len(want) {
		t.Fatalf("n = %d, want %d", c.n, len(want))
	}
	for k, b := range c.blocks[:len(c.blocks)-1] {
		if len(b) != chunkSize {
			t.Fatalf("block %d holds %d bytes, want %d", k, len(b), chunkSize)
		}
	}
	var buf []byte
	for range 20_000 {
		from := r.IntN(len(want) + 1)
		to := from + r.IntN(min(200, len(want)-from)+1)
		if got := c.slice(from, to, &buf); !bytes.Equal(got, want[from:to]) {
			t.Fatalf("bytes %d to %d: got %x, want %x", from, to, got, want[from:to])
		}
	}
	for _, at := range []int{chunkSize - 1, chunkSize, 2*chunkSize - 3} {
		if got := c.slice(at, at+6, &buf); !bytes.Equal(got, want[at:at+6]) {
			t.Fatalf("bytes %d to %d: got %x, want %x", at, at+6, got, want[at:at+6])
		}
	}
}
