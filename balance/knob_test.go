package balance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/samples"
)

// TestKnobsReadAndWriteTheModel: on every sample, every knob (all of
// them) reads the value its path names, and a value written into a copy
// of the document survives writing it as YAML and reading it back — the
// knob edits the model, not a shadow of it — and changes no other knob.
func TestKnobsReadAndWriteTheModel(t *testing.T) {
	for _, name := range []string{"mbg/赤壁.yaml", "ftbt/长坂坡.yaml", "planets/九州.yaml", "battle/小沛.yaml"} {
		t.Run(name, func(t *testing.T) {
			doc := loadSample(t, name)
			knobs, err := Knobs(doc, "all")
			if err != nil {
				t.Fatal(err)
			}
			if len(knobs) < 4 {
				t.Fatalf("only %d knobs", len(knobs))
			}
			for i, k := range knobs {
				v := k.Get(doc.Value)
				if v < k.Min || v > k.Max || k.Step < k.MinStep || k.MinStep <= 0 {
					t.Errorf("%s: value %v outside its range %v–%v, or steps %v/%v", k.ID, v, k.Min, k.Max, k.Step, k.MinStep)
				}
				x := k.clamp(v + k.Step)
				if x == v {
					x = k.clamp(v - k.Step)
				}
				edited := reread(t, doc, func(d *formats.Document) { k.Set(d.Value, x) })
				if got := k.Get(edited.Value); got != x {
					t.Errorf("%s: set to %v, read back as %v", k.ID, x, got)
				}
				for j, other := range knobs {
					if j != i && other.Get(edited.Value) != other.Get(doc.Value) && !strings.HasPrefix(other.ID, "abilities/") {
						t.Errorf("setting %s changed %s", k.ID, other.ID)
					}
				}
			}
		})
	}
}

// reread copies doc through YAML, edits the copy and copies it again.
func reread(t *testing.T, doc *formats.Document, edit func(d *formats.Document)) *formats.Document {
	t.Helper()
	copyOf := func(d *formats.Document) *formats.Document {
		data, err := formats.Encode(d, formats.YAML)
		if err != nil {
			t.Fatal(err)
		}
		c, err := formats.ReadBytes(doc.Path, data, formats.Options{From: formats.YAML, FS: samples.FS()})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := copyOf(doc)
	edit(c)
	return copyOf(c)
}

// TestKnobSpec: patterns select knobs, unknown ones are refused with the
// list, the default set is the family's.
func TestKnobSpec(t *testing.T) {
	doc := loadSample(t, "mbg/赤壁.yaml")
	ks, err := Knobs(doc, "money/*,scope/襄阳")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range ks {
		ids = append(ids, k.ID)
	}
	if got := strings.Join(ids, " "); got != "money/吴 money/蜀 money/魏 scope/襄阳" {
		t.Errorf("money/*,scope/襄阳 selects %s", got)
	}
	if _, err := Knobs(doc, "gold/*"); err == nil || !strings.Contains(err.Error(), "abilities/* (18), money/* (3), scope/* (13)") {
		t.Errorf("an unknown knob gives %v, want the list of knobs", err)
	}
	if _, err := Knobs(doc, "[x"); err == nil {
		t.Error("a bad pattern is accepted")
	}
	def, _ := Knobs(doc, "")
	all, _ := Knobs(doc, "all")
	if len(def) == 0 || len(def) > len(all) {
		t.Errorf("the default set has %d knobs of %d", len(def), len(all))
	}
}

// TestPlanetsDefaultKnobsAreTheStarts: without --knobs a planets map
// turns its start planets' def, res and max, each favouring the start's
// side; "all" adds the other planets.
func TestPlanetsDefaultKnobsAreTheStarts(t *testing.T) {
	doc := loadSample(t, "planets/九州.yaml")
	def, err := Knobs(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range def {
		ids = append(ids, k.ID)
		if k.Side < 0 {
			t.Errorf("%s favours no side", k.ID)
		}
	}
	if got := strings.Join(ids, " "); got != "def/A def/B def/C def/D max/A max/B max/C max/D res/A res/B res/C res/D" {
		t.Errorf("the default planets knobs are %s", got)
	}
	if all, _ := Knobs(doc, "all"); len(all) != 75 {
		t.Errorf("all selects %d knobs, want 75 (25 planets)", len(all))
	}
}

// TestParseTarget reads the forms --target takes and refuses the others.
func TestParseTarget(t *testing.T) {
	for in, want := range map[string]string{"": "fair", "fair": "fair", "魏=0.4,蜀=30%": "蜀=0.3,魏=0.4"} {
		tg, err := ParseTarget(in)
		if err != nil || tg.String() != want {
			t.Errorf("ParseTarget(%q) = %v, %v; want %s", in, tg, err, want)
		}
	}
	for _, in := range []string{"魏", "魏=x", "魏=1.5", "=0.2", "魏=0.2,魏=0.3"} {
		if _, err := ParseTarget(in); err == nil {
			t.Errorf("ParseTarget(%q) is accepted", in)
		}
	}
}

// TestPlanetKnobsMoveByHundredths: a planet's res moved by a step that is
// not a whole number of hundredths lands on one, prints as the decimal
// the document keeps, and stays inside the knob's range — two points of
// the search are never the same document.
func TestPlanetKnobsMoveByHundredths(t *testing.T) {
	doc := loadSample(t, "planets/九州.yaml")
	ks, err := Knobs(doc, "res/A")
	if err != nil {
		t.Fatal(err)
	}
	k := ks[0]
	for _, tc := range []struct {
		x    float64
		want string
	}{{1.05 * 1.025, "1.08"}, {1.05 + 0.105, "1.16"}, {1.05 - 0.0525, "1"}, {9, "1.57"}, {0.1, "0.7"}} {
		got := k.clamp(tc.x)
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("clamp(%v) = %s, want %s (range %v–%v)", tc.x, s, tc.want, k.Min, k.Max)
		}
		if got < k.Min-1e-9 || got > k.Max+1e-9 {
			t.Errorf("clamp(%v) = %v outside %v–%v", tc.x, got, k.Min, k.Max)
		}
		edited := reread(t, doc, func(d *formats.Document) { k.Set(d.Value, got) })
		if back := k.Get(edited.Value); back != got {
			t.Errorf("res/A set to %v reads back as %v", got, back)
		}
	}
}
