package yamlx

import (
	"strings"
	"testing"
	"time"

	"github.com/shapan/shapan/internal/cputime"
)

// 512k nested [ are refused at once, at the bracket past the limit (the
// parser refused them after half a minute of CPU); quoted and commented
// brackets do not count.
func TestDeepNestingIsRefusedAtOnce(t *testing.T) {
	src := "kind: mbg/scenario\nx: " + strings.Repeat("[", 512<<10) + "\n"
	start := cputime.Process()
	_, err := Parse("deep.yaml", []byte(src))
	if err == nil || !strings.HasPrefix(err.Error(), "deep.yaml:2:10004: error P010: [ ] and { } nest deeper than 10000 levels") {
		t.Errorf("got %v", err)
	}
	if d := time.Duration(cputime.Process() - start); d > time.Second {
		t.Errorf("refusing took %v of CPU", d)
	}
	ok := "kind: x\na: '" + strings.Repeat("[", 20000) + "'\nb: \"" + strings.Repeat("{", 20000) + "\" # " + strings.Repeat("[", 20000) + "\nc: [[1], {d: 2}]\n"
	if _, err := Parse("ok.yaml", []byte(ok)); err != nil {
		t.Errorf("quoted brackets: %.200v", err)
	}
}
