// Package formats loads and saves Shapan documents of every game family in
// any of their forms — the original games' files and Shapan's YAML — so
// that the command line and the studio need not know which reader to call.
// The family packages (mbg, ftbt, planets, battle) do the actual reading
// and writing.
package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/schemas"
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
	// given or named), RulesFile the file they came from and RulesSource
	// locates document paths in it (nil when the rules were given read).
	Rules       any
	RulesFile   string
	RulesSource *srcpos.Map
	// SchemaBase is where the modeline of the YAML written for the
	// document looks for its JSON Schema: "" for the project's schema
	// folder (schemas.ProjectDir, which writing the document fills), or a
	// folder or a URL (see schemas.Link).
	SchemaBase string
	// origin is the game's file the document was read from (nil for a
	// document read from YAML): an export in that form is laid out as it.
	origin *origin
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
	// Encoding is the character encoding of the files read ("" is UTF-8;
	// textenc.GBK converts old files saved in GBK). Text that is not valid
	// in it is an error at the offending byte.
	Encoding textenc.Encoding
	// MaxInput caps the size of every file read, in bytes (0 means
	// DefaultMaxInput).
	MaxInput int64
	// Stdin is read for the path "-" (nil means os.Stdin).
	Stdin io.Reader

	// confined reads every file a document names from FS, by plain
	// name only (ReadConfined).
	confined bool
	// chain lists the files being read that led to this one (an ftbt
	// level reading its rules), to refuse a cycle.
	chain []string
}

// codec reads and writes one document kind in its two forms.
type codec struct {
	kind   string
	legacy Format
	exts   []string // legacy file extensions, most usual first
	// readLegacy reads the legacy form from a token reader (the
	// whitespace files of the games); readLegacyDoc reads it from a
	// parsed YAML document (Planet-Conquer's own YAML). One is set.
	readLegacy    func(r *token.Reader) (any, *srcpos.Map, error)
	readLegacyDoc func(d *yamlx.Doc) (any, *srcpos.Map, error)
	// finish reads what a legacy document needs beyond its file (an
	// ftbt level's intro and rules); nil when nothing.
	finish      func(v any, ctx *readContext) error
	writeLegacy func(doc *Document) ([]byte, error)
	decode      func(d *yamlx.Doc, ctx *readContext) (any, *srcpos.Map, error)
	encode      func(doc *Document) ([]byte, error)
	// siblings lists extra files written beside a legacy export (the
	// intro of an ftbt level), keyed by path.
	siblings func(doc *Document, path string) map[string][]byte
	// named returns the other files the YAML form of doc saved at path
	// names (an ftbt level's rules), resolved, and a check that reads
	// them as reading the document would.
	named func(doc *Document, path string) (files []string, check func() error)
	// companion returns a file the YAML form of doc saved at path names
	// but that doc holds in memory only (the rules of a new ftbt level),
	// and its content; "" when there is none.
	companion func(doc *Document, path string) (file string, data []byte, err error)
}

// NamedFiles returns the other files the YAML form of doc saved at path
// names (an ftbt level's rules), resolved as reading it would.
func NamedFiles(doc *Document, path string) []string {
	if c := byKind(doc.Kind); c != nil && c.named != nil {
		files, _ := c.named(doc, path)
		return files
	}
	return nil
}

// CheckNamedFiles reads the other files the YAML form of doc saved at
// path names, and returns what Read of that file would say about them
// (nil when they read as they must): the studio shows it as
// `shapan check` would print it.
func CheckNamedFiles(doc *Document, path string) error {
	if c := byKind(doc.Kind); c != nil && c.named != nil {
		if _, check := c.named(doc, path); check != nil {
			return check()
		}
	}
	return nil
}

// readContext carries what a reader may need beyond its bytes.
type readContext struct {
	opts  Options
	path  string
	rules any
	// rulesFile is the file rules came from, rulesSource its source map.
	rulesFile   string
	rulesSource *srcpos.Map
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
// exported to the legacy form the intro text is written beside it. A
// level saved as YAML whose rules are in memory only (a new level) gets
// them written beside it when the file it names does not exist, so that
// it never names a file that is not there; doc.RulesFile then records
// that file. It returns the paths written.
func Write(path string, doc *Document, to Format) ([]string, error) {
	written, err := writeCompanion(path, doc, to)
	if err != nil {
		return written, err
	}
	files, err := Render(path, doc, to)
	if err != nil {
		return written, err
	}
	more, err := WriteFiles(files)
	return append(written, more...), err
}

// writeCompanion writes the file the YAML form of doc names and only
// holds in memory, unless a file is there already.
func writeCompanion(path string, doc *Document, to Format) ([]string, error) {
	c := byKind(doc.Kind)
	if to != YAML || c == nil || c.companion == nil {
		return nil, nil
	}
	file, data, err := c.companion(doc, path)
	if file == "" || err != nil {
		return nil, err
	}
	if _, err := os.Stat(file); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	files := LinkSchema(file, doc.SchemaBase, data)
	written, err := WriteFiles(files)
	if err != nil {
		return written, err
	}
	doc.RulesFile = file
	return written, nil
}

// linkSchema returns the files that writing the YAML data at path takes:
// data with its modeline naming the schema under base (see
// Document.SchemaBase), and the project's schemas missing on disk when
// base is "".
func LinkSchema(path, base string, data []byte) map[string][]byte {
	files := map[string][]byte{}
	if base == "" {
		dir := schemas.ProjectDir(path)
		files = schemas.Missing(dir)
		base = dir
	}
	files[path] = yamlx.RebaseSchema(data, schemas.Link(path, base))
	return files
}

// Render returns what Write writes for doc at path in the given form: the
// content of every file, keyed by path (the file itself and the files
// beside it, such as an ftbt level's intro), without writing anything. A
// game's file is laid out as the file the document was read from, or else
// as the file at path (see laidOut).
func Render(path string, doc *Document, to Format) (map[string][]byte, error) {
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
	if c := byKind(doc.Kind); c != nil && to == c.legacy {
		data = laidOut(c, doc, path, data)
	}
	files := map[string][]byte{path: data}
	if to == YAML {
		files = LinkSchema(path, doc.SchemaBase, data)
	}
	for p, b := range beside {
		files[p] = b
	}
	if c := byKind(doc.Kind); c != nil && to == c.legacy && c.siblings != nil {
		for p, b := range c.siblings(doc, path) {
			files[p] = b
		}
	}
	return files, nil
}

// WriteFiles writes files (keyed by path) as one save, and returns the
// paths written. Every file is written to a temporary file beside it and
// flushed first; only when all are complete are they renamed into place,
// in the order of their paths. A failure before the renames (a full disk)
// leaves every old file as it was. A crash between two renames (the
// machine losing power in the microseconds between them) leaves the files
// renamed so far new and the others old: an ftbt level's .intro is
// renamed first, then its .map.
// The folder of a project's schemas (see LinkSchema) is made when it is
// missing.
func WriteFiles(files map[string][]byte) ([]string, error) {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Slice(paths, func(i, j int) bool { return renameOrder(paths[i], paths[j]) })
	var pending []*AtomicFile
	abort := func() {
		for _, f := range pending {
			f.Abort()
		}
	}
	for _, p := range paths {
		if schemas.IsLocal(p) { // the project's schema folder, made on first use
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				abort()
				return nil, &IOError{err}
			}
		}
		f, err := CreateAtomic(p)
		if err != nil {
			abort()
			return nil, &IOError{err}
		}
		pending = append(pending, f)
		if _, err := f.Write(files[p]); err != nil {
			abort()
			return nil, &IOError{err}
		}
	}
	for i, f := range pending {
		if err := f.prepare(); err != nil {
			for _, g := range pending[i+1:] {
				g.Abort()
			}
			for _, g := range pending[:i] {
				os.Remove(g.f.Name())
			}
			return nil, &IOError{err}
		}
	}
	var written []string
	for i, f := range pending {
		if err := f.rename(); err != nil {
			for _, g := range pending[i+1:] {
				os.Remove(g.f.Name())
			}
			return written, &IOError{err}
		}
		written = append(written, paths[i])
	}
	return written, nil
}

// renameOrder sorts the files of one save: the files beside a document
// (its .intro, a tileset image) before the document itself, which is what
// names them, and otherwise by path.
func renameOrder(a, b string) bool {
	ia, ib := strings.HasSuffix(a, ".intro"), strings.HasSuffix(b, ".intro")
	if ia != ib {
		return ia
	}
	return a < b
}

// Inputs returns the files doc was read from: its own file, the intro
// beside a level read from its legacy form, and the rules it was read
// with. A command refuses to write over any of them.
func (doc *Document) Inputs() []string {
	var in []string
	if doc.Path != "" && doc.Path != Stdin {
		in = append(in, doc.Path)
		if doc.Format == FTBTLevel {
			in = append(in, introPath(doc.Path))
		}
	}
	if doc.RulesFile != "" {
		in = append(in, doc.RulesFile)
	}
	return in
}

// SameFile reports whether a and b name the same existing file, through
// links and different spellings of the path.
func SameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// CheckNotInput refuses to write out when it is one of the files in
// (see Document.Inputs): the write would destroy what was read.
func CheckNotInput(out string, in []string) error {
	for _, p := range in {
		if SameFile(out, p) {
			if filepath.Clean(out) == filepath.Clean(p) {
				return &IOError{fmt.Errorf("refusing to write over the input %s; name another output file", p)}
			}
			return &IOError{fmt.Errorf("refusing to write %s over the input %s (the same file); name another output file", out, p)}
		}
	}
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

// Extensions returns the file extensions of every form Shapan reads (".map",
// ".tmj", ".yaml", ...), sorted, for a command that looks for documents in
// a folder. A battle grid's ".txt", which notes share, is left out: name
// such a file to read it.
func Extensions() []string {
	seen := map[string]bool{".yaml": true, ".yml": true}
	for _, c := range codecs {
		for _, e := range c.exts {
			seen[e] = true
		}
	}
	for _, f := range sharedForms {
		for _, e := range f.exts {
			seen[e] = true
		}
	}
	delete(seen, ".txt")
	out := make([]string, 0, len(seen))
	for e := range seen {
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}
