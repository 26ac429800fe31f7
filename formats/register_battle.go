package formats

import (
	"github.com/shapan/shapan/formats/battle"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

func init() {
	register(&codec{
		kind:   battle.Kind,
		legacy: BattleGrid,
		exts:   []string{".grid", ".txt"},
		readLegacy: func(r *token.Reader) (any, *srcpos.Map, error) {
			return battle.ReadGridFrom(r)
		},
		writeLegacy: writer(battle.WriteGrid),
		decode: func(d *yamlx.Doc, _ *readContext) (any, *srcpos.Map, error) {
			return battle.DecodeDoc(d)
		},
		encode: writer(battle.Encode),
	})
}
