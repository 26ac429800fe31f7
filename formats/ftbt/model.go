// Package ftbt reads and writes the files of the war-chess engine ftbt: the
// rules (.tech), a level (.map) with its intro text, and their YAML
// documents (kinds ftbt/rules and ftbt/level). The models keep every value
// of a legacy file, including values the engine would crash on (terrain ids
// outside the terrain list, unknown tech ids, sides other than 0 and 1,
// positions off the map), so that conversion is lossless both ways and
// validation can report the problems.
package ftbt

import "github.com/shapan/shapan/formats/cells"

// Tech classes (the class field of a tech).
const (
	ClassPeople      = 0 // damage to people
	ClassAbiBuf      = 1 // attack buff on cells
	ClassDefBuf      = 2 // defence buff on cells
	ClassFly         = 3 // lowers the move cost of cells
	ClassDisableLong = 4 // protects cells from long-range attacks
)

// ClassNames are the YAML names of the tech classes, by class.
var ClassNames = []string{"people", "abi_buf", "def_buf", "fly", "disable_long"}

// Terrain is one terrain type of the rules; its id is its position.
type Terrain struct {
	Name   string
	Weight int // move points a step onto a cell of this terrain costs
	// Color is how editors and previews draw the terrain, "#rrggbb"; ""
	// means the default for its name (see TerrainColor). The game's files
	// have no colours: exporting drops them.
	Color string
}

// Tech is one tech of the rules; its id is its position.
type Tech struct {
	Name   string
	Class  int  // one of the Class constants (other values are kept as read)
	IsLong bool // a long-range attack (blocked by disable_long cells)
	// Range lists the target offsets (dx, dy) relative to the user, in file
	// order; duplicates are kept.
	Range    [][2]int
	AoeRange int  // radius of the area effect (Manhattan)
	AoeRatio int  // percent applied to cells other than the centre
	AoeSelf  bool // the area effect also hits the user's own side
	Duration int  // turns an effect of classes 1 to 4 lasts
	// Allowed says, per terrain id, whether the tech may target cells of
	// that terrain; it has one entry per terrain of the rules.
	Allowed []bool
	Value   int // damage (class people) or percent of the user's abi
}

// AIConstants are the eleven constants of the computer player.
type AIConstants struct {
	MaxMoveDist, MaxMoveScore int
	MaxBufValue, MaxBufScore  int
	MaxDefDist, MaxDefScore   int
	MaxTechDist, MaxTechScore int
	MaxTechBufVMD             int
	MaxTechFlyVMD             int
	MaxTechDLVMD              int
}

// AIConstantNames are the names of the AI constants in the engine, in file
// order. The last one is called AI_MAX_TECH_DL_DUR in the author's manual.
var AIConstantNames = []string{
	"AI_MAX_MOVE_DIST", "AI_MAX_MOVE_SCORE",
	"AI_MAX_BUF_VALUE", "AI_MAX_BUF_SCORE",
	"AI_MAX_DEF_DIST", "AI_MAX_DEF_SCORE",
	"AI_MAX_TECH_DIST", "AI_MAX_TECH_SCORE",
	"AI_MAX_TECH_BUF_VMD", "AI_MAX_TECH_FLY_VMD", "AI_MAX_TECH_DL_VMD",
}

// Fields returns pointers to the constants in file order (the order of
// AIConstantNames).
func (a *AIConstants) Fields() [11]*int {
	return [11]*int{
		&a.MaxMoveDist, &a.MaxMoveScore,
		&a.MaxBufValue, &a.MaxBufScore,
		&a.MaxDefDist, &a.MaxDefScore,
		&a.MaxTechDist, &a.MaxTechScore,
		&a.MaxTechBufVMD, &a.MaxTechFlyVMD, &a.MaxTechDLVMD,
	}
}

// Rules is a whole rules (.tech) file.
type Rules struct {
	Terrains     []Terrain
	MaxFlyWeight int
	MaxAbi       int
	Techs        []Tech
	// AI holds the constants of the computer player; nil when the file
	// has no AI block (a rules file for two human players).
	AI *AIConstants
	// Trailing holds tokens after the last expected value; the engine
	// ignores them, we keep them.
	Trailing []string
}

// TerrainNames returns the terrains' names in id order.
func (r *Rules) TerrainNames() []string {
	out := make([]string, len(r.Terrains))
	for i, t := range r.Terrains {
		out[i] = t.Name
	}
	return out
}

// TechNames returns the techs' names in id order.
func (r *Rules) TechNames() []string {
	out := make([]string, len(r.Techs))
	for i, t := range r.Techs {
		out[i] = t.Name
	}
	return out
}

// PersonAI are one person's settings for the computer player.
type PersonAI struct {
	// Attack, Defence and Move weigh the three scores of a move; -1 as
	// Attack means "not AI-controlled" (side 1) or "use the defaults".
	Attack, Defence, Move int
	// GoalX, GoalY is the cell the person heads for; either coordinate
	// negative means "no goal: chase the nearest enemy". Kept as read.
	GoalX, GoalY int
}

// Person is one person (棋子) of a level.
type Person struct {
	Name                string
	Side                int // 0 or 1 (other values are kept as read)
	Abi, Def, HP, Speed int
	X, Y                int   // starting cell
	Techs               []int // global tech ids
	AI                  *PersonAI
}

// LegendEntry is one symbol of the terrain grid of a level's YAML form.
type LegendEntry struct {
	Symbol  rune
	Terrain int
}

// Level is a whole level: the .map file and its intro text.
type Level struct {
	// RulesPath is the rules document the level is played with, as
	// written in its YAML form (relative to the level's file); "" when
	// none is named. The legacy file cannot hold it.
	RulesPath string
	// Intro is the text shown before play (the .intro file beside the
	// .map); nil when the level has no intro file.
	Intro   *string
	W, H    int
	Terrain cells.Grid // terrain id per cell, row-major: index y*W + x
	People  []Person
	// Legend is the legend the YAML form was written with, kept so that
	// a hand-chosen legend survives a load and save; nil means the
	// default legend for the rules the level is written with (and is
	// what the legacy reader returns).
	Legend []LegendEntry
	// Trailing holds tokens after the last expected value; the engine
	// ignores them, we keep them.
	Trailing []string
}

// HasAI reports whether the level has the per-person AI block (every
// person has AI settings). A level without people has none.
func (l *Level) HasAI() bool { return len(l.People) > 0 && l.People[0].AI != nil }

// At returns the terrain id of cell (x, y), which must be on the map.
func (l *Level) At(x, y int) int { return l.Terrain.At(y*l.W + x) }
