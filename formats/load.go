package formats

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

// Read loads the document at path ("-" is standard input; see ReadInput
// for the files refused).
func Read(path string, opts Options) (*Document, error) {
	src, err := ReadInput(path, opts)
	if err != nil {
		return nil, err
	}
	return ReadBytes(path, src, opts)
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
	ctx := &readContext{opts: opts, path: path}
	var doc *Document
	switch from := opts.From; {
	case from == YAML:
		doc, err = readYAML(path, src, ctx, false)
	case from == Planets:
		doc, err = readYAML(path, src, ctx, true)
	case sharedByFormat(from) != nil:
		doc, err = readShared(path, src, ctx, sharedByFormat(from))
	case from != "":
		c := byLegacy(from)
		if c == nil {
			return nil, fileError(path, diag.CodeKind, fmt.Sprintf("unknown format %q (known: %s)", from, formatList()))
		}
		doc, err = readLegacy(path, src, ctx, []*codec{c})
	default:
		doc, err = readDetected(path, src, ctx)
	}
	if err != nil {
		return nil, err
	}
	doc.Path, doc.Rules, doc.RulesFile, doc.RulesSource = path, ctx.rules, ctx.rulesFile, ctx.rulesSource
	return doc, nil
}

// readDetected reads a file whose form is told by its extension and, where
// the extension is shared or unknown, by its content.
func readDetected(path string, src []byte, ctx *readContext) (*Document, error) {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range sharedForms {
		if slices.Contains(f.exts, ext) {
			return readShared(path, src, ctx, f)
		}
	}
	switch ext {
	case ".yaml":
		return readYAML(path, src, ctx, false)
	case ".yml":
		return readYAML(path, src, ctx, byLegacy(Planets) != nil)
	}
	cands := legacyByExt(ext)
	if len(cands) == 0 || ext == "" {
		if looksLikeYAML(src) {
			return readYAML(path, src, ctx, false)
		}
		cands = legacyByExt("")
	}
	if len(cands) > 1 && len(bytes.TrimSpace(src)) == 0 {
		return nil, &diag.Diagnostic{File: path, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeEOF, Message: "the file is empty"}
	}
	return readLegacy(path, src, ctx, cands)
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
func legacyByExt(ext string) []*codec {
	var out []*codec
	for _, c := range codecs {
		if c.readLegacy == nil {
			continue
		}
		for _, e := range c.exts {
			if ext == "" || e == ext {
				out = append(out, c)
				break
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return formatRank(out[i].legacy) < formatRank(out[j].legacy) })
	return out
}

// readYAML reads a YAML file, parsed once: Shapan's document of the kind
// its kind field names or, when gameYML is set and there is no kind, a
// Planet-Conquer map in the game's own form.
func readYAML(path string, src []byte, ctx *readContext, gameYML bool) (*Document, error) {
	d, err := yamlx.Parse(path, src)
	if err != nil {
		return nil, err
	}
	kn := d.Field("kind")
	if kn == nil {
		if gameYML || d.Field("planets") != nil || d.Field("map") != nil {
			c := byLegacy(Planets)
			if gameYML && c != nil {
				v, sm, err := c.readLegacyDoc(d)
				if err != nil {
					return nil, err
				}
				return &Document{Format: Planets, Kind: c.kind, Value: v, Source: sm, origin: &origin{format: Planets, src: src}}, nil
			}
			return decodeKind(d, ctx, "planets/map")
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
	return decodeKind(d, ctx, kn.Value)
}

func decodeKind(d *yamlx.Doc, ctx *readContext, kind string) (*Document, error) {
	c := byKind(kind)
	v, sm, err := c.decode(d, ctx)
	if err != nil {
		return nil, err
	}
	return &Document{Format: YAML, Kind: c.kind, Value: v, Source: sm}, nil
}

// readShared reads a file of a form that several kinds share (a Tiled
// map); the file says which kind it holds.
func readShared(path string, src []byte, ctx *readContext, f *sharedForm) (*Document, error) {
	kind, v, sm, err := f.read(path, src, ctx)
	if err != nil {
		return nil, err
	}
	return &Document{Format: f.format, Kind: kind, Value: v, Source: sm}, nil
}

// reading is src read as one legacy form, its trailing values deferred.
type reading struct {
	c   *codec
	r   *token.Reader
	doc *Document
	err error
}

// reach is how far into the file the reading got: to its end, to the
// first value left over, or to its first error.
func (rd *reading) reach() diag.Pos {
	switch {
	case rd.err != nil:
		return errorPos(rd.err)
	case rd.r.Leftover() >= 0:
		return rd.r.Pos(rd.r.Leftover())
	}
	return diag.Pos{Line: 1 << 30}
}

// readLegacy reads src as each of the candidate forms and keeps the one
// that reads it whole; when none does, the one that got furthest — a
// reading that leaves values over only when it got further than every
// other form's error. It never keeps a form whose reader failed.
func readLegacy(path string, src []byte, ctx *readContext, cands []*codec) (*Document, error) {
	if wantsRules(ctx) {
		// Rules are given: the file is most likely a level.
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].legacy == FTBTLevel && cands[j].legacy != FTBTLevel })
	}
	readings := make([]*reading, len(cands))
	for i, c := range cands {
		r := token.NewReader(path, src)
		if len(cands) > 1 {
			r.DeferRest()
		}
		v, sm, err := c.readLegacy(r)
		readings[i] = &reading{c: c, r: r, err: err, doc: &Document{Format: c.legacy, Kind: c.kind, Value: v, Source: sm}}
	}
	rd, err := chooseReading(path, readings)
	if err != nil {
		return nil, err
	}
	if rd.r.Leftover() >= 0 {
		rest, err := rd.r.TakeRest()
		if err != nil {
			return nil, err
		}
		rd.c.setTrailing(rd.doc.Value, rest)
	}
	if rd.c.finish != nil {
		if err := rd.c.finish(rd.doc.Value, ctx); err != nil {
			return nil, err
		}
	}
	rd.doc.origin = &origin{format: rd.c.legacy, src: src, names: rd.r.Names()}
	return rd.doc, nil
}

// chooseReading picks the reading to keep (see readLegacy).
func chooseReading(path string, readings []*reading) (*reading, error) {
	if len(readings) == 1 {
		return readings[0], readings[0].err
	}
	var whole []*reading
	for _, rd := range readings {
		if rd.err == nil && rd.r.Leftover() < 0 {
			whole = append(whole, rd)
		}
	}
	switch len(whole) {
	case 1:
		return whole[0], nil
	case 0:
	default:
		var names []string
		for _, rd := range whole {
			names = append(names, "--from "+string(rd.c.legacy))
		}
		return nil, fileError(path, diag.CodeKind, "cannot tell what kind of file this is: it reads whole as more than one form; add "+strings.Join(names, " or "))
	}
	best := readings[0]
	for _, rd := range readings[1:] {
		if further(rd, best) {
			best = rd
		}
	}
	if best.err == nil {
		return best, nil
	}
	return nil, triedForms(best, readings)
}

// further reports whether reading a got further than b; at the same
// place, one that read (leaving values over) beats one that failed.
func further(a, b *reading) bool {
	pa, pb := a.reach(), b.reach()
	if pa.Line != pb.Line {
		return pa.Line > pb.Line
	}
	if pa.Col != pb.Col {
		return pa.Col > pb.Col
	}
	return a.err == nil && b.err != nil
}

// triedForms reports the error of the reading that got furthest, naming
// the form, with a note saying why each other form does not fit.
func triedForms(best *reading, readings []*reading) error {
	list := append(diag.List(nil), diag.AsList(best.err, best.r.File())...)
	first := &list[0]
	first.Related = append(first.Related, diag.Related{Line: first.Line, Col: first.Col,
		Message: fmt.Sprintf("that is where reading the file as %s (%s) fails, the form that got furthest", best.c.legacy, best.c.kind)})
	var flags []string
	for _, rd := range readings {
		flags = append(flags, "--from "+string(rd.c.legacy))
		if rd == best {
			continue
		}
		p := rd.reach()
		note := diag.Related{Line: p.Line, Col: p.Col}
		if rd.err != nil {
			note.Message = fmt.Sprintf("as %s (%s): %s", rd.c.legacy, rd.c.kind, diag.AsList(rd.err, "")[0].Message)
		} else {
			note.Message = fmt.Sprintf("as %s (%s) the file reads, but values are left over from here", rd.c.legacy, rd.c.kind)
		}
		first.Related = append(first.Related, note)
	}
	first.Related = append(first.Related, diag.Related{Message: "to read the file as one form, add " + strings.Join(flags, " or ")})
	if what := notADocument(first.File); what != "" {
		first.Related = append([]diag.Related{{Message: what}}, first.Related...)
	}
	return list
}

// notADocument says what a file of the games that is no document of its
// own is, from its name ("" for any other file).
func notADocument(path string) string {
	switch {
	case strings.EqualFold(filepath.Ext(path), ".intro"):
		return "a .intro file is the free text an ftbt level shows before play, not a document of its own: it is read with the level that names it (check or convert that level's .map)"
	case strings.EqualFold(filepath.Base(path), "map.info"):
		return "map.info is the ftbt author's note on the file formats; the game does not read it"
	}
	return ""
}

// wantsRules reports whether ftbt rules were given for the file.
func wantsRules(ctx *readContext) bool { return ctx.opts.RulesPath != "" || ctx.opts.Rules != nil }

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

// errorPos is where a reading error is (the first diagnostic's position).
func errorPos(err error) diag.Pos {
	if l := diag.AsList(err, ""); len(l) > 0 {
		return diag.Pos{Line: l[0].Line, Col: l[0].Col}
	}
	return diag.Pos{}
}

func looksLikeYAML(src []byte) bool {
	trimmed := bytes.TrimSpace(src)
	return bytes.HasPrefix(trimmed, []byte("kind:")) || bytes.HasPrefix(trimmed, []byte("#")) || bytes.HasPrefix(trimmed, []byte("---"))
}
