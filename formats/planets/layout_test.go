package planets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
)

// relaidOut writes m as the game's file laid out as base, and checks that
// it reads back as m.
func relaidOut(t *testing.T, base []byte, m *Map) string {
	t.Helper()
	fresh, err := WriteLegacy(m)
	if err != nil {
		t.Fatal(err)
	}
	out := Relayout(base, fresh)
	back, _, err := ReadLegacy("out.yml", out)
	if err != nil {
		t.Fatalf("the file laid out does not read: %v\n%s", err, out)
	}
	again, _ := WriteLegacy(back)
	if string(again) != string(fresh) {
		t.Fatalf("the file laid out does not read as the map:\n%s", out)
	}
	return string(out)
}

// changedLines counts the lines of b that are not in a (as a multiset).
func changedLines(a, b string) int {
	have := map[string]int{}
	for _, l := range strings.Split(a, "\n") {
		have[l]++
	}
	n := 0
	for _, l := range strings.Split(b, "\n") {
		if have[l] > 0 {
			have[l]--
		} else {
			n++
		}
	}
	return n
}

func TestRelayoutLegacyMaps(t *testing.T) {
	dir := shared.Dir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "legacy/planets/*.yml"))
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			base, _ := os.ReadFile(f)
			read := func() *Map {
				m, _, err := ReadLegacy(f, base)
				if err != nil {
					t.Fatal(err)
				}
				return m
			}
			if got := relaidOut(t, base, read()); got != string(base) {
				t.Fatalf("unedited, the file changed:\n%s", got)
			}
			m := read()
			m.Planets[0].Def = FloatValue(3.5)
			if got := relaidOut(t, base, m); changedLines(string(base), got) != 1 {
				t.Errorf("one value changed %d lines:\n%s", changedLines(string(base), got), got)
			}
			m = read()
			m.Routes = append(m.Routes, Route{From: m.Planets[0].Token, To: m.Planets[1].Token, Steps: IntValue(4)})
			if got := relaidOut(t, base, m); changedLines(string(base), got) > 3 {
				t.Errorf("a route added changed %d lines:\n%s", changedLines(string(base), got), got)
			}
			m = read()
			if len(m.Routes) > 1 {
				m.Routes = m.Routes[1:]
				if got := relaidOut(t, base, m); changedLines(got, string(base)) > 3 {
					t.Errorf("a route removed changed %d lines:\n%s", changedLines(got, string(base)), got)
				}
			}
			m = read()
			p := m.Planets[len(m.Planets)-1]
			p.Token = StrValue("Z")
			m.Planets = append(m.Planets, p)
			m.Grid = strings.Replace(m.Grid, ".", "Z", 1) // placed on the first free cell
			if got := relaidOut(t, base, m); changedLines(string(base), got) > 8 {
				t.Errorf("a planet added changed %d lines:\n%s", changedLines(string(base), got), got)
			}
		})
	}
}
