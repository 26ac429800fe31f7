package planetsview

import (
	"fmt"
	"math"
	"strings"

	"github.com/shapan/shapan/formats/planets"
)

// This file holds the edits of a map's structure — the grid string, the
// planets, routes and starts — as plain functions on *planets.Map, so
// that the view only has to wrap them in undoable session edits.

// mapRows is the `map` string split the way the game reads it: the rows of
// the whole string stripped of surrounding white space, plus what was
// stripped, so that the string can be rebuilt with only the rows changed
// (every other character, and the white space around the grid, stays).
type mapRows struct {
	lead, trail string
	rows        [][]rune
}

// splitGrid splits the grid of m.
func splitGrid(m *planets.Map) *mapRows {
	rows := m.GridRows()
	trimmed := strings.Join(rows, "\n")
	g := &mapRows{}
	if i := strings.Index(m.Grid, trimmed); i >= 0 {
		g.lead, g.trail = m.Grid[:i], m.Grid[i+len(trimmed):]
	}
	for _, r := range rows {
		g.rows = append(g.rows, []rune(r))
	}
	return g
}

// String rebuilds the grid string.
func (g *mapRows) String() string {
	rows := make([]string, len(g.rows))
	for i, r := range g.rows {
		rows[i] = string(r)
	}
	return g.lead + strings.Join(rows, "\n") + g.trail
}

// size is the size the editor shows: the longest row by the number of
// rows (the game takes its width from the first row only).
func (g *mapRows) size() (w, h int) {
	for _, r := range g.rows {
		w = max(w, len(r))
	}
	return w, len(g.rows)
}

// at returns the character at (x, y), or 0 beyond the end of its row.
func (g *mapRows) at(x, y int) rune {
	if y < 0 || y >= len(g.rows) || x < 0 || x >= len(g.rows[y]) {
		return 0
	}
	return g.rows[y][x]
}

// set writes r at (x, y), lengthening a short row with '.'.
func (g *mapRows) set(x, y int, r rune) {
	for len(g.rows[y]) <= x {
		g.rows[y] = append(g.rows[y], '.')
	}
	g.rows[y][x] = r
}

// isLetter reports whether r places a planet on the grid (an ASCII
// letter; spec 1.4).
func isLetter(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }

// empty is what a planet leaves behind on the grid.
const empty = '.'

// letters are the tokens that can be placed, in the order the original
// editor hands them out.
const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// planetIndex returns the index in m.Planets of the planet whose token is
// token (in the Python sense, or by its name when the token is not a
// string, such as 1), or -1.
func planetIndex(m *planets.Map, token string) int {
	for i := range m.Planets {
		if planets.SameKey(m.Planets[i].Token, planets.StrValue(token)) {
			return i
		}
	}
	for i := range m.Planets {
		if m.Planets[i].Name() == token {
			return i
		}
	}
	return -1
}

// tokenValue returns the token of planet token as the map writes it (a
// string, or another scalar for keys such as 1).
func tokenValue(m *planets.Map, token string) planets.Value {
	if i := planetIndex(m, token); i >= 0 {
		return m.Planets[i].Token
	}
	return planets.StrValue(token)
}

// nextToken returns the first letter of A…Z a…z that no planet uses and
// the grid does not hold, or "" when all 52 are taken.
func nextToken(m *planets.Map) string {
	onGrid := m.Positions()
	for _, r := range letters {
		t := string(r)
		if _, placed := onGrid[t]; !placed && planetIndex(m, t) < 0 {
			return t
		}
	}
	return ""
}

// New planets get these attributes. The original editor used def 0, res
// 1, cos 0, max 100; def 0 makes defence meaningless and cos 0 a planet
// that never grows, so ours defend and grow a little. Their types follow
// the legacy maps: def a real (an integer def fights differently, spec
// 5.5), res, cos and max integers.
func newPlanet(token string) planets.Planet {
	return planets.Planet{
		Token: planets.StrValue(token),
		Def:   planets.FloatValue(1.0),
		Res:   planets.IntValue(1),
		Cos:   planets.IntValue(5),
		Max:   planets.IntValue(100),
	}
}

// addPlanet puts a new planet with the next free token on the empty cell
// (x, y) and returns its token.
func addPlanet(m *planets.Map, x, y int) (string, error) {
	g := splitGrid(m)
	w, h := g.size()
	if x < 0 || y < 0 || x >= max(w, 1) || y >= h {
		return "", fmt.Errorf("(%d, %d) is outside the grid", x, y)
	}
	if isLetter(g.at(x, y)) {
		return "", fmt.Errorf("(%d, %d) already holds %c", x, y, g.at(x, y))
	}
	token := nextToken(m)
	if token == "" {
		return "", fmt.Errorf("all 52 planet letters are in use")
	}
	g.set(x, y, rune(token[0]))
	m.Grid, m.HasGrid = g.String(), true
	m.Planets = append(m.Planets, newPlanet(token))
	m.HasPlanets = true
	return token, nil
}

// movePlanet moves the letter of token to the empty cell (x, y); the cell
// it leaves becomes '.'.
func movePlanet(m *planets.Map, token string, x, y int) error {
	from, ok := m.Positions()[token]
	if !ok {
		return fmt.Errorf("planet %s is not on the grid", token)
	}
	g := splitGrid(m)
	w, h := g.size()
	if x < 0 || y < 0 || x >= w || y >= h {
		return fmt.Errorf("(%d, %d) is outside the grid", x, y)
	}
	if c := g.at(x, y); isLetter(c) {
		return fmt.Errorf("(%d, %d) already holds %c", x, y, c)
	}
	g.set(from.X, from.Y, empty)
	g.set(x, y, rune(token[0]))
	m.Grid = g.String()
	return nil
}

// deletePlanet removes the planet token, its letters on the grid, its
// routes and its starts.
func deletePlanet(m *planets.Map, token string) {
	key := tokenValue(m, token)
	if i := planetIndex(m, token); i >= 0 {
		m.Planets = append(m.Planets[:i:i], m.Planets[i+1:]...)
	}
	if len(token) == 1 && isLetter(rune(token[0])) {
		g := splitGrid(m)
		for y, row := range g.rows {
			for x, c := range row {
				if c == rune(token[0]) {
					g.set(x, y, empty)
				}
			}
		}
		m.Grid = g.String()
	}
	routes := m.Routes[:0:0]
	for _, r := range m.Routes {
		if !planets.SameKey(r.From, key) && !planets.SameKey(r.To, key) {
			routes = append(routes, r)
		}
	}
	m.Routes = routes
	starts := m.Starts[:0:0]
	for _, s := range m.Starts {
		if !planets.SameKey(s, key) {
			starts = append(starts, s)
		}
	}
	m.Starts = starts
}

// renamePlanet gives planet from the token to (a free letter): its letter
// on the grid, its routes and its starts follow.
func renamePlanet(m *planets.Map, from, to string) error {
	if err := checkRename(m, from, to); err != nil || to == from {
		return err
	}
	i := planetIndex(m, from)
	old, nu := m.Planets[i].Token, planets.StrValue(to)
	m.Planets[i].Token = nu
	if len(from) == 1 {
		g := splitGrid(m)
		for y, row := range g.rows {
			for x, c := range row {
				if c == rune(from[0]) {
					g.set(x, y, rune(to[0]))
				}
			}
		}
		m.Grid = g.String()
	}
	for j := range m.Routes {
		r := &m.Routes[j]
		if planets.SameKey(r.From, old) {
			r.From = nu
		}
		if planets.SameKey(r.To, old) {
			r.To = nu
		}
	}
	for j := range m.Starts {
		if planets.SameKey(m.Starts[j], old) {
			m.Starts[j] = nu
		}
	}
	return nil
}

// checkRename says why planet from cannot be renamed to, nil when it can.
func checkRename(m *planets.Map, from, to string) error {
	if planetIndex(m, from) < 0 {
		return fmt.Errorf("there is no planet %s", from)
	}
	if len(to) != 1 || !isLetter(rune(to[0])) {
		return fmt.Errorf("a planet's token is one letter, A–Z or a–z")
	}
	if to == from {
		return nil
	}
	if _, taken := m.Positions()[to]; taken || planetIndex(m, to) >= 0 {
		return fmt.Errorf("%s is already used", to)
	}
	return nil
}

// defaultSteps is the step count a new route gets: the distance between
// the planets on the grid, rounded, at least 1.
func defaultSteps(a, b planets.Point) int64 {
	d := math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y))
	return max(1, int64(math.Round(d)))
}

// findRoute returns the index of a route joining a and b (either way), or
// -1.
func findRoute(m *planets.Map, a, b string) int {
	va, vb := planets.StrValue(a), planets.StrValue(b)
	for i, r := range m.Routes {
		if planets.SameKey(r.From, va) && planets.SameKey(r.To, vb) || planets.SameKey(r.From, vb) && planets.SameKey(r.To, va) {
			return i
		}
	}
	return -1
}

// addRoute appends the route [a, b, steps] and returns its index.
func addRoute(m *planets.Map, a, b string, steps int64) int {
	m.Routes = append(m.Routes, planets.Route{From: planets.StrValue(a), To: planets.StrValue(b), Steps: planets.IntValue(steps)})
	m.HasRoutes = true
	return len(m.Routes) - 1
}

// startIndex returns where token is in the starts (its player, from 0),
// or -1.
func startIndex(m *planets.Map, token string) int {
	key := tokenValue(m, token)
	for i, s := range m.Starts {
		if planets.SameKey(s, key) {
			return i
		}
	}
	return -1
}

// removeStart takes every start of token out of the list.
func removeStart(m *planets.Map, token string) {
	key := tokenValue(m, token)
	starts := m.Starts[:0:0]
	for _, s := range m.Starts {
		if !planets.SameKey(s, key) {
			starts = append(starts, s)
		}
	}
	m.Starts = starts
}

// toggleStart makes token a start planet (appended, as the original
// editor does: the next player starts there) or takes it out of the
// starts.
func toggleStart(m *planets.Map, token string) {
	if startIndex(m, token) >= 0 {
		removeStart(m, token)
		return
	}
	m.Starts = append(m.Starts, tokenValue(m, token))
	m.HasStarts = true
}

// resizeGrid makes the grid w×h: rows are cut or lengthened with '.' on
// the right, rows are removed or added at the bottom. It refuses to cut
// off a planet.
func resizeGrid(m *planets.Map, w, h int) error {
	if w < 1 || h < 1 || w > planets.MaxGridSide || h > planets.MaxGridSide {
		return fmt.Errorf("the grid is 1 to %d cells on each side, not %d×%d", planets.MaxGridSide, w, h)
	}
	var lost []string
	for _, c := range m.Cells() {
		if (c.X >= w || c.Y >= h) && planetIndex(m, c.Letter) >= 0 {
			lost = append(lost, c.Letter)
		}
	}
	if len(lost) > 0 {
		return fmt.Errorf("planets %s would be cut off: move or delete them first", strings.Join(lost, ", "))
	}
	g := splitGrid(m)
	if !m.HasGrid {
		g = &mapRows{trail: "\n"} // written as a literal block, as the game's maps are
	}
	rows := make([][]rune, h)
	for y := range rows {
		var row []rune
		if y < len(g.rows) {
			row = g.rows[y]
		}
		if len(row) > w {
			row = row[:w]
		}
		for len(row) < w {
			row = append(row, empty)
		}
		rows[y] = row
	}
	g.rows = rows
	m.Grid, m.HasGrid = g.String(), true
	return nil
}
