package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/yamlx"
)

// A companion is another document that a document is read with: an ftbt
// level is read with its rules (the only kind that has one today). The
// document names its companion's file in a field (rules: 兵法.yaml),
// relative to itself, or the companion is given with the read
// (Options.RulesPath, Options.Rules: the command line's --rules). The
// companion read is the Document's Rules, the file it came from its
// RulesFile.
//
// Reading refuses, with a diagnostic at the field that names it, a
// companion that cannot be read, that is of another kind, or whose file
// leads back to a file being read (a cycle); a read confined to a set
// of files (ReadConfined) takes the companion from the set only, by a
// plain name. Saving a document's YAML names its companion relative to
// the file saved, and writes a companion held in memory only beside it.

// Companion describes the companion document of a kind.
type Companion struct {
	// Kind is the companion's kind ("ftbt/rules").
	Kind string
	// Field is the field of the YAML document (and the property of a
	// Tiled map) that names the companion's file ("rules").
	Field string
	// The words of the messages: Noun names the companion ("rules"),
	// Title one of its kind ("ftbt rules"), Holder the document that
	// names it ("level"), Example a plain file name ("兵法.yaml") and
	// Must what a companion must be ("a level's rules must be an
	// ftbt/rules document").
	Noun, Title, Holder, Example, Must string
	// Accepts reports whether v is a companion's model (not nil).
	Accepts func(v any) bool
	// Named returns the file the model v names, as written ("" for
	// none or for a value that is no model of the kind); WithNamed
	// returns a copy of v that names name (v itself when it is no model
	// of the kind).
	Named     func(v any) string
	WithNamed func(v any, name string) any
}

// Context is what a codec's reader may need beyond the bytes of its
// file: its path, the options of the read, the files beside it and its
// companion document.
type Context struct {
	opts Options
	path string
	// companion is the companion read (nil: none), companionFile the
	// file it came from and companionSource its source map.
	companion       any
	companionFile   string
	companionSource *srcpos.Map
}

// Path is the path of the file being read ("-": standard input).
func (ctx *Context) Path() string { return ctx.path }

// Encoding is the character encoding of the files read.
func (ctx *Context) Encoding() textenc.Encoding { return ctx.opts.Encoding }

// Companion returns the companion document read (nil: none).
func (ctx *Context) Companion() any { return ctx.companion }

// ReadBeside reads a file beside the document being read: from the
// machine, or from Options.FS only when the read is confined.
func (ctx *Context) ReadBeside(path string) ([]byte, error) {
	if !ctx.opts.confined {
		return ReadInput(path, ctx.opts)
	}
	data, err := fs.ReadFile(ctx.opts.FS, path)
	if err != nil {
		return nil, &IOError{err}
	}
	return data, nil
}

// ReadNamed reads a file the document in file names by name, relative to
// the document's folder, which it may not leave (an absolute name, a step
// up out of the folder or a symbolic link out of it is refused; see
// InFolder): from the machine, from Options.FS, or, when the read is
// confined, only a file sent with the document, by a plain name. A file
// larger than limit bytes is refused.
func (ctx *Context) ReadNamed(file, name string, limit int64) ([]byte, error) {
	if err := InFolder(name); err != nil {
		return nil, err
	}
	var f fs.File
	var err error
	switch {
	case ctx.opts.confined:
		if err := PlainName(name); err != nil {
			return nil, err
		}
		f, err = ctx.opts.FS.Open(name)
	case ctx.opts.FS != nil:
		f, err = ctx.opts.FS.Open(path.Join(path.Dir(filepath.ToSlash(file)), filepath.ToSlash(name)))
	default:
		var root *os.Root
		if root, err = os.OpenRoot(filepath.Dir(file)); err != nil {
			return nil, err
		}
		defer root.Close()
		f, err = root.Open(filepath.FromSlash(name))
		if err != nil && strings.Contains(err.Error(), "escapes") {
			return nil, ErrOutside
		}
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errors.New("there is no such file")
		}
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, errors.New("it is not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("it is larger than %d bytes", limit)
	}
	return data, err
}

// LoadCompanion loads the companion of a document of kind in file: the
// one given with the read, or else the one the document names (named,
// relative to file; "" when it names none), at is where it names it.
// It does nothing for a kind without a companion.
func (ctx *Context) LoadCompanion(kind, file, named string, at diag.Pos) error {
	c := byKind(kind)
	if c == nil || c.Companion == nil {
		return nil
	}
	if ctx.given() {
		return ctx.givenCompanion(c.Companion, file)
	}
	if named == "" {
		return nil
	}
	p := filepath.FromSlash(named)
	switch {
	case ctx.opts.confined:
		p = named
	case ctx.opts.FS != nil:
		p = path.Join(path.Dir(filepath.ToSlash(file)), named)
	case !filepath.IsAbs(p) && file != "":
		p = filepath.Join(filepath.Dir(file), p)
	}
	return ctx.loadCompanion(c.Companion, p, file, named, at)
}

// given reports whether a companion was given with the read.
func (ctx *Context) given() bool { return ctx.opts.RulesPath != "" || ctx.opts.Rules != nil }

// givenCompanion takes the companion of Options.Rules or reads that of
// Options.RulesPath; it does nothing when neither is set.
func (ctx *Context) givenCompanion(comp *Companion, file string) error {
	switch {
	case ctx.opts.Rules != nil:
		if !comp.Accepts(ctx.opts.Rules) {
			return &diag.Diagnostic{File: file, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeKind,
				Message: fmt.Sprintf("the %s given are a %T, not %s", comp.Noun, ctx.opts.Rules, comp.Title), Path: comp.Field}
		}
		ctx.companion, ctx.companionFile = ctx.opts.Rules, ctx.opts.RulesPath
		return nil
	case ctx.opts.RulesPath != "":
		return ctx.loadCompanion(comp, ctx.opts.RulesPath, file, "", diag.Pos{Line: 1, Col: 1})
	}
	return nil
}

// loadCompanion reads the companion at path for the document in file;
// asWritten is the document's field when it named it, at is where. A
// file that leads back to a file being read is refused, naming the
// chain.
func (ctx *Context) loadCompanion(comp *Companion, path, file, asWritten string, at diag.Pos) error {
	where := "--rules"
	if asWritten != "" {
		where = "the " + comp.Holder + "'s " + comp.Field + " field (" + asWritten + ")"
	}
	refuse := func(code, msg string) error {
		return &diag.Diagnostic{File: file, Line: at.Line, Col: at.Col, Severity: diag.Error, Code: code, Message: msg, Path: comp.Field}
	}
	if err := ctx.confinedCompanion(comp, path, where); err != "" {
		return refuse(diag.CodeBadRef, err)
	}
	chain := append(append([]string(nil), ctx.opts.chain...), absPath(file))
	for i, p := range chain {
		if p == absPath(path) {
			names := make([]string, 0, len(chain)-i+1)
			for _, q := range chain[i:] {
				names = append(names, filepath.Base(q))
			}
			names = append(names, filepath.Base(path))
			return refuse(diag.CodeBadRef, fmt.Sprintf("the %s named by %s lead back to a file being read: %s; %s", comp.Noun, where, strings.Join(names, " → "), comp.Must))
		}
	}
	doc, err := ctx.readCompanion(path, chain)
	if err != nil {
		if IsIO(err) {
			return refuse(diag.CodeBadRef, unreadableCompanion(comp, path, asWritten, err))
		}
		return err
	}
	if doc.Kind != comp.Kind {
		return refuse(diag.CodeKind, fmt.Sprintf("%s is a %s document, not %s", path, doc.Kind, comp.Title))
	}
	ctx.companion, ctx.companionFile, ctx.companionSource = doc.Value, path, doc.Source
	return nil
}

// unreadableCompanion says that the companion at path, named by the
// document as asWritten ("" for --rules), could not be read: the file is named once, as the
// reader opened it, and a name relative to the document's folder says
// so.
func unreadableCompanion(comp *Companion, path, asWritten string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case asWritten == "":
		return fmt.Sprintf("cannot read the %s %s given with --rules: %v", comp.Noun, path, err)
	case filepath.ToSlash(path) == asWritten:
		return fmt.Sprintf("cannot read the %s %s named by the %s's %s field: %v", comp.Noun, path, comp.Holder, comp.Field, err)
	}
	return fmt.Sprintf("cannot read the %s %s: %v (the %s's %s field names it %s, relative to the %s's folder)",
		comp.Noun, path, err, comp.Holder, comp.Field, asWritten, comp.Holder)
}

// confinedCompanion says why a confined read cannot take the companion
// at path ("" when it can, or the read is not confined).
func (ctx *Context) confinedCompanion(comp *Companion, path, where string) string {
	if !ctx.opts.confined {
		return ""
	}
	if err := PlainName(path); err != nil {
		return fmt.Sprintf("%s cannot be read: %v (a document sent from elsewhere names only the files sent with it, by a plain name such as %s)", where, err, comp.Example)
	}
	if _, err := fs.Stat(ctx.opts.FS, path); err != nil {
		return fmt.Sprintf("%s cannot be read: no file of that name was sent with the document; send the %s with it", where, comp.Noun)
	}
	return ""
}

// readCompanion reads the companion document at path, chain being the
// files being read that lead to it.
func (ctx *Context) readCompanion(path string, chain []string) (*Document, error) {
	opts := Options{FS: ctx.opts.FS, confined: ctx.opts.confined, Stdin: ctx.opts.Stdin, Encoding: ctx.opts.Encoding, MaxInput: ctx.opts.MaxInput, chain: chain}
	if ctx.opts.FS == nil {
		return Read(path, opts)
	}
	data, err := fs.ReadFile(ctx.opts.FS, path)
	if err != nil {
		return nil, &IOError{err}
	}
	return ReadBytes(path, data, opts)
}

// namedField returns the file the YAML document d of codec c names its
// companion in, and where; "" when it names none.
func namedField(d *yamlx.Doc, c *Codec) (string, diag.Pos) {
	named, at := "", diag.Pos{Line: 1, Col: 1}
	if rn, kn := d.Field(c.Companion.Field), d.Field("kind"); rn != nil && rn.Kind == yaml.ScalarNode && kn != nil && kn.Value == c.Kind {
		named, at = rn.Value, diag.Pos{Line: rn.Line, Col: rn.Column}
	}
	return named, at
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// CompanionOf returns the companion of documents of kind (nil: they
// have none).
func CompanionOf(kind string) *Companion { return companionOf(kind) }

// companionOf returns the companion of documents of kind (nil: none).
func companionOf(kind string) *Companion {
	if c := byKind(kind); c != nil {
		return c.Companion
	}
	return nil
}

// withRelativeCompanion returns doc, or a copy of it whose model names
// its companion's file relative to the file doc is saved to.
func withRelativeCompanion(doc *Document, path string) *Document {
	comp := companionOf(doc.Kind)
	if comp == nil || doc.RulesFile == "" || comp.Named == nil {
		return doc
	}
	rel, err := filepath.Rel(filepath.Dir(absPath(path)), absPath(doc.RulesFile))
	if err != nil {
		return doc
	}
	out := *doc
	out.Value = comp.WithNamed(doc.Value, filepath.ToSlash(rel))
	return &out
}

// namedCompanion returns the companion file the YAML form of doc saved at
// path names, resolved as reading it resolves it, and the name as
// written; "" when it names none.
func namedCompanion(doc *Document, path string) (file, asWritten string) {
	comp := companionOf(doc.Kind)
	if comp == nil {
		return "", ""
	}
	named := comp.Named(withRelativeCompanion(doc, path).Value)
	if named == "" {
		return "", ""
	}
	file = filepath.FromSlash(named)
	if !filepath.IsAbs(file) {
		file = filepath.Join(filepath.Dir(path), file)
	}
	return file, named
}

// NamedFiles returns the other files the YAML form of doc saved at path
// names (an ftbt level's rules), resolved as reading it would.
func NamedFiles(doc *Document, path string) []string {
	if file, _ := namedCompanion(doc, path); file != "" {
		return []string{file}
	}
	return nil
}

// CheckNamedFiles reads the other files the YAML form of doc saved at
// path names, and returns what Read of that file would say about them
// (nil when they read as they must): the studio shows it as
// `shapan check` would print it.
func CheckNamedFiles(doc *Document, path string) error {
	file, asWritten := namedCompanion(doc, path)
	if file == "" {
		return nil
	}
	comp := companionOf(doc.Kind)
	ctx := &Context{path: path}
	err := ctx.loadCompanion(comp, file, path, asWritten, diag.Pos{Line: 1, Col: 1})
	if err == nil {
		return nil
	}
	// Where the file names it, for the message: only now, as the
	// document must be encoded to know it.
	if at, ok := companionFieldPos(doc, path, comp); ok {
		err = ctx.loadCompanion(comp, file, path, asWritten, at)
	}
	return err
}

// companionFieldPos is where the YAML form of doc saved at path names
// its companion.
func companionFieldPos(doc *Document, path string, comp *Companion) (diag.Pos, bool) {
	data, err := Encode(withRelativeCompanion(doc, path), YAML)
	if err != nil {
		return diag.Pos{}, false
	}
	d, err := yamlx.Parse(path, data)
	if err != nil {
		return diag.Pos{}, false
	}
	if rn := d.Field(comp.Field); rn != nil && rn.Kind == yaml.ScalarNode {
		return diag.Pos{Line: rn.Line, Col: rn.Column}, true
	}
	return diag.Pos{}, false
}

// companionToWrite returns the file the YAML form of doc saved at path
// names and that doc holds in memory only (the rules of a new ftbt
// level), with its content; "" when there is none.
func companionToWrite(doc *Document, path string) (string, []byte, error) {
	comp := companionOf(doc.Kind)
	if comp == nil || !comp.Accepts(doc.Rules) || doc.RulesFile != "" {
		return "", nil, nil
	}
	file, _ := namedCompanion(doc, path)
	if file == "" {
		return "", nil, nil
	}
	c := byKind(comp.Kind)
	if c == nil {
		return "", nil, fmt.Errorf("unknown document kind %q", comp.Kind)
	}
	data, err := c.Encode(&Document{Kind: comp.Kind, Value: doc.Rules})
	return file, data, err
}
