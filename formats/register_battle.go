package formats

import (
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/srcpos"
)

func init() {
	register(&codec{
		kind:   battle.Kind,
		legacy: BattleGrid,
		exts:   []string{".grid", ".txt"},
		readLegacy: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return battle.ReadGrid(file, src)
		},
		writeLegacy: writer(battle.WriteGrid),
		decode: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return battle.Decode(file, src)
		},
		encode: writer(battle.Encode),
		trailing: func(v any) int {
			if m, ok := v.(*battle.Map); ok {
				return len(m.Trailing)
			}
			return 0
		},
	})
}
