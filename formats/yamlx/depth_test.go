package yamlx

import (
	"fmt"
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

// One flow collection of more than maxFlowItems items is refused before
// it is parsed (a collection written so is parsed whole, at some 100
// times its text: a one-line map of 256 MiB took some 25 GB), at the
// comma past the bound; the same items as a block list of one-line {…}
// entries are not, each entry being a collection of its own.
func TestAHugeFlowCollectionIsRefusedAtOnce(t *testing.T) {
	src := "kind: planets/map\nplanets: [" + strings.Repeat("1, ", maxFlowItems) + "1]\n"
	_, err := Parse("flow.yaml", []byte(src))
	col := len("planets: [") + 3*maxFlowItems - 1 // the comma after the last item allowed
	if want := fmt.Sprintf("flow.yaml:2:%d: error P005: more than %d items in one [ ] or { } collection", col, maxFlowItems); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %.300v\nwant %s", err, want)
	}
	block := "kind: mbg/scenario\nofficers:\n" + strings.Repeat("  - {name: 兵, wu: 1, zhan: 2, mou: 3, zheng: 4, jing: 5}\n", maxFlowItems/4)
	if err := checkFlowDepth("block.yaml", []byte(block)); err != nil {
		t.Errorf("a block list of %d one-line entries: %v", maxFlowItems/4, err)
	}
	if err := checkFlowDepth("json.yaml", []byte("{a: ["+strings.Repeat("1, ", maxFlowItems-10)+"1]}")); err != nil {
		t.Errorf("a collection within the bound: %v", err)
	}
}
