// Package formats loads and saves Shapan documents of every game family in
// any of their forms — the original games' files and Shapan's YAML — so
// that the command line and the studio need not know which reader to call.
//
// It names no family: every kind is plugged in by its model package, as a
// Tiled format plugin is, and the forms several kinds share by theirs:
//
//	what                       registered with   by (for example)
//	a kind's YAML document      Register(Codec)   formats/mbg: mbg/scenario, mbg/save
//	and its game's own file
//	a form kinds share          RegisterShared    formats/tiled: Tiled maps (.tmj, .tmx)
//	a document read with        Codec.Companion   formats/ftbt: a level with its rules
//	another (its companion)
//
// Read detects the form (by extension, then by the file's beginning: see
// detect.go), reads the file once and returns a Document; Write renders a
// Document in a form and saves every file of it atomically. A file that
// cannot be read is a diag.List of located diagnostics (an *IOError for a
// problem with the file itself); nothing panics on any input, and input
// sizes are bounded (see ReadInput). Importing a family's model package
// (or family/all) plugs its kinds in.
package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/yamlx"
	"github.com/shapan/shapan/schemas"
)

// Document is a loaded document of any family.
type Document struct {
	// Path is the file the document was read from ("" for a new one).
	Path string
	// Format is the form it was read from.
	Format Format
	// Kind is the YAML kind ("mbg/scenario", "ftbt/level", ...).
	Kind string
	// Value is the model, of the type the kind's codec reads (the
	// family's model package: *mbg.Scenario for mbg/scenario, ...).
	Value any
	// Source locates document paths in the file the document was read from.
	Source *srcpos.Map
	// Rules is the companion document the document was read with (see
	// Companion: an ftbt level's rules, the only kind with a companion
	// today; nil when none was given or named), RulesFile the file it
	// came from and RulesSource locates document paths in it (nil when
	// the companion was given read). The fields keep the name of their
	// one use, which every caller knows them by.
	Rules       any
	RulesFile   string
	RulesSource *srcpos.Map
	// SchemaBase is where the modeline of the YAML written for the
	// document looks for its JSON Schema: "" for the project's schema
	// folder (schemas.ProjectDir, which writing the document fills), or a
	// folder or a URL (see schemas.Link).
	SchemaBase string
	// Tileset, when set, is the file a Tiled map is written with its
	// tileset in (.tsj or .tsx, relative to the map's folder, which it
	// may not leave); "" embeds the tileset in the map.
	Tileset string
	// origin is the game's file the document was read from (nil for a
	// document read from YAML): an export in that form is laid out as it.
	origin *origin
}

// ForgetOrigin lets go of the text of the game's file the document was
// read from, which an export in that form is laid out as (it is then laid
// out as the file already at its path, as a document read from YAML is):
// a command that only reads the document, as check does, keeps its file's
// size less.
func (d *Document) ForgetOrigin() { d.origin = nil }

// Options adjust reading.
type Options struct {
	// From forces the form of the input ("" detects it).
	From Format
	// RulesPath names the companion document to read a document with
	// (the rules of an ftbt level: the command line's --rules); it
	// overrides the companion a document names. Kinds without a
	// companion ignore it.
	RulesPath string
	// Rules, when set, is a companion already read (*ftbt.Rules) to read
	// a document with: it overrides RulesPath and the companion a
	// document names, and RulesPath is then only recorded as the file it
	// came from (an editor re-reading a level it holds in memory uses it).
	Rules any
	// FS, when set, is where the files a document names (its companion)
	// are read from: paths are slash-separated and relative to the
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
		if f := sharedByFormat(to); to != YAML && to != c.Legacy && (f == nil || !f.holds(doc.Kind)) {
			return "", fmt.Errorf("a %s document cannot be written as %s; use --to %s or --to yaml", doc.Kind, to, c.Legacy)
		}
		return to, nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range sharedForms {
		for _, e := range f.Exts {
			if e != ext {
				continue
			}
			if !f.holds(doc.Kind) {
				return "", fmt.Errorf("a %s document cannot be written as %s (it holds %s); use --to %s or --to yaml", doc.Kind, f.Format, strings.Join(f.Kinds, ", "), c.Legacy)
			}
			return f.Format, nil
		}
	}
	switch {
	case ext == ".yaml":
		return YAML, nil
	case ext == ".yml" && !slices.Contains(c.Exts, ext):
		return YAML, nil // .yml is the game's file only for a game whose files are YAML
	case slices.Contains(c.Exts, ext):
		return c.Legacy, nil
	}
	return "", fmt.Errorf("cannot tell the output form from %q; add --to %s or --to yaml", filepath.Base(path), c.Legacy)
}

// Encode renders doc in the given form.
func Encode(doc *Document, to Format) ([]byte, error) {
	c := byKind(doc.Kind)
	if c == nil {
		return nil, fmt.Errorf("unknown document kind %q", doc.Kind)
	}
	if to == YAML {
		return c.Encode(doc)
	}
	if f := sharedByFormat(to); f != nil && f.holds(doc.Kind) {
		data, _, err := f.Write(doc, "")
		return data, err
	}
	if to != c.Legacy || c.WriteLegacy == nil {
		return nil, fmt.Errorf("a %s document cannot be written as %s", doc.Kind, to)
	}
	return c.WriteLegacy(doc)
}

// Write saves doc at path in the given form, atomically, with the files
// its form writes beside it (an ftbt level's intro beside its legacy
// .map). A document saved as YAML whose companion is in memory only (a
// new level's rules) gets it written beside it when the file it names
// does not exist, so that it never names a file that is not there;
// doc.RulesFile then records that file. It returns the paths written.
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
	if to != YAML {
		return nil, nil
	}
	file, data, err := companionToWrite(doc, path)
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
	if c := byKind(doc.Kind); c == nil || to != c.Legacy {
		out = withRelativeCompanion(doc, path)
	}
	var data []byte
	var beside map[string][]byte
	var err error
	if f := sharedByFormat(to); f != nil && f.holds(doc.Kind) {
		data, beside, err = f.Write(out, path)
	} else {
		data, err = Encode(out, to)
	}
	if err != nil {
		return nil, err
	}
	if c := byKind(doc.Kind); c != nil && to == c.Legacy {
		data = laidOut(c, doc, path, data)
	}
	files := map[string][]byte{path: data}
	if to == YAML {
		files = LinkSchema(path, doc.SchemaBase, data)
	}
	for p, b := range beside {
		files[p] = b
	}
	if c := byKind(doc.Kind); c != nil && to == c.Legacy && c.Siblings != nil {
		for p, b := range c.Siblings(doc, path) {
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

// renameOrder sorts the files of one save: the files a codec writes
// beside a document (Codec.Beside: an ftbt level's .intro) before the
// document itself, which is what names them, and otherwise by path.
func renameOrder(a, b string) bool {
	ia, ib := isBeside(a), isBeside(b)
	if ia != ib {
		return ia
	}
	return a < b
}

// isBeside reports whether path has the extension of a file some codec
// writes beside a document.
func isBeside(path string) bool {
	for _, c := range codecs {
		for _, e := range c.Beside {
			if strings.HasSuffix(path, e) {
				return true
			}
		}
	}
	return false
}

// BesidePath is the file with the extension ext beside the document at
// path (an ftbt level's intro: its .map's path with the extension
// .intro).
func BesidePath(path, ext string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ext
}

// Inputs returns the files doc was read from: its own file, the files
// beside a document read from its legacy form (Codec.Beside), and the
// companion it was read with. A command refuses to write over any of
// them.
func (doc *Document) Inputs() []string {
	var in []string
	if doc.Path != "" && doc.Path != Stdin {
		in = append(in, doc.Path)
		if c := byLegacy(doc.Format); c != nil {
			for _, e := range c.Beside {
				in = append(in, BesidePath(doc.Path, e))
			}
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

// Extensions returns the file extensions of every form Shapan reads (".map",
// ".tmj", ".yaml", ...), sorted, for a command that looks for documents in
// a folder. ".txt", which notes share (a battle grid may use it), is left
// out: name such a file to read it.
func Extensions() []string {
	seen := map[string]bool{".yaml": true, ".yml": true}
	for _, c := range codecs {
		for _, e := range c.Exts {
			seen[e] = true
		}
	}
	for _, f := range sharedForms {
		for _, e := range f.Exts {
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
