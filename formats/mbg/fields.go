package mbg

import (
	"fmt"
	"math"
	"slices"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
)

// The codes of check's rules that the field tables name: the engine's
// and validate's rules take them from here, so that each code is written
// once (internal/archtest TestRuleCodesAreWrittenOnce).
const (
	CodeBadTech     = "MBG007" // a tech id outside 0–11
	CodeAbility     = "MBG020" // an ability outside 0–100
	CodeScope       = "MBG022" // a city scope other than small, medium or large
	CodeBadItem     = "MBG023" // a training room trains no ability
	CodeBadDir      = "MBG024" // a direction other than ±1
	CodeSquareType  = "MBG027" // a board square of an unknown type
	CodeFengshui    = "MBG064" // a fengshui outside 0–0.5
	CodeTrainRounds = "MBG065" // training rounds outside 0–6
)

// The field tables of the mbg records: every field of an officer, a city,
// a role, an institute, a training room and a board square, of a scenario
// and of a save. The JSON Schemas' properties of these records are
// generated from them, and check's range and set rules read them (see
// package field).
const (
	scenarioSchema = "mbg-scenario.schema.json"
	saveSchema     = "mbg-save.schema.json"
)

// The fields shared by the records of a scenario and a save.
var (
	// ScopeField is a city's scope: small, medium, large (0, 1, 2).
	ScopeField = field.Field{Go: "Scope", Key: "scope", Expect: "small, medium or large", Type: field.String, Names: ScopeNames, Enum: []int{0, 1, 2}, Required: true,
		Code: CodeScope, Severity: diag.Error, Doc: "Defence 500 / 800 / 1200; income scale 1.5 / 2 / 2.5."}
	// ItemField is the ability a training room trains.
	ItemField = field.Field{Go: "Item", Key: "item", What: "trained property", Expect: "one of " + joinNames(PropKeys), Type: field.String, Names: PropKeys, Enum: []int{0, 1, 2, 3, 4}, Required: true,
		Code: CodeBadItem, Severity: diag.Error, Doc: "The property trained here."}
	// DirField is a role's moving direction.
	DirField = field.Field{Go: "Dir", Key: "dir", What: "direction", Expect: "1 or -1", Type: field.Integer, Enum: []int{1, -1}, Required: true,
		Code: CodeBadDir, Severity: diag.Error, Doc: "Moving direction: 1 or -1."}
	// TypeField is the type of a board square.
	TypeField = field.Field{Go: "Class", Key: "type", Expect: "one of " + joinNames(ClassNames), Type: field.String, Names: ClassNames, Enum: []int{0, 1, 2, 3, 4, 5}, Required: true,
		Code: CodeSquareType, Severity: diag.Error, Doc: "What the square is."}
	nameRow = field.Field{Go: "Name", Key: "name", Type: field.Ref, Required: true, Doc: "The name (a YAML scalar of any kind)."}
)

// ability is the field of ability k, element k of an officer's Props, at
// position at of its legacy line: an ability outside 0–100 is played as
// it is, so check only warns of it.
func ability(k, at int, doc string) field.Field {
	key := PropKeys[k]
	return field.Field{Go: fmt.Sprintf("Props[%d]", k), Key: key, What: "ability " + key, Type: field.Number, Required: true,
		Code: CodeAbility, Severity: diag.Warning, Doc: doc, Legacy: at}.Between(0, 100)
}

// abilities are the five abilities of an officer of a scenario and of a
// save, in the order of PropKeys, the first at position first of its
// legacy line; the YAML codecs and the legacy readers and writers read
// and write them from the tables (fieldyaml, fieldtok).
func abilities(first int) []field.Field {
	return []field.Field{
		ability(0, first, "武术 martial (battle power)"),
		ability(1, first+1, "战术 tactics (battle win chance)"),
		ability(2, first+2, "谋略 strategy (tech odds, study speed)"),
		ability(3, first+3, "政治 politics (a mayor heals the garrison)"),
		ability(4, first+4, "经济 economy (a treasurer's income)"),
	}
}

// The records of a scenario.
var (
	// OfficerFields are the fields of an officer: the five abilities, by
	// index of Props, after the name (as on his line of a .map file).
	OfficerFields = field.Record{Name: "mbg officer", Schema: scenarioSchema, Pointer: "/definitions/officer", Fields: append([]field.Field{nameRow}, abilities(1)...)}

	// CityFields are the fields of a city.
	// Its line of a .map file holds the values of the legacy positions
	// after the name, then the rectangle.
	CityFields = field.Record{Name: "mbg city", Schema: scenarioSchema, Pointer: "/definitions/city", Fields: []field.Field{
		nameRow, ScopeField.At(1, "scope (0 small, 1 medium, 2 large)"),
		field.Field{Go: "Garrison", Key: "garrison", Type: field.Ref, Doc: "The officers stationed in the city."}.At(2, "number of garrison officers").Listing("garrison officer"),
		field.Field{Go: "Mayor", Key: "mayor", Type: field.Ref, Doc: "The mayor: heals the garrison by his politics."}.At(3, "mayor (an officer or -1)").Defaulting(none).Omitted(),
		field.Field{Go: "Treasurer", Key: "treasurer", Type: field.Ref, Doc: "The treasurer: earns by his economy."}.At(4, "treasurer (an officer or -1)").Defaulting(none).Omitted(),
		{Go: "Rect", Key: "rect", Type: field.Ref, Doc: "Where the original board window draws the city; display only."},
	}}

	// RoleFields are the fields of a role (a player); its lines of a .map
	// file hold the values of the legacy positions after the name.
	RoleFields = field.Record{Name: "mbg role", Schema: scenarioSchema, Pointer: "/definitions/role", Fields: []field.Field{
		nameRow,
		field.Field{Go: "Start", Key: "start", What: "starting square", Expect: "a square number, or -1", Type: field.Integer, Required: true,
			Doc: "Starting square; -1: the role does not take part."}.At(1, "starting square (or -1)"),
		field.Field{Go: "Money", Key: "money", Type: field.Number, Required: true, Doc: "Money at the start."}.Form(0, math.MaxInt32).At(5, ""),
		DirField.At(6, "direction (1 or -1)"),
		field.Field{Go: "Techs", Key: "techs", Type: field.Ref, Doc: "Techs known at the start."}.At(2, "number of known techs").Listing("tech"),
		field.Field{Go: "Retinue", Key: "retinue", Type: field.Ref, Doc: "Officers travelling with the role."}.At(3, "number of travelling officers").Listing("travelling officer"),
		field.Field{Go: "Cities", Key: "cities", Type: field.Ref, Doc: "Cities owned at the start."}.At(4, "number of owned cities").Listing("owned city"),
	}}

	// InstituteFields are the fields of an institute.
	// Its line of a .map file holds its techs after the name, then the
	// rectangle.
	InstituteFields = field.Record{Name: "mbg institute", Schema: scenarioSchema, Pointer: "/definitions/institute", Fields: []field.Field{
		nameRow,
		instituteTechs,
		{Go: "Rect", Key: "rect", Type: field.Ref, Doc: "Where the original board window draws the institute; display only."},
	}}

	// TrainingRoomFields are the fields of a training room.
	// Its line of a .map file holds the item after the name, then the
	// rectangle.
	TrainingRoomFields = field.Record{Name: "mbg training room", Schema: scenarioSchema, Pointer: "/definitions/training_room", Fields: []field.Field{
		nameRow, ItemField.At(1, "trained property (0 wu … 4 jing)"),
		{Go: "Rect", Key: "rect", Type: field.Ref, Doc: "Where the original board window draws the training room; display only."},
	}}

	// SquareFields are the fields of a board square: its line of a .map
	// file holds the class, the base (whose key the class chooses:
	// BaseKey), then its place in the board window.
	SquareFields = field.Record{Name: "mbg square", Schema: scenarioSchema, Pointer: "/definitions/square", Fields: slices.Concat(
		[]field.Field{TypeField.At(1, "class")},
		squareBase("base (the city, institute or training room it belongs to)"),
		[]field.Field{field.Field{Go: "X, Y", Key: "at", What: "position", Type: field.Ref, Doc: "[x, y] in the original board window; display only."}.At(3, "x, y").
			Paired("[x, y]").Defaulting([2]int{}).Omitted()},
	)}

	// TechFields is a tech given by id (a tech is also named by its
	// name, which the schema file lists).
	TechFields = field.Record{Name: "mbg tech id", Schema: scenarioSchema, Pointer: "/definitions/tech/anyOf/1", Fields: []field.Field{
		field.Field{Key: "", Type: field.Integer, Code: CodeBadTech, Severity: diag.Error, Doc: "A tech id, 0 to 11 (MBG007)."}.Between(0, 11),
	}}
)

// The records of a save. The studio's forms keep the counts of rounds
// and the maximum hit points and defence within their form limits (no
// rule bounds them: the game plays any value).
var (
	// SaveOfficerFields are the fields of an officer of a save; the
	// values of his line of a .sav file after the name, in their legacy
	// order, are read and written from the table (fieldtok).
	SaveOfficerFields = field.Record{Name: "mbg save officer", Schema: saveSchema, Pointer: "/definitions/officer", Fields: slices.Concat(
		[]field.Field{
			nameRow,
			field.Field{Go: "Role", Key: "role", Type: field.Ref, Doc: "The role that employs him; absent: free."}.At(1, "").Defaulting(none).Omitted(),
			field.Field{Go: "Job", Key: "job", Type: field.Ref, Doc: "His job (mayor, treasurer, garrison, researcher, trainee); absent: none."}.At(2, ""),
			field.Field{Go: "Loc", Key: "at", What: "location", Type: field.Ref, Doc: "The city, institute or training room of the job."}.At(3, "location"),
		},
		saveOfficerStats,
		[]field.Field{
			field.Field{Go: "Level", Key: "level", Type: field.Ref, Required: true, Doc: "His level: low, medium or high."}.At(14, ""),
		})}

	// saveOfficerStats are the hit points, the abilities, whether he quit
	// and his rounds of rumour and poison: the run of an officer of a
	// save that its YAML codec reads and writes from the table.
	saveOfficerStats = slices.Concat([]field.Field{
		field.Field{Go: "HP", Key: "hp", Type: field.Number, Required: true, Doc: "Hit points."}.At(5, ""),
		field.Field{Go: "HPMax", Key: "hp_max", What: "maximum hp", Type: field.Number, Required: true, Doc: "Most hit points."}.Form(1, 1000000).At(4, ""),
	}, abilities(6), []field.Field{
		field.Field{Go: "Quit", Key: "quit", Type: field.Boolean, Doc: "He has left the game."}.Omitted().At(11, "quitting"),
		field.Field{Go: "Rumour", Key: "rumour", Type: field.Integer, Doc: "Rounds of rumour (流言) left."}.Form(0, 99).Omitted().At(12, "rumour rounds"),
		field.Field{Go: "Poison", Key: "poison", Type: field.Integer, Doc: "Rounds of poison left."}.Form(0, 99).Omitted().At(13, "poison rounds"),
	})

	// SaveCityFields are the fields of a city of a save.
	// The values of its line of a .sav file after the name, in their
	// legacy order, are read and written from the table (fieldtok).
	SaveCityFields = field.Record{Name: "mbg save city", Schema: saveSchema, Pointer: "/definitions/city", Fields: []field.Field{
		nameRow, ScopeField.At(1, ""),
		field.Field{Go: "HP", Key: "defence", Type: field.Number, Required: true, Doc: "Defence now."}.At(3, ""),
		field.Field{Go: "HPMax", Key: "defence_max", What: "maximum defence", Type: field.Number, Required: true, Doc: "Most defence."}.Form(0, 1000000).At(2, ""),
		field.Field{Go: "Role", Key: "owner", Type: field.Ref, Doc: "The role that owns the city; absent: none."}.At(4, "owner (a role or -1)").Defaulting(none).Omitted(),
		field.Field{Go: "Mayor", Key: "mayor", Type: field.Ref, Doc: "The mayor."}.At(5, "").Defaulting(none).Omitted(),
		field.Field{Go: "Treasurer", Key: "treasurer", Type: field.Ref, Doc: "The treasurer."}.At(6, "").Defaulting(none).Omitted(),
		fengshui.At(7, ""),
		field.Field{Go: "Garrison", Key: "garrison", Type: field.Ref, Doc: "The officers stationed in the city."}.At(8, "garrison set").SetOf(perOfficer).WrittenAs("garrison"),
	}}

	// SaveInstituteFields are the fields of an institute of a save.
	// Its lines of a .sav file hold its techs after the name, then the
	// research of each role, which the family's reader reads.
	SaveInstituteFields = field.Record{Name: "mbg save institute", Schema: saveSchema, Pointer: "/definitions/institute", Fields: []field.Field{
		nameRow,
		instituteTechs,
		{Go: "Researcher", Key: "research", Type: field.Ref, Doc: "Per role: the researcher, the tech being studied and the points left."},
	}}

	// ResearchFields are a role's study at an institute of a save. The
	// lines of a .sav file after the institute's techs hold them as lists
	// of one value per role, read from the table (fieldtok).
	ResearchFields = field.Record{Name: "mbg save research", Schema: saveSchema, Pointer: "/definitions/institute/properties/research/additionalProperties", Fields: []field.Field{
		field.Field{Go: "Researcher", Key: "researcher", Type: field.Ref, Doc: "The officer studying."}.At(1, "researchers").PerItem(perRole, "researcher of role %d"),
		field.Field{Go: "OnStudy", Key: "tech", Type: field.Ref, Doc: "The tech being studied."}.At(2, "techs being studied").PerItem(perRole, "tech studied by role %d").WrittenAs("techs studied"),
		field.Field{Go: "Points", Key: "points", Type: field.Number, Doc: "The points left."}.Form(0, 100000).At(3, "points left").PerItem(perRole, "points left for role %d").WrittenAs("points"),
	}}

	// TrainingFields are a role's training at a training room of a save.
	// The lines of a .sav file after the room's item hold them as lists
	// of one value per role, read from the table (fieldtok).
	TrainingFields = field.Record{Name: "mbg save training", Schema: saveSchema, Pointer: "/definitions/training_room/properties/training/additionalProperties", Fields: []field.Field{
		field.Field{Go: "Trainee", Key: "trainee", Type: field.Ref, Doc: "The officer training."}.At(1, "trainees").PerItem(perRole, "trainee of role %d"),
		trainRounds.At(2, "rounds left").PerItem(perRole, "rounds left for role %d").WrittenAs("rounds"),
	}}

	// SaveTrainingRoomFields are the fields of a training room of a save.
	// Its lines of a .sav file hold the item after the name, then the
	// training of each role, which the family's reader reads.
	SaveTrainingRoomFields = field.Record{Name: "mbg save training room", Schema: saveSchema, Pointer: "/definitions/training_room", Fields: []field.Field{
		nameRow, ItemField.At(1, "trained property"),
		{Go: "Trainee", Key: "training", Type: field.Ref, Doc: "Per role: the trainee and the rounds left."},
	}}

	// SaveSquareFields are the fields of a board square of a save: its
	// line of a .sav file holds the class, the base (whose key the class
	// chooses: BaseKey), the barrier and the robbers, then, on a line of
	// its own, whether each role stands on it.
	SaveSquareFields = field.Record{Name: "mbg save square", Schema: saveSchema, Pointer: "/definitions/square", Fields: slices.Concat(
		[]field.Field{TypeField.At(1, "class")},
		squareBase("base"),
		[]field.Field{
			field.Field{Go: "Barrier", Key: "barrier", Type: field.Boolean, Doc: "A barrier (障碍) stands on the square."}.Omitted().At(3, ""),
			field.Field{Go: "Robber", Key: "robber", Type: field.Boolean, Doc: "Robbers (山贼) wait on the square."}.Omitted().At(4, ""),
			field.Field{Go: "Present", Key: "present", Type: field.Ref, Doc: "Roles standing on the square."}.At(5, "roles present").PerItem(perRole, "role %d present").WrittenAs("presence"),
		})}

	// SaveRoleFields are the fields of a role of a save; the values of its
	// line of a .sav file after the name, in their legacy order, are read
	// and written from the table (fieldtok).
	SaveRoleFields = field.Record{Name: "mbg save role", Schema: saveSchema, Pointer: "/definitions/role", Fields: []field.Field{
		nameRow,
		field.Field{Go: "Loc", Key: "at", What: "square", Expect: "a square number, or -1", Type: field.Integer, Required: true, Doc: "Square; -1: eliminated."}.At(1, ""),
		field.Field{Go: "Money", Key: "money", Type: field.Number, Required: true, Doc: "Money."}.Form(0, math.MaxInt32).At(2, ""),
		DirField.At(3, "direction"),
		field.Field{Go: "MoveState", Key: "move_state", Type: field.Ref, Doc: "Movement: normal, slow, fast or stopped."}.At(4, "movement state"),
		field.Field{Go: "MoveTurns", Key: "move_turns", Type: field.Integer, Doc: "Turns the movement state lasts."}.Form(0, 99).At(5, "movement state rounds"),
		field.Field{Go: "ExtraAction", Key: "extra_action", Type: field.Boolean, Doc: "The role acts twice this turn (双行)."}.Omitted().At(6, "extra action"),
		field.Field{Go: "Alliance", Key: "alliance", Type: field.Ref, Doc: "none, public_enemy, or the allied role."}.At(7, "alliance state"),
		field.Field{Go: "AllianceTurns", Key: "alliance_turns", Type: field.Integer, Doc: "Turns the alliance lasts."}.Form(0, 99).At(8, "alliance rounds"),
		// The sets stand on lines of their own after the role's.
		field.Field{Go: "Techs", Key: "techs", Type: field.Ref, Doc: "Techs known."}.At(9, "tech set").SetOf(perTech).WrittenAs("techs"),
		field.Field{Go: "Retinue", Key: "retinue", Type: field.Ref, Doc: "Officers travelling with the role."}.At(10, "travelling officer set").SetOf(perOfficer).WrittenAs("travelling officers"),
		field.Field{Go: "Cities", Key: "cities", Type: field.Ref, Doc: "Cities owned."}.At(11, "city set").SetOf(perCity).WrittenAs("cities"),
		field.Field{Go: "Researchers", Key: "researchers", Type: field.Ref, Doc: "Officers studying at institutes."}.At(12, "researcher set").SetOf(perOfficer).WrittenAs("researchers"),
		field.Field{Go: "Trainees", Key: "trainees", Type: field.Ref, Doc: "Officers training at training rooms."}.At(13, "trainee set").SetOf(perOfficer).WrittenAs("trainees"),
		field.Field{Go: "Cards", Key: "cards", Type: field.Ref, Doc: "Card counts by card name."}.At(14, "cards").PerItem(perCard, "count of card %[2]s").Unsized(),
	}}

	// CardCountFields is the count of a card a role of a save holds: the
	// game plays any count, the forms keep it within their form limits.
	CardCountFields = field.Record{Name: "mbg save card count", Schema: saveSchema, Pointer: "/definitions/role/properties/cards/additionalProperties", Fields: []field.Field{
		field.Field{Go: "Cards", Key: "", Type: field.Integer, Doc: "How many of the card the role holds."}.Form(0, 999),
	}}

	// SaveTechFields is the tech id field in the schema of a save.
	SaveTechFields = field.Record{Name: "mbg save tech id", Schema: saveSchema, Pointer: "/definitions/tech/anyOf/1", Fields: TechFields.Fields}
)

// saveCityValues are the values of a city of a save after its name,
// which its YAML codec reads and writes from the table (its owner, mayor,
// treasurer and garrison resolved by saveNames.refs).
var saveCityValues = SaveCityFields.Fields[1:]

// The single fields and short runs of the records that the YAML codecs
// read and write from the tables (fieldyaml) among keys of their own:
// the scenario's and the save's top-level numbers and the save's acting
// role, a training room's item, a square's values (its type, its base,
// whose key and list its type chooses, and its place in the board window,
// or a saved square's barrier and robber), a saved role's turns of
// movement and alliance and its extra action.
var (
	scenarioHead   = fields(&ScenarioFields, "win_money")
	saveTurn       = fields(&SaveFields, "turn")
	saveWinMoney   = fields(&SaveFields, "win_money")
	actingRole     = fields(&SaveFields, "acting_role")
	roomItem       = fields(&TrainingRoomFields, "item")
	saveRoomItem   = fields(&SaveTrainingRoomFields, "item")
	squareValues   = SquareFields.Fields         // type, base, at
	saveSquareHead = SaveSquareFields.Fields[:7] // type, base, barrier, robber
	moveTurns      = fields(&SaveRoleFields, "move_turns")
	extraAction    = fields(&SaveRoleFields, "extra_action")
	allianceTurns  = fields(&SaveRoleFields, "alliance_turns")
)

// PropKeys are the YAML keys of the five officer properties, by index:
// martial, tactics, strategy, politics, economy — the keys of the
// ability rows of the officer tables (ability).
var PropKeys = []string{"wu", "zhan", "mou", "zheng", "jing"}

// The keys that the YAML codecs read and write themselves beside the
// tables' runs: a square's raw base (the field BaseKey starts from), the
// points of a role's research and the rounds of its training.
var (
	rawBaseKey = SquareFields.Field("base").Key
	pointsKey  = ResearchFields.Field("points").Key
	roundsKey  = TrainingFields.Field("rounds").Key
)

// fields returns the fields of keys of r, in that order.
func fields(r *field.Record, keys ...string) []field.Field {
	out := make([]field.Field, len(keys))
	for i, k := range keys {
		out[i] = *r.Field(k)
	}
	return out
}

// The runs of the records after their names that the YAML codecs read
// and write from the tables: roleRun is all of a scenario role's (its
// start, money and direction, and its techs, retinue and cities resolved
// by scenarioNames.refs), cityValues a scenario city's between its name
// and its rectangle (its garrison, mayor and treasurer resolved against
// the officers), saveRoleHead a saved role's square, money and
// direction, saveRoleSets its sets, and officerRole and officerAt a
// saved officer's role and location (whose list his job chooses:
// officerPlace).
var (
	roleRun      = RoleFields.Fields[1:]
	cityValues   = CityFields.Fields[1:5]
	saveRoleHead = SaveRoleFields.Fields[1:4]
	saveRoleSets = SaveRoleFields.Fields[9:14]
	officerRole  = SaveOfficerFields.Fields[1:2]
	officerAt    = SaveOfficerFields.Fields[3:4]
)

// none is an optional reference that refers to nothing (a city without a
// mayor): the YAML leaves it out.
const none = -1

// perRole names the roles in the field tables' per-item lists
// (Field.LegacyPer): a save's lines of one value per role; perOfficer,
// perCity and perTech name the officers, the cities and the techs of
// the sets (Field.LegacySet).
const (
	perRole    = "role"
	perOfficer = "officer"
	perCity    = "city"
	perTech    = "tech"
	perCard    = "card"
)

// freeSet is the set of the free officers of level lv, named key.
func freeSet(lv int, key string) field.Field {
	return field.Field{Go: fmt.Sprintf("Free[%d]", lv), Key: key, Type: field.Ref}.At(lv+1, "free officers of level "+key).SetOf(perOfficer)
}

// fengshui is a saved city's luck: the game rolls it from 0 to 0.5 every
// five rounds and adds it to the city's income scale. It plays any value
// (a larger one earns more, a negative one less), so check only warns.
var fengshui = field.Field{Go: "Fengshui", Key: "fengshui", Type: field.Number,
	Code: CodeFengshui, Severity: diag.Warning, Doc: "风水: the city's luck, added to its income scale; rolled anew every 5 rounds."}.BetweenReal(0, 0.5)

// TrainRounds is how long a training lasts (spec §4.1, TRAIN_ROUND).
const TrainRounds = 6

// trainRounds are the rounds a training has left: the game counts any
// number down (more than TrainRounds trains longer, 0 or less finishes
// at the next round end), so check only warns.
var trainRounds = field.Field{Go: "Rounds", Key: "rounds", What: "training rounds", Type: field.Integer,
	Code: CodeTrainRounds, Severity: diag.Warning, Doc: "The rounds left; a training lasts 6."}.Between(0, TrainRounds)

// The top-level records of a scenario and a save.
var (
	// ScenarioFields are the top-level keys of a scenario.
	ScenarioFields = field.Record{Name: "mbg scenario", Schema: scenarioSchema, Fields: []field.Field{
		{Key: "kind", Type: field.String, Const: KindScenario, Required: true},
		{Key: "version", Type: field.Integer, Const: 1, Required: true, Doc: "Format version of this document."},
		winMoney.At(4, "the winning money (header field 4)").Expecting("the money a role needs to win"),
		{Go: "NX, NY", Key: "grid_size", Type: field.Ref, Doc: "Size of the original game's board window; display only."},
		field.Field{Go: "Board", Key: "board", Type: field.Ref, Required: true,
			Doc: "The looping path, square 0 first; a role moves from square i to i+dir."}.At(1, "the number of board squares (header field 1)").Length(4),
		// The lists after the board start with their lengths, each item
		// at least as many values of the file as Length says.
		field.Field{Go: "Officers", Key: "officers", Type: field.Ref}.At(5, "the number of officers").Length(6),
		field.Field{Go: "Cities", Key: "cities", Type: field.Ref}.At(6, "the number of cities").Length(9),
		field.Field{Go: "Roles", Key: "roles", Type: field.Ref, Required: true}.At(7, "the number of roles").Length(7),
		field.Field{Go: "Institutes", Key: "institutes", Type: field.Ref}.At(8, "the number of institutes").Length(6),
		field.Field{Go: "TrainingRooms", Key: "training_rooms", Type: field.Ref}.At(9, "the number of training rooms").Length(6),
		{Go: "Trailing", Key: "trailing_tokens", Type: field.Ref, Doc: "Values after the end of the legacy file; the game ignores them."},
	}}

	// GridSizeFields are the size of the original board window.
	GridSizeFields = field.Record{Name: "mbg grid size", Schema: scenarioSchema, Pointer: "/properties/grid_size", Fields: gridSize(2)}

	// SaveFields are the top-level keys of a save.
	SaveFields = field.Record{Name: "mbg save", Schema: saveSchema, Fields: []field.Field{
		{Key: "kind", Type: field.String, Const: KindSave, Required: true},
		{Key: "version", Type: field.Integer, Const: 1, Required: true},
		field.Field{Go: "Turn", Key: "turn", Type: field.Integer, Required: true}.Form(1, 1000000).At(7, "the turn (header field 7)").Expecting("the turn number"),
		field.Field{Go: "ActingRole", Key: "acting_role", Type: field.Ref, Required: true, Doc: "The role whose action was in progress."}.At(11, "the acting role (header field 11)").
			Expecting("the role whose action was in progress"),
		winMoney.At(8, "the winning money (header field 8)"),
		{Go: "NX, NY", Key: "grid_size", Type: field.Ref},
		// The header's first six values are the lists' lengths, each
		// item at least as many values of the file as Length says.
		field.Field{Go: "Board", Key: "board", Type: field.Ref, Required: true}.At(1, "the number of board squares (header field 1)").Length(6),
		field.Field{Go: "Cities", Key: "cities", Type: field.Ref}.At(4, "the number of cities (header field 4)").Length(10),
		field.Field{Go: "Institutes", Key: "institutes", Type: field.Ref}.At(5, "the number of institutes (header field 5)").Length(5),
		field.Field{Go: "TrainingRooms", Key: "training_rooms", Type: field.Ref}.At(6, "the number of training rooms (header field 6)").Length(4),
		field.Field{Go: "Officers", Key: "officers", Type: field.Ref}.At(3, "the number of officers (header field 3)").Length(15),
		field.Field{Go: "Roles", Key: "roles", Type: field.Ref}.At(2, "the number of roles (header field 2)").Length(9),
		{Go: "Free", Key: "free", Type: field.Ref, Doc: "Officers nobody has hired, by level."},
		{Go: "Trailing", Key: "trailing_tokens", Type: field.Ref},
	}}

	// SaveGridSizeFields are the size of the board window in a save.
	SaveGridSizeFields = field.Record{Name: "mbg save grid size", Schema: saveSchema, Pointer: "/properties/grid_size", Fields: gridSize(9)}

	// FreeFields are a save's free officers, by level: the sets that end
	// a .sav file.
	FreeFields = field.Record{Name: "mbg save free officers", Schema: saveSchema, Pointer: "/properties/free", Fields: []field.Field{
		freeSet(0, "low"), freeSet(1, "medium"), freeSet(2, "high"),
	}}
)

// gridSize is the size of the board window, the values at positions at
// and at+1 of the legacy file's header.
func gridSize(at int) []field.Field {
	return []field.Field{
		field.Field{Go: "NX", Key: "nx", Type: field.Integer}.Form(0, 1000).At(at, fmt.Sprintf("the board window width nx (header field %d)", at)),
		field.Field{Go: "NY", Key: "ny", Type: field.Integer}.Form(0, 1000).At(at+1, fmt.Sprintf("the board window height ny (header field %d)", at+1)),
	}
}

// squareBase are the fields of a square's base, the value after its
// class on its line of the legacy files (named what in the legacy
// reader's messages): the Go field Base, whose key the square's type
// chooses — the city, the institute or the training room it belongs to,
// else a raw value the game ignores.
func squareBase(what string) []field.Field {
	by := TypeField.Key
	return []field.Field{
		field.Field{Go: "Base", Key: "city", Type: field.Ref, Doc: "The city this square belongs to (type city)."}.At(2, what).KeyedBy(by, ClassCity).
			Expecting("the city this square belongs to"),
		field.Field{Go: "Base", Key: "institute", Type: field.Ref, Doc: "The institute this square belongs to (type institute)."}.At(2, what).KeyedBy(by, ClassInstitute).
			Expecting("the institute this square belongs to"),
		field.Field{Go: "Base", Key: "training_room", Type: field.Ref, Doc: "The training room this square belongs to (type training_room)."}.At(2, what).KeyedBy(by, ClassTrainingRoom).
			Expecting("the training_room this square belongs to"),
		field.Field{Go: "Base", Key: "base", Type: field.Integer, Doc: "Raw base value of a square that belongs to no building; ignored by the game."}.At(2, what).KeyedBy(by).Omitted(),
	}
}

// instituteTechs are the techs of an institute of a scenario and of a
// save.
var instituteTechs = field.Field{Go: "Techs", Key: "techs", Type: field.Ref, Doc: "The techs studied here."}.At(1, "number of techs").Listing("tech")

// winMoney is the money a role wins with. The game plays any amount (at 0
// or below every role wins at the first round end, which check warns of:
// MBG026, a role starts with the win money); the forms keep it from 1 up.
var winMoney = field.Field{Go: "WinMoney", Key: "win_money", Type: field.Number, Required: true,
	Doc: "A role whose money reaches this at a round end wins."}.Form(1, math.MaxInt32)

// Records lists the field tables of the family.
var Records = []*field.Record{
	&ScenarioFields, &GridSizeFields, &SaveFields, &SaveGridSizeFields, &FreeFields,
	&OfficerFields, &CityFields, &RoleFields, &InstituteFields, &TrainingRoomFields, &SquareFields, &TechFields,
	&SaveOfficerFields, &SaveCityFields, &SaveInstituteFields, &ResearchFields, &SaveTrainingRoomFields, &TrainingFields, &SaveSquareFields, &SaveRoleFields, &CardCountFields, &SaveTechFields,
}

// Ability returns the field of the ability of Props index k.
func Ability(k int) *field.Field { return &OfficerFields.Fields[k+1] }
