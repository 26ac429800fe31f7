package formats

import (
	"bytes"
	"os"

	"github.com/shapan/shapan/formats/token"
	"github.com/shapan/shapan/formats/yamlx"
)

// Exports back to a game's file keep that file's layout: a designer who
// imports a file, edits a few values and exports it sees in a plain diff
// the tokens the edit touched and nothing else. The file's layout is kept
// from reading it (its bytes, and which of its tokens are names).

// origin is a game's file a document was read from.
type origin struct {
	format Format
	src    []byte
	names  []int // offsets of the tokens read as names (token forms)
}

// laidOut lays data, doc written in c's legacy form for path, out as the
// file doc was read from when that is of the same form, or else as the
// file already at path when it reads as that form: every value as the
// file spells it where it is unchanged, its white space, and only the
// tokens that differ rewritten (token.Relayout, or the codec's Relayout
// for a form that is not made of tokens). The
// result is kept only when it reads back as data does; else data is.
func laidOut(c *Codec, doc *Document, path string, data []byte) []byte {
	base := doc.origin
	if base == nil || base.format != c.Legacy {
		base = originAt(c, path)
	}
	if base == nil {
		return data
	}
	var out []byte
	if c.Relayout != nil {
		out = c.Relayout(base.src, data)
	} else {
		out = token.Relayout(token.Layout{Src: base.src, Names: base.names}, data)
	}
	if bytes.Equal(out, data) || !readsAs(c, doc, out, data) {
		return data
	}
	return out
}

// originAt reads the file at path as c's legacy form, for its layout; nil
// when there is none or it does not read.
func originAt(c *Codec, path string) *origin {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > DefaultMaxInput {
		return nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	if c.ReadLegacyYAML != nil {
		return &origin{format: c.Legacy, src: src}
	}
	r := token.NewReader(path, src)
	if _, _, err := c.ReadLegacy(r); err != nil {
		return nil
	}
	return &origin{format: c.Legacy, src: src, names: r.Names()}
}

// readsAs reports whether out, read as c's legacy form and written again,
// is data: the layout changed no value.
func readsAs(c *Codec, doc *Document, out, data []byte) bool {
	var v any
	var err error
	if c.ReadLegacyYAML != nil {
		var d *yamlx.Doc
		if d, err = yamlx.Parse("", out); err == nil {
			v, _, err = c.ReadLegacyYAML(d)
		}
	} else {
		v, _, err = c.ReadLegacy(token.NewReader("", out))
	}
	if err != nil {
		return false
	}
	again, err := c.WriteLegacy(&Document{Kind: doc.Kind, Value: v, Rules: doc.Rules, RulesFile: doc.RulesFile})
	return err == nil && bytes.Equal(again, data)
}
