package mbg_test

import (
	"os"
	"path/filepath"
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
