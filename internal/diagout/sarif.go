package diagout

import (
	"net/url"
	"path/filepath"
	"strings"

	"github.com/shapan/shapan/formats/diag"
)

// SARIFSchema is the URI of the SARIF 2.1.0 schema a log names.
const SARIFSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// The parts of a SARIF 2.1.0 log Shapan writes (OASIS SARIF 2.1.0, §3).
type (
	sarifFile struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
		ColumnKind  string            `json:"columnKind"`
	}
	// sarifInvocation says whether the run checked every file (§3.20):
	// a file that could not be read is a notification, not a result.
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level      string          `json:"level"`
		Message    sarifText       `json:"message"`
		Locations  []sarifLocation `json:"locations,omitempty"`
		Descriptor *sarifReference `json:"descriptor,omitempty"`
	}
	sarifReference struct {
		ID    string `json:"id"`
		Index int    `json:"index"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
		Notifications  []sarifRule `json:"notifications,omitempty"`
	}
	sarifRule struct {
		ID                   string      `json:"id"`
		ShortDescription     *sarifText  `json:"shortDescription,omitempty"`
		FullDescription      *sarifText  `json:"fullDescription,omitempty"`
		Help                 *sarifText  `json:"help,omitempty"`
		DefaultConfiguration sarifConfig `json:"defaultConfiguration"`
	}
	sarifConfig struct {
		Level string `json:"level"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        int             `json:"ruleIndex"`
		Level            string          `json:"level"`
		Message          sarifText       `json:"message"`
		Locations        []sarifLocation `json:"locations"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	}
	sarifLocation struct {
		ID               int           `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifText    `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
	}
)

// sarifLog builds the log of one run: the rules the results use (from
// tool.Rules, a bare entry for a code it does not list), the invocation
// (failed when a file could not be read: failures are its notifications,
// their codes the driver's notification descriptors), then the results.
// Columns count characters (Unicode code points), as Shapan's do.
func sarifLog(l diag.List, tool Tool, failures diag.List) sarifFile {
	catalogue := make(map[string]Rule, len(tool.Rules))
	for _, r := range tool.Rules {
		catalogue[r.Code] = r
	}
	index := map[string]int{}
	rules := []sarifRule{}
	results := []sarifResult{}
	for _, d := range l {
		i, ok := index[d.Code]
		if !ok {
			i = len(rules)
			index[d.Code] = i
			rules = append(rules, sarifRuleOf(d, catalogue))
		}
		res := sarifResult{
			RuleID:    d.Code,
			RuleIndex: i,
			Level:     d.Severity.String(),
			Message:   sarifText{Text: d.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPlace(d.File, d.Line, d.Col)}},
		}
		for k, r := range d.Related {
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID:               k + 1,
				PhysicalLocation: sarifPlace(relatedFile(d, r), r.Line, r.Col),
				Message:          &sarifText{Text: r.Message},
			})
		}
		results = append(results, res)
	}
	inv := sarifInvocation{ExecutionSuccessful: len(failures) == 0}
	var notes []sarifRule
	noteIndex := map[string]int{}
	for _, f := range failures {
		i, ok := noteIndex[f.Code]
		if !ok {
			i = len(notes)
			noteIndex[f.Code] = i
			notes = append(notes, sarifRuleOf(f, catalogue))
		}
		n := sarifNotification{Level: "error", Message: sarifText{Text: f.Message}, Descriptor: &sarifReference{ID: f.Code, Index: i}}
		if f.File != "" {
			n.Locations = []sarifLocation{{PhysicalLocation: sarifPlace(f.File, f.Line, f.Col)}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	return sarifFile{
		Schema:  SARIFSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool:        sarifTool{Driver: sarifDriver{Name: tool.Name, Version: tool.Version, InformationURI: tool.URI, Rules: rules, Notifications: notes}},
			Invocations: []sarifInvocation{inv},
			Results:     results,
			ColumnKind:  "unicodeCodePoints",
		}},
	}
}

func sarifRuleOf(d diag.Diagnostic, catalogue map[string]Rule) sarifRule {
	r, ok := catalogue[d.Code]
	if !ok {
		return sarifRule{ID: d.Code, DefaultConfiguration: sarifConfig{Level: d.Severity.String()}}
	}
	out := sarifRule{ID: r.Code, DefaultConfiguration: sarifConfig{Level: r.Severity.String()}}
	if r.Title != "" {
		out.ShortDescription = &sarifText{Text: r.Title}
	}
	if r.Meaning != "" {
		out.FullDescription = &sarifText{Text: r.Meaning}
	}
	if r.Fix != "" {
		out.Help = &sarifText{Text: r.Fix}
	}
	return out
}

func sarifPlace(file string, line, col int) sarifPhysical {
	p := sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(file)}}
	if line > 0 {
		p.Region = &sarifRegion{StartLine: line, StartColumn: max(col, 1)}
	}
	return p
}

// fileURI turns a file name into a URI reference: a relative path stays
// relative (to the folder the check ran in, which code-scanning tools take
// as the repository's root), an absolute one becomes a file: URI; both
// with forward slashes and percent-encoded (Chinese names included).
func fileURI(name string) string {
	slashed := filepath.ToSlash(name)
	u := url.URL{Path: slashed}
	if filepath.IsAbs(name) {
		u.Scheme = "file"
		if !strings.HasPrefix(slashed, "/") {
			u.Path = "/" + slashed
		}
		return u.String()
	}
	return u.String() // "./" before a first segment with a colon
}
