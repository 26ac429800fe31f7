package mbg_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/validate"
	_ "github.com/shapan/shapan/validate/mbg"
)

// TestSavedPosts: MBG063 warns about a saved city whose mayor and
// treasurer are one officer, or whose post names an officer outside its
// garrison — what a scenario naming one officer in both posts leaves.
func TestSavedPosts(t *testing.T) {
	clean, err := os.ReadFile(filepath.Join("..", "testdata", "save_clean.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string // path: message prefix, in the order of the file
	}{
		{"one officer in both posts", "mayor: 子,", "mayor: 子, treasurer: 子,", []string{"cities[0].treasurer: 子 is both mayor and treasurer"}},
		{"treasurer outside the garrison", "mayor: 子,", "mayor: 子, treasurer: 丑,", []string{"cities[0].treasurer: the treasurer of 许昌 is 丑, who is not in its garrison"}},
		{"both posts outside the garrison", "mayor: 子,", "mayor: 丑, treasurer: 丑,",
			[]string{"cities[0].mayor: the mayor of 许昌 is 丑, who is not in its garrison", "cities[0].treasurer: 丑 is both mayor and treasurer"}},
		{"posts of the garrison", "", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(string(clean), tc.from, tc.to, 1)
			doc, err := formats.ReadBytes("posts.yaml", []byte(src), formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range validate.Check(doc) {
				if d.Code == "MBG063" {
					got = append(got, d.Path+": "+d.Message)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("MBG063 reported %q, want %q", got, tc.want)
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("report %d is %q, want %q…", i, got[i], w)
				}
			}
		})
	}
}

// TestSavedFengshuiAndTrainingRounds: check warns, at the value's line
// and column, of a saved city's fengshui outside 0–0.5 (MBG064) and of a
// training with rounds left outside 0–6 (MBG065), the ranges of their
// table rows; the sample as it is has neither.
func TestSavedFengshuiAndTrainingRounds(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join("..", "..", "samples", "mbg", "赤壁第十四回.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(sample), "fengshui: 0.1453009", "fengshui: 0.75", 1)
	broken = strings.Replace(broken, "  - name: 书院\n    item: mou\n", "  - name: 书院\n    item: mou\n    training:\n      蜀: {rounds: -1}\n", 1)
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"the sample", string(sample), nil},
		{"broken", broken, []string{
			"54:15 warning MBG064 city 襄阳: fengshui is 0.75, outside 0 to 0.5",
			"165:19 warning MBG065 training room 书院: 蜀's trainee has -1 rounds left, outside 0 to 6"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := formats.ReadBytes("赤壁第十四回.yaml", []byte(tc.src), formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range validate.Check(doc) {
				if d.Code == "MBG064" || d.Code == "MBG065" {
					got = append(got, fmt.Sprintf("%d:%d %s %s %s", d.Line, d.Col, d.Severity, d.Code, d.Message))
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("check reported\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// TestSavedValuesAreReportedAtTheirKeys: a saved city's defence and
// maximum defence that are not finite, and an officer without a job who
// names a place, are reported at the value's own key (defence,
// defence_max, at), not at the start of the city's or officer's entry.
func TestSavedValuesAreReportedAtTheirKeys(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join("..", "..", "samples", "mbg", "赤壁第十四回.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(sample), "defence: 1200\n    defence_max: 1200", "defence: .nan\n    defence_max: .inf", 1)
	broken = strings.Replace(broken, "{name: 程昱, role: 魏, hp", "{name: 程昱, role: 魏, at: 3, hp", 1)
	doc, err := formats.ReadBytes("赤壁第十四回.yaml", []byte(broken), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range validate.Check(doc) {
		if d.Code == "MBG021" || d.Code == "MBG062" {
			got = append(got, fmt.Sprintf("%d:%d %s %s", d.Line, d.Col, d.Code, d.Message))
		}
	}
	want := []string{
		"49:14 MBG021 city 襄阳's defence is NaN",
		"50:18 MBG021 city 襄阳's maximum defence is +Inf",
		"170:29 MBG062 officer 程昱 has no job but location 3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("check reported\n%q\nwant\n%q", got, want)
	}
}
