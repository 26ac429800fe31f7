package serve

import (
	"bytes"
	"embed"
	"html"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/shapan/shapan/family"
)

// web holds the browser client: one page, its script and its style,
// served as they are (no build step). The page loads the module of every
// registered family that has one (family.Family's Web), served at
// /static/family/NAME.js, in the place of its <!-- families --> line.
//
//go:embed web
var web embed.FS

func (s *Server) webRoutes() {
	files, _ := fs.Sub(web, "web")
	index := pageWithFamilies(files)
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
		w.Header().Set("Referrer-Policy", "no-referrer")
		if containsDotDot(r.URL.Path) {
			// As http.ServeFile refuses a path that steps up.
			http.Error(w, "invalid URL path", http.StatusBadRequest)
			return
		}
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	}
	s.mux.HandleFunc("GET /{$}", page)
	s.mux.HandleFunc("GET /room/{id}", page)
	s.mux.HandleFunc("GET /static/family/{file}", familyModule)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(files)))
}

// pageWithFamilies returns the page with a script tag for the module of
// every registered family that has one, in family order.
func pageWithFamilies(files fs.FS) []byte {
	src, err := fs.ReadFile(files, "index.html")
	if err != nil {
		panic("serve: the page is not embedded: " + err.Error())
	}
	var tags strings.Builder
	for _, f := range family.All() {
		if len(f.Web) > 0 {
			tags.WriteString(`<script src="/static/family/` + html.EscapeString(f.Name) + `.js" defer></script>` + "\n")
		}
	}
	return bytes.Replace(src, []byte("<!-- families -->\n"), []byte(tags.String()), 1)
}

// familyModule serves a family's module of the page.
func familyModule(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	name, ok := strings.CutSuffix(file, ".js")
	f := family.ByName(name)
	if !ok || f == nil || len(f.Web) == 0 {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, file, time.Time{}, bytes.NewReader(f.Web))
}

// containsDotDot reports whether a URL path has a ".." element.
func containsDotDot(p string) bool {
	return slices.Contains(strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }), "..")
}
