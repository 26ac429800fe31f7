package battle

import "github.com/shapan/shapan/formats"

// FormatGrid is the game's own form of a battle map, as --from and --to
// name it: the numeric grid interchange file.
const FormatGrid formats.Format = "battle-grid"

func init() {
	formats.Register(formats.Codec{
		Kind: Kind, Legacy: FormatGrid, Exts: []string{".grid", ".txt"}, Rank: 40,
		// 2 numbers (width, height) and no word: width×height codes,
		// then the end.
		Shape:       &formats.Shape{FirstLine: 2, Word: func(formats.Prefix) int { return -1 }},
		ReadLegacy:  formats.Tokens(ReadGridFrom),
		WriteLegacy: formats.Writer(WriteGrid),
		Decode:      formats.Decoder(DecodeDoc),
		Encode:      formats.Writer(Encode),
		// The cells take a byte each (the file has one or two for each),
		// and the checks' searches a few more.
		SmallLive: true,
	})
}
