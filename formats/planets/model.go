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

// Top-level keys of a map, in the order the writers use.
var topKeys = []string{"name", "desc", "author", "version", "max_round", "max_player", "min_player",
	"start_unit", "maintain_fee", "starts", "map", "planets", "routes"}

// Planet attribute keys, in the order the writers use.
var planetKeys = []string{"type", "def", "res", "cos", "max"}

// scalarField returns the field of m that holds the top-level key, or nil
// when key is not one of the scalar settings.
func (m *Map) scalarField(key string) *Value {
	switch key {
	case "name":
		return &m.Name
	case "desc":
		return &m.Desc
	case "author":
		return &m.Author
	case "version":
		return &m.Version
	case "max_round":
		return &m.MaxRound
	case "max_player":
		return &m.MaxPlayer
	case "min_player":
		return &m.MinPlayer
	case "start_unit":
		return &m.StartUnit
	case "maintain_fee":
		return &m.MaintainFee
	}
	return nil
}

// attr returns the field of p that holds the attribute key, or nil when key
// is not a known attribute.
func (p *Planet) attr(key string) *Value {
	switch key {
	case "type":
		return &p.Type
	case "def":
		return &p.Def
	case "res":
		return &p.Res
	case "cos":
		return &p.Cos
	case "max":
		return &p.Max
	}
	return nil
}

// Name returns the planet's token as text: the string itself, or the YAML
// form of a token that is not a string.
func (p *Planet) Name() string { return p.Token.Key() }
