// Package planets reads and writes Planet-Conquer maps: the game's own YAML
// files and Shapan's planets/map document, which is the same YAML with a
// kind and format header (the game ignores unknown top-level keys, so it
// still loads our documents).
//
// The original game reads maps with PyYAML, that is with YAML 1.1 rules:
// `yes` is a boolean, `010` is the octal integer 8, `1e3` is a string and
// `2` and `2.0` are different numbers (an integer and a real, which fight
// differently). The readers here resolve every value the way PyYAML does and
// the writers write every value so that PyYAML reads it back unchanged, with
// the same type. The model keeps every value as the game reads it, including
// values the game would reject later, so that conversion is lossless both
// ways and validation can report problems.
package planets

import (
	"reflect"
	"slices"

	"github.com/shapan/shapan/formats/field"
)

// Document kind and format version of Shapan's planets/map YAML.
const (
	Kind          = "planets/map"
	FormatVersion = 1
)

// Map is a whole Planet-Conquer map.
//
// The known top-level settings are kept as written (Absent when the file
// does not have them; Get returns them with the game's defaults filled in).
// A map that lacks starts, map, planets or routes cannot be loaded by the
// game; the model still represents it (the Has flags are false) so that
// validation can say what is missing.
type Map struct {
	Name        Value // map name shown to clients (default "unknown")
	Desc        Value // description
	Author      Value // default "none"
	Version     Value // informational (default 1.0)
	MaxRound    Value // round limit (default 3000)
	MaxPlayer   Value // most players (default 4)
	MinPlayer   Value // players needed to start (default 2)
	StartUnit   Value // garrison of each start planet (default 100)
	MaintainFee Value // maintenance fee on when true in the Python sense

	// Starts are the start planets' tokens, one per joining player.
	Starts    []Value
	HasStarts bool

	// Grid is the `map` string exactly as read: rows of planet letters.
	Grid    string
	HasGrid bool

	// Planets in file order.
	Planets    []Planet
	HasPlanets bool

	// Routes in file order.
	Routes    []Route
	HasRoutes bool

	// Extra holds the other top-level keys, in file order. The game keeps
	// them and ignores them.
	Extra []Pair
}

// Planet is one entry under `planets`.
type Planet struct {
	// Token is the key exactly as PyYAML reads it; a planet that can be
	// placed on the grid has a one-letter string token.
	Token Value
	Type  Value // free label ("base", "resource")
	Def   Value // defence multiplier
	Res   Value // proportional growth factor
	Cos   Value // constant growth per step
	Max   Value // production cap
	// Extra holds the other attributes in file order; the game passes
	// them to clients unchanged.
	Extra []Pair
}

// Route is one entry of `routes`: [from, to, steps].
type Route struct {
	From, To, Steps Value
}

// Top-level keys of a map, in the order the writers use: MapFields'
// keys but Shapan's header (kind and format).
var topKeys = mapKeys()

func mapKeys() []string {
	var out []string
	for _, f := range MapFields.Fields {
		if f.Const == nil {
			out = append(out, f.Key)
		}
	}
	return out
}

// Planet attribute keys, in the order the writers use (PlanetFields').
var planetKeys = PlanetFields.Keys()

// PathGrid is the document path of the grid (the map key, MapFields'),
// and of its cells: "map[row][col]".
var PathGrid = MapFields.Field("map").Key

// valueType is the type of the model's values.
var valueType = reflect.TypeFor[Value]()

// valueFields finds, once, where the model of the records r keeps each
// key whose value is a Value (a setting, a planet's attribute): the
// index of its Go field in a struct of type t.
func valueFields(r *field.Record, t reflect.Type) map[string][]int {
	out := map[string][]int{}
	for _, f := range r.Fields {
		if sf, ok := t.FieldByName(f.Go); ok && f.Go != "" && sf.Type == valueType {
			out[f.Key] = sf.Index
		}
	}
	return out
}

var (
	settingIndex = valueFields(&MapFields, reflect.TypeFor[Map]())
	attrIndex    = valueFields(&PlanetFields, reflect.TypeFor[Planet]())
	// settingKeys are the keys of the scalar settings, in table order.
	settingKeys = scalarKeys()
)

func scalarKeys() []string {
	var out []string
	for _, k := range topKeys {
		if _, ok := settingIndex[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

// SettingKeys returns the keys of the map's scalar top-level settings
// (name to maintain_fee), in the order of MapFields.
func SettingKeys() []string { return slices.Clone(settingKeys) }

// Setting returns the field of m that holds the top-level setting key,
// or nil when key is not one of the scalar settings of MapFields.
func (m *Map) Setting(key string) *Value {
	at, ok := settingIndex[key]
	if !ok {
		return nil
	}
	return reflect.ValueOf(m).Elem().FieldByIndex(at).Addr().Interface().(*Value)
}

// scalarField is Setting.
func (m *Map) scalarField(key string) *Value { return m.Setting(key) }

// Attr returns the field of p that holds the attribute key, or nil when
// key is not an attribute of PlanetFields.
func (p *Planet) Attr(key string) *Value {
	at, ok := attrIndex[key]
	if !ok {
		return nil
	}
	return reflect.ValueOf(p).Elem().FieldByIndex(at).Addr().Interface().(*Value)
}

// attr is Attr.
func (p *Planet) attr(key string) *Value { return p.Attr(key) }

// Name returns the planet's token as text: the string itself, or the YAML
// form of a token that is not a string.
func (p *Planet) Name() string { return p.Token.Key() }
