package main

import (
	"runtime"
	"strings"
	"testing"
)

func TestHelpIsShortAndPerCommand(t *testing.T) {
	code, out, _ := runCLI("help")
	if code != exitOK {
		t.Fatalf("help: exit %d", code)
	}
	for name, c := range commands {
		line := "      " + firstSentence(c.summary) + "\n"
		if !strings.Contains(out, c.usage+"\n"+line) || strings.Contains(out, c.summary) && strings.Contains(c.summary, "\n") {
			t.Errorf("help does not show %s in one line:\n%s", name, out)
		}
	}
	code, out, _ = runCLI("help", "check")
	if code != exitOK || !strings.Contains(out, commands["check"].summary) || !strings.Contains(out, "-max-input") {
		t.Errorf("help check: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"help", "nosuch"}, {"help", "check", "sim"}, {}} {
		if code, _, errOut := runCLI(args...); code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		code, out, _ := runCLI(arg)
		if code != exitOK || !strings.HasPrefix(out, "shapan ") || !strings.Contains(out, runtime.Version()) || !strings.Contains(out, "revision") {
			t.Errorf("%s: exit %d: %q", arg, code, out)
		}
	}
}
