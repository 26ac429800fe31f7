package mbg

import (
	"os"
	"path/filepath"
	"testing"

	mbgfmt "github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/internal/shared"
)

// TestStatsMatchTheSpecExample checks hpmax and level against the values
// the spec gives for 曹操 in sanguo.map, and the price range formula.
func TestStatsMatchTheSpecExample(t *testing.T) {
	st := Stats([5]float32{72, 99, 92, 96, 88})
	if st.HPMax != 2788 || st.Level != 2 {
		t.Errorf("曹操: %+v, want hpmax 2788, level 2", st)
	}
	if st.PriceLow >= st.PriceHigh || st.PriceLow < 2000 {
		t.Errorf("price range %v–%v", st.PriceLow, st.PriceHigh)
	}
	// The levels of every officer of the shipped save agree with the
	// levels the original engine wrote there.
	src, err := os.ReadFile(filepath.Join(shared.Dir(t), "legacy/mbg/sanguo_s101_t12_r1.sav"))
	if err != nil {
		t.Fatal(err)
	}
	sv, _, err := mbgfmt.ReadSave("s.sav", src)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range sv.Officers {
		if got := Stats(o.Props).Level; got != o.Level {
			t.Errorf("%s: level %d, the game says %d", o.Name, got, o.Level)
		}
	}
}
