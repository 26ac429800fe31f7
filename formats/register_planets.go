package formats

import (
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

func init() {
	register(&codec{
		kind:   planets.Kind,
		legacy: Planets,
		exts:   []string{".yml"},
		readLegacyDoc: func(d *yamlx.Doc) (any, *srcpos.Map, error) {
			return planets.ReadLegacyDoc(d)
		},
		writeLegacy: writer(planets.WriteLegacy),
		decode: func(d *yamlx.Doc, _ *readContext) (any, *srcpos.Map, error) {
			return planets.DecodeDoc(d)
		},
		encode: writer(planets.Encode),
	})
}
