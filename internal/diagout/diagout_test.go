package diagout

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/shapan/shapan/formats/diag"
)

// sample has what formats must carry safely: Chinese names, a message on
// two lines, the characters workflow commands escape, and a diagnostic of
// no known place.
var sample = diag.List{
	{File: "maps/赤壁.yaml", Line: 12, Col: 5, Severity: diag.Error, Code: "MBG002", Message: "city 襄阳: garrison names 关羽, who does not exist",
		Related: []diag.Related{{Line: 3, Col: 7, Message: "the officers are listed here"}, {File: "other.yaml", Message: "also read"}}},
	{File: "a,b:c.map", Line: 1, Col: 0, Severity: diag.Warning, Code: "MBG040", Message: "100% of\nthe board"},
	{File: "/abs/九州.yml", Severity: diag.Error, Code: "IO001", Message: "cannot read"},
}

var sampleTool = Tool{Name: "shapan", Version: "v1.2.3", URI: "https://github.com/shapan/shapan", Rules: []Rule{
	{Code: "MBG002", Severity: diag.Error, Title: "a garrison names an officer that does not exist", Meaning: "the game crashes", Fix: "name an officer"},
	{Code: "MBG040", Severity: diag.Warning, Title: "the board length is not divisible by 4"},
}}

// unreadable is a run's failure: a file that could not be read.
var unreadable = diag.List{{File: "gone/九州.yml", Severity: diag.Error, Code: diag.CodeIO, Message: "open gone/九州.yml: no such file or directory"}}

func write(t *testing.T, f Format, l diag.List) string {
	t.Helper()
	return writeRun(t, f, l, nil)
}

func writeRun(t *testing.T, f Format, l, failures diag.List) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, f, l, sampleTool, failures); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// sarifLogs are the logs every SARIF test validates: results of every
// kind, none, and a run that could not read a file.
func sarifLogs(t *testing.T) map[string]string {
	return map[string]string{
		"three":      write(t, SARIF, sample),
		"none":       write(t, SARIF, nil),
		"unreadable": writeRun(t, SARIF, sample[:1], unreadable),
	}
}

func TestTextIsWhatGccProblemMatchersRead(t *testing.T) {
	want := "maps/赤壁.yaml:12:5: error: city 襄阳: garrison names 关羽, who does not exist [MBG002]\n" +
		"maps/赤壁.yaml:3:7: note: the officers are listed here\n" +
		"other.yaml: note: also read\n" +
		"a,b:c.map:1:1: warning: 100% of\\x0athe board [MBG040]\n" +
		"/abs/九州.yml: error: cannot read [IO001]\n"
	if got := write(t, Text, sample); got != want {
		t.Errorf("text:\n%s\nwant\n%s", got, want)
	}
	if got := write(t, Text, nil); got != "" {
		t.Errorf("text of no diagnostics: %q", got)
	}
}

func TestGitHubWorkflowCommandsAreEscaped(t *testing.T) {
	want := "::error file=maps/赤壁.yaml,line=12,col=5,title=MBG002::city 襄阳: garrison names 关羽, who does not exist" +
		"%0Anote: maps/赤壁.yaml:3:7: the officers are listed here%0Anote: other.yaml: also read\n" +
		"::warning file=a%2Cb%3Ac.map,line=1,col=1,title=MBG040::100%25 of%0Athe board\n" +
		"::error file=/abs/九州.yml,title=IO001::cannot read\n"
	if got := write(t, GitHub, sample); got != want {
		t.Errorf("github:\n%s\nwant\n%s", got, want)
	}
}

func TestJSONRoundTrips(t *testing.T) {
	var back diag.List
	if err := json.Unmarshal([]byte(write(t, JSON, sample)), &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != len(sample) || back[1].Message != sample[1].Message || len(back[0].Related) != 2 {
		t.Errorf("json read back %+v", back)
	}
	if got := strings.TrimSpace(write(t, JSON, nil)); got != "[]" {
		t.Errorf("json of no diagnostics: %q", got)
	}
}

// sarifSchema compiles the SARIF 2.1.0 schema of testdata (see its README).
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSARIFIsValidSARIF210(t *testing.T) {
	schema := sarifSchema(t)
	for name, out := range sarifLogs(t) {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s: the SARIF log is not valid SARIF 2.1.0: %v\n%s", name, err, out)
		}
	}
	// The schema is strict enough to refuse a broken log.
	bad := strings.Replace(write(t, SARIF, sample), `"level": "warning"`, `"level": "severe"`, 1)
	inst, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
	if schema.Validate(inst) == nil {
		t.Error("the schema accepts a result of level severe")
	}
}

func TestSARIFResultsPointAtTheirRules(t *testing.T) {
	var log sarifFile
	if err := json.Unmarshal([]byte(write(t, SARIF, sample)), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 3 || len(run.Tool.Driver.Rules) != 3 {
		t.Fatalf("%d results, %d rules", len(run.Results), len(run.Tool.Driver.Rules))
	}
	for _, r := range run.Results {
		if rule := run.Tool.Driver.Rules[r.RuleIndex]; rule.ID != r.RuleID {
			t.Errorf("result %s points at rule %s", r.RuleID, rule.ID)
		}
	}
	if d := run.Tool.Driver.Rules[0]; d.ShortDescription == nil || d.ShortDescription.Text != sampleTool.Rules[0].Title || d.Help.Text != "name an officer" {
		t.Errorf("rule MBG002 lost its catalogue entry: %+v", d)
	}
	uris := []string{}
	for _, r := range run.Results {
		uris = append(uris, r.Locations[0].PhysicalLocation.ArtifactLocation.URI)
	}
	want := "maps/%E8%B5%A4%E5%A3%81.yaml ./a,b:c.map file:///abs/%E4%B9%9D%E5%B7%9E.yml"
	if got := strings.Join(uris, " "); got != want {
		t.Errorf("uris %s, want %s", got, want)
	}
	if rel := run.Results[0].RelatedLocations; len(rel) != 2 || rel[1].PhysicalLocation.ArtifactLocation.URI != "other.yaml" || rel[0].Message.Text != "the officers are listed here" {
		t.Errorf("related locations %+v", rel)
	}
	if run.Results[2].Locations[0].PhysicalLocation.Region != nil {
		t.Error("a diagnostic of no known place has a region")
	}
}

// TestSARIFOfAnUnreadableFileIsAFailedRun: a file that cannot be read is
// no clean run of no results: the invocation failed, and says why.
func TestSARIFOfAnUnreadableFileIsAFailedRun(t *testing.T) {
	var log sarifFile
	if err := json.Unmarshal([]byte(writeRun(t, SARIF, sample[:1], unreadable)), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful {
		t.Fatalf("invocations %+v, want one that failed", run.Invocations)
	}
	notes := run.Invocations[0].ToolExecutionNotifications
	if len(notes) != 1 || notes[0].Level != "error" || notes[0].Message.Text != unreadable[0].Message ||
		notes[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "gone/%E4%B9%9D%E5%B7%9E.yml" || notes[0].Descriptor.ID != "IO001" {
		t.Errorf("notifications %+v", notes)
	}
	if d := run.Tool.Driver.Notifications; len(d) != 1 || d[0].ID != "IO001" {
		t.Errorf("notification descriptors %+v", d)
	}
	if len(run.Results) != 1 {
		t.Errorf("the results of the files read are lost: %d", len(run.Results))
	}
	if err := json.Unmarshal([]byte(write(t, SARIF, nil)), &log); err != nil || !log.Runs[0].Invocations[0].ExecutionSuccessful {
		t.Errorf("a clean run is not successful: %+v", log.Runs[0].Invocations)
	}
	gh := writeRun(t, GitHub, nil, unreadable)
	if gh != "::error file=gone/九州.yml,title=IO001::open gone/九州.yml: no such file or directory\n" {
		t.Errorf("github: %q", gh)
	}
}

func TestParse(t *testing.T) {
	for _, f := range Formats {
		if g, err := Parse(string(f)); g != f || err != nil {
			t.Errorf("Parse(%s) = %s, %v", f, g, err)
		}
	}
	if _, err := Parse("xml"); err == nil || !strings.Contains(err.Error(), "text|json|github|sarif") {
		t.Errorf("Parse(xml): %v", err)
	}
}
