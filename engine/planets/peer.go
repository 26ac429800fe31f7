package planets

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/jsondiff"
	"github.com/shapan/shapan/formats"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// PeerFormat is the format name of the conformance facts of
// golden/planets (README there): "planets-peer/1".
const PeerFormat = "planets-peer/1"

// PeerSummary counts what a planets-peer/1 file held; every item held.
type PeerSummary struct {
	Growth    int // count_growth facts
	Battles   int // battle facts
	Maps      int // loader facts
	Scenarios int // scenarios
	Ops       int // scenario ops run (forks and repeats included)
}

// peerFile is a planets-peer/1 file.
type peerFile struct {
	Format      string            `json:"format"`
	CountGrowth []growthFact      `json:"count_growth"`
	Battle      []battleFact      `json:"battle"`
	Maps        []json.RawMessage `json:"maps"`
	Scenarios   []peerScenario    `json:"scenarios"`
}

type growthFact struct {
	ID     string `json:"id"`
	Count  Num    `json:"count"`
	Planet struct {
		Max Num `json:"max"`
		Res Num `json:"res"`
		Cos Num `json:"cos"`
	} `json:"planet"`
	Fee    bool `json:"maintain_fee"`
	Mt     Num  `json:"mt"`
	Expect Num  `json:"expect"`
}

type battleFact struct {
	ID       string          `json:"id"`
	Def      float64         `json:"planet_def"`
	DefInt   bool            `json:"def_integer"`
	Hold     json.RawMessage `json:"hold"`
	Arrivals [][2]int64      `json:"arrivals"`
	Expect   json.RawMessage `json:"expect"`
}

type peerScenario struct {
	ID           string            `json:"id"`
	Map          string            `json:"map"`
	RandomStarts bool              `json:"random_starts"`
	NoResp       bool              `json:"enable_no_resp_die"`
	Ops          []json.RawMessage `json:"ops"`
}

// ReplayPeerFile checks every fact and scenario of a planets-peer/1 file;
// map paths are relative to root (the shared folder). A fact or scenario
// that does not hold is a *engine.Divergence; other errors are problems reading
// the files.
func ReplayPeerFile(path, root string) (PeerSummary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return PeerSummary{}, err
	}
	return ReplayPeer(data, root)
}

// ReplayPeer is ReplayPeerFile on the file's content.
func ReplayPeer(data []byte, root string) (PeerSummary, error) {
	var f peerFile
	if err := json.Unmarshal(data, &f); err != nil {
		return PeerSummary{}, fmt.Errorf("reading the planets-peer file: %w", err)
	}
	if f.Format != PeerFormat {
		return PeerSummary{}, fmt.Errorf("format %q is not %s", f.Format, PeerFormat)
	}
	r := &peerRunner{root: root, maps: map[string]*pfmt.Map{}}
	var sum PeerSummary
	for _, fact := range f.CountGrowth {
		if err := checkGrowth(fact); err != nil {
			return sum, err
		}
		sum.Growth++
	}
	for _, fact := range f.Battle {
		if err := checkBattle(fact); err != nil {
			return sum, err
		}
		sum.Battles++
	}
	for _, fact := range f.Maps {
		if err := r.checkMapFact(fact); err != nil {
			return sum, err
		}
		sum.Maps++
	}
	for _, sc := range f.Scenarios {
		n, err := r.runScenario(sc)
		sum.Ops += n
		if err != nil {
			return sum, err
		}
		sum.Scenarios++
	}
	return sum, nil
}

// peerRunner runs the facts of one file, loading each map once.
type peerRunner struct {
	root string
	maps map[string]*pfmt.Map
}

// loadMap reads a map named relative to the shared folder.
func (r *peerRunner) loadMap(rel string) (*pfmt.Map, error) {
	if m, ok := r.maps[rel]; ok {
		return m, nil
	}
	p, err := engine.ResolveUnder(r.root, rel)
	if err != nil {
		return nil, err
	}
	doc, err := formats.Read(p, formats.Options{})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", rel, err)
	}
	m, ok := doc.Value.(*pfmt.Map)
	if !ok {
		return nil, fmt.Errorf("%s is a %s document, not a planets map", rel, doc.Kind)
	}
	r.maps[rel] = m
	return m, nil
}

// checkGrowth checks one count_growth fact: the production of one planet.
func checkGrowth(f growthFact) error {
	p := planetInfo{max: f.Planet.Max, res: f.Planet.Res, cos: f.Planet.Cos}
	got, err := catchNum(func() Num { return grow(f.Count, p, f.Fee, f.Mt) })
	if err != nil {
		return &engine.Divergence{Where: "count_growth " + f.ID, Detail: err.Error()}
	}
	if !got.Same(f.Expect) {
		return &engine.Divergence{Where: "count_growth " + f.ID, Detail: fmt.Sprintf("expected %s, got %s", f.Expect, got)}
	}
	return nil
}

// checkBattle checks one battle fact.
func checkBattle(f battleFact) error {
	where := "battle " + f.ID
	before, err := decodeHold(f.Hold)
	if err != nil {
		return fmt.Errorf("%s: hold: %w", where, err)
	}
	d := Real(f.Def)
	if f.DefInt {
		d = Int(int64(f.Def))
	}
	var arrived []fleet
	for _, a := range f.Arrivals {
		arrived = append(arrived, fleet{player: int(a[0]), count: a[1]})
	}
	var after hold
	if _, err := catchNum(func() Num { after, _, _, _ = resolve(before, d, arrived, nil); return Num{} }); err != nil {
		return &engine.Divergence{Where: where, Detail: err.Error()}
	}
	return compareJSON(where, "", f.Expect, after.public())
}

// decodeHold reads [owner|null, garrison].
func decodeHold(raw json.RawMessage) (hold, error) {
	var pair []json.RawMessage
	if err := json.Unmarshal(raw, &pair); err != nil || len(pair) != 2 {
		return hold{}, fmt.Errorf("%s is not [owner, garrison]", raw)
	}
	h := hold{owner: Neutral}
	if s := strings.TrimSpace(string(pair[0])); s != "null" {
		if err := json.Unmarshal(pair[0], &h.owner); err != nil {
			return hold{}, fmt.Errorf("owner %s: %w", pair[0], err)
		}
	}
	if err := json.Unmarshal(pair[1], &h.count); err != nil {
		return hold{}, fmt.Errorf("garrison %s: %w", pair[1], err)
	}
	return h, nil
}

// compareJSON compares expected JSON with a Go value; a difference is a
// Divergence at where, naming the field.
func compareJSON(where, field string, want json.RawMessage, got any) error {
	w, err := jsondiff.Decode(want)
	if err != nil {
		return fmt.Errorf("%s: %s: the expected value is not JSON: %w", where, field, err)
	}
	g, err := jsondiff.Of(got)
	if err != nil {
		return fmt.Errorf("%s: %s: %w", where, field, err)
	}
	// The original is Python: an integer is not the real of the same value.
	if d := jsondiff.Diff(field, w, g, jsondiff.ValueAndKind); d != "" {
		detail := d
		if field != "" {
			detail = fmt.Sprintf("%s\n  expected %s: %s\n  got      %s: %s", d, field, show(w), field, show(g))
		}
		return &engine.Divergence{Where: where, Detail: detail}
	}
	return nil
}

// show writes a generic value whole and compactly.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// catchNum runs f, turning a NumError (what the original would crash on)
// into an error.
func catchNum(f func() Num) (n Num, err error) {
	defer func() {
		if r := recover(); r != nil {
			ne, ok := r.(NumError)
			if !ok {
				panic(r)
			}
			err = ne
		}
	}()
	return f(), nil
}
