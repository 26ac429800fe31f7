package family

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/shapan/shapan/engine"
	"github.com/shapan/shapan/engine/restrict"
	"github.com/shapan/shapan/engine/sim"
	"github.com/shapan/shapan/formats"
)

// Family is what one game family can do. Every field but Name and Kinds
// is optional: a family without Play cannot be played, and so on.
type Family struct {
	// Name is the family's name ("mbg"): its snapshots' and traces'
	// family, and what help texts call it.
	Name string
	// Title says in a few words what the game is.
	Title string
	// Kinds are the document kinds the family owns.
	Kinds []Kind
	// Play plays the documents of the kinds that claim Play.
	Play *Play
	// Sim simulates the documents of the kinds that claim Sim.
	Sim *Sim
	// Golden lists the golden and trace files the family replays.
	Golden []Golden
	// Web, when set, is the family's module of the server's browser
	// page: a script that draws the family's boards and offers their
	// decisions as things to click, registering itself in the page's
	// families (window.shapanFamilies[Name] = {draw, controls}). The
	// server loads every registered family's module; a family without
	// one is played with the page's generic controls (its decisions'
	// legal answers).
	Web []byte
	// Protocol, when set, returns the server of the game's own network
	// protocol for a document of the family that `shapan serve` serves
	// (nil when the document has none), with a line saying what it
	// serves ("Planet-Conquer: 100 rooms (0–99)").
	Protocol func(doc *formats.Document, o ProtocolOptions) (Protocol, string)
}

// Protocol is a game's own network protocol, which `shapan serve` answers
// beside its rooms (package serve's Protocol).
type Protocol interface {
	// Open starts the protocol's server, which keeps its files in a
	// folder of dataDir ("": nothing) and reports with logf.
	Open(dataDir string, logf func(format string, args ...any)) (http.Handler, error)
}

// ProtocolOptions are `shapan serve`'s settings of a game's own protocol.
type ProtocolOptions struct {
	// Step is the interval between two rounds; Seed seeds the start
	// shuffles; Computers is the number of computer players that join
	// every game; KeepGames the finished games kept.
	Step      time.Duration
	Seed      int64
	Computers int
	KeepGames int
	// MaxBody bounds a request body; Rate the answers a second of one
	// player (in bursts of twice as many).
	MaxBody int64
	Rate    float64
}

// Kind is one document kind of a family and what the layers supply for
// it.
type Kind struct {
	// Kind is the YAML document kind ("mbg/scenario").
	Kind string
	// Title names a document of the kind ("mbg scenario").
	Title string
	// Legacy is the game's own form of the kind ("" when it has none).
	Legacy formats.Format
	// Check claims that package validate has checks for the kind.
	Check bool
	// Preview claims that package preview draws the kind.
	Preview bool
	// Play and Sim claim that the family's Play and Sim accept documents
	// of the kind.
	Play, Sim bool
	// NoSim, for a kind that cannot be simulated, says why and what to
	// simulate instead.
	NoSim string
	// Template starts a new document of the kind (nil: none).
	Template *Template
}

// Template is the starting point of a new document.
type Template struct {
	// Title names it in the studio's File ▸ New menu.
	Title string
	// YAML returns the new document.
	YAML func() ([]byte, error)
	// FS, when set, holds the files the document names (an ftbt level's
	// rules), relative to Path, the document's own path in FS.
	FS   fs.FS
	Path string
}

// Play plays a family's documents.
type Play struct {
	// Help describes, for `shapan play`, how the family's documents are
	// played: who plays, what --seed and --turns mean, what --trace
	// writes.
	Help string
	// Run plays doc computer against computer to its end, prints the
	// outcome to out and writes the trace to o.Trace when it is set.
	Run func(doc *formats.Document, o PlayOptions, out io.Writer) error
	// Start begins a game of doc whose seats anyone may play: people,
	// programs, or the family's computer player.
	Start func(doc *formats.Document, o GameOptions) (*Game, error)
	// Resume rebuilds a game from the snapshot of a game Start began.
	Resume func(snap *engine.Snapshot, o GameOptions) (*Game, error)
	// Players names the players a seat can take in Run (PlayOptions'
	// Players); nil: the family offers no choice.
	Players []string
	// Board reports whether Run draws the board at the terminal
	// (PlayOptions' Board, `shapan play --board`).
	Board bool
	// Decisions lists every decision kind the family's games ask (the
	// engine's list): a client that answers each of them — the server's
	// page has a control for every one — can play any game.
	Decisions []string
}

// PlayOptions are `shapan play`'s settings.
type PlayOptions struct {
	// File is the document's file, as the user named it.
	File string
	// Seed seeds the game; Turns is the turn (or round) limit.
	Seed  int64
	Turns int
	// Given lists the flags given on the command line (a family may
	// treat a flag left at its default differently).
	Given map[string]bool
	// Trace, when set, receives the game as JSON Lines.
	Trace io.Writer
	// Players names who plays each seat, comma-separated, for a family
	// that offers a choice (battle: "human,tactician"); "" is the
	// family's default. A family that offers none refuses it.
	Players string
	// In is where a person playing a seat in the terminal types (nil:
	// no person can play).
	In io.Reader
	// Board asks a family that draws its board at the terminal (Play's
	// Board) to draw it every round (--board); Colour says the output
	// is a terminal that takes ANSI colours. The board is written to
	// the writer the output wraps (Unwrap), past the escaping of
	// document text: it must hold no text from the document.
	Board, Colour bool
}

// GameOptions adjust a game Start begins.
type GameOptions struct {
	// Seed seeds the game and its computer players.
	Seed int64
	// TurnCap is the last turn (or round) played (0: the family's
	// default).
	TurnCap int
	// Machine adjusts the decision machine (events, threading).
	Machine engine.Options
	// SaveFile keeps a file a player asked the game to write (an mbg
	// save: answer -3, then the file's name) and reports whether it was
	// kept; nil refuses every such request (the game tells so).
	SaveFile func(name string, data []byte) bool
}

// Game is a running game of any family, for players outside the
// family's code (the server, the studio): the decision machine — Pending,
// PendingFor, Answer, Events, with every decision's legal answers — the
// seats, saving, and the family's computer player.
type Game struct {
	*engine.Machine
	// Seats names the players, in seat order (the decisions' Player).
	Seats []string
	// Save returns the game's snapshot, which the family's Resume takes.
	Save func() (*engine.Snapshot, error)
	// Computer returns the family's computer player for a seat.
	Computer func(seat int) func(d *engine.Decision) engine.Answer
	// Players, when set, names the computer players a seat may take
	// (the family's own, strongest first, then random and search), and
	// Player returns one by name (search with any budget: search:400,
	// search:100ms). Nil: the family's Computer, and the generic random
	// and search players (ComputerNamed).
	Players []string
	Player  func(name string, seat int) (func(d *engine.Decision) engine.Answer, error)
	// View returns the board as a remote client draws it, a value that
	// marshals to JSON with a "family" field naming the family (the
	// server's browser page draws each family's board from it); nil when
	// the family has none, and the page shows only the decisions.
	View func() any
	// Describe tells an event of the game in words, as the studio's play
	// log tells it: "" for an event not worth telling (a single step of a
	// move), engine.RawWords for one the family has no words for.
	Describe func(engine.Event) string
}

// Sim simulates a family's documents.
type Sim struct {
	// Help describes, for `shapan sim`, the sides, the turn cap and the
	// family's facts.
	Help string
	// DefaultTurnCap is the turn (or round) cap when none is given.
	DefaultTurnCap int
	// New returns the simulation adapter of doc.
	New func(doc *formats.Document, o SimOptions) (sim.Family, error)
	// Players names the computer players a seat can take (SimOptions'
	// Players); nil: the family offers no choice.
	Players []string
	// Restrictions, when set, lists what a side of doc can be forbidden
	// to use (restricted play: SimOptions' Restrict).
	Restrictions func(doc *formats.Document) ([]restrict.Restriction, error)
}

// SimOptions adjust a simulation adapter.
type SimOptions struct {
	// TurnCap is the cap of every game (0: DefaultTurnCap).
	TurnCap int
	// Players names the computer player of each seat, comma-separated,
	// for a family that offers a choice ("": the family's default). A
	// family that offers none refuses it.
	Players string
	// Restrict, when set, forbids a side one element (one of the
	// family's Restrictions): restricted play.
	Restrict *restrict.Side
}

// Golden is one golden or trace file format a family replays.
type Golden struct {
	// Name describes the format ("mbg game case").
	Name string
	// Detect tells the format from the file's top-level object (the first
	// line of a JSON Lines trace).
	Detect func(head Head) bool
	// Replay replays the file, resolving the scenario paths in it against
	// root, and prints one line per matching case to out. A mismatch is an
	// error with an IsDivergence() bool method that returns true
	// (engine.Divergence); any other error is a problem reading the file.
	Replay func(path, root string, out io.Writer) error
	// ReplayEvents, when set, replays the file as Replay does and also
	// gives every event the game emits to onEvent (shapan replay
	// --print-events).
	ReplayEvents func(path, root string, out io.Writer, onEvent func(engine.Event)) error
}

// Head is the top-level object of a golden file.
type Head map[string]json.RawMessage

// Str returns a top-level string field ("" when absent or not a string).
func (h Head) Str(key string) string {
	var s string
	if raw, ok := h[key]; ok {
		json.Unmarshal(raw, &s)
	}
	return s
}

var (
	families []*Family
	kinds    = map[string]kindOf{}
)

// kindOf is a kind with its family.
type kindOf struct {
	f *Family
	k *Kind
}

// Register adds a family. It panics when the name or one of its kinds is
// taken, or when a kind claims Play or Sim and the family has neither.
func Register(f Family) {
	if f.Name == "" || ByName(f.Name) != nil {
		panic(fmt.Sprintf("family: %q registered twice (or without a name)", f.Name))
	}
	p := &f
	for i := range p.Kinds {
		k := &p.Kinds[i]
		if _, dup := kinds[k.Kind]; dup {
			panic(fmt.Sprintf("family: kind %q claimed by two families", k.Kind))
		}
		if (k.Play && p.Play == nil) || (k.Sim && p.Sim == nil) {
			panic(fmt.Sprintf("family: %s claims play or sim, but %s has neither", k.Kind, p.Name))
		}
		kinds[k.Kind] = kindOf{p, k}
	}
	families = append(families, p)
	sort.Slice(families, func(i, j int) bool { return families[i].Name < families[j].Name })
}

// All returns the registered families, sorted by name.
func All() []*Family { return append([]*Family(nil), families...) }

// ByName returns the family called name, or nil.
func ByName(name string) *Family {
	for _, f := range families {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Of returns the family that owns documents of kind and the kind's entry
// (nil, nil for an unknown kind).
func Of(kind string) (*Family, *Kind) {
	ko := kinds[kind]
	return ko.f, ko.k
}

// Kinds returns every registered kind, sorted.
func Kinds() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// KindsWhere returns the kinds for which claim holds, sorted.
func KindsWhere(claim func(k *Kind) bool) []string {
	var out []string
	for name, ko := range kinds {
		if claim(ko.k) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Playable reports whether documents of kind can be played.
func Playable(kind string) bool { _, k := Of(kind); return k != nil && k.Play }

// Simulable reports whether documents of kind can be simulated.
func Simulable(kind string) bool { _, k := Of(kind); return k != nil && k.Sim }

// Help joins the families' help paragraphs of a command, in family order.
func Help(paragraph func(f *Family) string) string {
	var parts []string
	for _, f := range families {
		if p := paragraph(f); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "\n")
}
