package editor

import "github.com/shapan/shapan/family"

// HostFunc hosts a game of a session's document (as it is now, unsaved
// edits included) on the network: `shapan serve` in the studio's process,
// with the seat links shown (package editor/host).
type HostFunc func(st *Studio, s *Session)

var hoster HostFunc

// RegisterHost makes f the action of Play ▸ Host on the network.
func RegisterHost(f HostFunc) { hoster = f }

// CanHost reports whether documents of kind can be hosted on the network.
func CanHost(kind string) bool { return hoster != nil && family.Playable(kind) }

// Host hosts a game of the current document on the network.
func (st *Studio) Host() {
	st.CommitEditing()
	s := st.Current()
	if s == nil {
		return
	}
	if !CanHost(s.Kind()) {
		st.Status(s.Kind() + " documents cannot be played over the network")
		return
	}
	st.errorsFirst(s, "Host", func() { hoster(st, s) })
}
