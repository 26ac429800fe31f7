package mbg

import "github.com/shapan/shapan/formats"

// The game's own forms of mbg documents, as --from and --to name them.
const (
	FormatMap  formats.Format = "mbg-map" // scenario .map
	FormatSave formats.Format = "mbg-sav" // save .sav
)

func init() {
	formats.Register(formats.Codec{
		Kind: KindScenario, Legacy: FormatMap, Exts: []string{".map"}, Rank: 10,
		Shape:       &formats.Shape{FirstLine: 4, Word: mapWord},
		ReadLegacy:  formats.Tokens(ReadMapFrom),
		WriteLegacy: formats.Writer(WriteMap),
		Decode:      formats.Decoder(DecodeScenarioDoc),
		LazyLists:   true,
		// The .map reader records where each item of a list starts, not
		// every value (token.Items).
		SmallLive: true,
		Encode:    formats.Writer(EncodeScenario),
	})
	formats.Register(formats.Codec{
		Kind: KindSave, Legacy: FormatSave, Exts: []string{".sav"}, Rank: 11,
		// 11 numbers; the first word is token 12 (a city).
		Shape:       &formats.Shape{FirstLine: 11, Word: func(formats.Prefix) int { return 11 }},
		ReadLegacy:  formats.Tokens(ReadSaveFrom),
		WriteLegacy: formats.Writer(WriteSave),
		Decode:      formats.Decoder(DecodeSaveDoc),
		LazyLists:   true,
		// The .sav reader records where each item of a list starts, not
		// every value (token.Items).
		SmallLive: true,
		Encode:    formats.Writer(EncodeSave),
	})
}

// mapWord: 4 numbers (squares, nx, ny, win money); the first word is
// token 5 + 4×squares (an officer).
func mapWord(p formats.Prefix) int {
	n, ok := p.Int(0)
	if !ok || n < 0 || n > 1<<28 {
		return -2
	}
	return int(4 + 4*n + 1)
}
