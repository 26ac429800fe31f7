package main

import (
	"fmt"
	"os"
	"sync"
	"testing"
)

// built is the studio program the real-window tests run, built once.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return fmt.Sprintf("%v\n%s", e.err, e.out) }

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
