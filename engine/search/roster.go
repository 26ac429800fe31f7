package search

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/shapan/shapan/engine"
)

// The generic player kinds every family offers.
const (
	// KindRandom answers every decision with a uniformly drawn legal
	// answer.
	KindRandom = "random"
	// KindSearch is this package's player.
	KindSearch = "search"
)

// Budget is a search player's budget as a name gives it.
type Budget struct {
	Playouts int
	CPU      time.Duration
}

// String writes the budget as a name's suffix ("400", "100ms").
func (b Budget) String() string {
	if b.CPU > 0 {
		return b.CPU.String()
	}
	return strconv.Itoa(b.Playouts)
}

// ParseSearch reads a search player's name: "search" (the default
// budget), "search:N" (N playouts a decision) or "search:DURATION"
// ("search:100ms", "search:1s": CPU time a decision). ok is false when
// name is not a search player's; err says what is wrong with one that is.
func ParseSearch(name string) (b Budget, ok bool, err error) {
	rest, found := strings.CutPrefix(name, KindSearch)
	if !found || (rest != "" && rest[0] != ':') {
		return Budget{}, false, nil
	}
	if rest == "" {
		return Budget{Playouts: DefaultPlayouts}, true, nil
	}
	arg := rest[1:]
	if n, err := strconv.Atoi(arg); err == nil {
		if n < 1 || n > 10_000_000 {
			return Budget{}, true, fmt.Errorf("%s: the playouts a decision are 1 to 10000000, not %d", name, n)
		}
		return Budget{Playouts: n}, true, nil
	}
	d, err := time.ParseDuration(arg)
	if err != nil {
		return Budget{}, true, fmt.Errorf("%s: after search: give playouts (search:400) or CPU time a decision (search:100ms), not %q", name, arg)
	}
	if d < time.Millisecond || d > time.Hour {
		return Budget{}, true, fmt.Errorf("%s: the CPU time a decision is 1ms to 1h, not %v", name, d)
	}
	return Budget{CPU: d}, true, nil
}

// Own is one of a family's own computer players.
type Own[G Game] struct {
	// Name names it ("tactician").
	Name string
	// New returns the player of seat seat, seeded by seed.
	New func(seat int, seed int64) (engine.Player[G], error)
}

// Roster is the computer players of one game (its setup): the family's
// own, strongest first, and the generic ones — random (unless the family
// has a player of that name) and search. The command line, the studio
// and the server name players from it.
type Roster[G Game] struct {
	Own []Own[G]
	// Model returns the search model of the games for a player seeded
	// by seed (nil: no search player).
	Model func(seed int64) (*Model, error)
	// Variants are other search models of the family, for measuring
	// them against the default: the player search-NAME (search-NAME:400,
	// search-NAME:1s with a budget as search's) searches with
	// Variants[NAME]. Names leaves them out; Choices, what a seat of the
	// studio offers, lists them after the others.
	Variants map[string]func(seed int64) (*Model, error)
}

// variant splits a variant search player's name (search-NAME:BUDGET)
// into its model and the name of its budget (search:BUDGET); ok is false
// when name names no variant of the roster.
func (r Roster[G]) variant(name string) (model func(int64) (*Model, error), budget string, ok bool) {
	rest, found := strings.CutPrefix(name, KindSearch+"-")
	if !found {
		return nil, "", false
	}
	v, b, _ := strings.Cut(rest, ":")
	model, ok = r.Variants[v]
	budget = KindSearch
	if b != "" || strings.HasSuffix(rest, ":") {
		budget += ":" + b
	}
	return model, budget, ok
}

// Names lists the players' names: the family's own, then random and
// search.
func (r Roster[G]) Names() []string {
	var out []string
	for _, o := range r.Own {
		out = append(out, o.Name)
	}
	if !r.has(KindRandom) {
		out = append(out, KindRandom)
	}
	if r.Model != nil {
		out = append(out, KindSearch)
	}
	return out
}

// Choices lists Names and then the variant search players
// (search-NAME, by name): the players a seat of the studio may take.
func (r Roster[G]) Choices() []string {
	out := r.Names()
	var variants []string
	for v := range r.Variants {
		variants = append(variants, KindSearch+"-"+v)
	}
	sort.Strings(variants)
	return append(out, variants...)
}

func (r Roster[G]) has(name string) bool {
	for _, o := range r.Own {
		if o.Name == name {
			return true
		}
	}
	return false
}

// Valid reports whether name names a player of the roster (search with
// any budget).
func (r Roster[G]) Valid(name string) error {
	if r.has(name) || name == KindRandom {
		return nil
	}
	if _, budget, ok := r.variant(name); ok {
		_, _, err := ParseSearch(budget)
		return err
	}
	if _, ok, err := ParseSearch(name); ok && r.Model != nil {
		return err
	}
	return fmt.Errorf("no computer player %q (%s, search:PLAYOUTS or search:CPU such as search:100ms)", name, strings.Join(r.Choices(), ", "))
}

// New returns the player called name for seat seat, seeded by seed.
func (r Roster[G]) New(name string, seat int, seed int64) (engine.Player[G], error) {
	for _, o := range r.Own {
		if o.Name == name {
			return o.New(seat, seed)
		}
	}
	if name == KindRandom {
		return engine.NewRandomPlayer[G](seed), nil
	}
	if err := r.Valid(name); err != nil {
		return nil, err
	}
	model := r.Model
	if v, budget, ok := r.variant(name); ok {
		model, name = v, budget
	}
	b, _, _ := ParseSearch(name)
	m, err := model(seed)
	if err != nil {
		return nil, err
	}
	return For[G](New(m, Options{Playouts: b.Playouts, CPU: b.CPU, Seed: seed})), nil
}
