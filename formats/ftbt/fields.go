package ftbt

import (
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
)

// The codes of check's rules that the field tables name: the engine's
// and validate's rules take them from here, so that each code is written
// once (internal/archtest TestRuleCodesAreWrittenOnce).
const (
	CodeCost     = "FTB005" // a terrain with a negative move cost
	CodeAoeRatio = "FTB007" // an area ratio outside 0–100
	CodeSize     = "FTB020" // the map has no cells, or too many
	CodeSide     = "FTB022" // a person on a side other than 0 or 1
	CodeOffMap   = "FTB023" // a person outside the map
	CodeDead     = "FTB026" // a person without hit points
)

// The field tables of the ftbt records whose values shapan check bounds:
// the JSON Schemas are generated from them and the checks read them (see
// package field).
var (
	// PersonFields are the fields of a person of a level; its side and
	// stats are the first values of its line of a .map file after the
	// name, read from the table (fieldtok).
	PersonFields = field.Record{Name: "ftbt person", Schema: "ftbt-level.schema.json", Pointer: "/definitions/person", Fields: []field.Field{
		{Go: "Name", Key: "name", Type: field.Ref, Required: true, Doc: "A name: one token of the legacy file (no spaces)."},
		{Go: "Side", Key: "side", Type: field.Integer, Enum: []int{0, 1}, Required: true, Code: CodeSide, Severity: diag.Error,
			Doc: "0 (moves first; the human side in the original single-player game) or 1 (the computer's side).", Legacy: 1},
		// The studio's forms keep the stats below their form limits
		// (no rule bounds them: the game plays any whole number).
		field.Field{Go: "Abi", Key: "abi", Type: field.Integer, Required: true, Doc: "Attack."}.Form(0, 1000).At(2, ""),
		field.Field{Go: "Def", Key: "def", Type: field.Integer, Required: true, Doc: "Defence."}.Form(0, 1000).At(3, ""),
		field.Field{Go: "HP", Key: "hp", Type: field.Integer, Required: true, Code: CodeDead, Severity: diag.Error,
			Doc: "Hit points at the start (FTB026)."}.AtLeast(1).Form(1, 100000).At(4, ""),
		field.Field{Go: "Speed", Key: "speed", Type: field.Integer, Required: true, Doc: "Move points per turn."}.Form(0, 100000).At(5, ""),
		field.Field{Go: "X, Y", Key: "at", What: "position", Type: field.Ref, Required: true,
			Doc: "The starting cell [x, y] (FTB023: on the map)."}.At(6, "x, y").Paired("[x, y]").Expecting("[x, y]"),
		// The techs stand on a line of their own after the person's.
		field.Field{Go: "Techs", Key: "techs", Type: field.Ref,
			Doc: "The person's techs: names of the rules' techs (name#k when several share a name) or tech ids."}.At(7, "the number of techs").Listing("tech").Omitted(),
		{Go: "AI", Key: "ai", Type: field.Ref},
	}}

	// PersonCellFields are the coordinates of a person's starting cell,
	// [x, y]: a cell beyond the map's far edge is off it too, which only
	// check tells (the schema cannot compare with the size); the forms
	// take that bound from the level. The line of a .map file holds them
	// after the person's stats (PersonFields' at).
	PersonCellFields = field.Record{Name: "ftbt person cell", Schema: "ftbt-level.schema.json", Pointer: "/definitions/person/properties/at/items", Fields: []field.Field{
		field.Field{Go: "X", Key: "0", Type: field.Integer, Code: CodeOffMap, Severity: diag.Error, Doc: "x: the column, from 0 to width - 1."}.AtLeast(0).Form(0, 1<<24),
		field.Field{Go: "Y", Key: "1", Type: field.Integer, Code: CodeOffMap, Severity: diag.Error, Doc: "y: the row, from 0 to height - 1."}.AtLeast(0).Form(0, 1<<24),
	}}

	// SizeFields are the fields of a level's size, the first two values
	// of its .map file (the legacy reader refuses a size out of range:
	// it cannot read the grid without one).
	SizeFields = field.Record{Name: "ftbt level size", Schema: "ftbt-level.schema.json", Pointer: "/properties/size", Fields: []field.Field{
		field.Field{Go: "W", Key: "width", Type: field.Integer, Required: true, Code: CodeSize, Severity: diag.Error, Doc: "nx: cells per row."}.AtLeast(1).At(1, "the map width nx"),
		field.Field{Go: "H", Key: "height", Type: field.Integer, Required: true, Code: CodeSize, Severity: diag.Error, Doc: "ny: number of rows."}.AtLeast(1).At(2, "the map height ny"),
	}}

	// TerrainFields are the fields of a terrain of the rules; its line of
	// a .tech file holds the cost after the name.
	TerrainFields = field.Record{Name: "ftbt terrain", Schema: "ftbt-rules.schema.json", Pointer: "/definitions/terrain", Fields: []field.Field{
		{Go: "Name", Key: "name", Type: field.Ref, Required: true},
		field.Field{Go: "Weight", Key: "cost", What: "cost (move weight)", Type: field.Integer, Required: true, Code: CodeCost, Severity: diag.Warning,
			Doc: "Move points a step onto a cell of this terrain uses (the weight)."}.AtLeast(0).Form(0, 100000).At(1, "cost (move weight)"),
		{Go: "Color", Key: "color", Type: field.Ref, Doc: "How editors draw the terrain (#rrggbb). Not part of the game's file: exporting drops it."},
	}}
)

// The records of a level and of the rules that bound nothing: their
// fields' types, required keys and meanings.
var (
	// LevelFields are the top-level keys of a level.
	LevelFields = field.Record{Name: "ftbt level", Schema: "ftbt-level.schema.json", Fields: []field.Field{
		{Key: "kind", Type: field.String, Const: KindLevel, Required: true, Doc: "Document kind."},
		{Key: "version", Type: field.Integer, Const: 1, Required: true, Doc: "Format version of this document."},
		{Go: "RulesPath", Key: "rules", Type: field.String, Doc: "The rules document (or .tech file) the level is played with, relative to this file."},
		{Go: "Intro", Key: "intro", Type: field.String, Doc: "The text shown before play (the level's intro file). Absent: the level has no intro file."},
		{Go: "W, H", Key: "size", Type: field.Ref, Required: true, Doc: "The map has width × height cells; x grows to the right, y downward, both from 0."},
		{Go: "Legend", Key: "legend", Type: field.Ref, Doc: "Grid symbol → terrain id. Without a legend the terrain rows list the terrain ids as integers."},
		{Go: "Terrain", Key: "terrain", Type: field.String, Required: true,
			Doc: "The map, one line per row (y = 0 first), one legend symbol per cell (x = 0 first); without a legend, the terrain ids of a row separated by spaces."},
		// The people's length stands after the terrain, each person at
		// least nine values of the file.
		field.Field{Go: "People", Key: "people", Type: field.Ref, Required: true, Doc: "The people in index order (the AI acts in this order)."}.At(1, "the number of people").Length(9),
		{Go: "Trailing", Key: "trailing_tokens", Type: field.Ref, Doc: "Values after the end of the legacy file; the game ignores them."},
	}}

	// PersonAIFields are the settings of the computer player of a person;
	// its line of a .map file holds the factors first, then the goal.
	PersonAIFields = field.Record{Name: "ftbt person ai", Schema: "ftbt-level.schema.json", Pointer: "/definitions/ai", Fields: []field.Field{
		// The game takes any whole number as a factor (spec §1.2): the
		// forms keep them from -1 (not AI-controlled) to their limit.
		field.Field{Go: "Attack", Key: "attack", What: "attack factor", Type: field.Integer, Required: true,
			Doc: "fact_att: weight of the attack score; -1: the person is not AI-controlled (side 1 then uses 30/30/40)."}.Form(-1, 100000).At(1, ""),
		field.Field{Go: "Defence", Key: "defence", What: "defence factor", Type: field.Integer, Required: true, Doc: "fact_def: weight of the defence (safety) score."}.Form(-1, 100000).At(2, ""),
		field.Field{Go: "Move", Key: "move", What: "move factor", Type: field.Integer, Required: true, Doc: "fact_move: weight of the approach-the-goal score."}.Form(-1, 100000).At(3, ""),
		field.Field{Go: "GoalX, GoalY", Key: "goal", Type: field.Ref,
			Doc: "The cell the person heads for; absent means [-1, -1]: no goal, chase the nearest enemy (either coordinate negative means the same)."}.At(4, "goal x, goal y").
			Paired("[x, y]").Defaulting(noGoal).Omitted(),
	}}

	// RulesFields are the top-level keys of the rules.
	RulesFields = field.Record{Name: "ftbt rules", Schema: "ftbt-rules.schema.json", Fields: []field.Field{
		{Key: "kind", Type: field.String, Const: KindRules, Required: true, Doc: "Document kind."},
		{Key: "version", Type: field.Integer, Const: 1, Required: true, Doc: "Format version of this document."},
		// The terrains' length starts the .tech file, each terrain two
		// values of it.
		field.Field{Go: "Terrains", Key: "terrains", Type: field.Ref, Required: true, Doc: "Terrain types; the id of a terrain is its position, from 0."}.At(1, "the number of terrains").Length(2),
		// The game plays any value of the two limits (MAX_ABI 0 with a fly
		// or disable_long tech is FTB003, which depends on the techs): the
		// forms keep them within their form limits.
		// The line of a .tech file after the terrains holds them.
		field.Field{Go: "MaxFlyWeight", Key: "max_fly_weight", Type: field.Integer, Required: true, Doc: "MAX_FLY_WEIGHT: fly techs set cell costs between 1 and this."}.Form(0, 100000).At(2, "MAX_FLY_WEIGHT"),
		field.Field{Go: "MaxAbi", Key: "max_abi", Type: field.Integer, Required: true, Doc: "MAX_ABI: the abi at which fly and disable_long techs reach their full area."}.Form(0, 100000).At(3, "MAX_ABI"),
		{Go: "Techs", Key: "techs", Type: field.Ref, Required: true, Doc: "Techs; the id of a tech is its position, from 0."},
		{Go: "AI", Key: "ai", Type: field.Ref, Doc: "The constants of the computer player."},
		{Go: "Trailing", Key: "trailing_tokens", Type: field.Ref, Doc: "Values after the end of the legacy file; the game ignores them."},
	}}

	// TechFields are the fields of a tech of the rules. Its lines of a
	// .tech file hold, after the name, the values of the legacy positions
	// of this table and of AoeFields (4 to 6): the range is its length,
	// then a line of each offset; the terrain flags, one for each terrain
	// of the rules, are written without their length.
	TechFields = field.Record{Name: "ftbt tech", Schema: "ftbt-rules.schema.json", Pointer: "/definitions/tech", Fields: []field.Field{
		{Go: "Name", Key: "name", Type: field.Ref, Required: true, Doc: "A name: one token of the legacy file (no spaces)."},
		field.Field{Go: "Class", Key: "class", Type: field.Ref, Required: true,
			Doc: "people: damage to people; abi_buf / def_buf: attack / defence buff on cells; fly: lowers the move cost of cells; disable_long: protects cells from long-range attacks. An integer is an unknown class kept from a legacy file."}.At(1, "class (0 people, 1 abi_buf, 2 def_buf, 3 fly, 4 disable_long)"),
		field.Field{Go: "IsLong", Key: "long_range", Type: field.Boolean,
			Doc: "A long-range attack (is_long): it does nothing to people on cells protected by disable_long. Default false."}.At(2, "long range (is_long)"),
		field.Field{Go: "Range", Key: "range", Type: field.Ref, Required: true,
			Doc: "The cells the tech may target, relative to the user, in file order (duplicates are kept)."}.At(3, "the number of range offsets").Listing("range offset %d dx, range offset %d dy").Rows().
			Paired("[dx, dy]").Expecting("a list of target offsets [dx, dy]"),
		{Go: "AoeRange, AoeRatio, AoeSelf", Key: "aoe", Type: field.Ref, Doc: "The area effect around the target cell."},
		// The game plays any duration and value (spec §1.4; a duration
		// of 0 or less never expires, FTB009, for some classes only): the
		// forms keep them within their form limits.
		field.Field{Go: "Duration", Key: "duration", Type: field.Integer, Doc: "Turns an effect of the classes abi_buf, def_buf, fly and disable_long lasts. Default 0."}.Form(0, 1000).At(7, ""),
		field.Field{Go: "Allowed", Key: "terrains", Type: field.Ref, Required: true,
			Doc: "The terrains whose cells the tech may target (and affect with its area)."}.At(8, "terrain flags").PerItem(perTerrain, "allowed on terrain %d (%s)").Unsized().
			Expecting("the terrains the tech may be used on"),
		field.Field{Go: "Value", Key: "value", Type: field.Integer, Required: true, Doc: "Base damage (class people) or percent of the user's abi (other classes)."}.Form(-100000, 100000).At(9, ""),
	}}

	// AoeFields are the fields of a tech's area effect, at their places
	// among the values of the tech's lines of a .tech file.
	AoeFields = field.Record{Name: "ftbt tech area", Schema: "ftbt-rules.schema.json", Pointer: "/definitions/tech/properties/aoe", Fields: []field.Field{
		field.Field{Go: "AoeRange", Key: "radius", Type: field.Integer, Doc: "aoe_range: radius of the area (Manhattan distance); 0 is the target cell only. Default 0."}.Form(0, 20).At(4, "area radius (aoe_range)"),
		// A ratio outside 0–100 is played as it is: check warns of it.
		field.Field{Go: "AoeRatio", Key: "ratio", Type: field.Integer, Code: CodeAoeRatio, Severity: diag.Warning,
			Doc: "aoe_ratio: percent of the effect applied to the cells other than the centre. Default 0."}.Between(0, 100).At(5, "area ratio (aoe_ratio)"),
		field.Field{Go: "AoeSelf", Key: "self", Type: field.Boolean, Doc: "aoe_self: the area also hits the user's own side. Default false."}.At(6, "area hits own side (aoe_self)"),
	}}

	// AIFields are the eleven constants of the computer player of the
	// rules, in the order of AIConstantKeys, which is their order in the
	// AI block of a .tech file.
	AIFields = field.Record{Name: "ftbt rules ai", Schema: "ftbt-rules.schema.json", Pointer: "/definitions/ai", Fields: aiRows()}
)

// noGoal is the goal of a computer player that has none: it chases the
// nearest enemy.
var noGoal = [2]int{-1, -1}

// personValues are a person's side, stats, starting cell and techs, and
// aiValues the factors and goal of its computer player: the values of
// the records after the name, which the YAML codec reads and writes from
// the tables (fieldyaml), the techs resolved against the rules.
var (
	personValues = PersonFields.Fields[1:8]
	aiValues     = PersonAIFields.Fields
)

// AIConstantKeys are the YAML keys of the AI constants, in file order:
// the keys of AIFields.
var AIConstantKeys = []string{
	"max_move_dist", "max_move_score",
	"max_buf_value", "max_buf_score",
	"max_def_dist", "max_def_score",
	"max_tech_dist", "max_tech_score",
	"max_tech_buf_vmd", "max_tech_fly_vmd", "max_tech_dl_vmd",
}

// The fields of the rules, of a terrain and of a tech that the YAML codec
// reads and writes from the tables (fieldyaml) among keys of its own: a
// terrain's cost, and a tech's values before its area and after it (its
// range is a list of pairs, its terrains the references to those it may
// be used on).
var (
	terrainCost = TerrainFields.Fields[1:2]
	rulesLimits = RulesFields.Fields[3:5] // max_fly_weight, max_abi
	techHead    = TechFields.Fields[2:4]  // long_range, range
	techTail    = TechFields.Fields[5:8]  // duration, terrains, value
)

// The keys of the values of a level and of the rules that the codecs
// read and write themselves beside the tables' runs: the rules a level
// names, its intro, its terrain rows and size.
var (
	rulesKey   = LevelFields.Field("rules").Key
	introKey   = LevelFields.Field("intro").Key
	terrainKey = LevelFields.Field("terrain").Key
	widthKey   = SizeFields.Field("width").Key
	heightKey  = SizeFields.Field("height").Key
)

// perTerrain names the terrains of the rules in the field tables'
// per-item lists (Field.LegacyPer): a tech's flag for each terrain.
const perTerrain = "terrain"

// aiDocs are the meanings of the AI constants, by AIConstantKeys.
var aiDocs = []string{
	"goal distance beyond which a cell scores nothing.",
	"score of a cell at the goal.",
	"buff value that scores max_buf_score.",
	"score of a cell with a buff of max_buf_value.",
	"enemy distance from which a cell is fully safe.",
	"defence score of a fully safe cell.",
	"goal distance beyond which an aux tech's cell scores nothing.",
	"score of the best tech use.",
	"cap of the buff (and fly) value × duration score.",
	"divisor of the fly score.",
	"cap and divisor of the disable_long score.",
}

// aiGo are the Go fields of AIConstants, by AIConstantKeys.
var aiGo = []string{"MaxMoveDist", "MaxMoveScore", "MaxBufValue", "MaxBufScore", "MaxDefDist", "MaxDefScore",
	"MaxTechDist", "MaxTechScore", "MaxTechBufVMD", "MaxTechFlyVMD", "MaxTechDLVMD"}

func aiRows() []field.Field {
	out := make([]field.Field, len(AIConstantKeys))
	for i, k := range AIConstantKeys {
		name := AIConstantNames[i]
		if k == "max_tech_dl_vmd" {
			name += " (AI_MAX_TECH_DL_DUR in the manual)"
		}
		// The game plays any value (a divisor of 0 is FTB004, which
		// CheckAIRules reports): the forms keep them within their limits.
		out[i] = field.Field{Go: aiGo[i], Key: k, Type: field.Integer, Required: true, Doc: name + ": " + aiDocs[i]}.Form(0, 1000000000).At(i+1, AIConstantNames[i])
	}
	return out
}

// Records lists the field tables of the family.
var Records = []*field.Record{&LevelFields, &PersonFields, &PersonCellFields, &PersonAIFields, &SizeFields, &RulesFields, &TerrainFields, &TechFields, &AoeFields, &AIFields}
