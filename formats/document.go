// Package formats loads and saves Shapan documents of every game family in
// any of their forms — the original games' files and Shapan's YAML — so
// that the command line and the studio need not know which reader to call.
// The family packages (mbg, ftbt, planets, battle) do the actual reading
// and writing.
package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/yamlx"
)

// Format names a file form, as the command line's --from and --to do.
type Format string

// The file forms.
const (
	MBGMap     Format = "mbg-map"     // mbg scenario .map
	MBGSav     Format = "mbg-sav"     // mbg save .sav
	FTBTRules  Format = "ftbt-rules"  // ftbt rules .tech
	FTBTLevel  Format = "ftbt-level"  // ftbt level .map (with its .intro beside it)
	Planets    Format = "planets"     // Planet-Conquer map, the game's own YAML
	BattleGrid Format = "battle-grid" // battle map, numeric grid interchange
	Tiled      Format = "tiled"       // Tiled JSON map (.tmj) of a grid family, with its tileset image
	YAML       Format = "yaml"        // Shapan's YAML document of any kind
)

// Formats lists every form, for help texts.
var Formats = []Format{MBGMap, MBGSav, FTBTRules, FTBTLevel, Planets, BattleGrid, Tiled, YAML}

// Document is a loaded document of any family.
type Document struct {
	// Path is the file the document was read from ("" for a new one).
	Path string
	// Format is the form it was read from.
	Format Format
	// Kind is the YAML kind ("mbg/scenario", "ftbt/level", ...).
	Kind string
	// Value is the model: *mbg.Scenario, *mbg.Save, *ftbt.Rules,
	// *ftbt.Level, *planets.Map or *battle.Map.
	Value any
	// Source locates document paths in the file the document was read from.
	Source *srcpos.Map
	// Rules are the rules an ftbt level was read with (nil when none were
	// given or named), and RulesFile the file they came from.
	Rules     any
	RulesFile string
}

// Options adjust reading.
type Options struct {
	// From forces the form of the input ("" detects it).
	From Format
	// RulesPath names the ftbt rules to read a level with; it overrides
	// the rules a level document names.
	RulesPath string
	// Rules, when set, are ftbt rules already read (*ftbt.Rules) to read
	// a level with: they override RulesPath and the rules a level names,
	// and RulesPath is then only recorded as the file they came from (an
	// editor re-reading a level it holds in memory uses it).
	Rules any
	// FS, when set, is where the files a document names (an ftbt level's
	// rules) are read from: paths are slash-separated and relative to the
	// document's own path in FS (the embedded samples use it).
	FS fs.FS
}

// codec reads and writes one document kind in its two forms.
type codec struct {
	kind        string
	legacy      Format
	exts        []string // legacy file extensions, most usual first
	readLegacy  func(file string, src []byte, ctx *readContext) (any, *srcpos.Map, error)
	writeLegacy func(doc *Document) ([]byte, error)
	decode      func(file string, src []byte, ctx *readContext) (any, *srcpos.Map, error)
	encode      func(doc *Document) ([]byte, error)
	// siblings lists extra files written beside a legacy export (the
	// intro of an ftbt level), keyed by path.
	siblings func(doc *Document, path string) map[string][]byte
	// trailing reports how many values were left over after the expected
	// fields; detection prefers readings that leave none.
	trailing func(v any) int
}

// readContext carries what a reader may need beyond its bytes.
type readContext struct {
	opts  Options
	path  string
	rules any
	// rulesFile is the file rules came from.
	rulesFile string
}

var codecs []*codec

func register(c *codec) {
	codecs = append(codecs, c)
	listForm(c.legacy)
}

// sharedForm is a file form that several kinds can be written in beside
// their legacy form (a Tiled map): the file itself says which kind it
// holds.
type sharedForm struct {
	format Format
	exts   []string
	kinds  []string // the kinds it holds
	// read returns the kind of the file and its model.
	read func(file string, src []byte, ctx *readContext) (kind string, v any, sm *srcpos.Map, err error)
	// write renders doc for the file at path ("" for standard output):
	// its content and the files written beside it, keyed by path.
	write func(doc *Document, path string) ([]byte, map[string][]byte, error)
}

var sharedForms []*sharedForm

func registerShared(f *sharedForm) { sharedForms = append(sharedForms, f) }

func sharedByFormat(f Format) *sharedForm {
	for _, s := range sharedForms {
		if s.format == f {
			return s
		}
	}
	return nil
}

// holds reports whether the form holds documents of kind.
func (f *sharedForm) holds(kind string) bool {
	for _, k := range f.kinds {
		if k == kind {
			return true
		}
	}
	return false
}

func byKind(kind string) *codec {
	for _, c := range codecs {
		if c.kind == kind {
			return c
		}
	}
	return nil
}

func byLegacy(f Format) *codec {
	for _, c := range codecs {
		if c.legacy == f {
			return c
		}
	}
	return nil
}

// Kinds lists the YAML document kinds, sorted.
func Kinds() []string {
	var out []string
	for _, c := range codecs {
		out = append(out, c.kind)
	}
	sort.Strings(out)
	return out
}

// IOError is a problem reading or writing a file (as opposed to a problem
// in its content); the command line exits with status 2 for it.
type IOError struct{ Err error }

func (e *IOError) Error() string { return e.Err.Error() }
func (e *IOError) Unwrap() error { return e.Err }

// IsIO reports whether err is an IOError.
func IsIO(err error) bool {
	var io *IOError
	return errors.As(err, &io)
}

// Read loads the document at path.
func Read(path string, opts Options) (*Document, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, &IOError{err}
	}
	return ReadBytes(path, src, opts)
}

// ReadBytes loads a document whose content is src; path names it in
// messages, decides detection by extension, and locates files beside it
// (an ftbt level's intro, the rules a level names).
func ReadBytes(path string, src []byte, opts Options) (*Document, error) {
	ctx := &readContext{opts: opts, path: path}
	from := opts.From
	if from == "" {
		f, err := Detect(path, src)
		if err != nil {
			return nil, err
		}
		from = f
	}
	if from == YAML {
		kind, err := yamlKind(path, src)
		if err != nil {
			return nil, err
		}
		c := byKind(kind)
		if c == nil {
			return nil, fileError(path, diag.CodeKind, fmt.Sprintf("unknown document kind %q (known kinds: %s)", kind, strings.Join(Kinds(), ", ")))
		}
		v, sm, err := c.decode(path, src, ctx)
		if err != nil {
			return nil, err
		}
		return &Document{Path: path, Format: YAML, Kind: c.kind, Value: v, Source: sm, Rules: ctx.rules, RulesFile: ctx.rulesFile}, nil
	}
	if f := sharedByFormat(from); f != nil {
		kind, v, sm, err := f.read(path, src, ctx)
		if err != nil {
			return nil, err
		}
		return &Document{Path: path, Format: from, Kind: kind, Value: v, Source: sm, Rules: ctx.rules, RulesFile: ctx.rulesFile}, nil
	}
	c := byLegacy(from)
	if c == nil {
		return nil, fileError(path, diag.CodeKind, fmt.Sprintf("unknown format %q (known: %s)", from, formatList()))
	}
	v, sm, err := c.readLegacy(path, src, ctx)
	if err != nil {
		return nil, err
	}
	return &Document{Path: path, Format: from, Kind: c.kind, Value: v, Source: sm, Rules: ctx.rules, RulesFile: ctx.rulesFile}, nil
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

// yamlKind returns the kind field of a YAML document; a document without
// one that looks like a Planet-Conquer map is the game's own format.
func yamlKind(path string, src []byte) (string, error) {
	d, err := yamlx.Parse(path, src)
	if err != nil {
		return "", err
	}
	m := d.Root.Mapping()
	if kn, ok := m.Get("kind", ""); ok {
		if k, ok := kn.Text(); ok {
			return k, nil
		}
		return "", d.Err()
	}
	if m.Has("planets") || m.Has("map") {
		return "planets/map", nil
	}
	return "", &diag.Diagnostic{File: path, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeKind,
		Message: "missing field 'kind' (one of " + strings.Join(Kinds(), ", ") + ")"}
}

// Detect tells the form of a file from its extension and, where the
// extension is shared, from its content. An ambiguous file is an error
// that says which --from to add.
func Detect(path string, src []byte) (Format, error) {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".yaml":
		return YAML, nil
	case ".yml":
		var head struct {
			Kind string `yaml:"kind"`
		}
		if yaml.Unmarshal(src, &head) == nil && head.Kind != "" && head.Kind != "planets/map" {
			return YAML, nil
		}
		if byLegacy(Planets) != nil {
			if head.Kind == "planets/map" {
				return YAML, nil
			}
			return Planets, nil
		}
		return YAML, nil
	}
	for _, f := range sharedForms {
		for _, e := range f.exts {
			if e == ext {
				return f.format, nil
			}
		}
	}
	var candidates []*codec
	for _, c := range codecs {
		for _, e := range c.exts {
			if e == ext {
				candidates = append(candidates, c)
			}
		}
	}
	if len(candidates) == 1 {
		return candidates[0].legacy, nil
	}
	if len(candidates) == 0 {
		if looksLikeYAML(src) {
			return YAML, nil
		}
		candidates = codecs
	}
	// Several forms share the extension: keep those that read the file,
	// preferring readings that leave no values over. The candidates are
	// tried in the order of Formats.
	sort.SliceStable(candidates, func(i, j int) bool { return formatRank(candidates[i].legacy) < formatRank(candidates[j].legacy) })
	type fit struct {
		f        Format
		trailing int
	}
	var fits []fit
	var firstErr error
	var furthest diag.Pos
	for _, c := range candidates {
		if c.readLegacy == nil || c.legacy == Planets {
			continue
		}
		v, _, err := c.readLegacy(path, src, &readContext{path: path})
		if err != nil {
			// When nothing reads the file, report the reading that got
			// furthest into it: the most likely form.
			if p := errorPos(err); firstErr == nil || p.Line > furthest.Line || (p.Line == furthest.Line && p.Col > furthest.Col) {
				firstErr, furthest = err, p
			}
			continue
		}
		n := 0
		if c.trailing != nil {
			n = c.trailing(v)
		}
		fits = append(fits, fit{c.legacy, n})
	}
	sort.SliceStable(fits, func(i, j int) bool { return fits[i].trailing < fits[j].trailing })
	switch {
	case len(fits) == 1 || (len(fits) > 1 && fits[0].trailing < fits[1].trailing):
		return fits[0].f, nil
	case len(fits) > 1:
		var names []string
		for _, f := range fits {
			names = append(names, "--from "+string(f.f))
		}
		return "", fileError(path, diag.CodeKind, "cannot tell what kind of file this is; add "+strings.Join(names, " or "))
	}
	if len(candidates) == 1 || firstErr == nil {
		return "", fileError(path, diag.CodeKind, "unknown kind of file; add --from with one of "+formatList())
	}
	if len(candidates) < len(codecs) {
		// The file has a known extension but reads as none of its forms:
		// report why the first form failed, and how to choose another.
		return "", firstErr
	}
	return "", fileError(path, diag.CodeKind, "unknown kind of file; add --from with one of "+formatList())
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

// TargetFormat decides the form to write for path: to when given, else
// from the extension (.yaml is Shapan's YAML; .yml is the game's own file
// for Planet-Conquer maps and YAML otherwise; legacy extensions name their
// form).
func TargetFormat(doc *Document, path string, to Format) (Format, error) {
	c := byKind(doc.Kind)
	if c == nil {
		return "", fmt.Errorf("unknown document kind %q", doc.Kind)
	}
	if to != "" {
		if f := sharedByFormat(to); to != YAML && to != c.legacy && (f == nil || !f.holds(doc.Kind)) {
			return "", fmt.Errorf("a %s document cannot be written as %s; use --to %s or --to yaml", doc.Kind, to, c.legacy)
		}
		return to, nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range sharedForms {
		for _, e := range f.exts {
			if e != ext {
				continue
			}
			if !f.holds(doc.Kind) {
				return "", fmt.Errorf("a %s document cannot be written as %s (it holds %s); use --to %s or --to yaml", doc.Kind, f.format, strings.Join(f.kinds, ", "), c.legacy)
			}
			return f.format, nil
		}
	}
	switch {
	case ext == ".yaml":
		return YAML, nil
	case ext == ".yml":
		if c.legacy == Planets {
			return Planets, nil
		}
		return YAML, nil
	}
	for _, e := range c.exts {
		if e == ext {
			return c.legacy, nil
		}
	}
	return "", fmt.Errorf("cannot tell the output form from %q; add --to %s or --to yaml", filepath.Base(path), c.legacy)
}

// Encode renders doc in the given form.
func Encode(doc *Document, to Format) ([]byte, error) {
	c := byKind(doc.Kind)
	if c == nil {
		return nil, fmt.Errorf("unknown document kind %q", doc.Kind)
	}
	if to == YAML {
		return c.encode(doc)
	}
	if f := sharedByFormat(to); f != nil && f.holds(doc.Kind) {
		data, _, err := f.write(doc, "")
		return data, err
	}
	if to != c.legacy {
		return nil, fmt.Errorf("a %s document cannot be written as %s", doc.Kind, to)
	}
	return c.writeLegacy(doc)
}

// Write saves doc at path in the given form, atomically; for an ftbt level
// exported to the legacy form the intro text is written beside it. It
// returns the paths written.
func Write(path string, doc *Document, to Format) ([]string, error) {
	out := doc
	if c := byKind(doc.Kind); c == nil || to != c.legacy {
		out = withRelativeRules(doc, path)
	}
	var data []byte
	var beside map[string][]byte
	var err error
	if f := sharedByFormat(to); f != nil && f.holds(doc.Kind) {
		data, beside, err = f.write(out, path)
	} else {
		data, err = Encode(out, to)
	}
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{path: data}
	for p, b := range beside {
		files[p] = b
	}
	if c := byKind(doc.Kind); c != nil && to == c.legacy && c.siblings != nil {
		for p, b := range c.siblings(doc, path) {
			files[p] = b
		}
	}
	var written []string
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if err := WriteFileAtomic(p, files[p]); err != nil {
			return written, &IOError{err}
		}
		written = append(written, p)
	}
	return written, nil
}

// WriteFileAtomic writes data to a temporary file beside path and renames
// it over path, so that a crash never leaves a half-written file.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("saving %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("saving %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.Chmod(tmp, mode); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	ok = true
	return nil
}

// withRelativeRules returns doc unchanged unless a hook rewrites the
// rules reference of a level for the file it is saved to.
func withRelativeRules(doc *Document, path string) *Document {
	if relativeRules != nil {
		return relativeRules(doc, path)
	}
	return doc
}

// relativeRules is set by the ftbt registration.
var relativeRules func(doc *Document, path string) *Document

// value returns doc's model as a T, or an error when it holds something
// else (a document whose kind and value disagree).
func value[T any](doc *Document) (T, error) {
	v, ok := doc.Value.(T)
	if !ok {
		var zero T
		return zero, fmt.Errorf("a %s document holds a %T, not a %T", doc.Kind, doc.Value, zero)
	}
	return v, nil
}

// writer adapts a typed writer to a codec function.
func writer[T any](write func(T) ([]byte, error)) func(*Document) ([]byte, error) {
	return func(doc *Document) ([]byte, error) {
		v, err := value[T](doc)
		if err != nil {
			return nil, err
		}
		return write(v)
	}
}
