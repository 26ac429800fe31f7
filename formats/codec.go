package formats

import (
	"fmt"
	"slices"
	"sort"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

// Format names a file form, as the command line's --from and --to do.
// Every form but YAML is declared by the package that reads it (a
// family's model package declares its game's files, formats/tiled the
// Tiled map) and registered with Register or RegisterShared.
type Format string

// YAML is Shapan's YAML document of any kind.
const YAML Format = "yaml"

// Formats lists every registered form, in the order of their Rank, then
// YAML: help texts list them so, and detection suggests them in that
// order.
var Formats = []Format{YAML}

// Codec reads and writes one document kind in its two forms: Shapan's
// YAML document and, when it has one, its game's own file (its legacy
// form). A family's model package registers its codecs from init
// (formats/mbg registers mbg/scenario and mbg/save); Read, Write, Detect,
// Kinds and the command line then know the kind. Nothing in this package
// names a family: what differs between kinds is here.
type Codec struct {
	// Kind is the YAML document kind ("mbg/scenario").
	Kind string
	// Legacy names the game's own form ("" when there is none), Exts its
	// file extensions, most usual first (".map"), and Rank where the form
	// stands among the forms (Formats, the forms a detection error
	// suggests): lower first.
	Legacy Format
	Exts   []string
	Rank   int
	// Shape tells the legacy form from the beginning of a file whose
	// extension other forms share (nil: the form is never detected from
	// content; name it with --from).
	Shape *Shape
	// ReadLegacy reads the game's own file from a token reader (the
	// whitespace files of the games; the reader's source is the whole
	// file, for a form that is not made of tokens). ReadLegacyYAML reads
	// a game whose own files are YAML from the parsed document (its
	// extension .yml then means the game's file). One of the two is set
	// when Legacy is.
	ReadLegacy     func(r *token.Reader) (any, *srcpos.Map, error)
	ReadLegacyYAML func(d *yamlx.Doc) (any, *srcpos.Map, error)
	// Claims, for a game whose files are YAML, lists top-level fields
	// only its documents have ("planets"): a YAML file without a kind
	// that has one is read as a document of the kind (whose reader then
	// says what it lacks).
	Claims []string
	// Finish reads what a legacy document needs beyond its file (the
	// files beside it: an ftbt level's intro); nil when nothing.
	Finish func(v any, ctx *Context) error
	// WriteLegacy writes the game's own file.
	WriteLegacy func(doc *Document) ([]byte, error)
	// Decode reads the YAML document from the parsed file (ctx gives the
	// companion document it was read with); Encode writes it.
	Decode func(d *yamlx.Doc, ctx *Context) (any, *srcpos.Map, error)
	// LazyLists says that Decode takes a document parsed by
	// yamlx.ParseLazy (it ranges over long lists with yamlx.List.Each and
	// touches no list's nodes directly); it is then run through
	// yamlx.Read. Other kinds' Decode get the document parsed whole.
	LazyLists bool
	// SmallLive says that reading a document of the kind and checking it
	// keeps at most about 3× its file's size live, plus a constant, in
	// every form, as a document read with LazyLists does: a command may
	// then bound its heap by the file's size (ReadsInBoundedMemory).
	SmallLive bool
	// LazyMappings names the top-level mappings that a LazyLists reader
	// reads a slice of entries at a time too (yamlx.ParseLazyMappings;
	// "planets"). A game whose own files are YAML and that sets LazyLists
	// gets its files so parsed too, in ReadLegacyYAML.
	LazyMappings []string
	// LazyBlocks names the top-level fields whose literal block scalar
	// ("key: |") a LazyLists reader reads with yamlx.Node.Grid only: the
	// rows are then read from the file's lines, not held by the YAML
	// parser (yamlx.Lazy.Blocks; an ftbt level's "terrain").
	LazyBlocks []string
	Encode     func(doc *Document) ([]byte, error)
	// Beside lists the extensions of the files written beside a legacy
	// export and read with it (an ftbt level's ".intro": the .map's path
	// with that extension). Siblings returns their content for doc
	// exported at path, keyed by path (nil: none).
	Beside   []string
	Siblings func(doc *Document, path string) map[string][]byte
	// Relayout lays fresh, the legacy form just written, out as base, a
	// file of the same form (see laidOut); nil for token forms, which
	// token.Relayout lays out.
	Relayout func(base, fresh []byte) []byte
	// Companion, when set, is the document that documents of the kind
	// are read with (an ftbt level's rules).
	Companion *Companion
	// Aside names what a file that goes with the kind's documents but is
	// no document of its own is, from its path ("" for any other file):
	// the message when such a file is read on its own.
	Aside func(path string) string
}

// Shape is how the legacy form begins, as detection reads it (see
// detect.go): the number of numbers on its first line, and where its
// first word (the first token that is no number) stands.
type Shape struct {
	// FirstLine is how many numbers the form's first line holds.
	FirstLine int
	// Word returns the index of the first token that is no number, from
	// the beginning p: -1 when the form has no word, -2 when the
	// beginning does not say.
	Word func(p Prefix) int
}

var codecs []*Codec

// Register plugs in the codec of a document kind. It panics when the
// kind is registered twice.
func Register(c Codec) {
	if byKind(c.Kind) != nil {
		panic(fmt.Sprintf("formats: kind %q registered twice", c.Kind))
	}
	codecs = append(codecs, &c)
	listForm(c.Legacy, c.Rank)
}

// forms holds the rank of every registered form.
var formRanks = map[Format]int{}

// listForm adds f to Formats at its rank (before YAML), so that help
// texts and --from name it.
func listForm(f Format, rank int) {
	if f == "" || slices.Contains(Formats, f) {
		return
	}
	formRanks[f] = rank
	list := append(slices.DeleteFunc(slices.Clone(Formats), func(g Format) bool { return g == YAML }), f)
	sort.SliceStable(list, func(i, j int) bool { return formRanks[list[i]] < formRanks[list[j]] })
	Formats = append(list, YAML)
}

// SharedForm is a file form that several kinds can be written in beside
// their legacy form (a Tiled map): the file itself says which kind it
// holds. The package of the form registers it with RegisterShared.
type SharedForm struct {
	Format Format
	Exts   []string
	Rank   int
	// Kinds are the kinds it holds.
	Kinds []string
	// Sniff reports whether a file that begins with head (its first
	// 64 KiB, or all of it) is of this form whatever its extension, so
	// that a map saved under another extension (Tiled's JSON as .json)
	// is read without --from; nil: the extension alone tells the form.
	Sniff func(head []byte) bool
	// SmallLive reports whether reading and checking a file of the form
	// that begins with head (its first 64 KiB) keeps little live, as
	// Codec.SmallLive says of a kind; nil: never.
	SmallLive func(head []byte) bool
	// Read returns the kind of the file and its model.
	Read func(file string, src []byte, ctx *Context) (kind string, v any, sm *srcpos.Map, err error)
	// Write renders doc for the file at path ("" for standard output):
	// its content and the files written beside it, keyed by path.
	Write func(doc *Document, path string) ([]byte, map[string][]byte, error)
}

var sharedForms []*SharedForm

// RegisterShared plugs in a form that several kinds share.
func RegisterShared(f SharedForm) {
	sharedForms = append(sharedForms, &f)
	listForm(f.Format, f.Rank)
}

// sharedBySniff returns the shared form a file that begins with head is
// of by its content (SharedForm.Sniff), or nil.
func sharedBySniff(head []byte) *SharedForm {
	for _, f := range sharedForms {
		if f.Sniff != nil && f.Sniff(head[:min(len(head), sniffPrefix)]) {
			return f
		}
	}
	return nil
}

func sharedByFormat(f Format) *SharedForm {
	for _, s := range sharedForms {
		if s.Format == f {
			return s
		}
	}
	return nil
}

// holds reports whether the form holds documents of kind.
func (f *SharedForm) holds(kind string) bool { return slices.Contains(f.Kinds, kind) }

func byKind(kind string) *Codec {
	for _, c := range codecs {
		if c.Kind == kind {
			return c
		}
	}
	return nil
}

func byLegacy(f Format) *Codec {
	for _, c := range codecs {
		if c.Legacy == f && f != "" {
			return c
		}
	}
	return nil
}

// gameYAML returns the codec of the game whose own files are YAML with
// the extension ext (nil when none is registered).
func gameYAML(ext string) *Codec {
	for _, c := range codecs {
		if c.ReadLegacyYAML != nil && slices.Contains(c.Exts, ext) {
			return c
		}
	}
	return nil
}

// Kinds lists the YAML document kinds, sorted.
func Kinds() []string {
	var out []string
	for _, c := range codecs {
		out = append(out, c.Kind)
	}
	sort.Strings(out)
	return out
}

// LegacyForm returns the game's own form of documents of kind ("" when
// they have none), and false for an unknown kind.
func LegacyForm(kind string) (Format, bool) {
	c := byKind(kind)
	if c == nil {
		return "", false
	}
	return c.Legacy, true
}

// LegacyExt returns the usual extension of the game's own file of
// documents of kind (".map"; the first of its codec's Exts), "" for a
// kind without one.
func LegacyExt(kind string) string {
	if c := byKind(kind); c != nil && len(c.Exts) > 0 {
		return c.Exts[0]
	}
	return ""
}

// CompanionKind returns the kind of the companion documents of kind are
// read with ("ftbt/rules" for an ftbt level), "" when they have none.
func CompanionKind(kind string) string {
	if c := companionOf(kind); c != nil {
		return c.Kind
	}
	return ""
}

// IsYAMLForm reports whether the form f is YAML text: Shapan's document,
// or a game's own file that is YAML.
func IsYAMLForm(f Format) bool {
	if f == YAML {
		return true
	}
	c := byLegacy(f)
	return c != nil && c.ReadLegacyYAML != nil
}

// Value returns doc's model as a T, or an error when it holds something
// else (a document whose kind and value disagree).
func Value[T any](doc *Document) (T, error) {
	v, ok := doc.Value.(T)
	if !ok {
		var zero T
		return zero, fmt.Errorf("a %s document holds a %T, not a %T", doc.Kind, doc.Value, zero)
	}
	return v, nil
}

// Writer adapts a typed writer (of a YAML document or a game's file) to
// a codec function.
func Writer[T any](write func(T) ([]byte, error)) func(*Document) ([]byte, error) {
	return func(doc *Document) ([]byte, error) {
		v, err := Value[T](doc)
		if err != nil {
			return nil, err
		}
		return write(v)
	}
}

// Tokens adapts a typed reader of a game's token file to a codec's
// ReadLegacy.
func Tokens[T any](read func(r *token.Reader) (T, *srcpos.Map, error)) func(r *token.Reader) (any, *srcpos.Map, error) {
	return func(r *token.Reader) (any, *srcpos.Map, error) { return read(r) }
}

// Bytes adapts a typed reader of a whole file to a codec's ReadLegacy,
// for a game's file that is not made of tokens.
func Bytes[T any](read func(file string, src []byte) (T, *srcpos.Map, error)) func(r *token.Reader) (any, *srcpos.Map, error) {
	return func(r *token.Reader) (any, *srcpos.Map, error) { return read(r.File(), r.Source()) }
}

// Doc adapts a typed reader of a parsed YAML document to a codec's
// ReadLegacyYAML.
func Doc[T any](read func(d *yamlx.Doc) (T, *srcpos.Map, error)) func(d *yamlx.Doc) (any, *srcpos.Map, error) {
	return func(d *yamlx.Doc) (any, *srcpos.Map, error) { return read(d) }
}

// Decoder adapts a typed decoder of a YAML document that needs nothing
// but the document to a codec's Decode.
func Decoder[T any](decode func(d *yamlx.Doc) (T, *srcpos.Map, error)) func(d *yamlx.Doc, _ *Context) (any, *srcpos.Map, error) {
	return func(d *yamlx.Doc, _ *Context) (any, *srcpos.Map, error) { return decode(d) }
}
