package ftbt

import "testing"

func TestTerrainColours(t *testing.T) {
	rs := &Rules{Terrains: []Terrain{{Name: "水", Weight: 100}, {Name: "奇怪", Weight: 1}, {Name: "平", Color: "#102030"}}}
	if c := rs.TerrainColor(0); c.B < c.R {
		t.Errorf("water is not blue: %v", c)
	}
	if c := rs.TerrainColor(2); FormatColor(c) != "#102030" {
		t.Errorf("own colour ignored: %v", c)
	}
	if c := rs.TerrainColor(9); FormatColor(c) != "#ff00ff" {
		t.Errorf("an id that is no terrain: %v", c)
	}
	// A colour survives YAML and is dropped by the legacy form.
	y, err := EncodeRules(rs)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := DecodeRules("r.yaml", y)
	if err != nil {
		t.Fatal(err)
	}
	if back.Terrains[2].Color != "#102030" {
		t.Errorf("colour lost in YAML: %+v", back.Terrains[2])
	}
	if _, _, err := DecodeRules("r.yaml", []byte("kind: ftbt/rules\nversion: 1\nterrains: [{name: a, cost: 1, color: red}]\nmax_fly_weight: 1\nmax_abi: 1\ntechs: []\n")); err == nil {
		t.Error("a colour that is not #rrggbb was accepted")
	}
}
