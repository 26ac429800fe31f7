// Package cjkfont embeds a font with Chinese, Japanese and Korean glyphs
// (Droid Sans Fallback, Apache License 2.0), so that scenario names render
// correctly in previews and in the studio on a machine without CJK fonts.
// It has no Latin glyphs: pair it with a Latin font and fall back per rune.
package cjkfont

import _ "embed"

// TTF is the TrueType font file.
//
//go:embed DroidSansFallbackFull.ttf
var TTF []byte

// Name is the font's file name.
const Name = "DroidSansFallbackFull.ttf"
