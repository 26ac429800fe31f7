package main

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// runStudioEnv, set in a process's environment, makes the test binary
// the studio: TestMain runs the studio's main with the process's
// arguments. The real-window tests start the studio that way, so that it
// is the package's code as linked into the test binary, without a second
// link of the program (seconds of CPU).
const runStudioEnv = "SHAPAN_TEST_RUN_STUDIO"

// TestMain runs the studio when runStudioEnv is set. Otherwise it runs
// the tests, the real-window ones four at a time unless -parallel says
// otherwise: each waits for its own studio most of the time, so more of
// them than cores keep the cores busy.
func TestMain(m *testing.M) {
	if os.Getenv(runStudioEnv) != "" {
		main()
		os.Exit(0)
	}
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(max(4, runtime.GOMAXPROCS(0))))
	}
	os.Exit(m.Run())
}

// studioCommand is the studio program and the environment entry that
// makes it one (see runStudioEnv).
func studioCommand() (bin, env string) {
	return os.Args[0], runStudioEnv + "=1"
}
