package battle

import (
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
)

// The codes of check's rules that the field tables name: the engine's
// and validate's rules take them from here, so that each code is written
// once (internal/archtest TestRuleCodesAreWrittenOnce).
const (
	CodeSize        = "BTL002" // a map side outside 2–1000
	CodeRosterName  = "BTL009" // a roster entry naming no hero, or one twice
	CodeRosterValue = "BTL010" // a roster value out of range
)

// The field tables of the battle records whose values shapan check
// bounds: the JSON Schema is generated from them and the checks read them
// (see package field).
var (
	// SizeFields are the fields of a map's size (the game allows 2 to
	// 1000 cells a side), the first two values of the grid file; the
	// readers refuse a side below 1 (no cell to read).
	SizeFields = field.Record{Name: "battle map size", Schema: "battle-map.schema.json", Pointer: "/properties/size", Fields: []field.Field{
		field.Field{Go: "W", Key: "width", Type: field.Integer, Required: true, Code: CodeSize, Severity: diag.Error,
			Doc: "W, the number of cells in a row (symbols per grid row)."}.Between(MinSide, MaxSide).
			At(1, "the map width W (header field 1)").ReadAtLeast(1).Expecting("an integer, at least 1"),
		field.Field{Go: "H", Key: "height", Type: field.Integer, Required: true, Code: CodeSize, Severity: diag.Error,
			Doc: "H, the number of rows."}.Between(MinSide, MaxSide).
			At(2, "the map height H (header field 2)").ReadAtLeast(1).Expecting("an integer, at least 1"),
	}}

	// RosterFields are the fields of a roster entry, its stats in the
	// order of the spec: a stat the entry leaves out (nil) keeps the
	// hero's default.
	RosterFields = field.Record{Name: "battle roster entry", Schema: "battle-map.schema.json", Pointer: "/properties/roster/items", Fields: []field.Field{
		{Go: "Name", Key: "name", Type: field.String, Names: HeroNames(), Required: true, Code: CodeRosterName, Severity: diag.Error, Doc: "The hero, each at most once.",
			What: "name", Expect: "one of the nine heroes: " + joinNames()},
		field.Field{Go: "Force", Key: "force", Type: field.Integer, Code: CodeRosterValue, Severity: diag.Error,
			Doc: "武力 (default: 100 warriors, 60 commanders, 50 strategists)."}.Between(1, 10000),
		field.Field{Go: "Command", Key: "command", Type: field.Integer, Code: CodeRosterValue, Severity: diag.Error,
			Doc: "统帅, the most soldiers the hero carries (default 6, 12, 8)."}.Between(0, 100),
		field.Field{Go: "HP", Key: "hp", Type: field.Integer, Code: CodeRosterValue, Severity: diag.Error,
			Doc: "体力 (default 1500, 1600, 1200)."}.Between(1, 100000),
		field.Field{Go: "Range", Key: "range", Type: field.Integer, Code: CodeRosterValue, Severity: diag.Error,
			Doc: "Attack distance (default 3)."}.Between(1, 20),
	}}
)

// MapFields are the top-level keys of a map.
var MapFields = field.Record{Name: "battle map", Schema: "battle-map.schema.json", Fields: []field.Field{
	{Key: "kind", Type: field.String, Const: Kind, Required: true, Doc: "The document kind."},
	{Key: "version", Type: field.Integer, Const: 1, Required: true, Doc: "Format version of this document."},
	{Go: "W, H", Key: "size", Type: field.Ref, Required: true,
		Doc: "The size of the map in cells; the seed's maps are 80 wide and 60 high (the game allows 2 to 1000 per side)."},
	{Go: "Legend", Key: "legend", Type: field.Ref,
		Doc: "Grid symbol → element. Without a legend the standard one is used: '.' space, '^' mountain, '~' water, 'F' flag, 'B' base, 'S' city1, 'M' city2, 'L' city3. A symbol is one printable character other than white space."},
	{Go: "Cells", Key: "grid", Type: field.String,
		Doc: "The cells, written as a literal block (grid: |): height rows of width symbols each, every symbol defined by the legend."},
	{Go: "Cells", Key: "codes", Type: field.String,
		Doc: "The cells as integer codes, used instead of grid (and without a legend) when a map holds more distinct codes than there are symbols: height rows of width integers separated by spaces, written as a literal block (codes: |)."},
	{Go: "Roster", Key: "roster", Type: field.Ref,
		Doc: "Changes to the stats of named heroes of the game's roster (spec/battle.md Part 2 §2.3); the grid file has no room for it and always plays the default roster. Names, classes, skills, cooldowns, soldiers and cities cannot be changed."},
	{Go: "Trailing", Key: "trailing_tokens", Type: field.Ref, Doc: "Values after the grid of the interchange file; the game ignores them, Shapan keeps them."},
}}

// Records lists the field tables of the family.
var Records = []*field.Record{&MapFields, &SizeFields, &RosterFields}
