package diagout

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shapan/shapan/internal/nodetool"
)

// validateWithAJV is a node program: ajv (draft-04, as the SARIF schema
// is written) with its formats compiles the schema named first and
// validates each file named after it.
const validateWithAJV = `
const fs = require("fs");
const Ajv = require("ajv-draft-04");
const addFormats = require("ajv-formats");
// unicodeRegExp off: the schema's language pattern is no valid Unicode regexp.
const ajv = new Ajv({allErrors: true, strict: false, unicodeRegExp: false});
addFormats(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(process.argv[1])));
let bad = 0;
for (const f of process.argv.slice(2)) {
  if (!validate(JSON.parse(fs.readFileSync(f)))) {
    console.log(f + ": " + ajv.errorsText(validate.errors));
    bad++;
  }
}
process.exit(bad ? 1 : 0);
`

// TestSARIFPassesAJV validates the logs with ajv against the official
// SARIF 2.1.0 schema as npm ships it (@microsoft/jest-sarif), as a
// code-scanning service checks an upload.
func TestSARIFPassesAJV(t *testing.T) {
	node, schema := nodetool.Module(t, "@microsoft/jest-sarif", "lib/schemas/sarif-2.1.0-rtm.5.json")
	dir := t.TempDir()
	var files []string
	logs := sarifLogs(t)
	logs["broken"] = strings.Replace(logs["three"], `"level": "warning"`, `"level": "severe"`, 1)
	for name, log := range logs {
		p := filepath.Join(dir, name+".sarif")
		if err := os.WriteFile(p, []byte(log), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	cmd := exec.Command(node, append([]string{"-e", validateWithAJV, schema}, files...)...)
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(nodetool.Dir(), "node_modules"))
	out, err := cmd.CombinedOutput()
	// Exactly the broken log is refused.
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err == nil || len(lines) != 1 || !strings.HasPrefix(lines[0], filepath.Join(dir, "broken.sarif")+": ") {
		t.Errorf("ajv: %v\n%s", err, out)
	}
}
