package serve

import (
	"sort"
)

// CreateRoom makes a room as POST /api/rooms does, for a program that
// runs the server in its own process (the studio's Host on the network).
func (s *Server) CreateRoom(req CreateRequest) (Created, error) {
	room, err := s.hub.create(req)
	if err != nil {
		return Created{}, err
	}
	return room.created_(), nil
}

// Rooms returns the links of every room, oldest first, as CreateRoom
// returned them (the studio resumes a hosted game kept on disk with
// them).
func (s *Server) Rooms() []Created {
	s.hub.mu.Lock()
	rooms := make([]*Room, 0, len(s.hub.rooms))
	for _, r := range s.hub.rooms {
		rooms = append(rooms, r)
	}
	s.hub.mu.Unlock()
	sort.Slice(rooms, func(i, j int) bool { return rooms[i].created.Before(rooms[j].created) })
	out := make([]Created, len(rooms))
	for i, r := range rooms {
		out[i] = r.created_()
	}
	return out
}

// Damaged lists the rooms set aside at start-up because their logs could
// not be read back (the host page and the studio name them).
func (s *Server) Damaged() []DamagedRoom {
	out := append([]DamagedRoom{}, s.hub.damaged...)
	if a, ok := s.pc.(setAsider); ok {
		for _, d := range a.SetAside() {
			out = append(out, DamagedRoom{Room: d[0], File: d[1], Reason: d[2]})
		}
	}
	return out
}
