package formats

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"testing/fstest"
	"unicode"
	"unicode/utf8"

	"github.com/shapan/shapan/formats/diag"
)

// Files is an explicit set of files, keyed by plain name: what a document
// that came from elsewhere (uploaded to a server, hosted by the studio)
// may name. It is an fs.FS of those files only — no folder, no link, no
// file of the machine.
type Files map[string][]byte

// Open opens the file name of the set.
func (f Files) Open(name string) (fs.File, error) {
	data, ok := f[name]
	if !ok || !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return fstest.MapFS{name: &fstest.MapFile{Data: data, Mode: 0o444}}.Open(name)
}

// ReadConfined loads a document whose content is src and that came from
// elsewhere: every file it names — an ftbt level's rules (its rules
// field, or a Tiled map's rules property), the intro beside a legacy
// level — is taken from files only, by plain name, and never from the
// machine's file system. A name that is a path (absolute, with a folder
// or ..), "-", a name starting with a dot, or a name not in files is
// refused with a diagnostic that quotes the name as written and nothing
// else. opts.FS is replaced by files (nil: the empty set); opts.Rules,
// when set, are used as by ReadBytes.
func ReadConfined(name string, src []byte, files Files, opts Options) (*Document, error) {
	if err := PlainName(name); err != nil {
		return nil, &diag.Diagnostic{File: "upload", Line: 1, Col: 1, Severity: diag.Error, Code: diag.CodeBadRef,
			Message: fmt.Sprintf("the file name %q cannot be used: %v", name, err)}
	}
	if files == nil {
		files = Files{}
	}
	opts.FS, opts.confined, opts.Stdin = files, true, emptyReader{}
	return ReadBytes(name, src, opts)
}

// PlainName refuses a file name that is not a plain name in a set of
// files: empty, longer than 255 bytes, not UTF-8, with a control
// character, a slash, a backslash or a colon, ".", "..", "-" (standard
// input), or a name starting with a dot or a tilde.
func PlainName(name string) error {
	switch {
	case name == "":
		return errors.New("it is empty")
	case len(name) > 255:
		return errors.New("it is longer than 255 bytes")
	case !utf8.ValidString(name):
		return errors.New("it is not UTF-8 text")
	case name == "-":
		return errors.New("- names standard input")
	case strings.HasPrefix(name, ".") || strings.HasPrefix(name, "~"):
		return errors.New("it starts with a dot or a tilde")
	case strings.ContainsAny(name, `/\:`):
		return errors.New("it is a path")
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return errors.New("it has a control character")
		}
	}
	return nil
}

// emptyReader is standard input to a confined read: nothing.
type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, io.EOF }

// ErrOutside is the error of a file a document names outside the
// document's folder.
var ErrOutside = errors.New("it is outside the folder of the file that names it (a file is named beside it or in a folder below it)")

// InFolder says why a name a document gives to another file does not
// stay in the document's folder (nil when it does): it is empty or
// absolute, names a drive, has a backslash or steps up out of the folder.
func InFolder(name string) error {
	slash := filepath.ToSlash(name)
	clean := path.Clean(slash)
	if name == "" || path.IsAbs(slash) || filepath.IsAbs(name) || filepath.VolumeName(name) != "" ||
		strings.Contains(name, `\`) || clean == ".." || strings.HasPrefix(clean, "../") {
		return ErrOutside
	}
	return nil
}
