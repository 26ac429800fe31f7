// Package serve is `shapan serve`: games played over the network. It
// answers Planet-Conquer's own protocol at /cmd (package pcserver) and
// hosts rooms of every playable family for browsers and bots, with the
// browser client embedded.
package serve

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/shapan/shapan/serve/store"
)

// Options configure a server.
type Options struct {
	// Protocol is a game's own network protocol, served at /cmd beside
	// the rooms (nil: none): Planet-Conquer's (a *pcserver.Options).
	Protocol Protocol
	// Dir keeps everything that must survive a restart ("": nothing).
	Dir string
	// Timeouts of a connection: reading a request (headers and body),
	// writing a reply (event streams are exempt), and an idle keep-alive
	// connection. Zero: 10 s, 10 s, 120 s.
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// Documents are offered for new rooms (the command line's).
	Documents []*Document
	// MaxRooms bounds the rooms (default 1000); MaxStreams the event
	// streams open on one room (default 100).
	MaxRooms, MaxStreams int
	// Rate bounds the requests a second of one token (default 20, in
	// bursts of twice as many); MaxBody a request body (default 1 MiB).
	Rate    float64
	MaxBody int64
	// ComputerWorkers is how many goroutines play the rooms' computer
	// seats (default: half the processors, at least one), fewer than the
	// processors so that people's requests are served while computers
	// think.
	ComputerWorkers int
	// Addr is the address the server listens on (host:port): on a
	// loopback, private or unspecified address the server answers only
	// the Host names it serves — the loopback names, this machine's
	// name, IP addresses — and AllowHosts ("*": any).
	Addr       string
	AllowHosts []string
	// CreateRate bounds the rooms one client address creates a second
	// (default 1, in bursts of 10); WatchRate the spectators' requests of
	// one client address (default Rate, in bursts of twice as many).
	CreateRate, WatchRate float64
	// RoomTTL closes a room nobody answered in for that long (default
	// 24 h); FinishedTTL a room whose game is over, that long after its
	// last answer (default 10 min). A closed room's game is kept as a
	// record (GET /api/games) and its memory freed. KeepRecords bounds
	// the records kept (default 1000; the oldest go first).
	RoomTTL, FinishedTTL time.Duration
	KeepRecords          int
	// Logf reports what the server does (nil: the log package).
	Logf func(format string, args ...any)
}

// Protocol is a game's own network protocol, which the server answers
// at /cmd beside its rooms (Planet-Conquer's: package pcserver).
type Protocol interface {
	// Open starts the protocol's server, which keeps what must survive
	// a restart in a folder of dataDir ("": nothing) and reports with
	// logf (nil: the log package). The server may also be an io.Closer
	// (closed with the server) and a keeper of games (keeper: listed at
	// /api/pc/games, downloaded by name), and may tell the rooms it set
	// aside at start-up (setAsider).
	Open(dataDir string, logf func(format string, args ...any)) (http.Handler, error)
}

// keeper is a protocol's server that keeps finished games: KeptGames
// lists them (JSON), GamePath is the file of one by name.
type keeper interface {
	KeptGames() (any, error)
	GamePath(name string) (string, bool)
}

// setAsider is a protocol's server that sets damaged rooms aside at
// start-up: their names, files and why.
type setAsider interface {
	SetAside() [][3]string
}

// Server is the network server.
type Server struct {
	opts Options
	pc   http.Handler // the game's own protocol (nil: none)
	hub  *hub
	mux  *http.ServeMux
	// hosts are the Host names answered; creates and watches the
	// clients' budgets of room creations and spectator requests.
	hosts            hostPolicy
	creates, watches *clientLimits
	handler          http.Handler
	// lock holds the data folder.
	lock      *store.DirLock
	closeOnce sync.Once
	closeErr  error
}

// New opens a server: the rooms kept in Dir are restored.
func New(opts Options) (*Server, error) {
	if opts.ReadTimeout <= 0 {
		opts.ReadTimeout = 10 * time.Second
	}
	if opts.WriteTimeout <= 0 {
		opts.WriteTimeout = 10 * time.Second
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = 120 * time.Second
	}
	if opts.MaxRooms <= 0 {
		opts.MaxRooms = 1000
	}
	if opts.MaxStreams <= 0 {
		opts.MaxStreams = 100
	}
	if opts.Rate <= 0 {
		opts.Rate = 20
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = 1 << 20
	}
	if opts.ComputerWorkers <= 0 {
		opts.ComputerWorkers = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if opts.Logf == nil {
		opts.Logf = log.Printf
	}
	if opts.CreateRate <= 0 {
		opts.CreateRate = 1
	}
	if opts.WatchRate <= 0 {
		opts.WatchRate = opts.Rate
	}
	if opts.RoomTTL <= 0 {
		opts.RoomTTL = 24 * time.Hour
	}
	if opts.FinishedTTL <= 0 {
		opts.FinishedTTL = 10 * time.Minute
	}
	if opts.KeepRecords <= 0 {
		opts.KeepRecords = 1000
	}
	s := &Server{opts: opts, mux: http.NewServeMux(), hosts: newHostPolicy(opts.Addr, opts.AllowHosts),
		creates: newClientLimits(opts.CreateRate, 10), watches: newClientLimits(opts.WatchRate, int(2*opts.WatchRate))}
	s.handler = s.guard(s.mux)
	if opts.Dir != "" {
		lock, err := store.LockDir(opts.Dir, "shapan serve")
		if err != nil {
			return nil, err
		}
		s.lock = lock
	}
	if opts.Protocol != nil {
		srv, err := opts.Protocol.Open(opts.Dir, opts.Logf)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.pc = srv
		s.mux.Handle("/cmd", srv)
	}
	h, err := newHub(&s.opts)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.hub = h
	s.routes()
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// HTTPServer returns an http.Server for the handler with the timeouts.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s.handler, ReadHeaderTimeout: s.opts.ReadTimeout, ReadTimeout: s.opts.ReadTimeout,
		WriteTimeout: s.opts.WriteTimeout, IdleTimeout: s.opts.IdleTimeout, MaxHeaderBytes: 64 << 10}
}

// Close stops the clocks and closes the stores; closing again does
// nothing.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.close() })
	return s.closeErr
}

func (s *Server) close() error {
	var errs []error
	if c, ok := s.pc.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	if s.hub != nil {
		s.hub.close()
	}
	errs = append(errs, s.lock.Unlock())
	return errors.Join(errs...)
}

// IsLoopback reports whether a listening address (host:port) is reachable
// from this machine only.
func IsLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("the address %q is not host:port: %w", addr, err)
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}
