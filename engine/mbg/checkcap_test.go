package mbg

import (
	"os"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats/diag"
	mbgfmt "github.com/shapan/shapan/formats/mbg"
)

// A save whose lists place none of 3 000 added officers lists the first
// diag.PerCode of them and says exactly how many more there were, and the
// messages of the rest are never made: the sink receives every one of
// them, the list only diag.PerCode.
func TestManyProblemsAreCountedNotListed(t *testing.T) {
	src, err := os.ReadFile("../../samples/mbg/赤壁第十四回.sav")
	if err != nil {
		t.Fatal(err)
	}
	sv, _, err := mbgfmt.ReadSave("赤壁第十四回.sav", src)
	if err != nil {
		t.Fatal(err)
	}
	const added = 3_000
	for range added {
		sv.Officers = append(sv.Officers, mbgfmt.SaveOfficer{Name: "兵", Role: -1, Job: -1, Loc: -1, Level: 2, HP: 1, HPMax: 1})
	}
	list := CheckSave(sv)
	jobs, more := 0, ""
	for _, d := range list {
		if d.Code == CodeSaveJob && d.Path != "" {
			jobs++
		}
		if d.Code == CodeSaveJob && d.Path == "" {
			more = d.Message
		}
	}
	// Each added officer, and the count of officers the lists hold.
	if want := "… and 2951 more of these"; jobs != diag.PerCode || more != want {
		t.Errorf("listed %d %s problems and summarised %q; want %d and %q", jobs, CodeSaveJob, more, diag.PerCode, want)
	}
	var sunk int
	CheckSaveTo(sv, func(code, _, _ string, _ ...any) {
		if code == CodeSaveJob {
			sunk++
		}
	})
	if sunk != added+1 {
		t.Errorf("the sink received %d %s problems, want %d", sunk, CodeSaveJob, added+1)
	}
	if _, err := fromSave(sv); err == nil || !strings.Contains(err.Error(), "… and 2951 more of these") {
		t.Errorf("fromSave: %.200v", err)
	}
}
