// Package textenc turns the bytes of a file into the UTF-8 text Shapan's
// readers expect, and back. Every file is UTF-8 unless the user says
// otherwise: a byte that is not UTF-8 is reported at its line and column,
// never guessed at. Old files that really are in GBK (the encoding of
// Simplified Chinese Windows) are read and written with Encoding GBK.
package textenc

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/srcpos"
)

// Encoding names the character encoding of a file.
type Encoding string

// The encodings Shapan reads and writes. The zero value means UTF-8.
const (
	UTF8 Encoding = "utf-8"
	GBK  Encoding = "gbk"
)

// Names lists the encodings, for help texts.
var Names = []Encoding{UTF8, GBK}

// Parse turns a command-line name ("utf-8", "utf8", "gbk", any case) into
// an Encoding; "" is UTF-8.
func Parse(name string) (Encoding, error) {
	switch strings.ToLower(name) {
	case "", "utf-8", "utf8":
		return UTF8, nil
	case "gbk", "cp936", "gb2312":
		return GBK, nil
	}
	return "", fmt.Errorf("unknown encoding %q (known: utf-8, gbk)", name)
}

// Decode returns src as UTF-8 text. With UTF-8 (or "") src is returned as
// it is once checked. With GBK, a file that is valid UTF-8 is returned as
// it is (ASCII reads the same in both, and a scenario often mixes old
// files with new ones, such as shared rules) and any other is converted.
// A byte that is not valid in the encoding is an error at its line and
// column (columns count characters, so they are the same in the GBK file
// and in its UTF-8 form).
func Decode(file string, src []byte, enc Encoding) ([]byte, error) {
	switch enc {
	case "", UTF8:
		return src, CheckUTF8(file, src)
	case GBK:
		if utf8.Valid(src) {
			return src, nil
		}
		out, err := simplifiedchinese.GBK.NewDecoder().Bytes(src)
		if err != nil {
			return nil, fmt.Errorf("decoding %s as GBK: %w", file, err)
		}
		if i := firstReplacement(out); i >= 0 {
			p := srcpos.NewLines(out).Pos(i)
			return nil, &diag.Diagnostic{File: file, Line: p.Line, Col: p.Col, Severity: diag.Error, Code: diag.CodeBadText,
				Message: "the text is not valid GBK here"}
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown encoding %q", enc)
}

// Encode returns UTF-8 text in the encoding enc; a character the encoding
// cannot hold is an error naming it.
func Encode(text []byte, enc Encoding) ([]byte, error) {
	switch enc {
	case "", UTF8:
		return text, nil
	case GBK:
		out, err := simplifiedchinese.GBK.NewEncoder().Bytes(text)
		if err == nil {
			return out, nil
		}
		for i, r := range string(text) {
			if _, e := simplifiedchinese.GBK.NewEncoder().String(string(r)); e != nil {
				p := srcpos.NewLines(text).Pos(i)
				return nil, fmt.Errorf("line %d, column %d: the character %q (U+%04X) cannot be written in GBK", p.Line, p.Col, r, r)
			}
		}
		return nil, fmt.Errorf("encoding as GBK: %w", err)
	}
	return nil, fmt.Errorf("unknown encoding %q", enc)
}

// CheckUTF8 reports the first byte of src that is not UTF-8, at its line
// and column, with a hint for files saved in GBK.
func CheckUTF8(file string, src []byte) error {
	i := FirstInvalid(src)
	if i < 0 {
		return nil
	}
	p := srcpos.NewLines(src).Pos(i)
	return &diag.Diagnostic{File: file, Line: p.Line, Col: p.Col, Severity: diag.Error, Code: diag.CodeBadText,
		Message: fmt.Sprintf("byte 0x%02X is not UTF-8 text; save the file as UTF-8, or read it with --encoding gbk if it is in GBK", src[i])}
}

// FirstInvalid returns the offset of the first byte of src that is not
// part of a valid UTF-8 sequence, or -1.
func FirstInvalid(src []byte) int {
	if utf8.Valid(src) {
		return -1
	}
	for off := 0; off < len(src); {
		c, size := utf8.DecodeRune(src[off:])
		if c == utf8.RuneError && size == 1 {
			return off
		}
		off += size
	}
	return -1
}

// firstReplacement returns the offset of the first U+FFFD in text, which
// a decoder writes for bytes it cannot decode, or -1.
func firstReplacement(text []byte) int {
	return strings.IndexRune(string(text), utf8.RuneError)
}
