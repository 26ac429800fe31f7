package serve

// CreateRoom makes a room as POST /api/rooms does, for a program that
// runs the server in its own process (the studio's Host on the network).
func (s *Server) CreateRoom(req CreateRequest) (Created, error) {
	room, err := s.hub.create(req)
	if err != nil {
		return Created{}, err
	}
	return room.created_(), nil
}
