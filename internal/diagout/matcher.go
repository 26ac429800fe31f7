package diagout

import _ "embed"

// ProblemMatcher is a GitHub Actions problem matcher for the text form:
// registered with the workflow command ::add-matcher::FILE, it turns the
// lines `shapan check` prints into annotations on the files and lines
// (the runners have no stock matcher for gcc's form). The first pattern
// reads FILE:LINE:COL: error|warning: message [CODE], the second a
// message of no known place (FILE: error: message [CODE]); notes are not
// annotations.
//
//go:embed problem-matcher.json
var ProblemMatcher []byte
