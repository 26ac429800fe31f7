package serve

import (
	"embed"
	"io/fs"
	"net/http"
)

// web holds the browser client: one page, its script and its style,
// served as they are (no build step).
//
//go:embed web
var web embed.FS

func (s *Server) webRoutes() {
	files, _ := fs.Sub(web, "web")
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.ServeFileFS(w, r, files, "index.html")
	}
	s.mux.HandleFunc("GET /{$}", page)
	s.mux.HandleFunc("GET /room/{id}", page)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(files)))
}
