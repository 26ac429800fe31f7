package ftbt

import (
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/biglevel"
)

// A legal level too large for the computer player's distance tables is
// refused before the game, naming the limit, instead of exhausting the
// machine's memory; a large level within the limit is played.
func TestAIMemoryIsBounded(t *testing.T) {
	setup := Setup{Rules: biglevel.Rules(), Level: biglevel.Generate(2000, 2000, 2000)}
	settings, err := LevelAI(setup.Level)
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewAI(setup, settings)
	if err == nil || !strings.Contains(err.Error(), "its limit is 2.0 GiB") {
		t.Fatalf("got %v", err)
	}
	setup.Level = biglevel.Generate(400, 400, 100)
	if settings, err = LevelAI(setup.Level); err != nil {
		t.Fatal(err)
	}
	if _, err := NewAI(setup, settings); err != nil {
		t.Fatal(err)
	}
}
