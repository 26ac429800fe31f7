package ftbt

import (
	"github.com/shapan/shapan/internal/longtest"
	"testing"

	"github.com/shapan/shapan/internal/biglevel"
)

// The computer player's tables grow with the map, not with the number of
// people: a 2000×2000 level of 2000 people, which needed 40 GiB of
// distance tables before the searches were bounded, is played; its need is
// that of the same map with two people, and even the largest map the
// engine plays stays within the limit.
func TestAIMemoryIsBounded(t *testing.T) {
	// Under -race a 1000×1000 level of 1000 people (5 GiB of tables
	// then): a quarter of the cells to generate and walk, the same proof.
	n := longtest.Sized(2000, 1000, 2000)
	setup := Setup{Rules: biglevel.Rules(), Level: biglevel.Generate(n, n, n)}
	settings, err := LevelAI(setup.Level)
	if err != nil {
		t.Fatal(err)
	}
	if _, err = NewAI(setup, settings); err != nil {
		t.Fatal(err)
	}
	few := biglevel.Generate(n, n, 2)
	if got, want := aiTableBytes(setup.Level, settings), aiTableBytes(few, nil); got != want || got != int64(n*n*aiBytesPerCell) {
		t.Fatalf("%d people need %d bytes, 2 people %d", n, got, want)
	}
	if need := int64(MaxCells) * aiBytesPerCell; need > MaxAITableBytes {
		t.Fatalf("the largest map needs %d bytes, over the limit", need)
	}
}
