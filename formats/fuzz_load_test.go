package formats_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/formats/diag"
	"github.com/shapan/shapan/formats/textenc"
)

// FuzzReadBytes loads any bytes the way the command line does, under the
// names of every form's extension: detection, YAML parsing (and its
// syntax-error locator), the legacy readers and GBK decoding must answer
// with a document or positioned diagnostics, never a panic.
func FuzzReadBytes(f *testing.F) {
	for _, s := range []string{
		"kind: mbg/scenario\nversion: 1\nwin_money: 100\nboard: []\nroles: []\n",
		"kind: ftbt/level\nversion: 1\nsize: {width: 1, height: 1}\nlegend: {\".\": 0}\nterrain: |\n  .\npeople: []\n",
		"a:\n  b: 1\n   c: 2\n", "a: [1, 2\nb: 3\n", "a: 1\n---\nb: 2\n", "a: \"x\n", "\tb: 1\n",
		"2 1\n0 0\n1\n关羽 0 10 10 100 5 0 0 0\n", "4 0 0 100\n1 0 0 0\n", "planets: {A: {def: 1}}\n",
		"0 5\n0\n", "\xb9\xd8\xd3\xf0 1 2\n",
	} {
		f.Add([]byte(s), uint8(0))
	}
	names := []string{"f.yaml", "f.yml", "f.map", "f.sav", "f.tech", "f.grid", "f.txt", "f"}
	f.Fuzz(func(t *testing.T, src []byte, pick uint8) {
		name := names[int(pick)%len(names)]
		enc := textenc.UTF8
		if pick >= 128 {
			enc = textenc.GBK
		}
		doc, err := formats.ReadBytes(name, src, formats.Options{Encoding: enc, MaxInput: 1 << 20})
		if err == nil {
			if doc == nil || doc.Value == nil || doc.Kind == "" {
				t.Fatalf("%s: no error and no document", name)
			}
			return
		}
		for _, d := range diag.AsList(err, name) {
			if d.Message == "" {
				t.Fatalf("%s: a diagnostic without a message: %+v", name, d)
			}
			_ = d.String()
		}
	})
}

// FuzzReadSourceRefusesOnlyWhatFails reads a file longer than the 64 KiB
// detection looks at (src repeated): when ReadSource refuses it from its
// beginning, reading the whole of it fails too, with the same message
// unless the whole text has a byte that is no UTF-8 past the beginning
// (the beginning's error is then the form's).
func FuzzReadSourceRefusesOnlyWhatFails(f *testing.F) {
	for _, s := range []string{"\x00", "4 0 0 100\n1 0 0 0\n", "2 1\n0 0\n", "kind: x\n", "\x01 \x02", "#\n", "a b c\n", " "} {
		f.Add([]byte(s), uint8(0))
	}
	names := []string{"f.map", "f.bin", "f", "f.sav", "f.grid", "-"}
	f.Fuzz(func(t *testing.T, src []byte, pick uint8) {
		if len(src) == 0 {
			return
		}
		whole := bytes.Repeat(src, (65<<10)/len(src)+2)
		name := names[int(pick)%len(names)]
		path, opts := name, formats.Options{MaxInput: 1 << 20}
		if name == formats.Stdin {
			opts.Stdin = bytes.NewReader(whole)
		} else {
			path = filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(path, whole, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, early := formats.ReadSource(path, opts)
		if early == nil {
			return
		}
		_, err := formats.ReadBytes(path, whole, formats.Options{})
		switch {
		case err == nil:
			t.Fatalf("%s: refused from its beginning (%v), read whole", name, early)
		case err.Error() != early.Error() && utf8.Valid(whole):
			t.Fatalf("%s: refused from its beginning with %q, whole with %q", name, early, err)
		}
	})
}
