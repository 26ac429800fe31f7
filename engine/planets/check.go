package planets

import (
	"fmt"
	"slices"

	"github.com/shapan/shapan/formats/diag"
	pfmt "github.com/shapan/shapan/formats/planets"
)

// The codes of the check rules (package validate's catalogue) of the
// conditions the engine refuses a map on.
const (
	CodeMissing      = "PLN001"         // planets, map, routes or starts is missing
	CodeMax          = "PLN002"         // a planet's max the game cannot convert
	CodeNumbers      = "PLN003"         // a planet's def, res or cos is no number
	CodeRouteEnd     = "PLN008"         // a route names no planet
	CodeSteps        = pfmt.CodeSteps   // a route's steps are no number
	CodeStartUnknown = "PLN013"         // a start names no planet
	CodePlayers      = pfmt.CodePlayers // min_player and max_player allow no game
	CodeSetting      = pfmt.CodeSetting // max_round, start_unit or max_player is no number
)

// problems collects the reasons a map cannot be played: into a list, or
// into a sink (shapan check's report, which makes the message only of a
// problem it lists).
type problems struct {
	list diag.List
	sink diag.Sink // nil: list
}

func (ps *problems) add(code, path, format string, args ...any) {
	if ps.sink != nil {
		ps.sink(code, path, format, args...)
		return
	}
	ps.list = append(ps.list, diag.Diagnostic{Severity: diag.Error, Code: code, Path: path, Message: fmt.Sprintf(format, args...)})
}

// number converts a map value as numberOf does, reporting a value the
// engine cannot use under code at path.
func (ps *problems) number(code, path, what string, v pfmt.Value) Num {
	n, err := numberOf(v)
	if err != nil {
		ps.add(code, path, "%s %v", what, err)
	}
	return n
}

// CheckMap lists every condition the engine refuses a map on: what the
// original's loader cannot load or crashes on as soon as the value is
// used (spec 11), a map whose start planets and player limits let too few
// players join its game, and what its layout breaks (checkLayout: the
// grid, the routes' steps, the starts). The diagnostics carry the codes
// of the check rules and the paths of the map document; `shapan check`
// reports them through package validate (CheckMapTo) and New refuses a
// map with any of them.
func CheckMap(m *pfmt.Map) diag.List {
	var ps problems
	checkMap(&ps, m)
	return ps.list
}

// CheckMapTo reports the conditions of CheckMap to sink, and returns the
// routes' RepeatedRoutes (which the check's warnings use too: a map of
// 600 000 routes sorts them once).
func CheckMapTo(m *pfmt.Map, sink diag.Sink) []int32 {
	return checkMap(&problems{sink: sink}, m)
}

func checkMap(ps *problems, m *pfmt.Map) []int32 {
	b, list := readBoard(m, true)
	list = append(list, checkSettings(m, list)...)
	if !list.HasErrors() {
		if n := b.allowedPlayers(); Int(int64(n)).Less(b.minPlayer) {
			list = append(list, tooFew(n, b))
		}
	}
	for _, d := range list {
		ps.add(d.Code, d.Path, "%s", d.Message)
	}
	return checkLayout(ps, m)
}

// allowedPlayers is how many players may join: the smaller of max_player
// and the number of start planets.
func (b *board) allowedPlayers() int {
	n := 0
	for n < len(b.starts) && Int(int64(n)).Less(b.maxPlayer) {
		n++
	}
	return n
}

// tooFew is the refusal of a game of n players, fewer than min_player.
func tooFew(n int, b *board) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Code: CodePlayers, Path: settingMinPlayer.Key,
		Message: fmt.Sprintf("%d players are too few to start the game (min_player %s; max_player %s, %d start planets)", n, b.minPlayer, b.maxPlayer, len(b.starts))}
}

// checkSettings refuses max_round, start_unit and max_player that are not
// whole numbers in the range of their field (SettingFields: at least 1) (unless readBoard refused them already, in
// found): the game plays a round limit of 0 or a start of -5 units as a
// game nobody can play, and check reports them as errors.
func checkSettings(m *pfmt.Map, found diag.List) diag.List {
	var ps problems
	for i := range pfmt.SettingFields.Fields {
		f := &pfmt.SettingFields.Fields[i]
		key := f.Key
		if f.Code != CodeSetting || slices.ContainsFunc(found, func(d diag.Diagnostic) bool { return d.Path == key }) {
			continue
		}
		if v := m.Get(key); !pfmt.Fits(f, v) {
			ps.add(CodeSetting, key, "%s is %s; it must be a whole number, %s", key, v.Describe(), f.Allowed())
		}
	}
	return ps.list
}
