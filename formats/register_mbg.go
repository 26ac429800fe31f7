package formats

import (
	"github.com/shapan/shapan/formats/mbg"
	"github.com/shapan/shapan/formats/srcpos"
)

func init() {
	register(&codec{
		kind:   mbg.KindScenario,
		legacy: MBGMap,
		exts:   []string{".map"},
		readLegacy: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return mbg.ReadMap(file, src)
		},
		writeLegacy: writer(mbg.WriteMap),
		decode: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return mbg.DecodeScenario(file, src)
		},
		encode:   writer(mbg.EncodeScenario),
		trailing: func(v any) int { s, _ := v.(*mbg.Scenario); return len(s.Trailing) },
	})
	register(&codec{
		kind:   mbg.KindSave,
		legacy: MBGSav,
		exts:   []string{".sav"},
		readLegacy: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return mbg.ReadSave(file, src)
		},
		writeLegacy: writer(mbg.WriteSave),
		decode: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return mbg.DecodeSave(file, src)
		},
		encode:   writer(mbg.EncodeSave),
		trailing: func(v any) int { s, _ := v.(*mbg.Save); return len(s.Trailing) },
	})
}
