package ftbt

import (
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
)

// The field tables of the ftbt records whose values shapan check bounds:
// the JSON Schemas are generated from them and the checks read them (see
// package field).
var (
	// PersonFields are the fields of a person of a level.
	PersonFields = field.Record{Name: "ftbt person", Schema: "ftbt-level.schema.json", Pointer: "/definitions/person", Fields: []field.Field{
		{Go: "Name", Key: "name", Type: field.Ref, Required: true, Doc: "A name: one token of the legacy file (no spaces)."},
		{Go: "Side", Key: "side", Type: field.Integer, Enum: []int{0, 1}, Required: true, Code: "FTB022", Severity: diag.Error,
			Doc: "0 (moves first; the human side in the original single-player game) or 1 (the computer's side)."},
		// The studio's forms keep the stats below their form limits
		// (no rule bounds them: the game plays any whole number).
		field.Field{Go: "Abi", Key: "abi", Type: field.Integer, Required: true, Doc: "Attack."}.Form(0, 1000),
		field.Field{Go: "Def", Key: "def", Type: field.Integer, Required: true, Doc: "Defence."}.Form(0, 1000),
		field.Field{Go: "HP", Key: "hp", Type: field.Integer, Required: true, Code: "FTB026", Severity: diag.Error,
			Doc: "Hit points at the start (FTB026)."}.AtLeast(1).Form(1, 100000),
		field.Field{Go: "Speed", Key: "speed", Type: field.Integer, Required: true, Doc: "Move points per turn."}.Form(0, 100000),
		{Go: "X, Y", Key: "at", Type: field.Ref, Required: true, Doc: "The starting cell [x, y]."},
		{Go: "Techs", Key: "techs", Type: field.Ref, Doc: "The person's techs: names of the rules' techs (name#k when several share a name) or tech ids."},
		{Go: "AI", Key: "ai", Type: field.Ref},
	}}

	// SizeFields are the fields of a level's size.
	SizeFields = field.Record{Name: "ftbt level size", Schema: "ftbt-level.schema.json", Pointer: "/properties/size", Fields: []field.Field{
		field.Field{Go: "W", Key: "width", Type: field.Integer, Required: true, Code: "FTB020", Severity: diag.Error, Doc: "nx: cells per row."}.AtLeast(1),
		field.Field{Go: "H", Key: "height", Type: field.Integer, Required: true, Code: "FTB020", Severity: diag.Error, Doc: "ny: number of rows."}.AtLeast(1),
	}}

	// TerrainFields are the fields of a terrain of the rules.
	TerrainFields = field.Record{Name: "ftbt terrain", Schema: "ftbt-rules.schema.json", Pointer: "/definitions/terrain", Fields: []field.Field{
		{Go: "Name", Key: "name", Type: field.Ref, Required: true},
		field.Field{Go: "Weight", Key: "cost", Type: field.Integer, Required: true, Code: "FTB005", Severity: diag.Error,
			Doc: "Move points a step onto a cell of this terrain uses (the weight)."}.AtLeast(0).Form(0, 100000),
		{Go: "Color", Key: "color", Type: field.Ref, Doc: "How editors draw the terrain (#rrggbb). Not part of the game's file: exporting drops it."},
	}}
)

// Records lists the field tables of the family.
var Records = []*field.Record{&PersonFields, &SizeFields, &TerrainFields}
