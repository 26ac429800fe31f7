package battle

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shapan/shapan/internal/modeleq"
)

// roundTrip checks the property every accepted map must have: both
// writers accept it and their output reads back equal. The grid file has
// no legend, so the grid leg compares without it; it has no room for a
// roster either, so a map with one is refused by it.
func roundTrip(t *testing.T, m *Map) {
	g, err := WriteGrid(m)
	switch {
	case len(m.Roster) > 0 && err == nil:
		t.Fatalf("WriteGrid wrote a map with a roster")
	case len(m.Roster) == 0 && err != nil:
		t.Fatalf("WriteGrid refused an accepted map: %v", err)
	}
	if err == nil {
		back, _, err := ReadGrid("rt.grid", g)
		if err != nil {
			t.Fatalf("our grid does not read back: %v\n%s", err, clip(g))
		}
		noLegend := *m
		noLegend.Legend = nil
		if d := modeleq.Diff(&noLegend, back); d != "" {
			t.Fatalf("grid round trip changed %s", d)
		}
	}
	y, err := Encode(m)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	back, _, err := Decode("rt.yaml", y)
	if err != nil {
		t.Fatalf("our YAML does not read back: %v\n%s", err, clip(y))
	}
	if d := modeleq.Diff(m, back); d != "" {
		t.Fatalf("YAML round trip changed %s\n%s", d, clip(y))
	}
	y2, err := Encode(back)
	if err != nil || string(y2) != string(y) {
		t.Fatalf("YAML is not stable: %v\n%s\n---\n%s", err, clip(y), clip(y2))
	}
}

func sample(f *testing.F, name string) []byte {
	b, err := os.ReadFile(filepath.Join(sampleDir, name))
	if err != nil {
		f.Fatal(err)
	}
	return b
}

func FuzzReadGrid(f *testing.F) {
	f.Add(sample(f, "赤壁.grid"))
	for _, s := range []string{
		"1 1\n0\n",
		"3 2\n0 1 2\n3 5 50\n",
		"2 2 7 4 -1 0x1f tail 08",
		"4 1\n51 52 9 9 end\n",
		"2 1\n+5 010\n",
		"1 3 0 0 0 \u3000 ±",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _, err := ReadGrid("fuzz.grid", data)
		if err != nil {
			return
		}
		roundTrip(t, m)
	})
}

func FuzzDecode(f *testing.F) {
	f.Add(sample(f, "赤壁.yaml"))
	head := "kind: battle/map\nversion: 1\n"
	for _, s := range []string{
		head + "size: {width: 3, height: 1}\ngrid: |\n  .B^\n",
		head + "size: {width: 2, height: 2}\nlegend: {'#': mountain, x: 7, 山: city3, ',': 0}\ngrid: |\n  #x\n  山,\n",
		head + "size: {width: 2, height: 1}\ncodes: |\n  -4 99\ntrailing_tokens: [a, '1']\n",
		head + "size: {width: 1, height: 1}\nlegend: {'~': water, '\"': 1}\ngrid: |-\n  \"\n",
		head + "size: {width: 2, height: 1}\ngrid: |\n  .B\nroster:\n  - {name: 吕布, force: 110, hp: -3}\n  - {name: x, range: 0}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, _, err := Decode("fuzz.yaml", data)
		if err != nil {
			return
		}
		roundTrip(t, m)
	})
}
