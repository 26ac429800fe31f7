package formats

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

// Read loads the document at path ("-" is standard input; see ReadSource
// for the files refused).
func Read(path string, opts Options) (*Document, error) {
	src, err := ReadSource(path, opts)
	if err != nil {
		return nil, err
	}
	return ReadBytes(path, src, opts)
}

// ReadSource returns the content of the document at path as Read reads
// it: what ReadInput returns, except that a file or stream whose form is
// told from its content and whose first 64 KiB fit no form (a file of NUL
// bytes, standard input from /dev/zero) is refused from them, with the
// error ReadBytes gives for it, without the rest being read.
func ReadSource(path string, opts Options) ([]byte, error) {
	return readInput(path, opts, func(head []byte) error { return refuseFromPrefix(path, head, opts) })
}

// refuseFromPrefix returns the error ReadBytes gives for every file at
// path that begins with head (more than sniffPrefix bytes of a longer
// file); nil when the rest of the file could matter.
func refuseFromPrefix(path string, head []byte, opts Options) error {
	if opts.From != "" || (opts.Encoding != "" && opts.Encoding != textenc.UTF8) {
		return nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".yaml" || ext == ".yml" || sharedByExt(ext) || sharedBySniff(head) != nil {
		return nil
	}
	head = head[:sniffPrefix+1]
	for i := len(head) - 1; i >= 0 && i >= len(head)-utf8.UTFMax; i-- {
		if utf8.RuneStart(head[i]) {
			if !utf8.FullRune(head[i:]) {
				head = head[:i] // a character the cut splits
			}
			break
		}
	}
	if err := textenc.CheckUTF8(path, head); err != nil {
		return err
	}
	cands := legacyByExt(ext)
	if len(cands) == 0 || ext == "" {
		if looksLikeYAML(head) {
			return nil
		}
		cands = legacyByExt("")
	}
	if len(cands) < 2 || len(bytes.TrimSpace(head)) == 0 {
		return nil
	}
	_, err := detectPrefix(path, prefixOf(head, false), cands, &Context{opts: opts, path: path})
	return err
}

// sharedByExt reports whether a shared form (a Tiled map) has the
// extension ext.
func sharedByExt(ext string) bool { return sharedFormByExt(ext) != nil }

// sharedFormByExt returns the shared form of files named with ext, or nil.
func sharedFormByExt(ext string) *SharedForm {
	for _, f := range sharedForms {
		if slices.Contains(f.Exts, ext) {
			return f
		}
	}
	return nil
}

// ReadBytes loads a document whose content is src; path names it in
// messages, decides detection by extension, and locates files beside it
// (an ftbt level's intro, the rules a level names). The file is parsed
// once: YAML into one node tree that gives its kind and its fields, a
// legacy file once per form its extension allows.
func ReadBytes(path string, src []byte, opts Options) (*Document, error) {
	src, err := textenc.Decode(path, src, opts.Encoding)
	if err != nil {
		return nil, err
	}
	ctx := &Context{opts: opts, path: path}
	var doc *Document
	switch from := opts.From; {
	case from == YAML:
		doc, err = readYAML(path, src, ctx, nil)
	case byLegacy(from) != nil && byLegacy(from).ReadLegacyYAML != nil:
		doc, err = readYAML(path, src, ctx, byLegacy(from))
	case sharedByFormat(from) != nil:
		doc, err = readShared(path, src, ctx, sharedByFormat(from))
	case from != "":
		c := byLegacy(from)
		if c == nil {
			return nil, fileError(path, diag.CodeKind, fmt.Sprintf("unknown format %q (known: %s)", from, formatList()))
		}
		doc, err = readLegacy(path, src, ctx, c)
	default:
		doc, err = readDetected(path, src, ctx)
	}
	if err != nil {
		return nil, err
	}
	doc.Path, doc.Rules, doc.RulesFile, doc.RulesSource = path, ctx.companion, ctx.companionFile, ctx.companionSource
	return doc, nil
}

// readDetected reads a file whose form is told by its extension and, where
// the extension is shared or unknown, by its content.
func readDetected(path string, src []byte, ctx *Context) (*Document, error) {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range sharedForms {
		if slices.Contains(f.Exts, ext) {
			return readShared(path, src, ctx, f)
		}
	}
	switch ext {
	case ".yaml":
		return readYAML(path, src, ctx, nil)
	case ".yml":
		return readYAML(path, src, ctx, gameYAML(ext))
	}
	if f := sharedBySniff(src); f != nil {
		return readShared(path, src, ctx, f)
	}
	cands := legacyByExt(ext)
	if len(cands) == 0 || ext == "" {
		if looksLikeYAML(src) {
			return readYAML(path, src, ctx, nil)
		}
		cands = legacyByExt("")
	}
	if len(cands) > 1 && len(bytes.TrimSpace(src)) == 0 {
		return nil, &diag.Diagnostic{File: path, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeEOF, Message: "the file is empty"}
	}
	if len(cands) == 1 {
		return readLegacy(path, src, ctx, cands[0])
	}
	c, err := detectLegacy(path, src, cands, ctx)
	if err != nil {
		return nil, err
	}
	doc, err := readLegacy(path, src, ctx, c)
	if err != nil {
		list := diag.AsList(err, path)
		if len(list) > 0 && (list[0].File == "" || list[0].File == path) {
			list[0].Related = append(list[0].Related, detectedNote(c, cands))
			return nil, list
		}
	}
	return doc, err
}

// Detect tells the form of a file from its extension and, where the
// extension is shared, from its content: it is the form ReadBytes reads
// the file as, and fails as ReadBytes would.
func Detect(path string, src []byte) (Format, error) {
	doc, err := ReadBytes(path, src, Options{})
	if err != nil {
		return "", err
	}
	return doc.Format, nil
}

// legacyByExt lists the token-file forms that use the extension ext (all
// of them for ""), in the order of Formats.
func legacyByExt(ext string) []*Codec {
	var out []*Codec
	for _, c := range codecs {
		if c.ReadLegacy == nil {
			continue
		}
		for _, e := range c.Exts {
			if ext == "" || e == ext {
				out = append(out, c)
				break
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return formatRank(out[i].Legacy) < formatRank(out[j].Legacy) })
	return out
}

// readYAML reads a YAML file, parsed once: Shapan's document of the kind
// its kind field names or, when it has none, the game's own file of game
// (a game whose files are YAML; nil for none). A YAML file without a kind
// that has a field only the game's files have is read as that game's
// document, whose reader then says what is missing.
func readYAML(path string, src []byte, ctx *Context, game *Codec) (*Document, error) {
	parse := yamlx.Parse
	lazy := lazyCodec(src, game)
	if lazy != nil {
		parse = func(file string, src []byte) (*yamlx.Doc, error) {
			return yamlx.ParseLazyAs(file, src, yamlx.Lazy{Mappings: lazy.LazyMappings, Blocks: lazy.LazyBlocks})
		}
	}
	d, err := parse(path, src)
	if err != nil {
		return nil, err
	}
	kn := d.Field("kind")
	if readerOf(kn, game) != lazy {
		// The blocks were cut for another reader than the document's.
		if d, err = d.WithoutBlocks(); err != nil {
			return nil, err
		}
	}
	if kn == nil {
		if game != nil {
			var v any
			var sm *srcpos.Map
			if game.LazyLists {
				v, sm, err = yamlx.Read(d, game.ReadLegacyYAML)
			} else if d, err = d.Whole(); err == nil {
				v, sm, err = game.ReadLegacyYAML(d)
			}
			if err != nil {
				return nil, err
			}
			return &Document{Format: game.Legacy, Kind: game.Kind, Value: v, Source: sm, origin: &origin{format: game.Legacy, src: src}}, nil
		}
		if c := claimedBy(d); c != nil {
			return decodeKind(d, ctx, c)
		}
		return nil, &diag.Diagnostic{File: path, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeKind,
			Message: "missing field 'kind' (one of " + strings.Join(Kinds(), ", ") + ")"}
	}
	if kn.Kind != yaml.ScalarNode {
		return nil, &diag.Diagnostic{File: path, Line: kn.Line, Col: kn.Column, Severity: diag.Error, Code: diag.CodeKind, Path: "kind",
			Message: "kind must be text (one of " + strings.Join(Kinds(), ", ") + ")"}
	}
	if byKind(kn.Value) == nil {
		return nil, &diag.Diagnostic{File: path, Line: kn.Line, Col: kn.Column, Severity: diag.Error, Code: diag.CodeKind, Path: "kind",
			Message: fmt.Sprintf("unknown document kind %q (known kinds: %s)", kn.Value, strings.Join(Kinds(), ", "))}
	}
	return decodeKind(d, ctx, byKind(kn.Value))
}

// readerOf returns the codec that reads a document of kind kn (the value
// of its kind field, nil when it has none): game's when it has none, nil
// when none reads it.
func readerOf(kn *yaml.Node, game *Codec) *Codec {
	if kn == nil {
		return game
	}
	if kn.Kind != yaml.ScalarNode {
		return nil
	}
	return byKind(kn.Value)
}

// lazyCodec returns the codec whose reader reads src in slices
// (Codec.LazyLists): that of the kind its text names or, when it names
// none, game's (nil: the document is parsed whole).
func lazyCodec(src []byte, game *Codec) *Codec {
	c := byKind(yamlx.SniffKind(src))
	if c == nil {
		c = game
	}
	if c == nil || !c.LazyLists {
		return nil
	}
	return c
}

// claimedBy returns the codec of the game whose own files are YAML and
// have a top-level field that d has (nil: none).
func claimedBy(d *yamlx.Doc) *Codec {
	for _, c := range codecs {
		if c.ReadLegacyYAML == nil || c.Claims == nil {
			continue
		}
		for _, f := range c.Claims {
			if d.Field(f) != nil {
				return c
			}
		}
	}
	return nil
}

// decodeKind reads the YAML document d of c's kind, with its companion
// when the kind has one.
func decodeKind(d *yamlx.Doc, ctx *Context, c *Codec) (*Document, error) {
	if c.Companion != nil {
		named, at := namedField(d, c)
		if err := ctx.LoadCompanion(c.Kind, d.File, named, at); err != nil {
			return nil, err
		}
	}
	var v any
	var sm *srcpos.Map
	var err error
	if c.LazyLists {
		v, sm, err = yamlx.Read(d, func(d *yamlx.Doc) (any, *srcpos.Map, error) { return c.Decode(d, ctx) })
	} else if d, err = d.Whole(); err == nil {
		v, sm, err = c.Decode(d, ctx)
	}
	if err != nil {
		return nil, err
	}
	return &Document{Format: YAML, Kind: c.Kind, Value: v, Source: sm, SchemaBase: yamlx.SchemaURL(d.Src)}, nil
}

// readShared reads a file of a form that several kinds share (a Tiled
// map); the file says which kind it holds.
func readShared(path string, src []byte, ctx *Context, f *SharedForm) (*Document, error) {
	kind, v, sm, err := f.Read(path, src, ctx)
	if err != nil {
		return nil, err
	}
	return &Document{Format: f.Format, Kind: kind, Value: v, Source: sm}, nil
}

// readLegacy reads src as the legacy form of c, once, with the files
// beside it (Codec.Finish) and the companion given with the read.
func readLegacy(path string, src []byte, ctx *Context, c *Codec) (*Document, error) {
	r := token.NewReader(path, src)
	v, sm, err := c.ReadLegacy(r)
	if err != nil {
		return nil, err
	}
	doc := &Document{Format: c.Legacy, Kind: c.Kind, Value: v, Source: sm}
	if c.Finish != nil {
		if err := c.Finish(doc.Value, ctx); err != nil {
			return nil, err
		}
	}
	if c.Companion != nil {
		if err := ctx.LoadCompanion(c.Kind, ctx.path, "", diag.Pos{Line: 1, Col: 1}); err != nil {
			return nil, err
		}
	}
	doc.origin = &origin{format: c.Legacy, src: src, names: r.Names()}
	return doc, nil
}

// notADocument says what a file that goes with some kind's documents but
// is no document of its own is, from its name ("" for any other file).
func notADocument(path string) string {
	for _, c := range codecs {
		if c.Aside != nil {
			if what := c.Aside(path); what != "" {
				return what
			}
		}
	}
	return ""
}

func formatList() string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

func fileError(path, code, msg string) error {
	return &diag.Diagnostic{File: path, Severity: diag.Error, Code: code, Message: msg}
}

// formatRank is the position of f in Formats.
func formatRank(f Format) int {
	for i, g := range Formats {
		if g == f {
			return i
		}
	}
	return len(Formats)
}

func looksLikeYAML(src []byte) bool {
	trimmed := bytes.TrimSpace(src)
	return bytes.HasPrefix(trimmed, []byte("kind:")) || bytes.HasPrefix(trimmed, []byte("#")) || bytes.HasPrefix(trimmed, []byte("---"))
}

// ReadsInBoundedMemory reports whether the file at path is most likely a
// document that keeps little live while it is read and checked: a YAML
// document of a kind whose reader parses its long lists in pieces
// (Codec.LazyLists), or a document in any form of a kind whose reader
// keeps little (Codec.SmallLive). Reading it keeps about 2–3× its size
// live, so a command may bound its heap by the file's size. It reads the
// file's first 64 KiB only, and only from a regular file (a FIFO is not
// opened); a guess, since the kind is read from the document and the
// form of a token file is told from its beginning.
func ReadsInBoundedMemory(path string) bool {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, sniffPrefix+1)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if c := byKind(yamlx.SniffKind(head)); c != nil {
		return c.LazyLists || c.SmallLive
	}
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".yml" { // a game's own YAML file (a planets map)
		return lazyCodec(head, gameYAML(ext)) != nil
	}
	if f := sharedFormByExt(ext); f != nil {
		return f.SmallLive != nil && f.SmallLive(head)
	}
	if ext == ".yaml" {
		return false
	}
	cands := legacyByExt(ext)
	if len(cands) == 0 || ext == "" {
		if looksLikeYAML(head) {
			return false
		}
		cands = legacyByExt("")
	}
	if len(cands) == 1 {
		return cands[0].SmallLive
	}
	c, err := detectPrefix(path, readPrefix(head), cands, &Context{path: path})
	return err == nil && c.SmallLive
}
