// Package nodetool finds the programs of the npm registry that tests use as
// real clients of Shapan's output — yaml-language-server, which editors
// run on YAML documents, and ajv with the official SARIF 2.1.0 schema.
// They are installed outside the repository by scripts/node-tools.sh, in
// $SHAPAN_NODE_TOOLS (default ~/.cache/shapan-npm). A machine without them
// skips those tests with a message; CI sets SHAPAN_REQUIRE_NODE_TOOLS=1
// once it has installed them, which turns their absence into a failure.
package nodetool

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Dir returns the folder the tools are installed in (its node_modules
// holds them).
func Dir() string {
	if d := os.Getenv("SHAPAN_NODE_TOOLS"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".cache", "shapan-npm")
}

// Module returns the path of file inside the installed npm package pkg
// ("yaml-language-server", "bin/yaml-language-server") and the node
// program that runs it, skipping the test (or failing it when
// SHAPAN_REQUIRE_NODE_TOOLS is set) when either is missing.
func Module(t testing.TB, pkg, file string) (node, path string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		missing(t, "node is not installed")
	}
	path = filepath.Join(Dir(), "node_modules", filepath.FromSlash(pkg), filepath.FromSlash(file))
	if _, err := os.Stat(path); err != nil {
		missing(t, "the npm package "+pkg+" is not installed in "+Dir()+" (run scripts/node-tools.sh)")
	}
	return node, path
}

func missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("SHAPAN_REQUIRE_NODE_TOOLS") != "" {
		t.Fatal(why + ", and SHAPAN_REQUIRE_NODE_TOOLS is set")
	}
	t.Skip(why + ": skipping the test with this real client")
}
