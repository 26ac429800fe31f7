package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/shared"
	"github.com/shapan/shapan/internal/tokencmp"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestConvertRoundTripThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(shared.Dir(t), "legacy/mbg/sanguo.map")
	y := filepath.Join(dir, "sanguo.yaml")
	back := filepath.Join(dir, "back.map")
	if code, _, errOut := runCLI("convert", in, y); code != 0 {
		t.Fatalf("convert to YAML: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI("convert", y, back); code != 0 {
		t.Fatalf("convert back: exit %d: %s", code, errOut)
	}
	a, _ := os.ReadFile(in)
	b, _ := os.ReadFile(back)
	if d := tokencmp.Diff(a, b); d != "" {
		t.Fatal(d)
	}
	// Flags may come after the arguments; - writes to standard output.
	code, out, errOut := runCLI("convert", y, "-", "--to", "mbg-map")
	if code != 0 || !bytes.Equal([]byte(out), b) {
		t.Fatalf("convert to stdout: exit %d, %s", code, errOut)
	}
}

func TestConvertExitStatuses(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.map")
	os.WriteFile(bad, []byte("1 9 9 50000\n1 0 0 zero\n"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no arguments", []string{"convert"}, 2, "need IN and OUT"},
		{"unknown flag", []string{"convert", "--frm", "x", "a", "b"}, 2, "flag provided but not defined"},
		{"missing file", []string{"convert", filepath.Join(dir, "none.map"), filepath.Join(dir, "o.yaml")}, 2, "no such file"},
		{"invalid content", []string{"convert", bad, filepath.Join(dir, "o.yaml")}, 1, "bad.map:2:7: error: board square 0: y must be an integer, found 'zero' [P002]"},
		{"unknown output form", []string{"convert", bad, filepath.Join(dir, "o.txt"), "--from", "mbg-map"}, 1, ""},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d (want %d), stderr:\n%s\nwant it to contain %q", code, tc.code, errOut, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "o.yaml")); err == nil {
				t.Error("an output file was written for a failed conversion")
			}
		})
	}
}
