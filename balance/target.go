package balance

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/shapan/shapan/engine/sim"
)

// DefaultTolerance is how far, in win rate, a side may be from its
// target: ±3 percentage points.
const DefaultTolerance = 0.03

// Target is the win rates a designer wants.
type Target struct {
	// Rates are the wanted win rates of named sides (a side's name as the
	// report prints it, or its part before " (": "start 1", "player 2").
	// The other sides that take part share what is left equally; with no
	// rates at all (fair) every side that takes part gets the same share
	// of the games that have a winner.
	Rates map[string]float64
}

// ParseTarget reads --target: "fair" (or "") or "SIDE=RATE,..." with
// rates as fractions (0.4) or percentages (40%).
func ParseTarget(s string) (Target, error) {
	t := Target{}
	s = strings.TrimSpace(s)
	if s == "" || s == "fair" {
		return t, nil
	}
	t.Rates = map[string]float64{}
	for _, item := range strings.Split(s, ",") {
		name, rate, ok := strings.Cut(item, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return Target{}, fmt.Errorf("--target: %q is not SIDE=RATE (e.g. 魏=0.4 or 魏=40%%)", item)
		}
		rate = strings.TrimSpace(rate)
		scale := 1.0
		if r, pct := strings.CutSuffix(rate, "%"); pct {
			rate, scale = r, 0.01
		}
		x, err := strconv.ParseFloat(rate, 64)
		if err != nil || !(x*scale >= 0 && x*scale <= 1) { // NaN too
			return Target{}, fmt.Errorf("--target: the rate of %s must be a number from 0 to 1 (or 0%% to 100%%), not %q", name, rate)
		}
		if _, dup := t.Rates[name]; dup {
			return Target{}, fmt.Errorf("--target: %s is given twice", name)
		}
		t.Rates[name] = x * scale
	}
	return t, nil
}

// String is the target as --target takes it.
func (t Target) String() string {
	if len(t.Rates) == 0 {
		return "fair"
	}
	var parts []string
	for _, name := range sortedKeys(t.Rates) {
		parts = append(parts, fmt.Sprintf("%s=%g", name, t.Rates[name]))
	}
	return strings.Join(parts, ",")
}

// sideMatches reports whether a --target name names side.
func sideMatches(name string, side sim.Side) bool {
	if name == side.Name {
		return true
	}
	short, _, _ := strings.Cut(side.Name, " (")
	return name == short
}

// check refuses a target that names no side of sides or asks more than
// every game.
func (t Target) check(sides []sim.Side) error {
	sum := 0.0
	for name, r := range t.Rates {
		found := false
		for _, s := range sides {
			if !s.Absent && sideMatches(name, s) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("--target: %q is no side that takes part (%s)", name, sideNames(sides))
		}
		sum += r
	}
	if sum > 1+1e-9 {
		return fmt.Errorf("--target: the rates add up to %g, more than every game", sum)
	}
	return nil
}

// of returns every side's target win rate when a share decisive of the
// games have a winner (absent sides: 0).
func (t Target) of(sides []sim.Side, decisive float64) []float64 {
	out := make([]float64, len(sides))
	var free []int
	left := decisive
	for i, s := range sides {
		if s.Absent {
			continue
		}
		named := false
		for name, r := range t.Rates {
			if sideMatches(name, s) {
				out[i], named = r, true
				left -= r
			}
		}
		if !named {
			free = append(free, i)
		}
	}
	for _, i := range free {
		out[i] = max(left, 0) / float64(len(free))
	}
	return out
}

func sideNames(sides []sim.Side) string {
	var names []string
	for _, s := range sides {
		if !s.Absent {
			names = append(names, s.Name)
		}
	}
	return strings.Join(names, ", ")
}

func sortedKeys(m map[string]float64) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
