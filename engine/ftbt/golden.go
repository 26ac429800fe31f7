package ftbt

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/jsondiff"
	"github.com/shapan/shapan/formats"
	ftbtfmt "github.com/shapan/shapan/formats/ftbt"
)

// The AI settings of the golden games (spec §7.1), as their "ai" field
// names them; GoldenAI makes them.
const (
	GoldenSide0AI = "default 30/30/40 goal nearest"
	GoldenSide1AI = "from level file"
)

// diverged is the *engine.Divergence of case name.
func diverged(name, format string, args ...any) error {
	return engine.Diverged("case "+name, format, args...)
}

// goldenGame is a game trace file (spec §7.2), or the lines of a play
// trace gathered into one.
type goldenGame struct {
	Game        string            `json:"game"`
	Rules       string            `json:"rules"`
	Level       string            `json:"level"`
	Seed        int64             `json:"seed"`
	RNG         string            `json:"rng"`
	TurnCap     int               `json:"turn_cap"`
	AI          TraceAI           `json:"ai"`
	Result      int               `json:"result"`
	TurnsPlayed int               `json:"turns_played"`
	Guards      []json.RawMessage `json:"guards"`
	Decisions   []AIDecision      `json:"decisions"`
	Events      []json.RawMessage `json:"events"`
	Final       json.RawMessage   `json:"final"`
}

// TraceAI names the AI settings of each side in a game file (spec §7.2);
// the only settings replayed are GoldenSide0AI and GoldenSide1AI.
type TraceAI struct {
	Side0 string `json:"side0"`
	Side1 string `json:"side1"`
}

// Summary describes a replay that matched its golden data.
type Summary struct {
	Case      string // case name (the file's base name for games)
	Events    int    // events compared
	Decisions int    // AI decisions compared
	Result    int    // result of the game
	Rounds    int    // rounds played
}

// LoadSetup reads the rules and a level (legacy files or YAML documents)
// into a setup (seed 0, no turn cap). rules may be "" for a YAML level
// that names its rules.
func LoadSetup(level, rules string) (Setup, error) {
	doc, err := formats.Read(level, formats.Options{RulesPath: rules})
	if err != nil {
		return Setup{}, fmt.Errorf("reading %s: %w", level, err)
	}
	l, ok := doc.Value.(*ftbtfmt.Level)
	if !ok {
		return Setup{}, fmt.Errorf("%s is a %s document, not an ftbt level", level, doc.Kind)
	}
	r, _ := doc.Rules.(*ftbtfmt.Rules)
	if r == nil {
		return Setup{}, fmt.Errorf("%s: no rules; name an ftbt rules file", level)
	}
	return Setup{Rules: r, Level: l}, nil
}

// loadGoldenSetup loads the level and rules a golden file names
// (relative to root).
func loadGoldenSetup(root, level, rules string) (Setup, error) {
	lp, err := resolve(root, level)
	if err != nil {
		return Setup{}, err
	}
	rp, err := resolve(root, rules)
	if err != nil {
		return Setup{}, err
	}
	return LoadSetup(lp, rp)
}

// resolve resolves a path of a golden file against root.
func resolve(root, p string) (string, error) {
	return engine.ResolveUnder(root, p)
}

// caseName is a golden file's base name without its extension.
func caseName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// ReplayGameFile replays a golden game (spec §7.2): the rules and level it
// names (relative paths resolved against root), the AI settings of spec
// §7.1, its seed and turn cap; every AI decision, every event in order,
// the result, the rounds played and the final people must match. A
// mismatch is a *Divergence naming the case and the first difference;
// other errors are problems reading the files.
func ReplayGameFile(path, root string) (Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Summary{}, err
	}
	var gg goldenGame
	if err := json.Unmarshal(data, &gg); err != nil {
		return Summary{}, fmt.Errorf("reading the golden game: %w", err)
	}
	return replayGame(&gg, caseName(path), root)
}

func replayGame(gg *goldenGame, name, root string) (Summary, error) {
	if gg.Game != "ftbt" || gg.RNG != "go-math-rand" {
		return Summary{}, fmt.Errorf("golden game %s: game %q with rng %q is not an ftbt game on go-math-rand", name, gg.Game, gg.RNG)
	}
	if gg.AI.Side0 != GoldenSide0AI || gg.AI.Side1 != GoldenSide1AI {
		return Summary{}, fmt.Errorf("golden game %s: unknown AI settings %+v", name, gg.AI)
	}
	if len(gg.Guards) > 0 {
		return Summary{}, fmt.Errorf("golden game %s: the recorder's loop guards fired; such a game cannot be replayed", name)
	}
	setup, err := loadGoldenSetup(root, gg.Level, gg.Rules)
	if err != nil {
		return Summary{}, err
	}
	setup.Seed, setup.TurnCap = gg.Seed, gg.TurnCap
	r := &gameReplay{gg: gg, name: name}
	if err := r.run(setup); err != nil {
		return Summary{}, err
	}
	return Summary{Case: name, Events: len(gg.Events), Decisions: len(gg.Decisions), Result: gg.Result, Rounds: gg.TurnsPlayed}, nil
}

// gameReplay plays a golden game with the AI and compares as it goes.
type gameReplay struct {
	gg        *goldenGame
	name      string
	decisions int   // AI decisions compared
	events    int   // events compared
	div       error // first divergence of a decision
}

func (r *gameReplay) run(setup Setup) error {
	settings, err := GoldenAI(setup.Level)
	if err != nil {
		return diverged(r.name, "the level's AI settings: %v", err)
	}
	g, err := New(setup, Options{})
	if err != nil {
		return diverged(r.name, "the game does not start: %v", err)
	}
	defer g.Close()
	ai, err := NewAI(setup, settings)
	if err != nil {
		return diverged(r.name, "the AI does not start: %v", err)
	}
	ai.OnDecision = r.decision
	limit := 16*len(r.gg.Decisions) + 1000
	for n := 0; g.Pending() != nil; n++ {
		if n > limit {
			return diverged(r.name, "the game has not ended after %d questions (%d AI decisions in the trace)", n, len(r.gg.Decisions))
		}
		d := g.Pending()
		a := ai.Answer(g, d)
		if err := g.Answer(d.Player, a); err != nil {
			return diverged(r.name, "the AI's answer %s to %s was refused: %v", a, d.Kind, err)
		}
		if r.div != nil {
			return r.div
		}
		if err := r.checkEvents(g); err != nil {
			return err
		}
	}
	return r.checkEnd(g)
}

// decision compares an AI decision with the trace's next one.
func (r *gameReplay) decision(d AIDecision) {
	if r.div != nil {
		return
	}
	k := r.decisions
	r.decisions++
	got, _ := json.Marshal(d)
	if k >= len(r.gg.Decisions) {
		r.div = diverged(r.name, "decision %d: the trace has %d decisions, got an extra one: %s", k, len(r.gg.Decisions), got)
		return
	}
	if want := r.gg.Decisions[k]; want != d {
		w, _ := json.Marshal(want)
		r.div = diverged(r.name, "decision %d: expected %s, got %s", k, w, got)
	}
}

// checkEvents compares the events emitted since the last check.
func (r *gameReplay) checkEvents(g *Game) error {
	evs := g.Events()
	for ; r.events < len(evs); r.events++ {
		k := r.events
		got, _ := json.Marshal(evs[k])
		if k >= len(r.gg.Events) {
			return diverged(r.name, "event %d: the trace has %d events, got an extra one: %s", k, len(r.gg.Events), got)
		}
		d, err := jsondiff.Raw("", r.gg.Events[k], evs[k], jsondiff.Literal)
		if err != nil {
			return diverged(r.name, "event %d: %v", k, err)
		}
		if d != "" {
			return diverged(r.name, "event %d: %s\n  expected %s\n  got      %s", k, d, r.gg.Events[k], got)
		}
	}
	return nil
}

// checkEnd compares the end of the game.
func (r *gameReplay) checkEnd(g *Game) error {
	if err := g.Err(); err != nil {
		return diverged(r.name, "the game failed: %v", err)
	}
	if r.decisions != len(r.gg.Decisions) {
		return diverged(r.name, "decision %d: the game ended, but the trace has %d decisions", r.decisions, len(r.gg.Decisions))
	}
	if r.events != len(r.gg.Events) {
		return diverged(r.name, "event %d: the game ended after %d events, the trace has %d", r.events, r.events, len(r.gg.Events))
	}
	if res, _ := g.Winner(); res != r.gg.Result {
		return diverged(r.name, "result: expected %d, got %d", r.gg.Result, res)
	}
	if g.Rounds() != r.gg.TurnsPlayed {
		return diverged(r.name, "turns_played: expected %d, got %d", r.gg.TurnsPlayed, g.Rounds())
	}
	d, err := jsondiff.Raw("final", r.gg.Final, g.Final(), jsondiff.Literal)
	if err != nil {
		return diverged(r.name, "%v", err)
	}
	if d != "" {
		return diverged(r.name, "%s", d)
	}
	return nil
}
