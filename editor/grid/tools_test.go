package grid_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/shapan/shapan/editor/grid"
)

// TestToolsAreDistinctValues: every tool has a name and a key of its own,
// and the lookups by key and by name find it.
func TestToolsAreDistinctValues(t *testing.T) {
	names, keys := map[string]bool{}, map[string]bool{}
	for _, tool := range grid.Tools() {
		name, key := tool.String(), string(tool.Key())
		if name == "" || key == "" || names[name] || keys[key] {
			t.Errorf("tool %q (key %q): empty or taken", name, key)
		}
		names[name], keys[key] = true, true
		if got, ok := grid.ToolForKey(tool.Key()); !ok || got != tool {
			t.Errorf("key %s selects %v, not %s", key, got, name)
		}
		if got, ok := grid.ToolNamed(name); !ok || got != tool {
			t.Errorf("the name %s finds %v", name, got)
		}
	}
	if _, ok := grid.ToolForKey("Q"); ok {
		t.Error("Q selects a tool")
	}
}

// TestManualListsEveryTool compares the studio manual (docs/studio.md)
// with the tools: the keyboard table has "| K | Tools ▸ Name |" for each,
// in order, and the maps' table names their keys and names in one row.
func TestManualListsEveryTool(t *testing.T) {
	data, err := os.ReadFile("../../docs/studio.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	var keys, names, rows []string
	for _, tool := range grid.Tools() {
		keys = append(keys, string(tool.Key()))
		names = append(names, strings.ToLower(tool.String()))
		rows = append(rows, "| "+string(tool.Key())+" | Tools ▸ "+tool.String()+" |")
	}
	if want := strings.Join(rows, "\n"); !strings.Contains(text, want) {
		t.Errorf("docs/studio.md's keyboard table has not the tools' rows, in order:\n%s", want)
	}
	row := regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(strings.Join(keys, " · ")) + ` \| (.+) \|$`).FindStringSubmatch(text)
	if row == nil {
		t.Fatalf("docs/studio.md's maps table has no row for the tool keys %q", strings.Join(keys, " · "))
	}
	does := strings.Split(row[1], " · ")
	if len(does) != len(names) {
		t.Fatalf("the maps table's tool row says %d things, for %d tools: %q", len(does), len(names), row[1])
	}
	for i, d := range does {
		if !strings.HasPrefix(d, names[i]) {
			t.Errorf("the maps table says key %s is %q, the tool is %s", keys[i], d, names[i])
		}
	}
}
