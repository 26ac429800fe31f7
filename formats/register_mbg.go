package formats

import (
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

func init() {
	register(&codec{
		kind:   mbg.KindScenario,
		legacy: MBGMap,
		exts:   []string{".map"},
		readLegacy: func(r *token.Reader) (any, *srcpos.Map, error) {
			return mbg.ReadMapFrom(r)
		},
		writeLegacy: writer(mbg.WriteMap),
		decode: func(d *yamlx.Doc, _ *readContext) (any, *srcpos.Map, error) {
			return mbg.DecodeScenarioDoc(d)
		},
		encode: writer(mbg.EncodeScenario),
	})
	register(&codec{
		kind:   mbg.KindSave,
		legacy: MBGSav,
		exts:   []string{".sav"},
		readLegacy: func(r *token.Reader) (any, *srcpos.Map, error) {
			return mbg.ReadSaveFrom(r)
		},
		writeLegacy: writer(mbg.WriteSave),
		decode: func(d *yamlx.Doc, _ *readContext) (any, *srcpos.Map, error) {
			return mbg.DecodeSaveDoc(d)
		},
		encode: writer(mbg.EncodeSave),
	})
}
