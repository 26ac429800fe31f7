package mbg

import (
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/field"
)

// The field tables of the mbg records whose values shapan check bounds:
// the JSON Schemas are generated from them and the checks read them (see
// package field).
var (
	// OfficerFields are the fields of an officer: the five abilities, by
	// index of Props, after the name. An ability outside 0–100 is played
	// as it is: check only warns of it.
	OfficerFields = field.Record{Name: "mbg officer", Schema: "mbg-scenario.schema.json", Pointer: "/definitions/officer", Fields: []field.Field{
		{Go: "Name", Key: "name", Type: field.Ref, Required: true},
		ability("wu", "武术 martial (battle power)"),
		ability("zhan", "战术 tactics (battle win chance)"),
		ability("mou", "谋略 strategy (tech odds, study speed)"),
		ability("zheng", "政治 politics (a mayor heals the garrison)"),
		ability("jing", "经济 economy (a treasurer's income)"),
	}}

	// TechFields is a tech given by id (a tech is also named by its
	// name, which the schema file lists).
	TechFields = field.Record{Name: "mbg tech id", Schema: "mbg-scenario.schema.json", Pointer: "/definitions/tech/anyOf/1", Fields: []field.Field{
		field.Field{Key: "", Type: field.Integer, Code: "MBG007", Severity: diag.Error, Doc: "A tech id, 0 to 11 (MBG007)."}.Between(0, 11),
	}}
)

// SaveTechFields is the same field in the schema of a save.
var SaveTechFields = field.Record{Name: "mbg save tech id", Schema: "mbg-save.schema.json", Pointer: "/definitions/tech/anyOf/1", Fields: TechFields.Fields}

// Records lists the field tables of the family.
var Records = []*field.Record{&OfficerFields, &TechFields, &SaveTechFields}

func ability(key, doc string) field.Field {
	return field.Field{Go: "Props", Key: key, Type: field.Number, Required: true, Code: "MBG020", Severity: diag.Warning, Doc: doc}.Between(0, 100)
}

// Ability returns the field of the ability of Props index k.
func Ability(k int) *field.Field { return &OfficerFields.Fields[k+1] }
