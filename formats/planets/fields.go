package planets

import (
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
)

// The field tables of the planets records whose values shapan check
// bounds: the JSON Schema is generated from them and the checks read them
// (see package field).
var (
	// SettingFields are the top-level settings that must be positive
	// whole numbers. The map's other keys are in the schema file: the
	// record is open.
	SettingFields = field.Record{Name: "planets settings", Schema: "planets-map.schema.json", Open: true, Fields: []field.Field{
		field.Field{Key: "max_round", Type: field.Integer, Code: "PLN018", Severity: diag.Error,
			Doc: "Round limit: the game is over in the step that starts with round > max_round (default: 3000)."}.AtLeast(1),
		field.Field{Key: "max_player", Type: field.Integer, Code: "PLN018", Severity: diag.Error,
			Doc: "Most players that may join (default: 4). Needs at least as many starts."}.AtLeast(1),
		field.Field{Key: "min_player", Type: field.Integer, Code: "PLN016", Severity: diag.Error,
			Doc: "At least 1 and at most max_player (shapan check tells the latter, PLN016). Players needed before the game starts (default: 2)."}.AtLeast(1),
		field.Field{Key: "start_unit", Type: field.Integer, Code: "PLN018", Severity: diag.Error,
			Doc: "Garrison given to each player's start planet (default: 100)."}.AtLeast(1),
	}}

	// RouteFields are the items of a route, [from, to, steps], by index.
	RouteFields = field.Record{Name: "planets route", Schema: "planets-map.schema.json", Pointer: "/properties/routes/items/items", Fields: []field.Field{
		{Key: "0", Type: field.Ref, Doc: "One end of the route."},
		{Key: "1", Type: field.Ref, Doc: "The other end."},
		field.Field{Go: "Steps", Key: "2", Type: field.Integer, Code: "PLN009", Severity: diag.Error,
			Doc: "Travel time in steps (a fleet on a route of s steps lands in the s-th step counting the step it leaves)."}.AtLeast(1),
	}}
)

// Records lists the field tables of the family.
var Records = []*field.Record{&SettingFields, &RouteFields}

// Fits reports whether v is a whole number (not a real, text or a
// boolean) in the range of the field f.
func Fits(f *field.Field, v Value) bool {
	i, ok := v.Int64()
	return ok && v.Type == Int && i >= -1<<31 && i < 1<<31 && !f.Outside(int(i))
}
