package planets

import "github.com/shapan/shapan/formats"

// FormatMap is the game's own form of a Planet-Conquer map, as --from
// and --to name it: the game's YAML, which .yml names.
const FormatMap formats.Format = "planets"

func init() {
	formats.Register(formats.Codec{
		Kind: Kind, Legacy: FormatMap, Exts: []string{".yml"}, Rank: 30,
		ReadLegacyYAML: formats.Doc(ReadLegacyDoc),
		Claims:         []string{"planets", PathGrid},
		WriteLegacy:    formats.Writer(WriteLegacy),
		Relayout:       Relayout,
		Decode:         formats.Decoder(DecodeDoc),
		LazyLists:      true,
		LazyMappings:   []string{"planets"},
		Encode:         formats.Writer(Encode),
	})
}
