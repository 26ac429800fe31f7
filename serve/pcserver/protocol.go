package pcserver

import (
	"fmt"
	"net/http"
	"path/filepath"
)

// Open starts a server of these options as the network server (package
// serve) runs a game's own protocol beside its rooms: when Dir is unset
// it keeps its files in the folder planet-conquer of dataDir ("":
// nothing is kept), and it reports with logf when Logf is unset. It
// returns the *Server.
func (o *Options) Open(dataDir string, logf func(format string, args ...any)) (http.Handler, error) {
	pc := *o
	if pc.Dir == "" && dataDir != "" {
		pc.Dir = filepath.Join(dataDir, "planet-conquer")
	}
	if pc.Logf == nil {
		pc.Logf = logf
	}
	return New(pc)
}

// KeptGames is Games, for the network server: the kept games' list in
// JSON.
func (s *Server) KeptGames() (any, error) { return s.Games() }

// SetAside lists the rooms set aside when the server started, as the
// network server names them ("planet-conquer N"), each with its file and
// why.
func (s *Server) SetAside() [][3]string {
	var out [][3]string
	for _, d := range s.Damaged() {
		out = append(out, [3]string{fmt.Sprintf("planet-conquer %d", d.Room), d.File, d.Reason})
	}
	return out
}
