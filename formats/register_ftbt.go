package formats

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/ftbt"
	"github.com/shapan/shapan/formats/srcpos"
)

func init() {
	register(&codec{
		kind:   ftbt.KindRules,
		legacy: FTBTRules,
		exts:   []string{".tech"},
		readLegacy: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return ftbt.ReadRules(file, src)
		},
		writeLegacy: writer(ftbt.WriteRules),
		decode: func(file string, src []byte, _ *readContext) (any, *srcpos.Map, error) {
			return ftbt.DecodeRules(file, src)
		},
		encode: writer(ftbt.EncodeRules),
		trailing: func(v any) int {
			if r, ok := v.(*ftbt.Rules); ok {
				return len(r.Trailing)
			}
			return 0
		},
	})
	register(&codec{
		kind:        ftbt.KindLevel,
		legacy:      FTBTLevel,
		exts:        []string{".map"},
		readLegacy:  readLegacyLevel,
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
		siblings: func(doc *Document, path string) map[string][]byte {
			l, err := value[*ftbt.Level](doc)
			if err != nil || l.Intro == nil {
				return nil
			}
			return map[string][]byte{introPath(path): ftbt.WriteIntro(*l.Intro)}
		},
		trailing: func(v any) int {
			if l, ok := v.(*ftbt.Level); ok {
				return len(l.Trailing)
			}
			return 0
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

// readLegacyLevel reads a level .map and, when there is one beside it,
// its .intro file; --rules names the rules (for names in the YAML).
func readLegacyLevel(file string, src []byte, ctx *readContext) (any, *srcpos.Map, error) {
	l, sm, err := ftbt.ReadLevel(file, src)
	if err != nil {
		return nil, nil, err
	}
	if ctx.path != "" {
		ip := introPath(ctx.path)
		if data, err := os.ReadFile(ip); err == nil {
			intro, err := ftbt.ReadIntro(ip, data)
			if err != nil {
				return nil, nil, err
			}
			l.Intro = &intro
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, nil, &IOError{err}
		}
	}
	switch {
	case ctx.opts.Rules != nil:
		if err := ctx.useRules(file); err != nil {
			return nil, nil, err
		}
	case ctx.opts.RulesPath != "":
		if err := ctx.loadRules(ctx.opts.RulesPath, file, ""); err != nil {
			return nil, nil, err
		}
	}
	return l, sm, nil
}

// decodeLevel reads a level document, with the rules given by --rules or
// named in the document (relative to it).
func decodeLevel(file string, src []byte, ctx *readContext) (any, *srcpos.Map, error) {
	if err := ctx.levelRules(file, ftbt.RulesPathOf(src)); err != nil {
		return nil, nil, err
	}
	rules, _ := ctx.rules.(*ftbt.Rules)
	return ftbt.DecodeLevel(file, src, rules)
}

// levelRules loads the rules to read the level file with: those given by
// Options, or else those the level names (named, relative to the level;
// "" when it names none).
func (ctx *readContext) levelRules(file, named string) error {
	switch {
	case ctx.opts.Rules != nil:
		return ctx.useRules(file)
	case ctx.opts.RulesPath != "":
		return ctx.loadRules(ctx.opts.RulesPath, file, "")
	case named != "":
		p := filepath.FromSlash(named)
		switch {
		case ctx.opts.FS != nil:
			p = path.Join(path.Dir(filepath.ToSlash(file)), named)
		case !filepath.IsAbs(p) && file != "":
			p = filepath.Join(filepath.Dir(file), p)
		}
		return ctx.loadRules(p, file, named)
	}
	return nil
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
// the rules field of the level when it named them.
func (ctx *readContext) loadRules(path, level, asWritten string) error {
	var doc *Document
	var err error
	if ctx.opts.FS != nil {
		var data []byte
		if data, err = fs.ReadFile(ctx.opts.FS, path); err != nil {
			err = &IOError{err}
		} else {
			doc, err = ReadBytes(path, data, Options{FS: ctx.opts.FS})
		}
	} else {
		doc, err = Read(path, Options{})
	}
	if err != nil {
		if IsIO(err) {
			where := "--rules"
			if asWritten != "" {
				where = "the level's rules field (" + asWritten + ")"
			}
			return &diag.Diagnostic{File: level, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeBadRef,
				Message: fmt.Sprintf("cannot read the rules named by %s: %v", where, err), Path: "rules"}
		}
		return err
	}
	rules, ok := doc.Value.(*ftbt.Rules)
	if !ok {
		return &diag.Diagnostic{File: level, Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeKind,
			Message: fmt.Sprintf("%s is a %s document, not ftbt rules", path, doc.Kind), Path: "rules"}
	}
	ctx.rules, ctx.rulesFile = rules, path
	return nil
}
