package planets

import (
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
)

// The codes of check's rules that the field tables name: the engine's
// and validate's rules take them from here, so that each code is written
// once (internal/archtest TestRuleCodesAreWrittenOnce).
const (
	CodeToken   = "PLN007" // a planet token that is not one ASCII letter
	CodeSteps   = "PLN009" // a route's steps are no number
	CodePlayers = "PLN016" // min_player and max_player allow no game
	CodeSetting = "PLN018" // max_round, start_unit or max_player is no number
	CodeFee     = "PLN025" // a maintain_fee that is not true or false
)

// The field tables of the planets records: the map's top-level keys, a
// planet, a route and a planet's token. The JSON Schema's properties of
// these records are generated from them, and check's rules read them (see
// package field).
const mapSchema = "planets-map.schema.json"

// settings are the top-level settings that must be positive whole
// numbers.
var settings = []field.Field{
	field.Field{Go: "MaxRound", Key: "max_round", Type: field.Integer, Code: CodeSetting, Severity: diag.Error,
		Doc: "Round limit: the game is over in the step that starts with round > max_round (default: 3000)."}.AtLeast(1).Defaulting(3000),
	field.Field{Go: "MaxPlayer", Key: "max_player", Type: field.Integer, Code: CodeSetting, Severity: diag.Error,
		Doc: "Most players that may join (default: 4). Needs at least as many starts."}.AtLeast(1).Defaulting(4),
	field.Field{Go: "MinPlayer", Key: "min_player", Type: field.Integer, Code: CodePlayers, Severity: diag.Error,
		Doc: "At least 1 and at most max_player (shapan check tells the latter, PLN016). Players needed before the game starts (default: 2)."}.AtLeast(1).Defaulting(2),
	field.Field{Go: "StartUnit", Key: "start_unit", Type: field.Integer, Code: CodeSetting, Severity: diag.Error,
		Doc: "Garrison given to each player's start planet (default: 100)."}.AtLeast(1).Defaulting(100),
}

var (
	// SettingFields are the top-level settings that must be positive
	// whole numbers (the fields of MapFields that are).
	SettingFields = field.Record{Name: "planets settings", Schema: mapSchema, Open: true, Fields: settings}

	// MapFields are the map's top-level keys: the game's own and Shapan's
	// header. The game ignores other keys (check warns of them, PLN021).
	MapFields = field.Record{Name: "planets map", Schema: mapSchema, Fields: append(append([]field.Field{
		{Key: "kind", Type: field.String, Const: Kind, Required: true, Doc: "Document kind (Shapan's header; the game ignores it)."},
		{Key: "format", Type: field.Integer, Const: 1, Required: true,
			Doc: "Format version of this document (Shapan's header; the game ignores it). Not the map's own 'version'."},
		{Go: "Name", Key: "name", Type: field.Ref, Default: "unknown", Doc: "Text (the game passes any value on unchanged; nothing checks it). Map name shown to clients (default: unknown)."},
		{Go: "Desc", Key: "desc", Type: field.Ref,
			Doc: "Text (the game passes any value on unchanged; nothing checks it). Description. A map without one loads, but serving the map description to a client fails."},
		{Go: "Author", Key: "author", Type: field.Ref, Default: "none", Doc: "Text (the game passes any value on unchanged; nothing checks it). Author, informational (default: none)."},
		{Go: "Version", Key: "version", Type: field.Ref, Default: 1.0,
			Doc: "The map's own version, informational (default: 1.0): a number such as 1.0, or text such as 1.0.2; nothing checks it. Not Shapan's format version, which is format:."},
	}, settings...),
		field.Field{Go: "MaintainFee", Key: "maintain_fee", Type: field.Boolean, AnyType: true, Code: CodeFee, Severity: diag.Warning,
			Doc: "Maintenance fee on or off (default: off); the game, reading YAML 1.1, also takes yes/no/on/off. A value that is true in the Python sense switches the fee on, even the text \"False\"."},
		field.Field{Go: "Starts", Key: "starts", Type: field.Ref, Required: true, Doc: "Start planets, one per joining player, in joining order."},
		field.Field{Go: "Grid", Key: "map", Type: field.String, Required: true,
			Doc: "The grid, written as a literal block (map: |): each letter places the planet of that name at its column and row; every other character is empty space. The whole text is stripped of surrounding white space, and the width is the length of the first row."},
		field.Field{Go: "Planets", Key: "planets", Type: field.Ref, Required: true,
			Doc: "Planet definitions by token. Planets are numbered by sorting their tokens (A…Z before a…z)."},
		field.Field{Go: "Routes", Key: "routes", Type: field.Ref, Required: true,
			Doc: "Travel routes; each runs both ways, a later entry for the same pair overrides an earlier one."},
	)}

	// PlanetFields are the fields of a planet; a planet may carry keys of
	// its own, which the game passes to clients.
	PlanetFields = field.Record{Name: "planets planet", Schema: mapSchema, Pointer: "/definitions/planet", Fields: []field.Field{
		{Go: "Type", Key: "type", Type: field.String, Doc: "Free label (the original maps use base and resource); not used by the rules."},
		{Go: "Def", Key: "def", Type: field.Number, Required: true,
			Doc: "Defence multiplier: a defending garrison fights as garrison × def. An integer def (2) and a real def (2.0) give different battle results: keep the typing."},
		{Go: "Res", Key: "res", Type: field.Number, Required: true, Doc: "Proportional growth factor: each step the garrison grows by garrison × (res − 1)."},
		{Go: "Cos", Key: "cos", Type: field.Number, Required: true, Doc: "Constant growth per step."},
		{Go: "Max", Key: "max", Type: field.Number, Required: true, Doc: "Production cap; needed to load the map (a real is truncated for the maintenance sum)."},
	}}

	// TokenFields is a planet's token: one ASCII letter, the only tokens
	// the grid can place.
	TokenFields = field.Record{Name: "planets token", Schema: mapSchema, Pointer: "/definitions/token", Fields: []field.Field{
		{Go: "Token", Key: "", Type: field.String, Pattern: "^[A-Za-z]$", Code: CodeToken, Severity: diag.Error, Doc: "A planet token: one ASCII letter."},
	}}

	// RouteFields are the items of a route, [from, to, steps], by index.
	RouteFields = field.Record{Name: "planets route", Schema: mapSchema, Pointer: "/properties/routes/items/items", Fields: []field.Field{
		{Key: "0", Type: field.Ref, Doc: "One end of the route."},
		{Key: "1", Type: field.Ref, Doc: "The other end."},
		field.Field{Go: "Steps", Key: "2", Type: field.Integer, Code: CodeSteps, Severity: diag.Error,
			Doc: "Travel time in steps (a fleet on a route of s steps lands in the s-th step counting the step it leaves)."}.AtLeast(1),
	}}
)

// Records lists the field tables of the family.
var Records = []*field.Record{&MapFields, &PlanetFields, &TokenFields, &RouteFields}

// Fits reports whether v is a whole number (not a real, text or a
// boolean) in the range of the field f.
func Fits(f *field.Field, v Value) bool {
	i, ok := v.Int64()
	return ok && v.Type() == Int && i >= -1<<31 && i < 1<<31 && !f.Outside(int(i))
}
