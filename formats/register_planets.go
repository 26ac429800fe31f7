package formats

import (
	"github.com/shapan/shapan/formats/planets"
	"github.com/shapan/shapan/formats/srcpos"
)

func init() {
	register(&codec{
		kind:   planets.Kind,
		legacy: Planets,
		exts:   []string{".yml"},
		readLegacy: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return planets.ReadLegacy(file, src)
		},
		writeLegacy: writer(planets.WriteLegacy),
		decode: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return planets.Decode(file, src)
		},
		encode: writer(planets.Encode),
	})
}
