package planets

import (
	"fmt"
	"sort"

	pfmt "github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
)

// The codes of the check rules (package validate's catalogue) of the
// conditions of a map's layout the engine refuses: the grid, the routes'
// steps and the starts.
const (
	CodeUnknownLetter = "PLN004"       // a letter of the grid that is no planet
	CodeNotPlaced     = "PLN005"       // a planet that is not on the grid
	CodeTwice         = "PLN006"       // a planet's letter twice on the grid
	CodeToken         = pfmt.CodeToken // a planet token that is not one ASCII letter
	CodeConflict      = "PLN011"       // two routes join the same planets with different steps
	CodeStartTwice    = "PLN014"       // a planet that starts two players
	CodeFewStarts     = "PLN015"       // fewer start planets than max_player
	CodeTooMany       = "PLN027"       // more planets than letters
)

// maxPlanets is how many planets a grid can place: one per ASCII letter.
const maxPlanets = 52

// checkLayout refuses what the map's layout breaks (spec 1): more planets
// than letters, tokens that can never be placed, letters of the grid that
// are no planet or one placed twice, planets not on the grid, routes whose
// steps are not a whole number of at least 1 and routes that join the
// same planets with different steps, a planet that starts two players and
// fewer starts than max_player. It returns the routes' RepeatedRoutes.
func checkLayout(ps *problems, m *pfmt.Map) []int32 {
	if len(m.Planets) > maxPlanets {
		ps.add(CodeTooMany, "planets", "the map has %d planets; only %d letters can be placed", len(m.Planets), maxPlanets)
	}
	checkGrid(ps, m, placeable(ps, m))
	before := RepeatedRoutes(m)
	checkRouteSteps(ps, m, before)
	checkStarts(ps, m)
	return before
}

// isLetter reports whether s is one ASCII letter, the tokens of the
// field table (TokenFields) the grid can place.
func isLetter(s string) bool {
	return !pfmt.TokenFields.Fields[0].OutsideName(s)
}

// placeable returns the letters of the planets the grid can place,
// refusing the tokens it cannot.
func placeable(ps *problems, m *pfmt.Map) map[string]bool {
	defined := map[string]bool{}
	for _, p := range m.Planets {
		if p.Token.Type() != pfmt.Str || !isLetter(p.Token.Text()) {
			ps.add(CodeToken, srcpos.Field("planets", p.Token.Key()), "planet %s: the token is not a single ASCII letter, so it can never be placed", p.Name())
			continue
		}
		defined[p.Token.Text()] = true
	}
	return defined
}

// checkGrid refuses letters of the grid that are no planet (defined) or
// placed twice, and planets not placed.
func checkGrid(ps *problems, m *pfmt.Map, defined map[string]bool) {
	seen := map[string]pfmt.Point{}
	for _, c := range m.Cells() {
		cell := fmt.Sprintf("map[%d][%d]", c.Y, c.X)
		if !defined[c.Letter] {
			ps.add(CodeUnknownLetter, cell, "the letter %s at (%d, %d) is no planet", c.Letter, c.X, c.Y)
			continue
		}
		if prev, twice := seen[c.Letter]; twice {
			ps.add(CodeTwice, cell, "planet %s is on the grid at (%d, %d) and again at (%d, %d); the last one counts", c.Letter, prev.X, prev.Y, c.X, c.Y)
		}
		seen[c.Letter] = c.Point
	}
	if !m.HasGrid {
		return
	}
	for _, p := range m.Planets {
		if p.Token.Type() == pfmt.Str && isLetter(p.Token.Text()) {
			if _, placed := seen[p.Token.Text()]; !placed {
				ps.add(CodeNotPlaced, srcpos.Field("planets", p.Token.Key()), "planet %s is not on the grid", p.Name())
			}
		}
	}
}

// checkRouteSteps refuses a route whose steps are not a whole number of
// at least 1 (a fleet on it never arrives), and a route that joins the
// same two planets as an earlier one (before: RepeatedRoutes) with other
// steps (the later wins).
func checkRouteSteps(ps *problems, m *pfmt.Map, before []int32) {
	steps := pfmt.RouteFields.Field("2")
	for i, rt := range m.Routes {
		path := srcpos.Index("routes", i)
		from, to := rt.From.Key(), rt.To.Key()
		if !pfmt.Fits(steps, rt.Steps) {
			ps.add(CodeSteps, path+"[2]", "route %d (%s–%s) has %s steps", i+1, from, to, rt.Steps.Describe())
		}
		if j := before[i]; j >= 0 && !pfmt.Equal(m.Routes[j].Steps, rt.Steps) {
			ps.add(CodeConflict, path, "routes %d and %d join %s and %s with %s and %s steps; the later wins", j+1, i+1, from, to, m.Routes[j].Steps.Describe(), rt.Steps.Describe())
		}
	}
}

// RepeatedRoutes returns, for every route of m, the latest route before it
// that joins the same two planets (by their keys, either way round), or
// -1 when none does.
func RepeatedRoutes(m *pfmt.Map) []int32 {
	// The routes sorted by their ends: a sorted list of numbers takes a
	// fraction of a hash map of the pairs on a map of 60 000 routes.
	ends := func(i int32) (string, string) {
		from, to := m.Routes[i].From.Key(), m.Routes[i].To.Key()
		return min(from, to), max(from, to)
	}
	sorted := make([]int32, len(m.Routes))
	for i := range sorted {
		sorted[i] = int32(i)
	}
	sort.Slice(sorted, func(i, j int) bool {
		xa, xb := ends(sorted[i])
		ya, yb := ends(sorted[j])
		return xa < ya || xa == ya && (xb < yb || xb == yb && sorted[i] < sorted[j])
	})
	before := make([]int32, len(m.Routes))
	for k, i := range sorted {
		before[i] = -1
		if k > 0 {
			pa, pb := ends(sorted[k-1])
			if a, b := ends(i); pa == a && pb == b {
				before[i] = sorted[k-1]
			}
		}
	}
	return before
}

// checkStarts refuses a planet that starts two players (the later takes
// it over: the earlier starts with nothing), and a map with fewer start
// planets than max_player (the game crashes when a player joins beyond
// them).
func checkStarts(ps *problems, m *pfmt.Map) {
	startAt := map[string]int{}
	ids := m.IDs()
	for i, s := range m.Starts {
		if _, ok := ids.ID(s); !ok {
			continue // CodeStartUnknown
		}
		if j, twice := startAt[s.Key()]; twice {
			ps.add(CodeStartTwice, srcpos.Index("starts", i), "planet %s is the start of players %d and %d", s.Key(), j+1, i+1)
		}
		startAt[s.Key()] = i
	}
	maxP, ok := m.Get(settingMaxPlayer.Key).Int64()
	if ok && m.HasStarts && int64(len(m.Starts)) < maxP {
		ps.add(CodeFewStarts, "starts", "the map has %d starts but max_player is %d: the game crashes when player %d joins", len(m.Starts), maxP, len(m.Starts)+1)
	}
}
