package tiled

import (
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	f := os.Getenv("ZZ_FILE")
	if f == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(f)
	_, _, err := ReadBattle(f, src)
	t.Log(err)
}
