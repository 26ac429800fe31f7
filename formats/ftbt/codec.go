package ftbt

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/srcpos"
	"github.com/shapan/shapan/formats/textenc"
	"github.com/shapan/shapan/formats/yamlx"
)

// The game's own forms of ftbt documents, as --from and --to name them.
const (
	FormatRules formats.Format = "ftbt-rules" // rules .tech
	FormatLevel formats.Format = "ftbt-level" // level .map (with its .intro beside it)
)

// IntroExt is the extension of a level's intro, the text file beside its
// .map.
const IntroExt = ".intro"

// rulesCompanion: a level is read with its rules.
var rulesCompanion = &formats.Companion{
	Kind: KindRules, Field: rulesKey,
	Noun: "rules", Title: "ftbt rules", Holder: "level", Example: "兵法.yaml",
	Must: "a level's rules must be an ftbt/rules document",
	Accepts: func(v any) bool {
		r, ok := v.(*Rules)
		return ok && r != nil
	},
	Named: func(v any) string {
		if l, ok := v.(*Level); ok {
			return l.RulesPath
		}
		return ""
	},
	WithNamed: func(v any, name string) any {
		l, ok := v.(*Level)
		if !ok {
			return v
		}
		c := *l
		c.RulesPath = name
		return &c
	},
}

func init() {
	formats.Register(formats.Codec{
		Kind: KindRules, Legacy: FormatRules, Exts: []string{".tech"}, Rank: 20,
		// 1 number (terrains); the first word is token 2 (a terrain).
		Shape:       &formats.Shape{FirstLine: 1, Word: func(formats.Prefix) int { return 1 }},
		ReadLegacy:  formats.Tokens(ReadRulesFrom),
		WriteLegacy: formats.Writer(WriteRules),
		Decode:      formats.Decoder(DecodeRulesDoc),
		LazyLists:   true,
		Encode:      formats.Writer(EncodeRules),
	})
	formats.Register(formats.Codec{
		Kind: KindLevel, Legacy: FormatLevel, Exts: []string{".map"}, Rank: 21,
		Shape:       &formats.Shape{FirstLine: 2, Word: levelWord},
		ReadLegacy:  formats.Tokens(ReadLevelFrom),
		Finish:      readIntroBeside,
		WriteLegacy: formats.Writer(WriteLevel),
		LazyLists:   true,
		LazyBlocks:  []string{terrainKey},
		Decode: func(d *yamlx.Doc, ctx *formats.Context) (any, *srcpos.Map, error) {
			rules, _ := ctx.Companion().(*Rules)
			return DecodeLevelDoc(d, rules)
		},
		Encode: func(doc *formats.Document) ([]byte, error) {
			l, err := formats.Value[*Level](doc)
			if err != nil {
				return nil, err
			}
			rules, _ := doc.Rules.(*Rules)
			return EncodeLevel(l, rules)
		},
		Beside:    []string{IntroExt},
		Siblings:  introSibling,
		Companion: rulesCompanion,
		Aside:     aside,
	})
}

// levelWord: 2 numbers (width, height); the first word is token
// 4 + width×height (a person).
func levelWord(p formats.Prefix) int {
	w, ok1 := p.Int(0)
	h, ok2 := p.Int(1)
	if !ok1 || !ok2 || w < 0 || h < 0 || w > 1<<24 || h > 1<<24 || w*h > 1<<26 {
		return -2
	}
	return int(2 + w*h + 1)
}

// readIntroBeside reads the intro beside a level .map, when there is one.
func readIntroBeside(v any, ctx *formats.Context) error {
	l := v.(*Level)
	if ctx.Path() == "" || ctx.Path() == formats.Stdin {
		return nil
	}
	ip := formats.BesidePath(ctx.Path(), IntroExt)
	data, err := ctx.ReadBeside(ip)
	switch {
	case err == nil:
		if data, err = textenc.Decode(ip, data, ctx.Encoding()); err != nil {
			return err
		}
		intro, err := ReadIntro(ip, data)
		if err != nil {
			return err
		}
		l.Intro = &intro
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return nil
}

// introSibling is the intro written beside a level exported to path.
func introSibling(doc *formats.Document, path string) map[string][]byte {
	l, err := formats.Value[*Level](doc)
	if err != nil || l.Intro == nil {
		return nil
	}
	return map[string][]byte{formats.BesidePath(path, IntroExt): WriteIntro(*l.Intro)}
}

// aside names the ftbt files that are no documents of their own.
func aside(path string) string {
	switch {
	case strings.EqualFold(filepath.Ext(path), IntroExt):
		return "a .intro file is the free text an ftbt level shows before play, not a document of its own: it is read with the level that names it (check or convert that level's .map)"
	case strings.EqualFold(filepath.Base(path), "map.info"):
		return "map.info is the ftbt author's note on the file formats; the game does not read it"
	}
	return ""
}
