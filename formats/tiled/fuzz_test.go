package tiled

import (
	"os"
	"testing"

	"github.com/shapan/shapan/internal/modeleq"
)

// FuzzRead feeds any bytes to the three readers: none may panic, and a
// map one accepts must write and read back as the same model.
func FuzzRead(f *testing.F) {
	for _, p := range []string{"testdata/handmade.tmj", "testdata/长坂坡-tiled-1.8.2.tmj"} {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte(`{"type":"map","orientation":"orthogonal","width":2,"height":1,"tilewidth":32,"tileheight":32,` +
		`"properties":[{"name":"kind","type":"string","value":"battle/map"},{"name":"version","type":"int","value":1}],` +
		`"tilesets":[{"firstgid":1,"name":"e","tilecount":2,"tiles":[{"id":0,"properties":[{"name":"code","type":"int","value":0}]},` +
		`{"id":1,"properties":[{"name":"code","type":"int","value":5},{"name":"symbol","type":"string","value":"B"}]}]}],` +
		`"layers":[{"type":"tilelayer","name":"grid","width":2,"height":1,"data":[1,2147483650]}]}`))
	f.Add([]byte(`{"type":"map","orientation":"orthogonal","width":3,"height":2,"tilewidth":32,"tileheight":32,` +
		`"properties":[{"name":"kind","type":"string","value":"planets/map"},{"name":"format","type":"int","value":1},{"name":"routes","type":"string","value":"- [A, b, 2]"}],` +
		`"tilesets":[{"firstgid":1,"name":"g","tilecount":1,"tiles":[{"id":0,"properties":[{"name":"char","type":"string","value":"."}]}]}],` +
		`"layers":[{"type":"tilelayer","name":"map","width":3,"height":2,"encoding":"base64","data":"AQAAAAEAAAAAAAAAAQAAAAAAAAAAAAAA"},` +
		`{"type":"objectgroup","name":"planets","objects":[{"id":1,"name":"A","x":40,"y":0,"width":32,"height":32,"properties":[{"name":"def","type":"string","value":"2.0"}]}]}]}`))
	// The same maps in TMX, Tiled's XML form.
	for _, p := range []string{"testdata/handmade.tmj", "testdata/长坂坡-tiled-1.8.2.tmj"} {
		if src, err := os.ReadFile(p); err == nil {
			if x, err := ToTMX(src); err == nil {
				f.Add(x)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if l, _, err := ReadLevel("f.tmj", src, nil); err == nil {
			out, err := WriteLevel(l, nil, "f.png")
			if err != nil {
				t.Fatalf("an accepted level does not write: %v", err)
			}
			back, _, err := ReadLevel("f.tmj", out.Map, nil)
			if err != nil {
				t.Fatalf("our level does not read back: %v\n%s", err, out.Map)
			}
			if d := modeleq.Diff(l, back); d != "" {
				t.Fatalf("level changed: %s", d)
			}
		}
		if m, _, err := ReadBattle("f.tmj", src); err == nil {
			out, err := WriteBattle(m, "f.png")
			if err != nil {
				t.Fatalf("an accepted battle map does not write: %v", err)
			}
			back, _, err := ReadBattle("f.tmj", out.Map)
			if err != nil {
				t.Fatalf("our battle map does not read back: %v\n%s", err, out.Map)
			}
			if d := modeleq.Diff(m, back); d != "" {
				t.Fatalf("battle map changed: %s", d)
			}
		}
		if m, _, err := ReadPlanets("f.tmj", src); err == nil {
			out, err := WritePlanets(m, "f.png")
			if err != nil {
				return // a map the game cannot hold either (no grid row, say)
			}
			back, _, err := ReadPlanets("f.tmj", out.Map)
			if err != nil {
				t.Fatalf("our planets map does not read back: %v\n%s", err, out.Map)
			}
			if d := modeleq.Diff(m, back); d != "" {
				t.Fatalf("planets map changed: %s", d)
			}
		}
		Kind("f.tmj", src)
	})
}
