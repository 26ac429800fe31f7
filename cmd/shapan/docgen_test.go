package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenDocsCoversEveryCommandAndFlag writes the manual page and the
// completions as the release build does and checks that they name every
// command and every flag of it, that bash accepts its script, and that the
// hidden command stays out of the help.
func TestGenDocsCoversEveryCommandAndFlag(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCLI(genDocsCommand, dir); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	man, bash, zsh, fish := read("shapan.1"), read("shapan.bash"), read("_shapan"), read("shapan.fish")
	docs := describeCommands()
	if len(docs) != len(commands) {
		t.Fatalf("%d commands described, %d registered", len(docs), len(commands))
	}
	for _, d := range docs {
		if !strings.Contains(man, ".SS "+d.name+"\n") {
			t.Errorf("the manual page has no section for %s", d.name)
		}
		if !strings.Contains(fish, " -a "+d.name+" ") || !strings.Contains(zsh, "\t"+d.name+")\n") || !strings.Contains(bash, "\t"+d.name+") ") {
			t.Errorf("a completion lacks the command %s", d.name)
		}
		if d.name == "check" && len(d.flags) == 0 {
			t.Errorf("check has no flags described")
		}
		for _, f := range d.flags {
			if !strings.Contains(man, `.B \-\-`+roff(f.name)) {
				t.Errorf("the manual page lacks %s --%s", d.name, f.name)
			}
			if !strings.Contains(fish, "from "+d.name+"' -l "+f.name+" ") || !strings.Contains(zsh, "'--"+f.name+"[") {
				t.Errorf("a completion lacks %s --%s", d.name, f.name)
			}
		}
	}
	if path, err := exec.LookPath("bash"); err == nil {
		if out, err := exec.Command(path, "-n", filepath.Join(dir, "shapan.bash")).CombinedOutput(); err != nil {
			t.Errorf("bash -n: %v\n%s", err, out)
		}
	}
	if _, out, _ := runCLI("help"); strings.Contains(out, genDocsCommand) {
		t.Errorf("help lists the hidden %s", genDocsCommand)
	}
}
