package editor

import (
	"fmt"
	"path/filepath"
	"strings"
)

// tabName is how the studio names s in its tab and title bar: its Name,
// and where another open document has the same name, the end of its
// folder's path that tells them apart ("mbg/赤壁.yaml" beside
// "battle/赤壁.yaml"); documents without a folder that share a name are
// numbered ("untitled (2)").
func (st *Studio) tabName(s *Session) string {
	name := s.Name()
	var same []*Session
	for _, o := range st.Sessions() {
		if o.Name() == name {
			same = append(same, o)
		}
	}
	if len(same) < 2 {
		return name
	}
	dirs := make([][]string, len(same))
	deepest := 0
	for i, o := range same {
		dirs[i] = folders(o)
		deepest = max(deepest, len(dirs[i]))
	}
	for depth := 1; depth <= deepest; depth++ {
		labels := map[string]bool{}
		for _, d := range dirs {
			labels[strings.Join(d[max(0, len(d)-depth):], "/")] = true
		}
		if len(labels) == len(same) {
			for i, o := range same {
				if o == s {
					d := dirs[i]
					if len(d) == 0 {
						return name
					}
					return strings.Join(d[max(0, len(d)-depth):], "/") + "/" + name
				}
			}
		}
	}
	for i, o := range same {
		if o == s && i > 0 {
			return fmt.Sprintf("%s (%d)", name, i+1)
		}
	}
	return name
}

// folders lists the folders of the file s was read from or is saved to,
// outermost first (none for a new document).
func folders(s *Session) []string {
	p := s.Path
	if s.imported && s.doc.Path != "" {
		p = s.doc.Path
	}
	if p == "" {
		return nil
	}
	dir := filepath.ToSlash(filepath.Dir(absPath(p)))
	return strings.FieldsFunc(dir, func(r rune) bool { return r == '/' })
}

// retitleAll names every tab anew (a document was opened, closed or
// saved under another name, which may tell two tabs apart or no longer).
func (st *Studio) retitleAll() {
	changed := false
	for _, t := range st.docs {
		if title := t.title(); title != t.item.Text {
			t.item.Text, changed = title, true
		}
	}
	if changed { // a refresh redraws every tab's content
		st.tabs.Refresh()
	}
	st.updateActions()
}
