package formats

import (
	"slices"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

// Codec reads and writes one document kind of a family outside this
// package (its own model package): its YAML document and, when it has
// one, its game's own file. Register plugs it in, and Read, Write,
// Detect and Kinds then know it as they know the built-in kinds.
type Codec struct {
	// Kind is the YAML document kind ("toy/board").
	Kind string
	// Legacy names the game's own form ("" when there is none), and Exts
	// its file extensions, most usual first (".toy").
	Legacy Format
	Exts   []string
	// ReadLegacy and WriteLegacy read and write the game's own file.
	ReadLegacy  func(file string, src []byte) (any, *srcpos.Map, error)
	WriteLegacy func(v any) ([]byte, error)
	// Decode and Encode read and write the YAML document.
	Decode func(file string, src []byte) (any, *srcpos.Map, error)
	Encode func(v any) ([]byte, error)
	// DecodeDoc, when set, reads the YAML document from the node tree the
	// loader parsed (to learn the kind), so that the file is parsed once;
	// without it Decode parses the file again.
	DecodeDoc func(d *yamlx.Doc) (any, *srcpos.Map, error)
}

// Register plugs in the codec of a document kind.
func Register(c Codec) {
	k := &codec{kind: c.Kind, legacy: c.Legacy, exts: c.Exts,
		decode: func(d *yamlx.Doc, _ *readContext) (any, *srcpos.Map, error) {
			if c.DecodeDoc != nil {
				return c.DecodeDoc(d)
			}
			return c.Decode(d.File, d.Src)
		},
		encode: func(doc *Document) ([]byte, error) { return c.Encode(doc.Value) }}
	if c.ReadLegacy != nil {
		k.readLegacy = func(r *token.Reader) (any, *srcpos.Map, error) {
			return c.ReadLegacy(r.File(), r.Source())
		}
		k.writeLegacy = func(doc *Document) ([]byte, error) { return c.WriteLegacy(doc.Value) }
	}
	register(k)
}

// listForm adds f, a legacy form of a plugged-in kind, to Formats (before
// YAML), so that help texts and --from name it.
func listForm(f Format) {
	if f == "" || slices.Contains(Formats, f) {
		return
	}
	i := slices.Index(Formats, YAML)
	if i < 0 {
		i = len(Formats)
	}
	Formats = slices.Insert(Formats, i, f)
}

// LegacyForm returns the game's own form of documents of kind ("" when
// they have none), and false for an unknown kind.
func LegacyForm(kind string) (Format, bool) {
	c := byKind(kind)
	if c == nil {
		return "", false
	}
	return c.legacy, true
}
