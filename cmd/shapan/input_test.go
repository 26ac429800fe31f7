package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// Every command that reads a document refuses devices and oversized
// files at once, with exit status 2.
func TestInputsAreBoundedOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.map")
	if err := os.WriteFile(big, []byte(strings.Repeat("0 ", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.png")
	for _, args := range [][]string{
		{"check", "/dev/zero"},
		{"convert", "/dev/zero", filepath.Join(dir, "o.yaml")},
		{"preview", "/dev/zero", "-o", out},
		{"play", "/dev/zero"},
		{"sim", "/dev/zero"},
		{"check", "--max-input", "100", big},
		{"check", "--max-input", "lots", big},
		{"check", "--encoding", "latin-1", big},
	} {
		code, _, errOut := runCLI(args...)
		if code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// --encoding gbk reads an old level whose names are in GBK.
func TestEncodingGBK(t *testing.T) {
	name, err := simplifiedchinese.GBK.NewEncoder().String("赵云")
	if err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(t.TempDir(), "old.map")
	if err := os.WriteFile(level, []byte("1 1\n0\n1\n"+name+" 0 10 10 100 5 0 0 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("convert", level, "-", "--to", "yaml"); code != exitInvalid || !strings.Contains(errOut, "old.map:4:1: error: byte 0xD5 is not UTF-8 text") {
		t.Errorf("without --encoding: exit %d, %s", code, errOut)
	}
	code, out, errOut := runCLI("convert", level, "-", "--to", "yaml", "--encoding", "gbk")
	if code != exitOK || !strings.Contains(out, "赵云") {
		t.Errorf("with --encoding gbk: exit %d, %s%s", code, out, errOut)
	}
}
