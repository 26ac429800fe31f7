package mbg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/jsondiff"
	"github.com/shapan/shapan/formats"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// diverged is the *engine.Divergence of case name.
func diverged(name, format string, args ...any) error {
	return engine.Diverged("case "+name, format, args...)
}

// goldenCase is a full-game case file (spec §11.1).
type goldenCase struct {
	Game       string            `json:"game"`
	Case       string            `json:"case"`
	Scenario   string            `json:"scenario"`
	Seed       int64             `json:"seed"`
	RNG        string            `json:"rng"`
	MaxTurn    int               `json:"max_turn"`
	FirstRole  int               `json:"first_role"`
	FillCards  int               `json:"fill_cards"`
	Result     int               `json:"result"`
	NEvents    int               `json:"n_events"`
	NDecisions int               `json:"n_decisions"`
	Saves      []goldenSave      `json:"saves"`
	Initial    json.RawMessage   `json:"initial"`
	Decisions  []goldenDecision  `json:"decisions"`
	Events     []json.RawMessage `json:"events"`
	Final      json.RawMessage   `json:"final"`
}

type goldenSave struct {
	File           string `json:"file"`
	Turn           int    `json:"turn"`
	Role           int    `json:"role"`
	BeforeEvent    int    `json:"before_event"`
	BeforeDecision int    `json:"before_decision"`
}

type goldenDecision struct {
	Q    string          `json:"q"`
	Role int             `json:"role"`
	Ev   int             `json:"ev"`
	Args json.RawMessage `json:"args"`
	A    json.RawMessage `json:"a"`
}

// LoadSetup reads the start of a game: an mbg scenario (a legacy .map or a
// YAML document) or an mbg save (.sav or YAML). Only Scenario or Save of
// the result is set.
func LoadSetup(path string) (Setup, error) {
	doc, err := formats.Read(path, formats.Options{})
	if err != nil {
		return Setup{}, fmt.Errorf("reading %s: %w", path, err)
	}
	switch v := doc.Value.(type) {
	case *mbgfmt.Scenario:
		return Setup{Scenario: v}, nil
	case *mbgfmt.Save:
		return Setup{Save: v}, nil
	}
	return Setup{}, fmt.Errorf("%s is a %s document, not an mbg scenario or save", path, doc.Kind)
}

// LoadScenario reads an mbg scenario (a legacy .map or a YAML document).
func LoadScenario(path string) (*mbgfmt.Scenario, error) {
	s, err := LoadSetup(path)
	if err != nil {
		return nil, err
	}
	if s.Scenario == nil {
		return nil, fmt.Errorf("%s is not an mbg scenario", path)
	}
	return s.Scenario, nil
}

// resolve resolves a path of a golden file against root.
func resolve(root, p string) (string, error) {
	return engine.ResolveUnder(root, p)
}

// InitialView returns the state a setup starts from, in the golden
// snapshot form (before anything is played).
func InitialView(setup Setup) (View, error) {
	st, _, err := setup.state()
	if err != nil {
		return View{}, err
	}
	return st.view(), nil
}

// Summary describes a replay that matched its golden data.
type Summary struct {
	Case      string // case or suite name
	Events    int    // events compared
	Decisions int    // decisions answered
	Battles   int    // battles replayed (battle suites)
	Result    int    // result of the game (cases)
}

// ReplayCaseFile replays a full-game golden case (spec §11.2); relative
// paths inside it are resolved against root. Saves its players ask for
// are written into a scratch directory, removed afterwards. A mismatch is
// a *Divergence naming the case and the first difference; other errors
// are problems reading the files.
func ReplayCaseFile(path, root string) (Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Summary{}, err
	}
	return ReplayCase(data, root)
}

// ReplayCase is ReplayCaseFile on the file's content.
func ReplayCase(data []byte, root string) (Summary, error) {
	var gc goldenCase
	if err := json.Unmarshal(data, &gc); err != nil {
		return Summary{}, fmt.Errorf("reading the golden case: %w", err)
	}
	if gc.Game != "mbg" || gc.RNG != "go-math-rand" {
		return Summary{}, fmt.Errorf("golden case %s: game %q with rng %q is not an mbg case on go-math-rand", gc.Case, gc.Game, gc.RNG)
	}
	if err := replayCase(&gc, root); err != nil {
		return Summary{}, err
	}
	return Summary{Case: gc.Case, Events: len(gc.Events), Decisions: len(gc.Decisions), Result: gc.Result}, nil
}

func replayCase(gc *goldenCase, root string) error {
	setup, scPath, err := caseSetup(gc, root)
	if err != nil {
		return err
	}
	scratch, err := newScratchSaves()
	if err != nil {
		return err
	}
	defer scratch.remove()
	g, err := New(setup, Options{SaveFile: scratch.save})
	if err != nil {
		return diverged(gc.Case, "the game does not start: %v", err)
	}
	defer g.Close()
	rp := &caseReplay{gc: gc, g: g, dir: filepath.Dir(scPath), root: root, saves: map[int]goldenSave{}}
	for _, s := range gc.Saves {
		rp.saves[s.BeforeDecision] = s
	}
	for k := 0; ; k++ {
		done, err := rp.decision(k)
		if err != nil {
			return err
		}
		if done {
			break
		}
	}
	return rp.end()
}

// caseSetup loads the scenario (or save) of a golden case with the
// case's settings and compares its initial state; it returns the setup
// and the scenario's path.
func caseSetup(gc *goldenCase, root string) (Setup, string, error) {
	scPath, err := resolve(root, gc.Scenario)
	if err != nil {
		return Setup{}, "", err
	}
	setup, err := LoadSetup(scPath)
	if err != nil {
		return Setup{}, "", err
	}
	if setup.Save != nil && gc.FirstRole != setup.Save.ActingRole {
		return Setup{}, "", fmt.Errorf("golden case %s: first_role is %d, but a game continued from a save starts with its acting role %d (spec §3.6)",
			gc.Case, gc.FirstRole, setup.Save.ActingRole)
	}
	setup.Seed, setup.MaxTurn, setup.FirstRole, setup.FillCards = gc.Seed, gc.MaxTurn, gc.FirstRole, gc.FillCards
	initial, err := InitialView(setup)
	if err != nil {
		return Setup{}, "", diverged(gc.Case, "the scenario does not load: %v", err)
	}
	if d, err := diffRaw("initial", gc.Initial, initial); err != nil || d != "" {
		return Setup{}, "", divergedOr(gc.Case, d, err)
	}
	return setup, scPath, nil
}

// caseReplay is a golden case being replayed on game g.
type caseReplay struct {
	gc    *goldenCase
	g     *Game
	dir   string             // the scenario's folder, where the case's saves are
	root  string             // the folder the saves must lie in (engine.StrictRoot)
	saves map[int]goldenSave // the saves to compare, by the decision they precede
	// checked is the number of events compared so far.
	checked int
}

// events compares the events the game made since the last call.
func (rp *caseReplay) events() error {
	gc, name, evs := rp.gc, rp.gc.Case, rp.g.Events()
	for ; rp.checked < len(evs); rp.checked++ {
		i := rp.checked
		if i >= len(gc.Events) {
			b, _ := json.Marshal(evs[i])
			return diverged(name, "event %d: the trace has %d events, got an extra one: %s", i, len(gc.Events), b)
		}
		if d, err := diffRaw("", gc.Events[i], evs[i]); err != nil || d != "" {
			b, _ := json.Marshal(evs[i])
			return divergedOr(name, fmt.Sprintf("event %d: %s\n  expected %s\n  got      %s", i, d, gc.Events[i], b), err)
		}
	}
	return nil
}

// decision compares the events so far and decision k, and answers it as
// the case did; done is set when the game has ended.
func (rp *caseReplay) decision(k int) (done bool, err error) {
	gc, g, name := rp.gc, rp.g, rp.gc.Case
	if err := rp.events(); err != nil {
		return false, err
	}
	d := g.Pending()
	if d == nil {
		if k != len(gc.Decisions) {
			return false, diverged(name, "decision %d: the game ended, but the trace asks %d decisions", k, len(gc.Decisions))
		}
		return true, nil
	}
	if k >= len(gc.Decisions) {
		return false, diverged(name, "decision %d: the trace has %d decisions, got an extra %s to role %d", k, len(gc.Decisions), d.Kind, d.Player)
	}
	want := gc.Decisions[k]
	if want.Q != d.Kind || want.Role != d.Player || want.Ev != rp.checked {
		return false, diverged(name, "decision %d: expected %s to role %d after %d events, got %s to role %d after %d events",
			k, want.Q, want.Role, want.Ev, d.Kind, d.Player, rp.checked)
	}
	if diff, err := diffRaw("args", want.Args, d.Args); err != nil || diff != "" {
		return false, divergedOr(name, fmt.Sprintf("decision %d (%s): %s", k, d.Kind, diff), err)
	}
	if s, ok := rp.saves[k]; ok {
		if err := checkSave(g, s, rp.root, rp.dir, name); err != nil {
			return false, err
		}
	}
	if err := g.Answer(d.Player, engine.Answer(want.A)); err != nil {
		return false, diverged(name, "decision %d (%s): the recorded answer %s was refused: %v", k, d.Kind, want.A, err)
	}
	return false, nil
}

// end compares how the game ended: its events, result, counts and final
// state.
func (rp *caseReplay) end() error {
	gc, g, name := rp.gc, rp.g, rp.gc.Case
	if err := g.Err(); err != nil {
		return diverged(name, "the game failed: %v", err)
	}
	if len(g.Events()) != len(gc.Events) {
		return diverged(name, "event %d: the game ended after %d events, the trace has %d", len(g.Events()), len(g.Events()), len(gc.Events))
	}
	res, _ := g.Winner()
	if res != gc.Result {
		return diverged(name, "result: expected %d, got %d", gc.Result, res)
	}
	if gc.NEvents != len(gc.Events) || gc.NDecisions != len(gc.Decisions) {
		return diverged(name, "counts: n_events %d / n_decisions %d, but the trace lists %d / %d",
			gc.NEvents, gc.NDecisions, len(gc.Events), len(gc.Decisions))
	}
	if d, err := diffRaw("final", gc.Final, g.View()); err != nil || d != "" {
		return divergedOr(name, d, err)
	}
	return nil
}

// checkSave compares the save written at a sel_role_action with the sample
// .sav file of the case, named relative to dir and read with
// engine.ReadNamed (inside root when engine.StrictRoot is set, a regular
// file of bounded size).
func checkSave(g *Game, s goldenSave, root, dir, name string) error {
	_, want, err := engine.ReadNamed(root, dir, s.File)
	if err != nil {
		return err
	}
	sv, err := g.SaveState()
	if err != nil {
		return diverged(name, "save %s: %v", s.File, err)
	}
	got, err := mbgfmt.WriteSave(sv)
	if err != nil {
		return diverged(name, "save %s: %v", s.File, err)
	}
	if !bytes.Equal(want, got) {
		return diverged(name, "save %s: the written save differs from the sample at byte %d", s.File, firstDiff(want, got))
	}
	if sv.Turn != s.Turn || sv.ActingRole != s.Role || len(g.Events()) != s.BeforeEvent {
		return diverged(name, "save %s: written at turn %d for role %d after %d events, expected turn %d, role %d, %d events",
			s.File, sv.Turn, sv.ActingRole, len(g.Events()), s.Turn, s.Role, s.BeforeEvent)
	}
	return nil
}

func firstDiff(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// diffRaw compares golden JSON with a Go value. The traces write the
// shortest decimal of a float32, so numbers are compared as float32.
func diffRaw(path string, want json.RawMessage, got any) (string, error) {
	return jsondiff.Raw(path, want, got, jsondiff.Float32)
}

func divergedOr(name, detail string, err error) error {
	if err != nil {
		return diverged(name, "%s", err.Error())
	}
	return diverged(name, "%s", detail)
}
