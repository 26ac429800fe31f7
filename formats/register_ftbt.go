package formats

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

func init() {
	register(&codec{
		kind:   ftbt.KindRules,
		legacy: FTBTRules,
		exts:   []string{".tech"},
		readLegacy: func(r *token.Reader) (any, *srcpos.Map, error) {
			return ftbt.ReadRulesFrom(r)
		},
		writeLegacy: writer(ftbt.WriteRules),
		decode: func(d *yamlx.Doc, _ *readContext) (any, *srcpos.Map, error) {
			return ftbt.DecodeRulesDoc(d)
		},
		encode: writer(ftbt.EncodeRules),
	})
	register(&codec{
		kind:   ftbt.KindLevel,
		legacy: FTBTLevel,
		exts:   []string{".map"},
		readLegacy: func(r *token.Reader) (any, *srcpos.Map, error) {
			return ftbt.ReadLevelFrom(r)
		},
		finish:      finishLevel,
		writeLegacy: writer(ftbt.WriteLevel),
		decode:      decodeLevel,
		encode: func(doc *Document) ([]byte, error) {
			l, err := value[*ftbt.Level](doc)
			if err != nil {
				return nil, err
			}
			rules, _ := doc.Rules.(*ftbt.Rules)
			return ftbt.EncodeLevel(l, rules)
		},
		named:     levelRulesFile,
		companion: levelRules,
		siblings: func(doc *Document, path string) map[string][]byte {
			l, err := value[*ftbt.Level](doc)
			if err != nil || l.Intro == nil {
				return nil
			}
			return map[string][]byte{introPath(path): ftbt.WriteIntro(*l.Intro)}
		},
	})
	relativeRules = func(doc *Document, path string) *Document {
		l, ok := doc.Value.(*ftbt.Level)
		if !ok || doc.RulesFile == "" {
			return doc
		}
		rel, err := filepath.Rel(filepath.Dir(absPath(path)), absPath(doc.RulesFile))
		if err != nil {
			return doc
		}
		copyLevel := *l
		copyLevel.RulesPath = filepath.ToSlash(rel)
		out := *doc
		out.Value = &copyLevel
		return &out
	}
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// introPath is where a level's intro text lives: beside the .map, with
// the extension .intro.
func introPath(levelPath string) string {
	return strings.TrimSuffix(levelPath, filepath.Ext(levelPath)) + ".intro"
}

// finishLevel reads the intro beside a level .map, when there is one, and
// the rules given with --rules (for names in the YAML).
func finishLevel(v any, ctx *readContext) error {
	l := v.(*ftbt.Level)
	if ctx.path != "" && ctx.path != Stdin {
		ip := introPath(ctx.path)
		data, err := ctx.readBeside(ip)
		switch {
		case err == nil:
			if data, err = textenc.Decode(ip, data, ctx.opts.Encoding); err != nil {
				return err
			}
			intro, err := ftbt.ReadIntro(ip, data)
			if err != nil {
				return err
			}
			l.Intro = &intro
		case !errors.Is(err, fs.ErrNotExist):
			return err
		}
	}
	return ctx.givenRules(ctx.path)
}

// readBeside reads a file beside the document being read: from the
// machine, or from Options.FS only when the read is confined.
func (ctx *readContext) readBeside(path string) ([]byte, error) {
	if !ctx.opts.confined {
		return ReadInput(path, ctx.opts)
	}
	data, err := fs.ReadFile(ctx.opts.FS, path)
	if err != nil {
		return nil, &IOError{err}
	}
	return data, nil
}

// givenRules takes the rules of Options.Rules or reads those of
// Options.RulesPath; it does nothing when neither is set.
func (ctx *readContext) givenRules(level string) error {
	switch {
	case ctx.opts.Rules != nil:
		return ctx.useRules(level)
	case ctx.opts.RulesPath != "":
		return ctx.loadRules(ctx.opts.RulesPath, level, "", diag.Pos{Line: 1, Col: 1})
	}
	return nil
}

// decodeLevel reads a level document, with the rules given by --rules or
// named in the document (relative to it).
func decodeLevel(d *yamlx.Doc, ctx *readContext) (any, *srcpos.Map, error) {
	named, at := "", diag.Pos{Line: 1, Col: 1}
	if rn, kn := d.Field("rules"), d.Field("kind"); rn != nil && rn.Kind == yaml.ScalarNode && kn != nil && kn.Value == ftbt.KindLevel {
		named, at = rn.Value, diag.Pos{Line: rn.Line, Col: rn.Column}
	}
	if err := ctx.levelRules(d.File, named, at); err != nil {
		return nil, nil, err
	}
	rules, _ := ctx.rules.(*ftbt.Rules)
	return ftbt.DecodeLevelDoc(d, rules)
}

// levelRules loads the rules to read the level file with: those given by
// Options, or else those the level names (named, relative to the level;
// "" when it names none), at is where the level names them.
func (ctx *readContext) levelRules(file, named string, at diag.Pos) error {
	if ctx.opts.Rules != nil || ctx.opts.RulesPath != "" {
		return ctx.givenRules(file)
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
	return ctx.loadRules(p, file, named, at)
}

// useRules takes the rules given in Options.Rules for the level file.
func (ctx *readContext) useRules(level string) error {
	rules, ok := ctx.opts.Rules.(*ftbt.Rules)
	if !ok || rules == nil {
		return &diag.Diagnostic{File: level, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeKind,
			Message: fmt.Sprintf("the rules given are a %T, not ftbt rules", ctx.opts.Rules), Path: "rules"}
	}
	ctx.rules, ctx.rulesFile = rules, ctx.opts.RulesPath
	return nil
}

// loadRules reads the ftbt rules at path for the level file; asWritten is
// the rules field of the level when it named them, at is where. A rules
// file that leads back to a file being read is refused, naming the chain.
func (ctx *readContext) loadRules(path, level, asWritten string, at diag.Pos) error {
	where := "--rules"
	if asWritten != "" {
		where = "the level's rules field (" + asWritten + ")"
	}
	refuse := func(code, msg string) error {
		return &diag.Diagnostic{File: level, Line: at.Line, Col: at.Col, Severity: diag.Error, Code: code, Message: msg, Path: "rules"}
	}
	if ctx.opts.confined {
		if err := PlainName(path); err != nil {
			return refuse(diag.CodeBadRef, fmt.Sprintf("%s cannot be read: %v (a document sent from elsewhere names only the files sent with it, by a plain name such as 兵法.yaml)", where, err))
		}
		if _, err := fs.Stat(ctx.opts.FS, path); err != nil {
			return refuse(diag.CodeBadRef, fmt.Sprintf("%s cannot be read: no file of that name was sent with the document; send the rules with it", where))
		}
	}
	chain := append(append([]string(nil), ctx.opts.chain...), absPath(level))
	for i, p := range chain {
		if p == absPath(path) {
			names := make([]string, 0, len(chain)-i+1)
			for _, q := range chain[i:] {
				names = append(names, filepath.Base(q))
			}
			names = append(names, filepath.Base(path))
			return refuse(diag.CodeBadRef, fmt.Sprintf("the rules named by %s lead back to a file being read: %s; a level's rules must be an ftbt/rules document", where, strings.Join(names, " → ")))
		}
	}
	opts := Options{FS: ctx.opts.FS, confined: ctx.opts.confined, Stdin: ctx.opts.Stdin, Encoding: ctx.opts.Encoding, MaxInput: ctx.opts.MaxInput, chain: chain}
	var doc *Document
	var err error
	if ctx.opts.FS != nil {
		var data []byte
		if data, err = fs.ReadFile(ctx.opts.FS, path); err != nil {
			err = &IOError{err}
		} else {
			doc, err = ReadBytes(path, data, opts)
		}
	} else {
		doc, err = Read(path, opts)
	}
	if err != nil {
		if IsIO(err) {
			return refuse(diag.CodeBadRef, fmt.Sprintf("cannot read the rules named by %s: %v", where, err))
		}
		return err
	}
	rules, ok := doc.Value.(*ftbt.Rules)
	if !ok {
		return refuse(diag.CodeKind, fmt.Sprintf("%s is a %s document, not ftbt rules", path, doc.Kind))
	}
	ctx.rules, ctx.rulesFile, ctx.rulesSource = rules, path, doc.Source
	return nil
}

// namedRules returns the rules file the YAML form of a level saved at
// path names, resolved as decodeLevel resolves it, and the name as
// written; "" when it names none.
func namedRules(doc *Document, path string) (file, asWritten string) {
	l, ok := withRelativeRules(doc, path).Value.(*ftbt.Level)
	if !ok || l.RulesPath == "" {
		return "", ""
	}
	file = filepath.FromSlash(l.RulesPath)
	if !filepath.IsAbs(file) {
		file = filepath.Join(filepath.Dir(path), file)
	}
	return file, l.RulesPath
}

// levelRulesFile is the named hook of levels: the rules file, read as
// reading the level reads it.
func levelRulesFile(doc *Document, path string) ([]string, func() error) {
	file, asWritten := namedRules(doc, path)
	if file == "" {
		return nil, nil
	}
	return []string{file}, func() error {
		ctx := &readContext{path: path}
		err := ctx.loadRules(file, path, asWritten, diag.Pos{Line: 1, Col: 1})
		if err == nil {
			return nil
		}
		// Where the file names them, for the message: only now, as the
		// document must be encoded to know it.
		if at, ok := rulesFieldPos(doc, path); ok {
			err = ctx.loadRules(file, path, asWritten, at)
		}
		return err
	}
}

// rulesFieldPos is where the YAML form of a level saved at path names its
// rules.
func rulesFieldPos(doc *Document, path string) (diag.Pos, bool) {
	data, err := Encode(withRelativeRules(doc, path), YAML)
	if err != nil {
		return diag.Pos{}, false
	}
	d, err := yamlx.Parse(path, data)
	if err != nil {
		return diag.Pos{}, false
	}
	if rn := d.Field("rules"); rn != nil && rn.Kind == yaml.ScalarNode {
		return diag.Pos{Line: rn.Line, Col: rn.Column}, true
	}
	return diag.Pos{}, false
}

// levelRules is the companion hook of levels: the rules a level holds
// in memory only (a new level's), as a rules document.
func levelRules(doc *Document, path string) (string, []byte, error) {
	rules, ok := doc.Rules.(*ftbt.Rules)
	if !ok || rules == nil || doc.RulesFile != "" {
		return "", nil, nil
	}
	file, _ := namedRules(doc, path)
	if file == "" {
		return "", nil, nil
	}
	data, err := ftbt.EncodeRules(rules)
	return file, data, err
}
